"""Harmonies: build landscapes on a hex board and give animals their habitats.

Read this next to docs/games/harmonies.md. A turn is a few moves by the same seat:

* ``take_tokens`` (exactly once): the three tokens of one central space;
* ``place_token`` for each of those three tokens: on an empty space, or on a stack
  only to make a mountain, a tree or a building, never on a space with a cube;
* ``take_card`` (at most once): an animal card from the display to a free place;
* ``place_cube`` (any number of times): the next cube of one of your cards onto the
  cube space of its habitat, when the habitat is on your board;
* ``choose_spirit`` (Nature's Spirit variant, during your first turn);
* ``end_turn`` once the three tokens are placed (solo: optionally discarding one
  displayed card when you took none).

The card, cube and spirit moves may come before, between or after the token moves.

Hidden information: the pouch and the animal deck are kept as unordered contents,
and every draw is made with the game's RNG at the moment the rules draw, so no
future draw exists anywhere before it happens. The two spirit cards dealt to a
player are that player's secret; the one they return stays secret until the end.

State (plain JSON)::

    phase        "play" | "over"
    players, solo, side ("A" river / "B" islands), spirits (variant on)
    first, current, turns (turns ended so far)
    pouch        {colour: tokens left}
    central      per central space, the tokens on it (3, or [] when taken)
    deck         animal card ids not yet drawn, sorted (the order is never kept)
    display      face-up animal cards
    reserve      animal cubes left in the box
    boards       per seat, per space index, the stack of colours bottom to top
    cubes        per seat, per space index, the card id whose cube sits there, or None
    places       per seat, 4 places: None or {"card", "cubes", "placed"}
    done         per seat, completed animal cards {"card", "placed"}
    spirit_deal  per seat, the two dealt spirit cards until one is chosen (secret)
    spirit_returned  per seat, the spirit card given back (secret until the end)
    spirit       per seat, None or {"card", "placed"} once chosen
    turn         {"taken": central space or None, "hand": tokens to place,
                  "card_taken": bool}
    end_trigger  None or {"reasons": [...], "seat": who triggered}
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from . import board as B
from . import components as C
from .scoring import seat_score, solo_suns

COLOUR_WORDS = {c: c for c in C.COLOURS}


def _player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def _fresh_turn() -> dict:
    return {"taken": None, "hand": [], "card_taken": False}


def mode(state_or_players) -> str:
    players = state_or_players if isinstance(state_or_players, int) else state_or_players["players"]
    return "solo" if players == 1 else "multi"


def stacking_problem(stack: list[str], colour: str, cube) -> str | None:
    """Why ``colour`` may not go on ``stack``, or None when it may (ruling 1 and 2)."""
    if cube is not None:
        return "that space carries a cube, and nothing may be placed on a cube"
    if not stack:
        return None
    below = stack[-1]
    if colour == "grey":
        if all(c == "grey" for c in stack) and len(stack) <= 2:
            return None
        return "a grey token goes only on a mountain of one or two grey tokens"
    if colour == "brown":
        if stack == ["brown"]:
            return None
        return "a brown token goes only on one single brown token (a trunk is at most two high)"
    if colour == "green":
        if all(c == "brown" for c in stack) and len(stack) <= 2:
            return None
        return "a green token goes only on one or two brown tokens (to make a tree)"
    if colour == "red":
        if len(stack) == 1 and below in C.BUILDING_BASES:
            return None
        return "a red token goes only on one single grey, brown or red token (to make a building)"
    return f"a {colour} token goes only on an empty space"


def cube_spaces(state, seat: int, card_id: int) -> list[int]:
    """Spaces where the card's next cube may go now: its habitat is on the board with
    the cube space free of cubes (every rotation, exact heights)."""
    side = state["side"]
    stacks = state["boards"][seat]
    cubes = state["cubes"][seat]
    found = set()
    for cube_space, cells in B.placements(side, card_id):
        if cube_space in found or cubes[cube_space] is not None:
            continue
        if all(C.stack_meets(stacks[space], requirement) for space, requirement in cells):
            found.add(cube_space)
    return sorted(found)


def _place_of(state, seat: int, card_id) -> int:
    for index, entry in enumerate(state["places"][seat]):
        if entry is not None and entry["card"] == card_id:
            return index
    return -1


def empty_spaces(stacks) -> int:
    return sum(1 for stack in stacks if not stack)


def _draw_tokens(pouch: dict, count: int, rng) -> list[str]:
    """Draw ``count`` tokens blind from the pouch (fewer if it runs out)."""
    left = dict(pouch)
    drawn = []
    for _ in range(count):
        total = sum(left.values())
        if total == 0:
            break
        pick = rng.randbelow(total, "pouch")
        for colour in C.COLOURS:
            if pick < left[colour]:
                drawn.append(colour)
                left[colour] -= 1
                break
            pick -= left[colour]
    return drawn


def _draw_cards(deck: list[int], count: int, rng) -> list[int]:
    left = list(deck)
    drawn = []
    for _ in range(min(count, len(left))):
        drawn.append(left.pop(rng.randbelow(len(left), "deck")))
    return drawn


def _card_name(card_id) -> str:
    card = C.CARDS.get(card_id)
    return card["name"] if card else str(card_id)


_FIELDS = {
    "take_tokens": {"space"},
    "place_token": {"colour", "space"},
    "take_card": {"card", "place"},
    "place_cube": {"card", "space"},
    "choose_spirit": {"card"},
    "end_turn": {"discard"},
}
_REQUIRED = {
    "take_tokens": {"space"},
    "place_token": {"colour", "space"},
    "take_card": {"card", "place"},
    "place_cube": {"card", "space"},
    "choose_spirit": {"card"},
    "end_turn": set(),
}


class HarmoniesRules(Rules):
    slug = "harmonies"
    # The pouch and the deck keep no order: what comes out of them is a random draw;
    # spirit cards are redacted events. Neither can be shown by a move without that.
    moves_reveal_hidden = False
    title = "Harmonies"
    min_players = 1
    max_players = 4
    version = 1

    # -- description -----------------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "side": {
                    "type": "string", "enum": ["A", "B"], "default": "A",
                    "description": "Side of the personal boards, the same for everyone: "
                                   "'A' (23 spaces, water scores the longest river) or "
                                   "'B' (28 spaces, water scores islands).",
                },
                "spirits": {
                    "type": "boolean", "default": False,
                    "description": "Nature's Spirit variant: each player is dealt two "
                                   "spirit cards face down and keeps one on the first turn.",
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        if options is not None and not isinstance(options, dict):
            raise IllegalMove("Options must be an object.", code="invalid_options")
        options = super().check_options(players, options)
        unknown = set(options) - {"side", "spirits"}
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}. "
                              "Harmonies knows 'side' and 'spirits'.", code="invalid_options")
        if options["side"] not in B.SIDES:
            raise IllegalMove("The side option is 'A' (river) or 'B' (islands).",
                              code="invalid_options")
        if not isinstance(options["spirits"], bool):
            raise IllegalMove("The spirits option is true or false.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_harmonies."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        def move(name, properties=None, required=()):
            return {"type": "object",
                    "properties": {"type": {"const": name}, **(properties or {})},
                    "required": ["type", *required], "additionalProperties": False}

        space = {"type": "integer", "minimum": 0, "maximum": 27,
                 "description": "Index of a space (see the view's board spaces)."}
        return {"oneOf": [
            move("take_tokens", {"space": {"type": "integer", "minimum": 0, "maximum": 4,
                                           "description": "Central board space."}}, ["space"]),
            move("place_token", {"colour": {"type": "string", "enum": C.COLOURS},
                                 "space": space}, ["colour", "space"]),
            move("take_card", {"card": {"type": "integer", "enum": C.ANIMAL_IDS},
                               "place": {"type": "integer", "minimum": 0,
                                         "maximum": C.CARD_PLACES - 1}}, ["card", "place"]),
            move("place_cube", {"card": {"type": "integer", "minimum": 1, "maximum": 42},
                                "space": space}, ["card", "space"]),
            move("choose_spirit", {"card": {"type": "integer", "enum": C.SPIRIT_IDS}}, ["card"]),
            move("end_turn", {"discard": {"type": "integer", "enum": C.ANIMAL_IDS,
                                          "description": "Solo only: a displayed card to "
                                                         "discard when you took none."}}),
        ]}

    # -- setup --------------------------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        kind = mode(players)
        pouch = dict(C.TOKEN_COUNTS)
        central = []
        for _ in range(C.CENTRAL_SPACES[kind]):
            tokens = _draw_tokens(pouch, C.TOKENS_PER_SPACE, rng)
            for colour in tokens:
                pouch[colour] -= 1
            central.append(tokens)
        display = _draw_cards(C.ANIMAL_IDS, C.DISPLAY_SIZE[kind], rng)
        deals = None
        if options["spirits"]:
            spirits = rng.sample(C.SPIRIT_IDS, C.SPIRIT_CARDS_DEALT * players, "spirits")
            deals = [sorted(spirits[C.SPIRIT_CARDS_DEALT * seat:C.SPIRIT_CARDS_DEALT * (seat + 1)])
                     for seat in range(players)]
        first = rng.randbelow(players, "first")
        return [Event("GameSetUp", {
            "players": players, "side": options["side"], "spirits": options["spirits"],
            "first": first, "central": central, "display": display, "spirit_deals": deals,
        })]

    # -- the fold -------------------------------------------------------------------------
    def evolve(self, state: dict, event: Event) -> dict:
        getattr(self, "_on_" + event.type)(state, event.payload)
        return state

    def _on_GameSetUp(self, state, p):
        players = p["players"]
        side_size = len(B.spaces(p["side"]))
        pouch = dict(C.TOKEN_COUNTS)
        for tokens in p["central"]:
            for colour in tokens:
                pouch[colour] -= 1
        state.clear()
        state.update({
            "phase": "play",
            "players": players,
            "solo": players == 1,
            "side": p["side"],
            "spirits": p["spirits"],
            "first": p["first"],
            "current": p["first"],
            "turns": 0,
            "pouch": pouch,
            "central": [list(tokens) for tokens in p["central"]],
            "deck": sorted(set(C.ANIMAL_IDS) - set(p["display"])),
            "display": list(p["display"]),
            "reserve": C.CUBE_RESERVE,
            "boards": [[[] for _ in range(side_size)] for _ in range(players)],
            "cubes": [[None] * side_size for _ in range(players)],
            "places": [[None] * C.CARD_PLACES for _ in range(players)],
            "done": [[] for _ in range(players)],
            "spirit_deal": ([list(d) for d in p["spirit_deals"]] if p["spirit_deals"]
                            else [[] for _ in range(players)]),
            "spirit_returned": [None] * players,
            "spirit": [None] * players,
            "turn": _fresh_turn(),
            "end_trigger": None,
        })

    def _on_TokensTaken(self, state, p):
        state["central"][p["space"]] = []
        state["turn"]["taken"] = p["space"]
        state["turn"]["hand"] = list(p["tokens"])

    def _on_TokenPlaced(self, state, p):
        state["turn"]["hand"].remove(p["colour"])
        state["boards"][p["seat"]][p["space"]].append(p["colour"])

    def _on_CardTaken(self, state, p):
        card = p["card"]
        state["display"].remove(card)
        state["places"][p["seat"]][p["place"]] = {"card": card, "cubes": C.cubes_on(card),
                                                  "placed": 0}
        state["reserve"] -= C.cubes_on(card)
        state["turn"]["card_taken"] = True

    def _on_SpiritChosen(self, state, p):
        seat = p["seat"]
        state["spirit"][seat] = {"card": p["card"], "placed": 0}
        state["spirit_deal"][seat] = []
        state["spirit_returned"][seat] = p.get("returned")
        places = state["places"][seat]
        places[places.index(None)] = {"card": p["card"], "cubes": 1, "placed": 0}

    def _on_CubePlaced(self, state, p):
        seat, card = p["seat"], p["card"]
        state["cubes"][seat][p["space"]] = card
        places = state["places"][seat]
        index = _place_of(state, seat, card)
        entry = places[index]
        entry["placed"] += 1
        if entry["placed"] >= entry["cubes"]:
            places[index] = None
            if C.is_spirit(card):
                state["spirit"][seat]["placed"] = 1
            else:
                state["done"][seat].append({"card": card, "placed": entry["placed"]})

    def _on_CardDiscarded(self, state, p):
        state["display"].remove(p["card"])

    def _on_CentralCleared(self, state, p):
        state["central"] = [[] for _ in state["central"]]

    def _on_CentralRefilled(self, state, p):
        state["central"][p["space"]] = list(p["tokens"])
        for colour in p["tokens"]:
            state["pouch"][colour] -= 1

    def _on_DisplayRefilled(self, state, p):
        for card in p["cards"]:
            state["deck"].remove(card)
            state["display"].append(card)

    def _on_EndTriggered(self, state, p):
        state["end_trigger"] = {"reasons": list(p["reasons"]), "seat": p["seat"]}

    def _on_TurnEnded(self, state, p):
        state["current"] = p["next"]
        state["turn"] = _fresh_turn()
        state["turns"] += 1

    def _on_GameEnded(self, state, p):
        state["phase"] = "over"

    # -- questions --------------------------------------------------------------------------
    def to_move(self, state: dict) -> set[int]:
        if state.get("phase") == "play":
            return {state["current"]}
        return set()

    def _must_choose_spirit(self, state, seat) -> bool:
        return bool(state["spirit_deal"][seat]) and state["spirit"][seat] is None

    def _free_places(self, state, seat) -> list[int]:
        return [index for index, entry in enumerate(state["places"][seat]) if entry is None]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        turn = state["turn"]
        moves: list[dict] = []
        if self._must_choose_spirit(state, seat):
            moves += [{"type": "choose_spirit", "card": card} for card in state["spirit_deal"][seat]]
        if turn["taken"] is None:
            moves += [{"type": "take_tokens", "space": index}
                      for index, tokens in enumerate(state["central"]) if tokens]
        else:
            stacks, cubes = state["boards"][seat], state["cubes"][seat]
            for colour in dict.fromkeys(turn["hand"]):
                moves += [{"type": "place_token", "colour": colour, "space": space}
                          for space, stack in enumerate(stacks)
                          if stacking_problem(stack, colour, cubes[space]) is None]
        if not turn["card_taken"]:
            free = self._free_places(state, seat)
            for card in state["display"]:
                if state["reserve"] >= C.cubes_on(card):
                    moves += [{"type": "take_card", "card": card, "place": place} for place in free]
        for entry in state["places"][seat]:
            if entry is not None:
                moves += [{"type": "place_cube", "card": entry["card"], "space": space}
                          for space in cube_spaces(state, seat, entry["card"])]
        if self._may_end(state, seat):
            moves.append({"type": "end_turn"})
            if state["solo"] and not turn["card_taken"] and state["deck"]:
                moves += [{"type": "end_turn", "discard": card} for card in state["display"]]
        return moves

    def _may_end(self, state, seat) -> bool:
        turn = state["turn"]
        return turn["taken"] is not None and not turn["hand"] and not self._must_choose_spirit(state, seat)

    # -- decide ------------------------------------------------------------------------------
    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if state.get("phase") != "play":
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) \
                or move["type"] not in _FIELDS:
            raise IllegalMove("A move is an object whose type is one of: "
                              + ", ".join(_FIELDS) + ".", code="malformed_move")
        kind = move["type"]
        extra = set(move) - {"type"} - _FIELDS[kind]
        missing = _REQUIRED[kind] - set(move)
        if extra or missing:
            wanted = ", ".join(sorted(_FIELDS[kind])) or "no other fields"
            raise IllegalMove(f"A {kind} move takes {wanted}.", code="malformed_move")
        for name in _FIELDS[kind]:
            if name in move and name != "colour" and type(move[name]) is not int:
                raise IllegalMove(f"The {name} of a {kind} move is a whole number.",
                                  code="malformed_move")
        if kind == "place_token" and move["colour"] not in C.COLOURS:
            raise IllegalMove("The colour is one of " + ", ".join(C.COLOURS) + ".",
                              code="malformed_move")
        if seat != state["current"]:
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        return getattr(self, "_decide_" + kind)(state, seat, move, rng)

    def _decide_choose_spirit(self, state, seat, move, rng):
        if not state["spirits"]:
            raise IllegalMove("This game is played without Nature's Spirit cards.",
                              code="no_spirits")
        if not self._must_choose_spirit(state, seat):
            raise IllegalMove("You have already chosen your Nature's Spirit card.",
                              code="spirit_chosen")
        deal = state["spirit_deal"][seat]
        if move["card"] not in deal:
            raise IllegalMove("Choose one of the two spirit cards you were dealt.",
                              code="spirit_not_dealt")
        returned = [card for card in deal if card != move["card"]]
        return [Event("SpiritChosen", {"seat": seat, "card": move["card"],
                                       "returned": returned[0] if returned else None})]

    def _decide_take_tokens(self, state, seat, move, rng):
        if state["turn"]["taken"] is not None:
            raise IllegalMove("You have already taken your three tokens this turn.",
                              code="tokens_taken")
        space = move["space"]
        if not 0 <= space < len(state["central"]):
            raise IllegalMove(f"The central board has spaces 0 to {len(state['central']) - 1}.",
                              code="no_such_space")
        if not state["central"][space]:
            raise IllegalMove("That central space is empty: take the tokens of a filled one.",
                              code="central_space_empty")
        return [Event("TokensTaken", {"seat": seat, "space": space,
                                      "tokens": list(state["central"][space])})]

    def _decide_place_token(self, state, seat, move, rng):
        turn = state["turn"]
        colour, space = move["colour"], move["space"]
        if turn["taken"] is None:
            raise IllegalMove("First take the three tokens of a central space.",
                              code="no_tokens_taken")
        if colour not in turn["hand"]:
            held = ", ".join(turn["hand"]) or "nothing more"
            raise IllegalMove(f"You hold no {colour} token to place (you hold {held}).",
                              code="token_not_held")
        stacks = state["boards"][seat]
        if not 0 <= space < len(stacks):
            raise IllegalMove(f"Your board has spaces 0 to {len(stacks) - 1}.", code="no_such_space")
        problem = stacking_problem(stacks[space], colour, state["cubes"][seat][space])
        if problem:
            name = B.names(state["side"])[space]
            raise IllegalMove(f"You may not put it on {name}: {problem}.", code="illegal_stack")
        return [Event("TokenPlaced", {"seat": seat, "colour": colour, "space": space,
                                      "name": B.names(state["side"])[space]})]

    def _decide_take_card(self, state, seat, move, rng):
        card, place = move["card"], move["place"]
        if state["turn"]["card_taken"]:
            raise IllegalMove("You may take only one animal card per turn.", code="card_taken")
        if card not in state["display"]:
            raise IllegalMove("That animal card is not in the display.", code="card_not_displayed")
        if not 0 <= place < C.CARD_PLACES:
            raise IllegalMove(f"Your card places are 0 to {C.CARD_PLACES - 1}.", code="no_such_place")
        if state["places"][seat][place] is not None:
            if not self._free_places(state, seat):
                raise IllegalMove("All four of your card places hold unfinished cards: "
                                  "complete one before taking another.", code="places_full")
            raise IllegalMove("That card place is taken: choose a free one.", code="place_taken")
        if state["reserve"] < C.cubes_on(card):
            raise IllegalMove(f"The reserve has {state['reserve']} cubes left, too few for the "
                              f"{_card_name(card)}'s {C.cubes_on(card)} spaces.",
                              code="reserve_short")
        return [Event("CardTaken", {"seat": seat, "card": card, "place": place})]

    def _decide_place_cube(self, state, seat, move, rng):
        card, space = move["card"], move["space"]
        if _place_of(state, seat, card) < 0:
            raise IllegalMove("That card is not on one of your card places with cubes left.",
                              code="card_not_held")
        stacks = state["boards"][seat]
        if not 0 <= space < len(stacks):
            raise IllegalMove(f"Your board has spaces 0 to {len(stacks) - 1}.", code="no_such_space")
        name = B.names(state["side"])[space]
        if state["cubes"][seat][space] is not None:
            raise IllegalMove(f"{name} already carries a cube: one cube per space.",
                              code="space_has_cube")
        if space not in cube_spaces(state, seat, card):
            raise IllegalMove(f"The {_card_name(card)}'s habitat is not on your board with its "
                              f"cube space on {name} (turned any way, exact heights).",
                              code="habitat_missing")
        entry = state["places"][seat][_place_of(state, seat, card)]
        completed = entry["placed"] + 1 >= entry["cubes"]
        return [Event("CubePlaced", {"seat": seat, "card": card, "space": space, "name": name,
                                     "completed": completed})]

    def _decide_end_turn(self, state, seat, move, rng):
        turn = state["turn"]
        if self._must_choose_spirit(state, seat):
            raise IllegalMove("Choose your Nature's Spirit card before ending your first turn.",
                              code="spirit_not_chosen")
        if turn["taken"] is None:
            raise IllegalMove("You must take the three tokens of a central space first.",
                              code="no_tokens_taken")
        if turn["hand"]:
            raise IllegalMove(f"Place your remaining tokens first ({', '.join(turn['hand'])}).",
                              code="tokens_left")
        events = []
        display = list(state["display"])
        if "discard" in move:
            card = move["discard"]
            if not state["solo"]:
                raise IllegalMove("Only the solo game lets you discard a displayed card.",
                                  code="no_discard")
            if turn["card_taken"]:
                raise IllegalMove("You took an animal card this turn, so you may not discard one.",
                                  code="no_discard")
            if card not in display:
                raise IllegalMove("That animal card is not in the display.", code="card_not_displayed")
            if not state["deck"]:
                raise IllegalMove("The animal deck is empty: a discarded card could not be replaced.",
                                  code="deck_empty")
            events.append(Event("CardDiscarded", {"seat": seat, "card": card}))
            display.remove(card)
        pouch = dict(state["pouch"])
        reasons = []
        if state["solo"]:
            events.append(Event("CentralCleared", {"tokens": [list(t) for t in state["central"]]}))
            to_fill = list(range(len(state["central"])))
        else:
            to_fill = [turn["taken"]]
        needed = C.TOKENS_PER_SPACE * len(to_fill)
        if sum(pouch.values()) < needed:
            reasons.append("pouch_empty")
        drawn = _draw_tokens(pouch, needed, rng)
        for index, space in enumerate(to_fill):
            tokens = drawn[C.TOKENS_PER_SPACE * index:C.TOKENS_PER_SPACE * (index + 1)]
            if tokens:
                events.append(Event("CentralRefilled", {"space": space, "tokens": tokens}))
        kind = mode(state)
        missing = C.DISPLAY_SIZE[kind] - len(display)
        cards = _draw_cards(state["deck"], missing, rng)
        if cards:
            events.append(Event("DisplayRefilled", {"cards": cards}))
        if empty_spaces(state["boards"][seat]) <= 2:
            reasons.append("board_full")
        if reasons and state["end_trigger"] is None:
            events.append(Event("EndTriggered", {"seat": seat, "reasons": reasons}))
        next_seat = (seat + 1) % state["players"]
        events.append(Event("TurnEnded", {"seat": seat, "next": next_seat}))
        if (reasons or state["end_trigger"]) and next_seat == state["first"]:
            events.append(Event("GameEnded", {}))
        return events

    # -- what players see ------------------------------------------------------------------------
    def scores(self, state) -> list[dict]:
        result = []
        for seat in range(state["players"]):
            cards = [dict(entry) for entry in state["done"][seat]]
            cards += [{"card": e["card"], "placed": e["placed"]} for e in state["places"][seat]
                      if e is not None and not C.is_spirit(e["card"])]
            result.append(seat_score(state["side"], state["boards"][seat], cards,
                                     state["spirit"][seat]))
        return result

    def view(self, state: dict, seat: int | None) -> dict:
        over = state.get("phase") == "over"
        side = state["side"]
        names = B.names(side)
        coords = B.spaces(side)
        data = {
            "phase": state["phase"],
            "players": state["players"],
            "seat": seat,
            "solo": state["solo"],
            "side": side,
            "spirits": state["spirits"],
            "first": state["first"],
            "current": state["current"],
            "to_move": sorted(self.to_move(state)),
            "turns": state["turns"],
            "turn": {"taken": state["turn"]["taken"], "hand": list(state["turn"]["hand"]),
                     "card_taken": state["turn"]["card_taken"]},
            "pouch_count": sum(state["pouch"].values()),
            "pouch": dict(state["pouch"]),
            "central": [list(tokens) for tokens in state["central"]],
            "display": list(state["display"]),
            "deck_count": len(state["deck"]),
            "reserve": state["reserve"],
            "spaces": [{"index": i, "name": names[i], "col": coords[i][0], "row": coords[i][1]}
                       for i in range(len(names))],
            "boards": [[{"stack": list(stack), "cube": cube}
                        for stack, cube in zip(stacks, cubes)]
                       for stacks, cubes in zip(state["boards"], state["cubes"])],
            "places": [[dict(e) if e else None for e in places] for places in state["places"]],
            "done": [[dict(e) for e in done] for done in state["done"]],
            "spirit": [dict(s) if s else None for s in state["spirit"]],
            "spirit_choosing": [bool(deal) for deal in state["spirit_deal"]],
            "end_trigger": (dict(state["end_trigger"], reasons=list(state["end_trigger"]["reasons"]))
                            if state["end_trigger"] else None),
            "scores": self.scores(state),
        }
        if seat is not None and 0 <= seat < state["players"]:
            data["spirit_deal"] = list(state["spirit_deal"][seat])
        if over:
            data["spirit_deals"] = [list(deal) for deal in state["spirit_deal"]]
            data["spirit_returned"] = list(state["spirit_returned"])
            data["deck"] = list(state["deck"])
        return data

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        if event.type == "GameSetUp" and p.get("spirit_deals"):
            hidden = {key: value for key, value in p.items() if key != "spirit_deals"}
            hidden["spirit_deals"] = [list(deal) if other == seat else [None] * len(deal)
                                      for other, deal in enumerate(p["spirit_deals"])]
            return Event(event.type, hidden)
        if event.type == "SpiritChosen" and seat != p["seat"]:
            return Event(event.type, {key: value for key, value in p.items() if key != "returned"})
        return event

    def outcome(self, state: dict) -> Outcome | None:
        if state.get("phase") != "over":
            return None
        breakdown = self.scores(state)
        scores = [item["total"] for item in breakdown]
        keys = [(item["total"], item["animal_cubes"]) for item in breakdown]
        reasons = state["end_trigger"]["reasons"] if state["end_trigger"] else []
        words = {"pouch_empty": "the pouch could not refill the central board",
                 "board_full": f"{_player(state['end_trigger']['seat'])}'s board had two or fewer "
                               "empty spaces" if state["end_trigger"] else ""}
        notes = ["The game ended: " + " and ".join(words[r] for r in reasons) + "."]
        if len(set(scores)) < len(scores):
            notes.append("Tied scores are broken by the most animal cubes placed; "
                         "players still tied share the rank.")
        if state["solo"]:
            spirit = state["spirit"][0]
            suns = solo_suns(scores[0], state["side"], spirit["card"] if spirit else None)
            breakdown[0]["suns"] = suns
            notes.append(f"Solo result: {suns} sun{'s' if suns != 1 else ''}.")
        return Outcome(scores=scores, ranks=rank_by_keys(keys), notes=notes, details=breakdown)

    def describe(self, event: Event, seat: int | None = None) -> str:
        p = event.payload
        who = _player(p.get("seat")) if "seat" in p else ""
        kind = event.type
        if kind == "GameSetUp":
            extra = " with Nature's Spirit cards" if p["spirits"] else ""
            return (f"A game for {p['players']} on side {p['side']}{extra} began; "
                    f"{_player(p['first'])} goes first.")
        if kind == "TokensTaken":
            return f"{who} took {', '.join(p['tokens'])} from central space {p['space'] + 1}."
        if kind == "TokenPlaced":
            return f"{who} placed a {p['colour']} token on {p['name']}."
        if kind == "CardTaken":
            return f"{who} took the {_card_name(p['card'])} card."
        if kind == "SpiritChosen":
            return f"{who} chose the Nature's Spirit card {_card_name(p['card'])}."
        if kind == "CubePlaced":
            done = " and completed it" if p["completed"] else ""
            return f"{who} placed a cube of the {_card_name(p['card'])} card on {p['name']}{done}."
        if kind == "CardDiscarded":
            return f"{who} discarded the {_card_name(p['card'])} card."
        if kind == "CentralCleared":
            return "The tokens left on the central board went out of the game."
        if kind == "CentralRefilled":
            return f"Central space {p['space'] + 1} was refilled with {', '.join(p['tokens'])}."
        if kind == "DisplayRefilled":
            return "The display was refilled with " + ", ".join(_card_name(c) for c in p["cards"]) + "."
        if kind == "EndTriggered":
            why = " and ".join({"pouch_empty": "the pouch ran out",
                                "board_full": f"{who}'s board is nearly full"}[r] for r in p["reasons"])
            return f"The game ends after this round: {why}."
        if kind == "TurnEnded":
            return f"{who} ended their turn."
        if kind == "GameEnded":
            return "The game ended."
        return super().describe(event, seat)
