"""An attacker with everything the service serves tries to recover hidden content.

For every catalogued game with hidden information, a game is played through the API
up to a point where secrets are in the log (a face-down discard, drawn cards, a
sealed 62 Soleils choice, the secret lines). Then a spectator and another seat take
everything served before the reveal (game page and ETags, every events page, every
``state?version=N``, the audit answer, their legal moves, their own move answers, the
webhook body) and try every candidate for each secret (every ordered pair of card
codes, every card, the victim's legal moves, every line) with the published formulas,
given every other input for free: nothing is recovered. After the end, with the
revealed seed, the same candidates single out the truth against the sealed values
served during the game. Medina has no hidden information (its rules redact nothing).
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import itertools
import json
import re

import pytest

from games import registry, services
from games.engine.canonical import canonical_json
from games.hashing import GENESIS, chained_hash, event_hash, event_salt, public_part, sealed_digest, timestamp
from games.models import Event, Game
from games.platform_events import fold

pytestmark = pytest.mark.django_db
HEX64 = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")
VICTIM, OTHER_SEAT = 0, 1


# -- playing through the API ------------------------------------------------------------------

def new_game(slug, clients, options=None, legacy=False):
    answer = clients[0].post("/api/v1/games/", {"game": slug, "players": len(clients), "options": options or {}},
                             format="json")
    assert answer.status_code == 201, answer.json()
    game_id = answer.json()["id"]
    if legacy:  # a game from before the hiding scheme
        Game.objects.filter(pk=game_id).update(hash_scheme=1)
    for c in clients[1:]:
        assert c.post(f"/api/v1/games/{game_id}/join/", {}, format="json").status_code == 200
    return Game.objects.get(pk=game_id)


def bot_move(game, seat, level="best"):
    entry = registry.get(game.slug)
    rules = registry.rules_for(game.slug, game.rules_version)
    return entry.bots[level](rules, game.state, seat, services.game_rng(game, game.version + 1))


def drive(game, clients, *, pick=None, stop, answers, limit=400):
    """Moves through the API (the seat to move's bot, or ``pick``) until ``stop(game)``."""
    for _ in range(limit):
        game.refresh_from_db()
        if stop(game):
            return game
        assert game.status == "active", "the game ended before the secrets were in place"
        seat = min(game.to_move)
        move = (pick(game, seat) if pick else None) or bot_move(game, seat)
        response = clients[seat].post(f"/api/v1/games/{game.pk}/moves/",
                                      {"expected_version": game.version, "move": move}, format="json")
        assert response.status_code == 201, response.json()
        answers.setdefault(seat, []).append(response.json())
    raise AssertionError("stop condition never met")


def finish(game, users):
    for _ in range(5000):
        game.refresh_from_db()
        if game.status == "finished":
            return game
        seat = min(game.to_move)
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version,
                             move=bot_move(game, seat))
    raise AssertionError("the game did not finish")


def served_digests(game, viewer, answers) -> set[str]:
    """Every 64-hex value anywhere in what ``viewer`` (a client) is served before the end."""
    from worker.notify import game_summary

    base = f"/api/v1/games/{game.pk}"
    texts = []

    def get(url):
        response = viewer.get(url)
        assert response.status_code == 200, (url, response.status_code)
        texts.append(json.dumps(response.json()))
        texts.append(response.headers.get("ETag", ""))
        return response.json()

    detail = get(f"{base}/")
    assert detail["hash_scheme"] in (1, 2)
    after = 0
    while after is not None:
        page = get(f"{base}/events/?after={after}&limit=500")
        after = page["next_after"]
    for version in range(game.version + 1):
        get(f"{base}/state/?version={version}")
    audit = get(f"{base}/audit/")
    assert audit["server_seed"] is None and audit["export"] is None
    if getattr(viewer, "seat", None) is not None:
        get(f"{base}/legal-moves/")
        texts.append(json.dumps(answers.get(viewer.seat, [])))
    texts.append(json.dumps(game_summary(Game.objects.get(pk=game.pk))))  # the webhook body's game
    return set(HEX64.findall("\n".join(texts)))


# -- the attack -------------------------------------------------------------------------------

