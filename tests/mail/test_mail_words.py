"""Log lines in names, as the reader reads them (pure functions)."""
from worker.mailplay import reading, tokens
from worker.mailplay.turns import personal

NAMES = ["ann", "bob", "cleo"]


def test_seat_numbers_become_names_and_the_reader_is_you():
    assert personal("Player 2 offered Player 1 Hiking boots for camera.", NAMES, 0) == \
        "bob offered you Hiking boots for camera."
    assert personal("Player 1 ended their turn.", NAMES, 0) == "You ended your turn."
    assert personal("Player 3 ended their turn; Player 1 is next.", NAMES, 0) == "cleo ended their turn; you are next."
    assert personal("Player 3 ended their turn.", NAMES, 1) == "cleo ended their turn."
    # The reader as the subject: the verb agrees.
    assert personal("Player 1 places two pieces this turn.", NAMES, 0) == "You place two pieces this turn."
    assert personal("Player 1 passes.", NAMES, 0) == "You pass."
    assert personal("Player 1 carries on; Player 2 tries again.", NAMES, 0) == "You carry on; bob tries again."
    assert personal("Player 2 places two pieces.", NAMES, 0) == "bob places two pieces."
    # "you" opening a later clause takes the plain verb too; as an object it is left alone.
    assert personal("An expedition for 2 began; Player 1 starts with the copper coin 1.", NAMES, 0) == \
        "An expedition for 2 began; you start with the copper coin 1."
    assert personal("Player 2 draws. Player 1 passes.", NAMES, 0) == "bob draws. You pass."
    assert personal("Player 2 gives Player 1 three coins.", NAMES, 0) == "bob gives you three coins."
    assert personal("A game for 2 began; Player 1 goes first.", NAMES, 0) == "A game for 2 began; you go first."
    assert personal("Player 1 does nothing.", NAMES, 0) == "You do nothing."


def test_reply_tokens_are_signed_and_case_proof(settings):
    address = tokens.address(12, 1, 40)
    token = tokens.token_of_address(address.upper())
    assert tokens.read(token) == tokens.ReplyToken(12, 1, 40)
    assert tokens.read(token.replace("12-", "13-", 1)) is None  # another game, the same signature
    assert tokens.read("12-1-40-" + "a" * 26) is None
    settings.SECRET_KEY = "another-key-entirely-" * 3
    assert tokens.read(token) is None  # signed with the service's key


def test_the_new_text_of_a_reply():
    message = reading.parse_bytes(
        b"From: a@example.com\r\nTo: b@example.com\r\nSubject: Re: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
        b"collect red\r\n\r\n-- \r\nAnn\r\n\r\nOn Thu, 3 Dec 2026, LudoPost wrote:\r\n> 1  Collect\r\n")
    assert reading.new_text(message) == "collect red"


def test_every_catalogued_game_has_a_turn_in_words(db):
    """Each game's first turn puts into words, whatever its notation module offers."""
    from django.template.loader import render_to_string

    from games import registry
    from tests.support.factories import started_game
    from worker.mailplay import turns

    slugs = ["momiji", "travel", "soleils", "medina", "linie1", "harmonies", "citytour", "forestsm", "delphi"]
    for slug in [s for s in slugs if registry.get(s) is not None]:
        rules = registry.get(slug).rules
        game, _ = started_game(slug, max(2, rules.min_players), names=[f"{slug}-a", f"{slug}-b"])
        seat = game.to_move[0]
        turn = turns.turn_for(game, seat)
        assert turn.can_move and turn.reply_to.startswith(f"play+{game.pk}-{seat}-")
        assert turn.situation and (turn.moves or turn.syntax or turn.examples), slug
        text = render_to_string("worker/email/_play.txt", {**turn.context(), "title": turn.title})
        assert ("YOUR MOVES" in text or "YOUR MOVE:" in text), (slug, text)


def test_a_possessive_becomes_your_for_the_reader_and_a_name_for_the_others():
    line = "The game ends after this round: Player 1's board is nearly full."
    assert personal(line, NAMES, 0) == "The game ends after this round: your board is nearly full."
    assert personal("Player 2's board had two or fewer empty spaces.", NAMES, 0) == \
        f"{NAMES[1]}'s board had two or fewer empty spaces."
