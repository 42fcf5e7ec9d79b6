"""Momiji: collect autumn leaves, build stacks in a row, claim objectives.

Read this next to docs/games/momiji.md. A turn is a few moves by the same seat:

* optional extras, each once per turn and in any order: ``discard`` (two cards
  for an acorn) and ``power`` (an acorn for one of your landscape powers);
* exactly one main action: ``collect`` (optionally preceded by a paid
  ``reveal``), ``play`` or ``activate``;
* ``pass`` ends the turn once the main action is done (or when no main action is
  possible at all). When the deck runs out or the torii limit is reached, the
  round is played to its end (rules version 2), so that every player has had the
  same number of turns; version 1 ended the game at the end of that very turn.

With the ``draft`` landscape option the game starts with a snake draft of the
landscape powers (``choose_landscape``).

State (plain JSON)::

    phase         "draft" | "play" | "over"
    players, solo, leaf_types, torii_limit, landscapes
    deck          list of card codes, top first           (secret)
    display       card codes, sorted by type then value   (public)
    hands         list indexed by seat of card codes      (secret but to the owner)
    rows          per seat, stacks left to right: {"leaf", "values"}
    acorns, powers, powers_used                            per seat
    objectives    objective tokens still on the table
    active_objectives   [{"objective", "holder"}]
    torii         stacks closed so far, all players together
    current, turn {"main", "revealed", "discarded", "power"}
    draft         {"pool", "order", "index"} or None
    discarded     number of cards in the face-down discard pile
    end_reason    None, "deck_empty" or "torii_limit"
    first         the seat that took the first turn            (version 2)
    final_round   None, or the reason the last round is on     (version 2)
"""
from __future__ import annotations

from itertools import combinations, product

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from . import components as C
from .scoring import acorn_pair_gain, final_scores, is_closed

SIDES = ["left", "right"]


def _fresh_turn() -> dict:
    return {"main": False, "revealed": False, "discarded": False, "power": False}


def _player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def _find_stack(row: list[dict], leaf: str) -> int:
    for index, stack in enumerate(row):
        if stack["leaf"] == leaf:
            return index
    return -1


def _has_cards(hand: list[str], cards: list[str]) -> bool:
    """True when the hand holds every card of ``cards`` (with repeats)."""
    if len(cards) == 1:
        return cards[0] in hand
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    for card in cards:
        if counts.get(card, 0) <= 0:
            return False
        counts[card] -= 1
    return True


def _remove_cards(pile: list[str], cards: list[str]) -> None:
    for card in cards:
        pile.remove(card)


def played_row(row: list[dict], cards: list[str], side: str | None) -> list[dict]:
    """The row after ``cards`` (sorted, already checked) are placed on it.

    New stacks, in type order, form a block at the chosen end of the row
    (DESIGN: stacks never move, so a new one can only go at an end).
    Returns a new list; touched stacks are copied, the others shared.
    """
    new_row = list(row)
    new_stacks: list[dict] = []
    for card in cards:
        leaf, value = C.CARD_LEAF[card], C.CARD_VALUE[card]
        index = _find_stack(new_row, leaf)
        if index >= 0:
            stack = new_row[index]
            new_row[index] = {"leaf": leaf, "values": stack["values"] + [value]}
            continue
        index = _find_stack(new_stacks, leaf)
        if index >= 0:
            new_stacks[index]["values"].append(value)
        else:
            new_stacks.append({"leaf": leaf, "values": [value]})
    if new_stacks:
        new_row = new_stacks + new_row if side == "left" else new_row + new_stacks
    return new_row


def play_problem(row: list[dict], hand: list[str], cards, side) -> str | None:
    """Why a ``play`` of ``cards`` is illegal, or None when it is legal (SEED rules)."""
    if not isinstance(cards, list) or not cards or not all(
            isinstance(card, str) and card in C.CARD_LEAF for card in cards):
        return "Name the cards to play as a list like [\"red-0\", \"yellow-1\"]."
    if cards != C.sort_cards(cards):
        return "List the cards in type order, then by value (as your hand is sorted)."
    if not _has_cards(hand, cards):
        return "You do not hold all of those cards."
    leaves = [C.CARD_LEAF[card] for card in cards]
    if len(set(leaves)) == 1:
        if len(cards) > 2:
            return "You may play at most two cards of the same type."
    elif len(set(leaves)) != len(leaves):
        return ("Play either one or two cards of one type, or two or more cards "
                "that are all of different types.")
    new_stack = False
    tops: dict[str, int | None] = {}
    for card in cards:
        leaf, value = C.CARD_LEAF[card], C.CARD_VALUE[card]
        if leaf not in tops:
            index = _find_stack(row, leaf)
            tops[leaf] = row[index]["values"][-1] if index >= 0 else None
            new_stack = new_stack or index < 0
        top = tops[leaf]
        if top is None:
            if value != 0:
                return f"A new {leaf} stack must start with a 0."
        elif top == 3:
            return f"Your {leaf} stack is closed with a torii."
        elif value not in (top, top + 1):
            return f"On your {leaf} stack showing {top} you may only play a {top} or a {top + 1}."
        tops[leaf] = value
    if new_stack:
        if side not in SIDES:
            return "This play starts a new stack: say at which end of your row (side \"left\" or \"right\")."
    elif side is not None:
        return "Give a side only when the play starts a new stack."
    return None


