"""Forest Shuffle: Smoky Mountains' short notation and words (turn emails, the web client):
worked positions built by hand, and every legal move of bot games read back from its
notation."""
from __future__ import annotations

import pytest

from games.catalog.forestsm import BOTS, RULES
from games.catalog.forestsm import components as C
from games.catalog.forestsm.notation import card_words, move_words, notation, parse, situation
from games.engine.harness import Table

NAMES = ["Ann", "Ben", "Cleo", "Dan"]


def _find(kind: str, count: int = 1, **want) -> list[int]:
    """Card ids of ``kind`` ("tree", "river", "tb", "lr") whose fields match ``want``:
    species=..., or top_water / bottom_water / left_water for split cards."""
    found = []
    for card_id in C.PLAYABLE_IDS:
        entry = C.CARDS[card_id]
        if kind in ("tree", "river") and entry["kind"] != kind:
            continue
        if kind in ("tb", "lr") and entry.get("orientation") != kind:
            continue
        fits = True
        for key, value in want.items():
            if key == "species":
                fits &= entry.get("species") == value
            elif key.endswith("_water"):
                half = key[:-len("_water")]
                fits &= C.SPECIES[entry["halves"][half]]["water"] == value
            elif key.endswith("_cost"):
                fits &= C.cost(card_id, key[:-len("_cost")]) == value
        if fits:
            found.append(card_id)
    assert len(found) >= count, (kind, want)
    return found[:count]


def _table(hand: list[int], forest: list[dict] | None = None, clearing: list[int] | None = None,
           players: int = 2) -> Table:
    """A table where Ann (seat 0) is to choose her action with ``hand`` and ``forest``."""
    t = Table(RULES, players, {}, seed="notation")
    state = t.state
    taken = set(hand) | set(clearing or [])
    for stem in forest or []:
        taken |= {stem["card"], stem.get("river")} | {e["card"] for e in stem["slots"].values() if e}
    for other in range(players):
        state["hands"][other] = [c for c in state["hands"][other] if c not in taken]
    state["piles"] = [[c for c in pile if c not in taken] for pile in state["piles"]]
    state["removed"] = [c for c in state["removed"] if c not in taken]
    state["hands"][0] = list(hand)
    state["forests"][0] = forest or []
    state["clearing"] = list(clearing or [])
    state["current"] = state["first"] = 0
    state["step"] = {"kind": "action"}
    return t


def _reader(t: Table, seat: int = 0) -> dict:
    return {**RULES.view(t.state, seat), "you": seat, "player_names": NAMES[:t.players]}


def _legal(t: Table, seat: int = 0):
    return RULES.legal_moves(t.state, seat), _reader(t, seat)


def test_draws_trees_and_rivers_in_the_notation():
    tree, other_tree = _find("tree", 2, species="red_maple")        # cost 0
    river = _find("river", 1, species="creek")[0]                    # cost 0
    split = _find("tb", 1)[0]
    clearing = _find("lr", 2)
    t = _table([tree, other_tree, river, split], clearing=clearing)
    legal, view = _legal(t)
    assert parse("deck", legal, view) == parse("Draw from the deck.", legal, view) == \
        {"type": "draw", "source": "deck"}
    assert parse(f"draw {clearing[1]}", legal, view) == {"type": "draw", "source": "clearing", "card": clearing[1]}
    assert parse(f"take #{clearing[0]}", legal, view) == {"type": "draw", "source": "clearing", "card": clearing[0]}
    assert parse(f"draw {split}", legal, view) is None                      # in the hand, not the clearing
    assert parse(f"tree {tree}", legal, view) == {"type": "play", "card": tree}
    assert parse(f"Tree {tree} river {split}", legal, view) == {"type": "play", "card": tree, "river": split}
    assert parse(f"play tree {tree} with {split} under it", legal, view) == \
        {"type": "play", "card": tree, "river": split}
    assert parse(f"river {river}", legal, view) == {"type": "play", "card": river}
    assert parse(f"tree {tree} river {tree}", legal, view) is None           # not itself
    assert parse(f"river {tree}", legal, view) is None                       # a tree is no river card
    # A bare number is a move's number in the email, never a card.
    assert parse(str(tree), legal, view) is None and parse("hello there", legal, view) is None
    assert notation({"type": "play", "card": tree, "river": split}) == f"tree {tree} river {split}"
    assert notation({"type": "play", "card": river}) == f"river {river}"
    assert notation({"type": "draw", "source": "deck"}) == "deck"