def guesses(game, row, payload, command) -> set[str]:
    """What an attacker can compute for one candidate without the secret salt: the
    scheme-1 hash, and scheme-2 links built on keyless or public-keyed stand-ins for
    the sealed value."""
    rules = registry.rules_for(game.slug, game.rules_version)
    created = timestamp(row.created_at)
    content = canonical_json({"type": row.type, "payload": payload, "command": command})
    stand_ins = {hashlib.sha256(content).hexdigest(), hashlib.sha256(canonical_json(payload)).hexdigest()}
    for key in (b"", bytes.fromhex(game.seed_commitment), game.seed_commitment.encode(), str(game.pk).encode()):
        stand_ins.add(hmac.new(key, content, hashlib.sha256).hexdigest())
    found = set(stand_ins)
    found.add(event_hash(game_id=game.pk, seq=row.seq, type=row.type, payload=payload, actor=row.actor,
                         batch=row.batch, command=command, rules_version=row.rules_version, created_at=created,
                         prev_hash=row.prev_hash))
    public = public_part(rules, row.type, payload)
    for sealed in stand_ins:
        found.add(chained_hash(game_id=game.pk, seq=row.seq, actor=row.actor, batch=row.batch,
                               rules_version=row.rules_version, created_at=created, prev_hash=row.prev_hash,
                               public=public, sealed=sealed))
    return found


def attack(game, targets, digests) -> list:
    """The candidates whose guesses hit a served digest (nothing, if the hiding works)."""
    hits = []
    for row, candidates in targets:
        assert (row.payload, row.command) in candidates, "the truth must be among the candidates"
        for payload, command in candidates:
            if guesses(game, row, payload, command) & digests:
                hits.append((row.seq, payload))
    return hits


def check_after_the_end(game, users, targets, sealed_served):
    """With the seed revealed, the served sealed values single out the true content."""
    game = finish(game, users)
    seed = game.server_seed
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == game.seed_commitment
    for row, candidates in targets:
        salt = event_salt(seed, game.pk, row.seq)
        matching = [(p, c) for p, c in candidates
                    if sealed_digest(salt, type=row.type, payload=p, command=c) == sealed_served[row.seq]]
        assert matching and all(canonical_json(m) == canonical_json((row.payload, row.command)) for m in matching)


def sealed_as_served(viewer, game) -> dict[int, str]:
    page = viewer.get(f"/api/v1/games/{game.pk}/events/?limit=500").json()
    return {event["seq"]: event["sealed"] for event in page["events"]}


def run_attack(game, users, clients, spectator, targets, answers):
    clients[OTHER_SEAT].seat = OTHER_SEAT
    for viewer in (spectator, clients[OTHER_SEAT]):
        digests = served_digests(game, viewer, answers)
        assert digests, "hashes are served"
        assert attack(game, targets, digests) == []
    sealed = sealed_as_served(spectator, game)
    check_after_the_end(game, users, targets, sealed)


def rows(game, type_, **match):
    return [row for row in Event.objects.filter(game_id=game.pk, type=type_).order_by("seq")
            if all(row.payload.get(k) == v for k, v in match.items())]


def with_secret(row, replace):
    """(payload, command) with the secret replaced: the rest is given to the attacker for free."""
    payload, command = copy.deepcopy(row.payload), copy.deepcopy(row.command)
    replace(payload, command)
    return payload, command


@pytest.fixture
def table(player_client, client):
    def make(players):
        clients = [player_client() for _ in range(players)]
        return clients, [c.user for c in clients], client
    return make


# -- per game ---------------------------------------------------------------------------------

def momiji_targets(game):
    from games.catalog.momiji.components import ALL_CARDS

    targets = []
    for row in rows(game, "CardsDiscarded", seat=VICTIM, for_acorn=True):
        def put(pair):
            def replace(payload, command):
                payload["cards"] = list(pair)
                if command and command.get("move", {}).get("type") == "discard":
                    command["move"]["cards"] = list(pair)
            return replace
        targets.append((row, [with_secret(row, put(pair)) for pair in itertools.product(ALL_CARDS, repeat=2)]))
    return targets


def momiji_pick(game, seat):
    if seat != VICTIM:
        return None
    rules = registry.rules_for(game.slug, game.rules_version)
    discards = [m for m in rules.legal_moves(game.state, seat) if m["type"] == "discard"]
    return discards[0] if discards else None


def momiji_ready(game):
    return bool(rows(game, "CardsDiscarded", seat=VICTIM, for_acorn=True))


def test_momiji_face_down_discards_cannot_be_tested(table):
    clients, users, spectator = table(3)
    answers = {}
    game = drive(new_game("momiji", clients), clients, pick=momiji_pick, stop=momiji_ready, answers=answers)
    from games.catalog.momiji.components import ALL_CARDS

    targets = momiji_targets(game)
    assert targets and len(targets[0][1]) == len(ALL_CARDS) ** 2
    run_attack(game, users, clients, spectator, targets, answers)