class MomijiRules(Rules):
    """Rules version 2. Against version 1 (``MomijiRulesV1``, kept so old games replay
    as they were played): the first player is drawn at random instead of always
    being the first seat, and when the game's end is triggered the round is finished,
    so that everyone has had the same number of turns."""

    slug = "momiji"
    title = "Momiji"
    min_players = 1
    max_players = 4
    version = 2
    random_first = True   # the first player drawn at random
    equal_turns = True    # the last round is played to its end

    # -- description -----------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "landscapes": {
                    "type": "string",
                    "enum": ["assigned", "draft"],
                    "default": "assigned",
                    "description": "How players get their three landscape powers: 'assigned' "
                                   "deals each player a random pre-set starter trio (the "
                                   "first-game rule); 'draft' lets players choose them from "
                                   "all landscapes in a snake draft before the first turn.",
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        options = super().check_options(players, options)
        if not isinstance(options, dict):
            raise IllegalMove("Options must be an object.", code="invalid_options")
        unknown = set(options) - {"landscapes"}
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.",
                              code="invalid_options")
        if options["landscapes"] not in ("assigned", "draft"):
            raise IllegalMove("The landscapes option is 'assigned' or 'draft'.",
                              code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_momiji."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        card = {"type": "string", "enum": list(C.ALL_CARDS)}
        leaf = {"type": "string", "enum": list(C.LEAF_TYPES)}

        def move(name, properties=None, required=()):
            return {"type": "object",
                    "properties": {"type": {"const": name}, **(properties or {})},
                    "required": ["type", *required], "additionalProperties": False}

        return {"oneOf": [
            move("choose_landscape",
                 {"power": {"type": "string", "enum": C.POWER_NAMES}}, ["power"]),
            move("reveal"),
            move("collect", {"leaf": leaf}, ["leaf"]),
            move("play", {"cards": {"type": "array", "items": card, "minItems": 1},
                          "side": {"type": "string", "enum": SIDES}}, ["cards"]),
            move("activate", {"objective": {"type": "string", "enum": list(C.OBJECTIVES)}},
                 ["objective"]),
            move("discard", {"cards": {"type": "array", "items": card,
                                       "minItems": 2, "maxItems": 2}}, ["cards"]),
            move("power", {
                "power": {"type": "string", "enum": C.POWER_NAMES},
                "leaf": leaf,
                "card": card,
                "take": card,
                "position": {"type": "integer", "minimum": 0},
                "cards": {"type": "array", "items": card, "minItems": 1, "maxItems": 2},
            }, ["power"]),
            move("pass"),
        ]}

    # -- setup -------------------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        leaf_types = C.leaf_types_for(players)
        deck = rng.shuffled(C.deck_for(leaf_types), "deck")
        hands = []
        for _ in range(players):
            hands.append(C.sort_cards(deck[:C.HAND_SIZE]))
            deck = deck[C.HAND_SIZE:]
        display = C.sort_cards(deck[:C.DISPLAY_SIZE])
        deck = deck[C.DISPLAY_SIZE:]
        objectives = rng.sample(C.objectives_for(leaf_types), C.OBJECTIVES_BY_PLAYERS[players],
                                "objectives")
        payload = {
            "players": players, "landscapes": options["landscapes"],
            "leaf_types": leaf_types, "deck": deck, "hands": hands, "display": display,
            "objectives": objectives, "acorns": [C.STARTING_ACORNS] * players,
            "first": rng.randbelow(players, "first_player") if self.random_first else 0,
            "powers": None, "draft_pool": None, "draft_order": None,
        }
        if options["landscapes"] == "assigned":
            trios = rng.sample(list(range(len(C.STARTER_TRIOS))), players, "landscapes")
            payload["powers"] = [list(C.STARTER_TRIOS[index]) for index in trios]
        else:
            # DESIGN: a snake draft (1..n, n..1, 1..n) from all landscapes.
            forward = [(payload["first"] + step) % players for step in range(players)]
            order = []
            for round_number in range(C.POWERS_PER_PLAYER):
                order += forward if round_number % 2 == 0 else forward[::-1]
            payload["draft_pool"] = list(C.POWER_NAMES)
            payload["draft_order"] = order
        return [Event("GameSetUp", payload)]

    # -- the fold ---------------------------------------------------------------
    def evolve(self, state: dict, event: Event) -> dict:
        handler = getattr(self, "_on_" + event.type)
        handler(state, event.payload)
        return state

    def _on_GameSetUp(self, state, p):
        players = p["players"]
        state.clear()
        state.update({
            "phase": "play" if p["powers"] is not None else "draft",
            "players": players,
            "solo": players == 1,
            "landscapes": p["landscapes"],
            "leaf_types": list(p["leaf_types"]),
            "torii_limit": C.TORII_LIMIT_BY_PLAYERS[players],
            "deck": list(p["deck"]),
            "display": list(p["display"]),
            "discarded": 0,
            "hands": [list(hand) for hand in p["hands"]],
            "rows": [[] for _ in range(players)],
            "acorns": list(p["acorns"]),
            "powers": ([list(trio) for trio in p["powers"]] if p["powers"] is not None
                       else [[] for _ in range(players)]),
            "powers_used": [[] for _ in range(players)],
            "objectives": list(p["objectives"]),
            "active_objectives": [],
            "torii": 0,
            "current": p["first"],
            "turn": _fresh_turn(),
            "turns": 0,
            "draft": (None if p["powers"] is not None else
                      {"pool": list(p["draft_pool"]), "order": list(p["draft_order"]),
                       "index": 0}),
            "end_reason": None,
        })
        if self.equal_turns:
            state["first"] = p["first"]
            state["final_round"] = None

    def _on_LandscapeChosen(self, state, p):
        draft = state["draft"]
        draft["pool"].remove(p["power"])
        state["powers"][p["seat"]].append(p["power"])
        draft["index"] += 1
        if draft["index"] >= len(draft["order"]):
            state["phase"] = "play"
            state["draft"] = None

    def _on_LeavesRevealed(self, state, p):
        count = len(p["cards"])
        del state["deck"][:count]
        state["display"] = C.sort_cards(state["display"] + p["cards"])
        if p["paid"]:
            state["acorns"][p["seat"]] -= 1
            state["turn"]["revealed"] = True

    def _on_LeavesCollected(self, state, p):
        _remove_cards(state["display"], p["cards"])
        hand = state["hands"][p["seat"]]
        state["hands"][p["seat"]] = C.sort_cards(hand + p["cards"])
        if p["main"]:
            state["turn"]["main"] = True

    def _on_DisplayRefilled(self, state, p):
        count = len(p["cards"])
        del state["deck"][:count]
        state["display"] = C.sort_cards(state["display"] + p["cards"])

    def _on_DisplayCleared(self, state, p):
        state["discarded"] += len(state["display"])
        state["display"] = []

    def _on_LeavesPlayed(self, state, p):
        seat = p["seat"]
        _remove_cards(state["hands"][seat], p["cards"])
        state["rows"][seat] = played_row(state["rows"][seat], p["cards"], p.get("side"))
        state["torii"] += sum(1 for card in p["cards"] if C.CARD_VALUE[card] == 3)
        if p["main"]:
            state["turn"]["main"] = True

    def _on_AcornsGained(self, state, p):
        state["acorns"][p["seat"]] += p["amount"]

    def _on_CardsDiscarded(self, state, p):
        seat = p["seat"]
        if "cards" in p:
            _remove_cards(state["hands"][seat], p["cards"])
        state["discarded"] += p["count"]
        if p["for_acorn"]:
            state["acorns"][seat] += C.DISCARD_GAIN
            state["turn"]["discarded"] = True

    def _on_CardsDrawn(self, state, p):
        count = p["count"]
        drawn = state["deck"][:count]
        del state["deck"][:count]
        seat = p["seat"]
        state["hands"][seat] = C.sort_cards(state["hands"][seat] + drawn)

    def _on_ObjectiveActivated(self, state, p):
        state["acorns"][p["seat"]] -= C.ACTIVATION_COST
        state["objectives"].remove(p["objective"])
        state["active_objectives"].append({"objective": p["objective"], "holder": p["seat"]})
        state["turn"]["main"] = True

    def _on_LandscapeUsed(self, state, p):
        seat = p["seat"]
        state["acorns"][seat] -= C.POWER_COST
        state["powers_used"][seat].append(p["power"])
        state["turn"]["power"] = True

    def _on_StacksSwapped(self, state, p):
        row = state["rows"][p["seat"]]
        i = p["position"]
        row[i], row[i + 1] = row[i + 1], row[i]

    def _on_CardReturned(self, state, p):
        seat = p["seat"]
        row = state["rows"][seat]
        index = _find_stack(row, p["leaf"])
        stack = row[index]
        row[index] = {"leaf": stack["leaf"], "values": stack["values"][:-1]}
        state["hands"][seat] = C.sort_cards(state["hands"][seat] + [p["card"]])

    def _on_WindBlew(self, state, p):
        _remove_cards(state["display"], p["cards"])
        state["discarded"] += len(p["cards"])

    def _on_TurnEnded(self, state, p):
        state["current"] = p["next"]
        state["turn"] = _fresh_turn()
        state["turns"] += 1

    def _on_FinalRoundBegan(self, state, p):
        state["final_round"] = p["reason"]

    def _on_GameEnded(self, state, p):
        state["phase"] = "over"
        state["end_reason"] = p["reason"]

    # -- questions -------------------------------------------------------------------
    def to_move(self, state: dict) -> set[int]:
        phase = state.get("phase")
        if phase == "play":
            return {state["current"]}
        if phase == "draft":
            draft = state["draft"]
            return {draft["order"][draft["index"]]}
        return set()

    def _can_play_something(self, state, seat) -> bool:
        row = state["rows"][seat]
        for card in set(state["hands"][seat]):
            index = _find_stack(row, C.CARD_LEAF[card])
            value = C.CARD_VALUE[card]
            if index < 0:
                if value == 0:
                    return True
            else:
                top = row[index]["values"][-1]
                if top != 3 and value in (top, top + 1):
                    return True
        return False

    def _main_possible(self, state, seat) -> bool:
        if state["display"]:
            return True
        turn = state["turn"]
        if turn["revealed"]:
            return False
        if state["acorns"][seat] >= 1 and state["deck"]:
            return True
        if state["acorns"][seat] >= C.ACTIVATION_COST and state["objectives"]:
            return True
        return self._can_play_something(state, seat)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "draft":
            return [{"type": "choose_landscape", "power": power}
                    for power in state["draft"]["pool"]]
        turn = state["turn"]
        acorns = state["acorns"][seat]
        hand = state["hands"][seat]
        moves: list[dict] = []
        if not turn["main"]:
            if not turn["revealed"] and acorns >= 1 and state["deck"]:
                moves.append({"type": "reveal"})
            for leaf in _display_leaves(state["display"]):
                moves.append({"type": "collect", "leaf": leaf})
            if not turn["revealed"]:
                moves.extend(self._play_moves(state["rows"][seat], hand))
                if acorns >= C.ACTIVATION_COST:
                    for objective in state["objectives"]:
                        moves.append({"type": "activate", "objective": objective})
        if not turn["discarded"] and len(hand) >= C.DISCARD_COUNT:
            for pair in _distinct_pairs(hand):
                moves.append({"type": "discard", "cards": pair})
        if not turn["power"] and acorns >= C.POWER_COST:
            for power in state["powers"][seat]:
                if power not in state["powers_used"][seat]:
                    moves.extend(self._power_moves(state, seat, power))
        if turn["main"] or not self._main_possible(state, seat):
            moves.append({"type": "pass"})
        return moves

    def _play_moves(self, row: list[dict], hand: list[str]) -> list[dict]:
        """Every legal ``play``: one or two cards of one type, or 2+ of different types."""
        if not hand:
            return []
        by_leaf: dict[str, list[int]] = {}
        for card in hand:
            by_leaf.setdefault(C.CARD_LEAF[card], []).append(C.CARD_VALUE[card])
        singles: dict[str, list[tuple[str, bool]]] = {}   # leaf -> (card, starts a stack)
        same_type: list[tuple[list[str], bool]] = []
        for leaf, values in by_leaf.items():
            index = _find_stack(row, leaf)
            if index < 0:
                allowed = [0]
            else:
                top = row[index]["values"][-1]
                allowed = [] if top == 3 else [top, top + 1]
            firsts = sorted({v for v in values if v in allowed})
            if not firsts:
                continue
            new = index < 0
            singles[leaf] = [(C.card_code(leaf, v), new) for v in firsts]
            for first in firsts:
                same_type.append(([C.card_code(leaf, first)], new))
                for second in (first, first + 1):
                    if second > 3 or first == 3:
                        continue
                    needed = 2 if second == first else 1
                    if values.count(second) >= needed:
                        same_type.append(([C.card_code(leaf, first), C.card_code(leaf, second)], new))
        moves = []
        for cards, new in same_type:
            moves.extend(_with_sides(cards, new))
        leaves = sorted(singles, key=C.LEAF_TYPES.index)
        if len(leaves) >= 2:
            options = [[None] + singles[leaf] for leaf in leaves]
            for choice in product(*options):
                picked = [item for item in choice if item is not None]
                if len(picked) < 2:
                    continue
                cards = [card for card, _ in picked]
                new = any(starts for _, starts in picked)
                moves.extend(_with_sides(cards, new))
        return moves

    def _power_moves(self, state, seat, power) -> list[dict]:
        row = state["rows"][seat]
        hand = state["hands"][seat]
        display = state["display"]
        base = {"type": "power", "power": power}
        if power == "hot_spring":
            return [base]
        if power in ("bamboo_grove", "river", "autumn_wind"):
            return [base] if state["deck"] else []
        if power == "mountain_path":
            return [{**base, "take": card} for card in _distinct(display)]
        if power == "temple_garden":
            return [{**base, "leaf": leaf} for leaf in _display_leaves(display)]
        if power in ("stone_lantern", "cedar_gate"):
            moves = []
            for card in _distinct(hand):
                index = _find_stack(row, C.CARD_LEAF[card])
                if index < 0:
                    continue
                top = row[index]["values"][-1]
                value = C.CARD_VALUE[card]
                if top == 3:
                    continue
                if (value >= top if power == "stone_lantern" else value in (top, top + 1)):
                    moves.append({**base, "card": card})
            return moves
        if power == "twin_bridge":
            return [{**base, "position": i} for i in range(len(row) - 1)]
        if power == "moon_viewing":
            return [base] if any(is_closed(stack) for stack in row) else []
        if power == "fox_shrine":
            return [{**base, "leaf": stack["leaf"]} for stack in row
                    if not is_closed(stack) and len(stack["values"]) >= 2]
        if power == "koi_pond":
            return [{**base, "card": card, "take": take}
                    for card in _distinct(hand) for take in _distinct(display)]
        if power == "pilgrim_road":
            return [base] if len(row) >= 2 else []
        if power == "sunset_pier":
            return [base] if acorn_pair_gain(row) > 0 else []
        if power == "lotus_pond":
            moves = []
            if len(state["deck"]) >= 1:
                moves += [{**base, "cards": [card]} for card in _distinct(hand)]
            if len(state["deck"]) >= 2 and len(hand) >= 2:
                moves += [{**base, "cards": pair} for pair in _distinct_pairs(hand)]
            return moves
        raise ValueError(power)

    # -- decide ------------------------------------------------------------------------
    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if state.get("phase") == "over":
            raise IllegalMove("The game is over.", code="game_over")
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move is an object with a \"type\".", code="malformed_move")
        kind = move["type"]
        allowed_fields = _FIELDS.get(kind)
        if allowed_fields is None:
            raise IllegalMove(f"There is no move called {kind!r} in Momiji.", code="unknown_move")
        extra = set(move) - allowed_fields - {"type"}
        if extra and kind != "power":
            raise IllegalMove(f"Unexpected field(s) for {kind}: {', '.join(sorted(extra))}.",
                              code="malformed_move")
        if state["phase"] == "draft":
            if kind != "choose_landscape":
                raise IllegalMove("First choose your landscape powers.", code="draft_first")
            return self._decide_choose(state, seat, move)
        if kind == "choose_landscape":
            raise IllegalMove("The landscapes have already been chosen.", code="not_drafting")
        return getattr(self, "_decide_" + kind)(state, seat, move)

    def _decide_choose(self, state, seat, move):
        power = move.get("power")
        if power not in state["draft"]["pool"]:
            raise IllegalMove("That landscape is not available.", code="landscape_unavailable")
        return [Event("LandscapeChosen", {"seat": seat, "power": power})]

    def _require_main_open(self, state):
        if state["turn"]["main"]:
            raise IllegalMove("You have already taken your action this turn.",
                              code="action_taken")

    def _decide_reveal(self, state, seat, move):
        self._require_main_open(state)
        if state["turn"]["revealed"]:
            raise IllegalMove("You have already revealed cards this turn.", code="already_revealed")
        if state["acorns"][seat] < 1:
            raise IllegalMove("Revealing four cards costs an acorn, and you have none.",
                              code="not_enough_acorns")
        if not state["deck"]:
            raise IllegalMove("The deck is empty.", code="deck_empty")
        cards = state["deck"][:C.REVEAL_COUNT]
        return [Event("LeavesRevealed", {"seat": seat, "cards": cards, "paid": True})]

    def _decide_collect(self, state, seat, move):
        self._require_main_open(state)
        leaf = move.get("leaf")
        if leaf not in C.LEAF_TYPES:
            raise IllegalMove("Name a leaf type to collect.", code="malformed_move")
        cards = [card for card in state["display"] if C.CARD_LEAF[card] == leaf]
        if not cards:
            raise IllegalMove(f"There are no {leaf} leaves in the display.", code="leaf_not_in_display")
        events = [Event("LeavesCollected", {"seat": seat, "leaf": leaf, "cards": cards, "main": True})]
        return events + _refill(state, len(state["display"]) - len(cards))

    def _decide_play(self, state, seat, move):
        self._require_main_open(state)
        if state["turn"]["revealed"]:
            raise IllegalMove("You paid to reveal cards, so your action this turn is to collect.",
                              code="must_collect")
        row = state["rows"][seat]
        cards, side = move.get("cards"), move.get("side")
        problem = play_problem(row, state["hands"][seat], cards, side)
        if problem:
            raise IllegalMove(problem, code="illegal_play")
        payload = {"seat": seat, "cards": list(cards), "main": True}
        if side is not None:
            payload["side"] = side
        events = [Event("LeavesPlayed", payload)]
        if len({C.CARD_LEAF[card] for card in cards}) > 1:
            gain = acorn_pair_gain(played_row(row, cards, side))
            if gain:
                events.append(Event("AcornsGained", {"seat": seat, "amount": gain,
                                                     "reason": "acorn_pairs"}))
        return events

    def _decide_activate(self, state, seat, move):
        self._require_main_open(state)
        if state["turn"]["revealed"]:
            raise IllegalMove("You paid to reveal cards, so your action this turn is to collect.",
                              code="must_collect")
        objective = move.get("objective")
        if objective not in state["objectives"]:
            raise IllegalMove("That objective is not on the table.", code="objective_unavailable")
        if state["acorns"][seat] < C.ACTIVATION_COST:
            raise IllegalMove("Activating an objective costs three acorns.",
                              code="not_enough_acorns")
        return [Event("ObjectiveActivated", {"seat": seat, "objective": objective})]

    def _decide_discard(self, state, seat, move):
        if state["turn"]["discarded"]:
            raise IllegalMove("You may discard for an acorn only once per turn.",
                              code="already_discarded")
        cards = move.get("cards")
        if (not isinstance(cards, list) or len(cards) != C.DISCARD_COUNT
                or not all(isinstance(card, str) and card in C.CARD_LEAF for card in cards)):
            raise IllegalMove("Discard exactly two cards from your hand.", code="malformed_move")
        if cards != C.sort_cards(cards):
            raise IllegalMove("List the cards in type order, then by value.", code="malformed_move")
        if not _has_cards(state["hands"][seat], cards):
            raise IllegalMove("You do not hold those cards.", code="card_not_in_hand")
        return [Event("CardsDiscarded", {"seat": seat, "cards": list(cards), "count": 2,
                                         "for_acorn": True})]

    def _decide_pass(self, state, seat, move):
        if not state["turn"]["main"] and self._main_possible(state, seat):
            raise IllegalMove("Take your action first: collect, play or activate an objective.",
                              code="action_required")
        events = []
        if state["solo"] and state["display"]:
            # DESIGN (solo): the autumn wind blows away the display's largest type.
            counts = {}
            for card in state["display"]:
                counts[C.CARD_LEAF[card]] = counts.get(C.CARD_LEAF[card], 0) + 1
            leaf = max(state["leaf_types"], key=lambda name: (counts.get(name, 0),
                                                              -C.LEAF_TYPES.index(name)))
            blown = [card for card in state["display"] if C.CARD_LEAF[card] == leaf]
            events.append(Event("WindBlew", {"leaf": leaf, "cards": blown}))
            events += _refill(state, len(state["display"]) - len(blown))
        next_seat = (seat + 1) % state["players"]
        events.append(Event("TurnEnded", {"seat": seat, "next": next_seat}))
        deck_left = len(state["deck"]) - sum(len(e.payload["cards"]) for e in events
                                             if e.type == "DisplayRefilled")
        reason = None
        if state["torii"] >= state["torii_limit"]:
            reason = "torii_limit"
        elif deck_left <= 0:
            reason = "deck_empty"
        if not self.equal_turns:
            if reason:
                events.append(Event("GameEnded", {"reason": reason}))
            return events
        reason = state["final_round"] or reason
        if reason is None:
            return events
        if next_seat == state["first"]:
            # The round is complete: everyone has had the same number of turns.
            events.append(Event("GameEnded", {"reason": reason}))
        elif state["final_round"] is None:
            events.append(Event("FinalRoundBegan", {"reason": reason, "last": (state["first"] - 1) % state["players"]}))
        return events

    def _decide_power(self, state, seat, move):
        power = move.get("power")
        if not isinstance(power, str) or power not in C.POWERS:
            raise IllegalMove("Name one of your landscape powers.", code="malformed_move")
        if "position" in move and (type(move["position"]) is not int):
            raise IllegalMove("The position is a whole number.", code="malformed_move")
        params = C.POWERS[power]["params"]
        extra = set(move) - {"type", "power"} - set(params)
        missing = [name for name in params if name not in move]
        if extra or missing:
            wanted = ", ".join(params) or "no other fields"
            raise IllegalMove(f"The {C.POWERS[power]['title']} move takes {wanted}.",
                              code="malformed_move")
        if power not in state["powers"][seat]:
            raise IllegalMove("That landscape is not one of yours.", code="not_your_landscape")
        if power in state["powers_used"][seat]:
            raise IllegalMove("Each landscape power can be used only once per game.",
                              code="landscape_used")
        if state["turn"]["power"]:
            raise IllegalMove("You may use only one landscape power per turn.",
                              code="already_used_power")
        if state["acorns"][seat] < C.POWER_COST:
            raise IllegalMove("Using a landscape power costs an acorn.", code="not_enough_acorns")
        legal = self._power_moves(state, seat, power)
        if move not in legal:
            raise IllegalMove(_power_refusal(power), code="illegal_power")
        events = [Event("LandscapeUsed", {"seat": seat, "power": power})]
        return events + self._power_effect(state, seat, move)

    def _power_effect(self, state, seat, move) -> list[Event]:
        power = move["power"]
        row = state["rows"][seat]
        display = state["display"]

        def gain(amount):
            return [Event("AcornsGained", {"seat": seat, "amount": amount, "reason": power})]

        if power == "hot_spring":
            return gain(2)
        if power == "moon_viewing":
            return gain(2 * sum(1 for stack in row if is_closed(stack)))
        if power == "pilgrim_road":
            return gain(len(row) // 2)
        if power == "sunset_pier":
            return gain(acorn_pair_gain(row))
        if power == "bamboo_grove":
            return [Event("LeavesRevealed", {"seat": seat, "cards": state["deck"][:C.REVEAL_COUNT],
                                             "paid": False})]
        if power == "river":
            return [Event("CardsDrawn", {"seat": seat, "count": 1, "cards": state["deck"][:1]})]
        if power == "mountain_path":
            take = move["take"]
            return ([Event("LeavesCollected", {"seat": seat, "leaf": C.CARD_LEAF[take],
                                               "cards": [take], "main": False})]
                    + _refill(state, len(display) - 1))
        if power == "temple_garden":
            cards = [card for card in display if C.CARD_LEAF[card] == move["leaf"]]
            return ([Event("LeavesCollected", {"seat": seat, "leaf": move["leaf"], "cards": cards,
                                               "main": False})]
                    + _refill(state, len(display) - len(cards)))
        if power in ("stone_lantern", "cedar_gate"):
            return [Event("LeavesPlayed", {"seat": seat, "cards": [move["card"]], "main": False})]
        if power == "twin_bridge":
            return [Event("StacksSwapped", {"seat": seat, "position": move["position"]})]
        if power == "fox_shrine":
            stack = row[_find_stack(row, move["leaf"])]
            card = C.card_code(move["leaf"], stack["values"][-1])
            return [Event("CardReturned", {"seat": seat, "leaf": move["leaf"], "card": card})]
        if power == "koi_pond":
            take = move["take"]
            return [Event("CardsDiscarded", {"seat": seat, "cards": [move["card"]], "count": 1,
                                             "for_acorn": False}),
                    Event("LeavesCollected", {"seat": seat, "leaf": C.CARD_LEAF[take],
                                              "cards": [take], "main": False})] \
                + _refill(state, len(display) - 1)
        if power == "autumn_wind":
            return [Event("DisplayCleared", {"cards": list(display)})] + _refill(state, 0)
        if power == "lotus_pond":
            cards = move["cards"]
            return [Event("CardsDiscarded", {"seat": seat, "cards": list(cards),
                                             "count": len(cards), "for_acorn": False}),
                    Event("CardsDrawn", {"seat": seat, "count": len(cards),
                                         "cards": state["deck"][:len(cards)]})]
        raise ValueError(power)

    # -- what players see --------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        over = state.get("phase") == "over"
        players = state["players"]
        data = {
            "phase": state["phase"],
            "players": players,
            "seat": seat,
            "solo": state["solo"],
            "landscapes": state["landscapes"],
            "leaf_types": list(state["leaf_types"]),
            "current": state["current"],
            "to_move": sorted(self.to_move(state)),
            "turn": dict(state["turn"]),
            "turns": state["turns"],
            "display": list(state["display"]),
            "deck_count": len(state["deck"]),
            "discard_count": state["discarded"],
            "hand_counts": [len(hand) for hand in state["hands"]],
            "rows": [[{"leaf": stack["leaf"], "values": list(stack["values"]),
                       "closed": is_closed(stack)} for stack in row] for row in state["rows"]],
            "acorns": list(state["acorns"]),
            "powers": [list(powers) for powers in state["powers"]],
            "powers_used": [list(used) for used in state["powers_used"]],
            "objectives": list(state["objectives"]),
            "active_objectives": [dict(entry) for entry in state["active_objectives"]],
            "torii": state["torii"],
            "torii_limit": state["torii_limit"],
            "draft": (None if state["draft"] is None else
                      {"pool": list(state["draft"]["pool"]),
                       "order": list(state["draft"]["order"]),
                       "index": state["draft"]["index"]}),
            "end_reason": state["end_reason"],
            "first": state.get("first", 0),
            "final_round": state.get("final_round"),
        }
        if seat is not None and 0 <= seat < players:
            data["hand"] = list(state["hands"][seat])
        if over:
            data["hands"] = [list(hand) for hand in state["hands"]]
            data["deck"] = list(state["deck"])
            data["scores"] = final_scores(state["rows"], state["acorns"],
                                          state["active_objectives"])
        return data

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        if event.type == "GameSetUp":
            hidden = {key: value for key, value in p.items() if key not in ("deck", "hands")}
            hidden["deck_count"] = len(p["deck"])
            hidden["hand_counts"] = [len(hand) for hand in p["hands"]]
            if seat is not None and 0 <= seat < len(p["hands"]):
                hidden["hand"] = list(p["hands"][seat])
            return Event(event.type, hidden)
        if event.type in ("CardsDrawn", "CardsDiscarded") and seat != p["seat"]:
            return Event(event.type, {key: value for key, value in p.items() if key != "cards"})
        return event

    def outcome(self, state: dict) -> Outcome | None:
        if state.get("phase") != "over":
            return None
        breakdown = final_scores(state["rows"], state["acorns"], state["active_objectives"])
        scores = [item["total"] for item in breakdown]
        notes = ["Ties share the rank: the rules name no tie-break."] \
            if len(set(scores)) < len(scores) else []
        reason = {"deck_empty": "The leaf deck ran out.",
                  "torii_limit": f"{state['torii']} stacks were closed with a torii."}
        notes.insert(0, reason[state["end_reason"]])
        return Outcome(scores=scores, ranks=rank_by_keys(scores), notes=notes, details=breakdown)

    def describe(self, event: Event, seat: int | None = None) -> str:
        p = event.payload
        who = _player(p.get("seat")) if "seat" in p else ""
        kind = event.type
        if kind == "GameSetUp":
            return (f"A game for {p['players']} began with {len(p['leaf_types'])} leaf types "
                    f"and objectives {', '.join(p['objectives'])}.")
        if kind == "LandscapeChosen":
            return f"{who} chose the landscape {C.POWERS[p['power']]['title']}."
        if kind == "LeavesRevealed":
            how = "paid an acorn to reveal" if p["paid"] else "revealed"
            return f"{who} {how} {_cards_text(p['cards'])}."
        if kind == "LeavesCollected":
            return f"{who} collected {_cards_text(p['cards'])}."
        if kind == "DisplayRefilled":
            return f"The display was refilled with {_cards_text(p['cards'])}."
        if kind == "DisplayCleared":
            return "The autumn wind cleared the display."
        if kind == "LeavesPlayed":
            return f"{who} played {_cards_text(p['cards'])}."
        if kind == "AcornsGained":
            return f"{who} gained {p['amount']} acorn{'s' if p['amount'] != 1 else ''}."
        if kind == "CardsDiscarded":
            if "cards" in p and seat == p["seat"]:
                return f"{who} discarded {_cards_text(p['cards'])}."
            return f"{who} discarded {p['count']} card{'s' if p['count'] != 1 else ''}."
        if kind == "CardsDrawn":
            if "cards" in p and seat == p["seat"]:
                return f"{who} drew {_cards_text(p['cards'])}."
            return f"{who} drew {p['count']} card{'s' if p['count'] != 1 else ''}."
        if kind == "ObjectiveActivated":
            return f"{who} activated the objective {C.OBJECTIVES[p['objective']]['title']}."
        if kind == "LandscapeUsed":
            return f"{who} used the landscape {C.POWERS[p['power']]['title']}."
        if kind == "StacksSwapped":
            return f"{who} swapped stacks {p['position'] + 1} and {p['position'] + 2} of their row."
        if kind == "CardReturned":
            return f"{who} took a {p['card']} back into their hand."
        if kind == "WindBlew":
            return f"The wind blew away {_cards_text(p['cards'])}."
        if kind == "TurnEnded":
            return f"{who} ended their turn."
        if kind == "FinalRoundBegan":
            why = "The deck ran out" if p["reason"] == "deck_empty" else "Enough stacks were closed with a torii"
            return (f"{why}: the round is played to its end, so that everyone has the same number "
                    f"of turns; {_player(p['last'])} takes the last turn.")
        if kind == "GameEnded":
            return ("The game ended: the deck ran out." if p["reason"] == "deck_empty"
                    else "The game ended: enough stacks were closed with a torii.")
        return super().describe(event, seat)


_FIELDS = {
    "choose_landscape": {"power"},
    "reveal": set(),
    "collect": {"leaf"},
    "play": {"cards", "side"},
    "activate": {"objective"},
    "discard": {"cards"},
    "power": {"power", "leaf", "card", "take", "position", "cards"},
    "pass": set(),
}


def _refill(state, display_left: int) -> list[Event]:
    """Fill the display back up to four cards from the deck (DESIGN: after every take)."""
    need = C.DISPLAY_SIZE - display_left
    if need <= 0 or not state["deck"]:
        return []
    return [Event("DisplayRefilled", {"cards": state["deck"][:need]})]


def _display_leaves(display: list[str]) -> list[str]:
    leaves = []
    for card in display:
        leaf = C.CARD_LEAF[card]
        if leaf not in leaves:
            leaves.append(leaf)
    return leaves


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _distinct_pairs(hand: list[str]) -> list[list[str]]:
    """Every different pair of cards from a sorted hand (two copies count once)."""
    pairs = []
    seen = set()
    for i, j in combinations(range(len(hand)), 2):
        key = tuple(C.sort_cards([hand[i], hand[j]]))
        if key not in seen:
            seen.add(key)
            pairs.append(list(key))
    return pairs


def _with_sides(cards: list[str], new_stack: bool) -> list[dict]:
    if new_stack:
        return [{"type": "play", "cards": cards, "side": side} for side in SIDES]
    return [{"type": "play", "cards": cards}]


def _cards_text(cards: list[str]) -> str:
    if not cards:
        return "no cards"
    return ", ".join(cards)


def _power_refusal(power: str) -> str:
    return {
        "bamboo_grove": "The deck is empty.",
        "river": "The deck is empty.",
        "autumn_wind": "The deck is empty.",
        "mountain_path": "Take a card that is in the display.",
        "temple_garden": "Name a leaf type that is in the display.",
        "stone_lantern": "Choose a card from your hand whose open stack shows the same or a lower value.",
        "cedar_gate": "Choose a card from your hand that fits on its open stack (equal or one higher).",
        "twin_bridge": "Give the position of the left one of two neighbouring stacks in your row.",
        "moon_viewing": "You need a stack closed with a torii.",
        "fox_shrine": "Name one of your open stacks with two or more cards.",
        "koi_pond": "Discard a card from your hand and take a card that is in the display.",
        "pilgrim_road": "You need at least two stacks in your row.",
        "sunset_pier": "No neighbouring top cards of your row show touching acorns.",
        "lotus_pond": "Discard one or two cards from your hand, no more than the deck holds.",
    }.get(power, "That landscape power cannot be used like that.")


class MomijiRulesV1(MomijiRules):
    """Rules version 1, kept so that games played under it replay and verify as they
    were played: the first seat always began, and the game ended at the end of the
    turn in which the deck ran out or the torii limit was reached."""

    version = 1
    random_first = False
    equal_turns = False