def test_halves_at_slots_with_the_water_condition():
    """A single river takes water halves at its two top and two bottom slots; a tree with a
    river takes any half at the top and sides, water halves below; a tree alone no water."""
    river_stem = {"card": _find("river", 1, species="creek")[0], "river": None, "slots": {}}
    spruce, spare = _find("tree", 2, species="red_spruce")
    tree_river = {"card": spruce, "river": spare, "slots": {}}
    birch = _find("tree", 1, species="yellow_birch")[0]
    dry_tree = {"card": birch, "river": None, "slots": {}}
    wet_top, heron = _find("tb", 2, top_water=True, top_cost=1)
    dry_top = _find("tb", 1, top_water=False, top_cost=0)[0]
    wet_bottom = _find("tb", 1, bottom_water=True, bottom_cost=0)[0]
    wet_left = _find("lr", 1, left_water=True)[0]
    t = _table([wet_top, dry_top, wet_bottom, heron, wet_left], forest=[river_stem, tree_river, dry_tree])
    legal, view = _legal(t)
    # No. 1 the river, no. 2 the Red Spruce with a river, no. 3 the Yellow Birch alone.
    assert parse(f"{wet_top} top at 1", legal, view) == \
        {"type": "play", "card": wet_top, "half": "top", "stem": 0, "slot": "top"}
    assert parse(f"play {wet_top} top2 at 1", legal, view)["slot"] == "top2"
    assert parse(f"{wet_top} top at 2", legal, view)["stem"] == 1            # any half at a tree's top
    assert parse(f"{wet_top} top at 3", legal, view) is None                # no water at a tree alone
    assert parse(f"{dry_top} top at 1", legal, view) is None                # a river takes only water
    assert parse(f"{dry_top} top at 3", legal, view)["stem"] == 2
    assert parse(f"{wet_bottom} bottom2 at 2", legal, view)["slot"] == "bottom2"
    assert parse(f"{wet_bottom} left at 2", legal, view) is None            # a top/bottom card
    assert parse(f"{wet_left} left", legal, view)["stem"] == 1              # only no. 2 takes it
    assert parse(f"{wet_top} top", legal, view) is None                     # no. 1 or no. 2?
    words = move_words(parse(f"{wet_bottom} bottom2 at 2", legal, view), view)
    assert "second bottom slot of your Red Spruce with a river (no. 2)" in words, words
    # The top slot taken, "top" finds the river's second top slot.
    t.state["forests"][0][0]["slots"]["top"] = {"card": heron, "half": "top"}
    t.state["hands"][0].remove(heron)
    legal, view = _legal(t)
    assert parse(f"{wet_top} top at 1", legal, view)["slot"] == "top2"
    assert notation(parse(f"{wet_top} top at 1", legal, view)) == f"{wet_top} top2 at 1"


def test_paying_effects_and_the_special_case():
    tree = _find("tree", 1, species="hemlock")[0]                   # cost 2
    payers = _find("lr", 3)
    t = _table([tree, *payers])
    t.play(0, {"type": "play", "card": tree})
    legal, view = _legal(t)
    assert parse(f"pay {payers[1]}", legal, view) == {"type": "pay", "card": payers[1]}
    assert parse(f"pay {tree}", legal, view) is None
    assert "Eastern Hemlock" in situation(view, NAMES[:2]) and "2 more to pay" in situation(view, NAMES[:2])
    t.state["step"] = {"kind": "tuck"}
    legal, view = _legal(t)
    assert parse(f"tuck {payers[0]}", legal, view) == parse(f"cave {payers[0]}", legal, view) == \
        {"type": "tuck", "card": payers[0]}
    assert parse("pass", legal, view) == parse("keep", legal, view) == {"type": "pass"}
    # Stuck: ten cards that cannot be paid for, nothing to draw.
    hand = _find("lr", 10)
    t = _table(hand)
    legal, view = _legal(t)
    assert {m["type"] for m in legal} == {"shelter"}
    pair = sorted(hand[3:5])
    assert parse(f"cave {pair[1]} {pair[0]}", legal, view) == parse(f"cave #{pair[0]}, #{pair[1]}", legal, view) \
        == {"type": "shelter", "cards": pair}
    assert parse(f"cave {pair[0]}", legal, view) is None
    assert "into your cave and draw 2" in move_words({"type": "shelter", "cards": pair}, view)


def test_the_situation_names_the_players_and_keeps_secrets():
    tree, spare = _find("tree", 2, species="red_spruce")              # cost 2
    payers = _find("lr", 3)
    t = _table([tree, spare, *payers], players=3)
    t.play(0, {"type": "play", "card": tree, "river": spare})
    while RULES.to_move(t.state) == {0}:
        t.play(0, RULES.legal_moves(t.state, 0)[0])
    ann = situation(_reader(t, 0), NAMES[:3])
    ben = situation(_reader(t, 1), NAMES[:3])
    assert f"over {C.card_name(spare)} ({spare}) face down" in ann        # Ann knows her river
    assert f"({spare})" not in ben and "Ann's forest" in ben and "Cleo's forest" in ben
    assert "Your forest" in ben and "Player" not in ben and "seat" not in ben.lower()
    for card in t.state["hands"][0]:
        assert f"  {card_words(card)}" not in ben                          # Ann's hand stays hers


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_move_reads_back_from_its_notation(players):
    t = Table(RULES, players, {}, seed=f"read-back-{players}")
    kinds = set()
    for number in range(400):
        if t.over:
            break
        seat = min(RULES.to_move(t.state))
        legal, view = _legal(t, seat)
        if number % 3 == 0:
            assert situation(view, NAMES[:players]) and "{" not in situation(view, NAMES[:players])
            for move in legal:
                kinds.add(move["type"])
                written = notation(move, view)
                assert parse(written, legal, view) == move, (move, written)
                assert parse(written.upper(), legal, view) == move, written
                words = move_words(move, view)
                assert words and "{" not in words and "Player" not in words, words
        t.bot_move(seat, BOTS["best"])
    assert {"draw", "play", "pay"} <= kinds, kinds


def test_counts_in_the_situation_agree_with_their_nouns():
    view = _reader(_table(_find("tree", 1), players=2), 0)
    view["scores"] = [{"total": 1}, {"total": 1}]
    view["hand_counts"] = [1, 1]
    text = situation(view, NAMES[:2])
    assert "Ben's forest: 1 point, 0 in the cave, 1 card in hand" in text
    assert "1 points" not in text and "1 cards" not in text