def test_the_same_attack_recovers_scheme_1_secrets_from_their_hashes(table):
    """The attack is real: on a game under the old scheme its hashes give the discard
    away, which is why such a game's hashes are withheld until it ends."""
    clients, users, spectator = table(3)
    answers = {}
    game = drive(new_game("momiji", clients, legacy=True), clients, pick=momiji_pick, stop=momiji_ready,
                 answers=answers)
    targets = momiji_targets(game)
    stored = set(Event.objects.filter(game_id=game.pk).values_list("hash", flat=True))
    hits = attack(game, targets, stored)
    assert (targets[0][0].seq, targets[0][0].payload) in hits
    assert all(canonical_json(payload) == canonical_json(row.payload)
               for row, _ in targets for seq, payload in hits if seq == row.seq)
    clients[OTHER_SEAT].seat = OTHER_SEAT
    for viewer in (spectator, clients[OTHER_SEAT]):
        assert attack(game, targets, served_digests(game, viewer, answers)) == []


def test_travel_draws_cannot_be_tested(table):
    from games.catalog.travel.components import CARDS

    clients, users, spectator = table(3)
    answers = {}
    game = drive(new_game("travel", clients), clients,
                 stop=lambda g: len(rows(g, "CardDrawn", seat=VICTIM)) >= 2, answers=answers)
    targets = []
    for row in rows(game, "CardDrawn", seat=VICTIM):
        def put(card):
            return lambda payload, command: payload.update(card=card)
        targets.append((row, [with_secret(row, put(card)) for card in CARDS]))
    run_attack(game, users, clients, spectator, targets, answers)


def soleils_longest(game, seat):
    if seat != VICTIM:
        return None
    rules = registry.rules_for(game.slug, game.rules_version)
    return max(rules.legal_moves(game.state, seat), key=lambda choice: len(choice["steps"]))


def test_soleils_sealed_choices_cannot_be_tested(table):
    clients, users, spectator = table(3)
    answers = {}

    def multi_step_pending(g):
        last = Event.objects.filter(game_id=g.pk).order_by("-seq").first()
        return (last.type == "ChoiceMade" and last.payload["seat"] == VICTIM
                and len(last.payload["steps"]) >= 2)

    game = drive(new_game("soleils", clients), clients, pick=soleils_longest, stop=multi_step_pending,
                 answers=answers)
    assert game.rules_version == 2
    rules = registry.rules_for(game.slug, game.rules_version)
    targets = []
    for row in rows(game, "ChoiceMade", seat=VICTIM):
        state = rules.initial_state()
        for type_, payload in Event.objects.filter(game_id=game.pk, seq__lt=row.seq).order_by(
                "seq").values_list("type", "payload"):
            state = fold(rules, state, type_, payload)

        def put(choice):
            def replace(payload, command):
                payload["steps"] = choice["steps"]
                if command:
                    command["move"] = choice
            return replace
        targets.append((row, [with_secret(row, put(choice)) for choice in rules.legal_moves(state, VICTIM)]))
    run_attack(game, users, clients, spectator, targets, answers)


def test_linie1_secret_lines_cannot_be_tested(table):
    from games.catalog.linie1.components import LINES

    clients, users, spectator = table(3)
    answers = {}
    game = drive(new_game("linie1", clients), clients, stop=lambda g: g.version >= 8, answers=answers)
    setup = Event.objects.get(game_id=game.pk, seq=1)
    assert setup.type == "GameSetUp"

    def put(line):
        return lambda payload, command: payload["lines"].__setitem__(VICTIM, line)
    run_attack(game, users, clients, spectator, [(setup, [with_secret(setup, put(line)) for line in LINES])],
               answers)


def test_medina_has_no_hidden_information():
    """Why Medina has no attacker test: its rules hide nothing (the protocol's redact)."""
    from games.engine import Rules

    assert type(registry.rules_for("medina")).redact is Rules.redact


# -- shapes: what a spectator and a third seat are served -------------------------------------

def test_a_soleils_multi_step_choice_looks_like_a_one_step_one_from_outside(table):
    clients, users, spectator = table(3)
    # The first roll comes from the game's secret seed: now and then it offers no choice of
    # two steps, so new games are opened until one does (nearly always the first).
    for _ in range(30):
        game = new_game("soleils", clients)
        rules = registry.rules_for(game.slug, game.rules_version)
        choices = rules.legal_moves(game.state, 0)
        longest = max(choices, key=lambda c: len(c["steps"]))
        shortest = min(choices, key=lambda c: len(c["steps"]))
        if len(longest["steps"]) >= 2 and len(shortest["steps"]) == 1:
            break
    assert len(longest["steps"]) >= 2 and len(shortest["steps"]) == 1
    before = game.version
    for seat, choice in ((0, longest), (1, shortest)):
        game.refresh_from_db()
        response = clients[seat].post(f"/api/v1/games/{game.pk}/moves/",
                                      {"expected_version": game.version, "move": choice}, format="json")
        assert response.status_code == 201, response.json()
    game.refresh_from_db()
    assert game.version == before + 2 and game.to_move == [2]
    for viewer in (spectator, clients[2]):
        events = viewer.get(f"/api/v1/games/{game.pk}/events/?after={before}").json()["events"]
        long_seen, short_seen = events
        assert long_seen["payload"] == {"seat": 0, "round": 1, "hidden": True}
        assert short_seen["payload"] == {"seat": 1, "round": 1, "hidden": True}
        assert long_seen["type"] == short_seen["type"] == "ChoiceMade"
        # Descriptions name the players (games.names); only the name may differ.
        assert (long_seen["description"].replace(clients[0].user.username, "P")
                == short_seen["description"].replace(clients[1].user.username, "P"))
        assert "public" not in long_seen and "steps" not in json.dumps(events)
        view = viewer.get(f"/api/v1/games/{game.pk}/").json()["view"]
        first, second = view["players"][0], view["players"][1]
        assert {k: v for k, v in first.items() if k != "seat"} == {k: v for k, v in second.items() if k != "seat"}


def test_a_travel_counter_offer_shows_a_third_seat_and_a_spectator_the_face_up_offer_only(table):
    """Travel rules version 3: trades are face up, so the offer a counter-offer answers is
    served to everyone; the traders' other cards stay hidden (versions 1-2 keep the offer
    between the two traders: tests/games/travel/test_hidden.py)."""
    clients, users, spectator = table(3)
    game = new_game("travel", clients)
    rules = registry.rules_for(game.slug, game.rules_version)

    def post(seat, move):
        game.refresh_from_db()
        response = clients[seat].post(f"/api/v1/games/{game.pk}/moves/",
                                      {"expected_version": game.version, "move": move}, format="json")
        assert response.status_code == 201, response.json()

    def legal(seat, type_):
        game.refresh_from_db()
        return [m for m in rules.legal_moves(game.state, seat) if m["type"] == type_]

    for _ in range(30):   # play on until a seat may propose a trade to another
        game.refresh_from_db()
        seat = game.state["current"]
        if game.state["step"] == "action" and legal(seat, "propose"):
            break
        post(min(game.to_move), bot_move(game, min(game.to_move)))
    offerer = game.state["current"]
    target = next(m["to"] for m in legal(offerer, "propose"))
    outsider = ({0, 1, 2} - {offerer, target}).pop()
    post(offerer, {"type": "propose", "to": target})
    post(offerer, legal(offerer, "offer_give")[0])
    post(offerer, legal(offerer, "offer_want")[0])
    post(offerer, {"type": "offer_send"})
    mark = Game.objects.get(pk=game.pk).version
    post(target, {"type": "counter"})
    opened = Event.objects.get(game_id=game.pk, type="DraftOpened", payload__counter=True)
    secret = opened.payload["previous"]
    assert secret["give"] and secret["want"]
    clients[outsider].seat = outsider
    assert rules.version >= 3
    game.refresh_from_db()
    public = set(game.state["discard"]) | set((game.state["revealed"] or {}).get("hand", []))
    private = [card for seat in (offerer, target) for card in game.state["hands"][seat]
               if card not in secret["give"] and card not in public]
    for viewer in (spectator, clients[outsider]):
        served = viewer.get(f"/api/v1/games/{game.pk}/events/?after={mark - 4}").json()["events"]
        counter = next(e for e in served if e["type"] == "DraftOpened" and e["payload"]["counter"])
        assert counter["payload"]["previous"] == secret
        text = json.dumps(served) + json.dumps(viewer.get(f"/api/v1/games/{game.pk}/").json()["view"])
        for card in private:
            assert f'"{card}"' not in text
    for trader in (offerer, target):
        served = clients[trader].get(f"/api/v1/games/{game.pk}/events/?after={mark}").json()["events"]
        assert served[0]["payload"]["previous"] == secret
