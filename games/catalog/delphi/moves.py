"""Which Delphi moves are legal now, and why a move is not.

``problem(state, seat, move)`` is the one judge: None when the move is legal, else a
sentence for the player. ``legal_moves`` lists the candidates it accepts, so the two
can never disagree.

An action paid by a die names the die by the colour it shows (``"die": "red"``), an
oracle card likewise (``"card": "red"``), the extra-action equipment by
``"extra": true``. A die or card that does not show the colour the action needs is
recoloured on the way, for 1 favour per step round the oracle, paid automatically.
"""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from . import components as C
from . import queries as Q

SOURCE_FIELDS = ("die", "card", "extra")

# Fields of each move type besides "type" (and the source for die actions).
FIELDS = {
    # choices owed (pending)
    "ship": {"ship"}, "drop_tile": {"tile"}, "equipment": {"card"}, "companion": {"kind"},
    "god_step": {"colour"}, "heal_colour": {"colour"}, "grab": {"island", "colour"},
    "chart": {"islands"}, "uncover": {"island"}, "god_top": {"colour"}, "skip": set(),
    # the start of a turn
    "take_offer": {"roller", "colour"}, "decline_offers": set(), "recover": {"colours"},
    "bless_favour": set(), "bless_god": {"colour"},
    # actions paid by a die, a card or the extra action
    "draw_oracle": set(), "take_favour": set(), "peek": {"islands"},
    "sail": {"to"}, "fight": {"island", "monster"}, "explore": {"island"}, "shrine": {"island"},
    "load_offering": {"island", "colour"}, "deliver": {"island", "colour"},
    "load_statue": {"island", "colour"}, "raise_statue": {"island", "colour"},
    "heal": {"colour"}, "advance_god": {"colour"}, "amulet": {"colour"},
    # free actions
    "god_power": {"colour"}, "god_card": {"colour"}, "end": set(),
    # a battle
    "fight_on": set(), "retreat": set(),
}
OPTIONAL = {"sail": {"creature"}, "god_power": {"to", "island", "monster", "statue"}}
DIE_ACTIONS = {"draw_oracle", "take_favour", "peek", "sail", "fight", "explore", "shrine",
               "load_offering", "deliver", "load_statue", "raise_statue", "heal", "advance_god", "amulet"}
FREE_ACTIONS = {"god_power", "god_card", "end"}
CHOICES = {"ship", "drop_tile", "equipment", "companion", "god_step", "heal_colour", "grab",
           "chart", "uncover", "god_top", "skip"}


def current_actor(state: dict) -> int | None:
    if not state or state.get("phase") == "over":
        return None
    if state["pending"]:
        return state["pending"][0]["seat"]
    if state["phase"] == "play":
        return state["turn"]
    return None


# -- the judge ---------------------------------------------------------------------
def problem(state: dict, seat: int, move: dict, cache: dict | None = None) -> str | None:
    cache = {} if cache is None else cache
    kind = move["type"]
    if seat != current_actor(state):
        if kind == "take_offer" and state["phase"] == "play":
            return _offer_problem(state, seat, move)
        return "It is not your turn."
    if state["pending"]:
        if kind not in CHOICES:
            return f"First {choice_words(state['pending'][0])}."
        return _choice_problem(state, seat, state["pending"][0], move)
    step = state["step"]
    if step == "offers":
        if kind == "take_offer":
            return _offer_problem(state, seat, move)
        if kind == "decline_offers":
            return None
        return "Your turn begins with the god advances other players' rolls offered you: take one or decline them."
    if step == "recover":
        if kind != "recover":
            return "You have too many injuries: discard 3 injury cards; your turn then ends."
        return _recover_problem(state, seat, move["colours"])
    if step == "blessing":
        if kind == "bless_favour":
            return None
        if kind == "bless_god":
            if move["colour"] not in C.COLOURS:
                return "There is no god of that colour."
            if Q.god_step(state, seat, move["colour"]) is None:
                return f"{C.god_name(move['colour'])} is already on the top row."
            return None
        return "You have no injuries: first take 2 favour or advance a god 1 step."
    if step == "battle":
        if kind == "retreat":
            return None
        if kind == "fight_on":
            if Q.seat_state(state, seat)["favour"] < 1:
                return "Fighting on costs 1 favour, and you have none."
            return None
        return "You are in a battle: fight on for 1 favour or give up."
    if step != "actions":
        return "You cannot move now."
    if kind == "end":
        return None
    if kind in FREE_ACTIONS:
        return _god_problem(state, seat, move, cache)
    if kind not in DIE_ACTIONS:
        return "That move belongs to another moment of the turn."
    return _action_problem(state, seat, move, cache)


def choice_words(choice: dict) -> str:
    return {
        "ship": "choose your ship tile", "drop_tile": "choose the Zeus tile to return to the box",
        "equipment": "take an equipment card from the display", "companion": "choose your companion",
        "god_step": "advance a god 1 step", "heal_colour": "choose the colour of injuries to discard",
        "grab": "take (or skip) the offering or statue your equipment card gives",
        "chart": "choose 2 face-down island tiles to look at",
        "uncover": "choose which of the 2 tiles to uncover", "god_top": "choose the god to move to the top row",
    }[choice["kind"]]


def _offer_problem(state, seat, move) -> str | None:
    offers = state["offers"][seat] if 0 <= seat < state["players"] else []
    offer = next((o for o in offers if o["roller"] == move.get("roller")), None)
    if offer is None:
        return "That player's roll offers you no god advance (or you have already answered it)."
    if move["colour"] not in offer["colours"]:
        return "That roll offers no god of that colour to you."
    if Q.god_step(state, seat, move["colour"]) is None:
        return f"{C.god_name(move['colour'])} is already on the top row."
    return None


def _recover_problem(state, seat, colours) -> str | None:
    if not isinstance(colours, list) or len(colours) != 3 or any(c not in C.COLOURS for c in colours):
        return "Name the colours of 3 injury cards to discard."
    if colours != sorted(colours, key=C.COLOURS.index):
        return "List the 3 colours in the order of the oracle: red, black, pink, blue, yellow, green."
    held = Q.seat_state(state, seat)["injuries"]
    for colour in set(colours):
        if colours.count(colour) > held[colour]:
            return f"You do not hold {colours.count(colour)} {colour} injury cards."
    return None


def _choice_problem(state, seat, choice, move) -> str | None:
    kind = move["type"]
    if kind == "skip":
        return None if choice["kind"] == "grab" else "This choice cannot be skipped."
    if kind != choice["kind"]:
        return f"First {choice_words(choice)}."
    me = Q.seat_state(state, seat)
    if kind == "ship":
        return None if move["ship"] in state["ships_offered"] else "That ship tile is not on offer."
    if kind == "drop_tile":
        tile = move["tile"]
        return None if isinstance(tile, int) and 0 <= tile < len(me["tiles"]) else "You have no such Zeus tile."
    if kind == "equipment":
        return None if move["card"] in state["decks"]["display"] else "That equipment card is not in the display."
    if kind == "companion":
        if [choice["colour"], move["kind"]] not in state["companions"]:
            return f"There is no {choice['colour']} {move['kind']} left."
        return None
    if kind == "god_step":
        if move["colour"] not in C.COLOURS:
            return "There is no god of that colour."
        return None if Q.god_step(state, seat, move["colour"]) is not None else \
            f"{C.god_name(move['colour'])} is already on the top row."
    if kind == "heal_colour":
        if move["colour"] not in C.COLOURS or me["injuries"][move["colour"]] == 0:
            return "You hold no injury cards of that colour."
        return None
    if kind == "god_top":
        if move["colour"] not in C.TOP_GODS:
            return "This card moves Poseidon, Hermes, Artemis or Aphrodite."
        return None if me["gods"][move["colour"]] < C.TOP else f"{C.god_name(move['colour'])} is on the top row already."
    if kind == "chart":
        return _two_tiles_problem(state, move["islands"], exactly_two=True)
    if kind == "uncover":
        return None if move["island"] in choice["islands"] else "Uncover one of the two tiles you looked at."
    if kind == "grab":
        what, colours = C.GRABS[choice["card"]]
        if move["colour"] not in colours:
            return f"This card takes a {' , '.join(colours)} {what}."
        if Q.cargo_room(state, seat) < 1:
            return "Your ship has no room left."
        if what == "offering":
            if move["colour"] not in state["board"]["offerings"].get(move["island"], []):
                return "There is no such offering on that island."
            if not Q.offering_fits(state, seat, move["colour"]):
                return f"A {move['colour']} offering fits none of your open offering tasks."
            return None
        if move["colour"] not in state["board"]["statues"].get(move["island"], []):
            return "There is no such statue in that city."
        return None
    return "Not now."


def _two_tiles_problem(state, islands, exactly_two) -> str | None:
    down = [key for key, tile in state["board"]["tiles"].items() if not tile["up"]]
    if not isinstance(islands, list) or any(not isinstance(k, str) for k in islands):
        return "Name the island tiles as a list of spaces."
    wanted = 2 if (exactly_two or len(down) >= 2) else len(down)
    if not down or (exactly_two and len(down) < 2):
        return "There are not enough face-down island tiles."
    if len(islands) != wanted or len(set(islands)) != wanted:
        return f"Choose {wanted} different face-down island tile{'s' if wanted > 1 else ''}."
    if islands != sorted(islands):
        return "List the island tiles in sorted order."
    if any(key not in down for key in islands):
        return "That island tile is not face down."
    return None


def _source_of(move) -> dict | None:
    present = [field for field in SOURCE_FIELDS if field in move]
    if len(present) != 1:
        return None
    field = present[0]
    return {field: move[field]}


def _source_problem(state, seat, source) -> str | None:
    if source is None:
        return 'Say what pays for the action: "die", "card" or "extra".'
    if "die" in source:
        return None if source["die"] in state["unused"] else f"You have no unused die showing {source['die']}."
    if "card" in source:
        if state["card_used"]:
            return "You have already used an oracle card this turn."
        return None if source["card"] in Q.seat_state(state, seat)["oracle"] else \
            f"You hold no {source['card']} oracle card."
    if source["extra"] is not True:
        return 'The extra action is "extra": true.'
    if not Q.has_equipment(state, seat, 3):
        return "You have no equipment card for an extra action."
    if state["extra_used"]:
        return "You have already taken the extra action this turn."
    if Q.seat_state(state, seat)["favour"] < C.EXTRA_ACTION_COST:
        return "The extra action costs 3 favour."
    return None


def needed_colour(state: dict, seat: int, move: dict) -> str | None:
    """The colour an action needs (None: any)."""
    kind = move["type"]
    if kind in ("draw_oracle", "take_favour", "peek"):
        return None
    if kind == "sail":
        if move.get("creature"):
            return move["creature"]
        if move["to"] == state["sea"]["zeus"]:
            return None
        return Q.water(state).get(move["to"])
    if kind in ("explore", "shrine"):
        return (Q.islands(state).get(move["island"]) or {}).get("ring")
    if kind == "fight":
        return move["monster"]
    return move.get("colour")


def action_cost(state, seat, move, cache=None) -> int:
    """Favour an action costs: recolouring, the extra action, sailing beyond range."""
    source = _source_of(move)
    cost = Q.source_cost(state, seat, source, needed_colour(state, seat, move))
    if move["type"] == "sail":
        steps = _sail_distance(state, seat, move, cache if cache is not None else {})
        reach = Q.ship_range(state, seat) + (C.CREATURE_RANGE if move.get("creature") else 0)
        cost += max(0, (steps or 0) - reach)
    return cost


def _sail_distance(state, seat, move, cache) -> int | None:
    if "steps" not in cache:
        cache["steps"] = Q.sail_steps(state, seat)
    if move["to"] == state["sea"]["zeus"]:
        return Q.zeus_steps(state, seat, cache["steps"])
    return cache["steps"].get(move["to"])


def _action_problem(state, seat, move, cache) -> str | None:
    source = _source_of(move)
    why = _source_problem(state, seat, source)
    if why:
        return why
    why = _task_problem(state, seat, move, cache)
    if why:
        return why
    if action_cost(state, seat, move, cache) > Q.seat_state(state, seat)["favour"]:
        return "You do not have enough favour for that (recolouring costs 1 favour per step, sailing 1 per extra space)."
    return None


def _island(state, key) -> dict | None:
    return Q.islands(state).get(key) if isinstance(key, str) else None


def _task_problem(state, seat, move, cache) -> str | None:
    kind = move["type"]
    me = Q.seat_state(state, seat)
    board = state["board"]
    if kind in ("draw_oracle", "take_favour"):
        return None
    if me["returned"] and kind != "peek":
        return "You are back at Zeus: only oracle cards, favour and peeks are left to your dice (ruling 10)."
    if kind == "peek":
        return _two_tiles_problem(state, move["islands"], exactly_two=False)
    if kind == "sail":
        to = move["to"]
        creature = move.get("creature")
        if creature is not None:
            if creature not in C.COLOURS or not Q.has_companion(state, seat, creature, "creature"):
                return "You have no creature of that colour."
        if to == state["sea"]["zeus"]:
            if Q.tasks_left(state, seat):
                return "You return to Zeus only when all your tasks are done."
            if creature is not None:
                return "Sail back to Zeus with any die; no creature needed."
        elif to not in Q.water(state):
            return "Ships sail on water spaces only."
        if _sail_distance(state, seat, move, cache) is None:
            return "Your ship cannot reach that space over water."
        return None
    if kind in ("heal", "advance_god", "amulet"):
        colour = move["colour"]
        if colour not in C.COLOURS:
            return "There is no such colour."
        if kind == "heal":
            return None if me["injuries"][colour] else f"You hold no {colour} injury cards."
        if kind == "amulet":
            card = next((c for c, col in C.AMULETS.items() if col == colour), None)
            if card is None or not Q.has_equipment(state, seat, card):
                return f"You have no amulet for a {colour} die."
            return None
        return None if Q.god_step(state, seat, colour) is not None else f"{C.god_name(colour)} is already on the top row."
    island = _island(state, move.get("island"))
    if island is None:
        return "There is no island there."
    key = move["island"]
    if kind == "fight":
        monster = move["monster"]
        if monster not in board["monsters"].get(key, []):
            return "There is no such monster on that island."
        if key not in Q.reach_for(state, seat, "monster"):
            return "Your ship must be beside that island."
        if not Q.monster_fits(state, seat, monster):
            return f"A {monster} monster fits none of your open monster tasks."
        return None
    if kind in ("explore", "shrine"):
        tile = board["tiles"].get(key)
        if tile is None:
            return "That island has no island tile."
        if key not in Q.reach_for(state, seat, "tile"):
            return "Your ship must be beside that island."
        if kind == "explore":
            return "That island tile is face up already." if tile["up"] else None
        if not tile["up"]:
            return "That island tile is still face down: explore it first."
        if tile["colour"] != me["colour"]:
            return "You build shrines only on island tiles of your colour."
        if tile["shrine"] is not None:
            return "That island tile has a shrine already."
        if Q.shrine_tile(state, seat) is None:
            return "You have no shrine left to build."
        return None
    colour = move["colour"]
    if kind == "load_offering":
        if colour not in board["offerings"].get(key, []):
            return "There is no such offering on that island."
        if key not in Q.reach_for(state, seat, "offering"):
            return "Your ship must be beside that island."
        if Q.cargo_room(state, seat) < 1:
            return "Your ship has no room left."
        if not Q.offering_fits(state, seat, colour):
            return f"A {colour} offering fits none of your open offering tasks (or you carry one for that task)."
        return None
    if kind == "deliver":
        if island["kind"] != "temple" or island["colour"] != colour:
            return f"Offerings go to the temple of their colour: that is not the {colour} temple."
        if ["offering", colour] not in me["cargo"]:
            return f"You carry no {colour} offering."
        if key not in Q.reach_for(state, seat, "offering"):
            return "Your ship must be beside the temple."
        return None
    if kind == "load_statue":
        if colour not in board["statues"].get(key, []):
            return "There is no such statue in that city."
        if key not in Q.reach_for(state, seat, "statue"):
            return "Your ship must be beside that city."
        if Q.cargo_room(state, seat) < 1:
            return "Your ship has no room left."
        return None
    if kind == "raise_statue":
        if ["statue", colour] not in me["cargo"]:
            return f"You carry no {colour} statue."
        if island["kind"] != "statue":
            return "Statues are raised on statue islands."
        if free_site(state, key, colour) is None:
            return f"That island has no free {colour} site."
        if key not in Q.reach_for(state, seat, "statue"):
            return "Your ship must be beside that island."
        if Q.task_tile(state, seat, "statue", colour) is None:
            return f"You have raised a {colour} statue already (or have no statue task left)."
        return None
    return "Unknown action."


def free_site(state, key, colour) -> int | None:
    sites = Q.islands(state)[key]["sites"]
    taken = state["board"]["sites"][key]
    return next((i for i, site in enumerate(sites) if site == colour and taken[i] is None), None)


def _god_problem(state, seat, move, cache) -> str | None:
    colour = move["colour"]
    if colour not in C.COLOURS:
        return "There is no god of that colour."
    me = Q.seat_state(state, seat)
    if me["gods"][colour] < C.TOP:
        return f"{C.god_name(colour)} has not reached the top row."
    kind = move["type"]
    extra = set(move) - {"type", "colour"}
    if kind == "god_card":
        return None
    if me["returned"] and colour in ("blue", "green", "black", "pink"):
        return "You are back at Zeus: your ship stays there."
    wanted = {"blue": {"to"}, "green": {"island"}, "black": {"island", "monster"}, "pink": {"statue"}}.get(colour, set())
    if extra != wanted:
        return f"{C.god_name(colour)}'s action takes {', '.join(sorted(wanted)) or 'nothing more'}."
    board = state["board"]
    if colour == "blue":
        to = move["to"]
        if to == state["sea"]["zeus"]:
            return "You return to Zeus only when all your tasks are done." if Q.tasks_left(state, seat) else None
        if to not in Q.water(state) or to == me["pos"]:
            return "Poseidon moves your ship to another water space."
        return None
    if colour == "green":
        tile = board["tiles"].get(move["island"])
        if tile is None or tile["up"]:
            return "Artemis uncovers a face-down island tile."
        return None
    if colour == "black":
        key, monster = move["island"], move["monster"]
        if monster not in board["monsters"].get(key, []):
            return "There is no such monster on that island."
        if key not in Q.reach_for(state, seat, "monster"):
            return "Your ship must be beside that island."
        if not Q.monster_fits(state, seat, monster):
            return f"A {monster} monster fits none of your open monster tasks."
        return None
    if colour == "pink":
        statue = move["statue"]
        cities = [k for k in Q.adjacent_islands(state, me["pos"]) if Q.islands(state)[k]["kind"] == "city"]
        if not cities:
            return "Hermes's action needs your ship beside a city."
        if Q.cargo_room(state, seat) < 1:
            return "Your ship has no room left."
        if not any(statue in stock for stock in board["statues"].values()):
            return f"No {statue} statue is left in its city."
        return None
    if colour == "red":
        return None if Q.injury_total(state, seat) else "You hold no injury cards."
    return None


# -- the candidates ------------------------------------------------------------------
def legal_moves(state: dict, seat: int) -> list[dict]:
    if not state or state.get("phase") == "over":
        return []
    cache: dict = {}
    if current_actor(state) == seat and not state["pending"] and state["step"] == "actions":
        # Action candidates come judged already (see action_candidates).
        return action_candidates(state, seat, cache) + [
            move for move in god_candidates(state, seat) + [{"type": "end"}]
            if problem(state, seat, move, cache) is None]
    return [move for move in candidates(state, seat, cache) if problem(state, seat, move, cache) is None]


def candidates(state: dict, seat: int, cache: dict) -> list[dict]:
    actor = current_actor(state)
    moves: list[dict] = []
    if seat != actor:
        if state["phase"] == "play" and 0 <= seat < state["players"]:
            for offer in state["offers"][seat]:
                moves += [{"type": "take_offer", "roller": offer["roller"], "colour": c} for c in offer["colours"]]
        return moves
    me = Q.seat_state(state, seat)
    if state["pending"]:
        choice = state["pending"][0]
        kind = choice["kind"]
        if kind == "ship":
            return [{"type": "ship", "ship": ship} for ship in state["ships_offered"]]
        if kind == "drop_tile":
            return [{"type": "drop_tile", "tile": index} for index in range(len(me["tiles"]))]
        if kind == "equipment":
            return [{"type": "equipment", "card": card} for card in sorted(state["decks"]["display"])]
        if kind == "companion":
            return [{"type": "companion", "kind": k} for k in C.COMPANION_KINDS]
        if kind in ("god_step", "heal_colour"):
            return [{"type": kind, "colour": c} for c in C.COLOURS]
        if kind == "god_top":
            return [{"type": kind, "colour": c} for c in C.TOP_GODS]
        if kind == "chart":
            down = sorted(k for k, t in state["board"]["tiles"].items() if not t["up"])
            return [{"type": "chart", "islands": list(pair)} for pair in combinations(down, 2)]
        if kind == "uncover":
            return [{"type": "uncover", "island": key} for key in choice["islands"]]
        if kind == "grab":
            what, colours = C.GRABS[choice["card"]]
            stock = state["board"]["offerings" if what == "offering" else "statues"]
            moves = [{"type": "grab", "island": key, "colour": colour}
                     for key in sorted(stock) for colour in sorted(set(stock[key]), key=C.COLOURS.index)]
            return moves + [{"type": "skip"}]
        return []
    step = state["step"]
    if step == "offers":
        for offer in state["offers"][seat]:
            moves += [{"type": "take_offer", "roller": offer["roller"], "colour": c} for c in offer["colours"]]
        return moves + [{"type": "decline_offers"}]
    if step == "recover":
        held = [c for c in C.COLOURS for _ in range(me["injuries"][c])]
        found = sorted({combo for combo in combinations_with_replacement(held, 3)},
                       key=lambda combo: [C.COLOURS.index(c) for c in combo])
        return [{"type": "recover", "colours": list(combo)} for combo in found
                if list(combo) == sorted(combo, key=C.COLOURS.index)]
    if step == "blessing":
        return [{"type": "bless_favour"}] + [{"type": "bless_god", "colour": c} for c in C.COLOURS]
    if step == "battle":
        return [{"type": "fight_on"}, {"type": "retreat"}]
    if step != "actions":
        return []
    return action_candidates(state, seat, cache) + god_candidates(state, seat) + [{"type": "end"}]


def god_candidates(state: dict, seat: int) -> list[dict]:
    me = Q.seat_state(state, seat)
    moves = []
    board = state["board"]
    for colour in C.COLOURS:
        if me["gods"][colour] < C.TOP:
            continue
        moves.append({"type": "god_card", "colour": colour})
        base = {"type": "god_power", "colour": colour}
        if colour == "blue":
            targets = sorted(Q.water(state)) + [state["sea"]["zeus"]]
            moves += [{**base, "to": key} for key in targets]
        elif colour == "green":
            moves += [{**base, "island": key} for key in sorted(board["tiles"])]
        elif colour == "black":
            moves += [{**base, "island": key, "monster": m} for key in sorted(board["monsters"])
                      for m in sorted(set(board["monsters"][key]), key=C.COLOURS.index)]
        elif colour == "pink":
            moves += [{**base, "statue": c} for c in C.COLOURS]
        else:
            moves.append(base)
    return moves


def action_candidates(state: dict, seat: int, cache: dict) -> list[dict]:
    me = Q.seat_state(state, seat)
    board = state["board"]
    srcs = Q.sources(state, seat)
    if not srcs:
        return []
    bodies: list[dict] = [{"type": "draw_oracle"}, {"type": "take_favour"}]
    down = sorted(k for k, t in board["tiles"].items() if not t["up"])
    if len(down) >= 2:
        bodies += [{"type": "peek", "islands": list(pair)} for pair in combinations(down, 2)]
    elif down:
        bodies.append({"type": "peek", "islands": down})
    if "steps" not in cache:
        cache["steps"] = Q.sail_steps(state, seat)
    reach = Q.ship_range(state, seat)
    limit = reach + C.CREATURE_RANGE + me["favour"]
    targets = sorted(key for key, steps in cache["steps"].items() if steps <= limit)
    bodies += [{"type": "sail", "to": key} for key in targets]
    creatures = [c for c, kind in me["companions"] if kind == "creature"]
    bodies += [{"type": "sail", "to": key, "creature": c} for c in creatures for key in targets]
    if not Q.tasks_left(state, seat):
        bodies.append({"type": "sail", "to": state["sea"]["zeus"]})
    near = Q.islands_in_reach(state, seat, True)
    for key in sorted(near):
        for monster in sorted(set(board["monsters"].get(key, [])), key=C.COLOURS.index):
            bodies.append({"type": "fight", "island": key, "monster": monster})
        if key in board["tiles"]:
            bodies.append({"type": "explore", "island": key})
            bodies.append({"type": "shrine", "island": key})
        for colour in sorted(set(board["offerings"].get(key, [])), key=C.COLOURS.index):
            bodies.append({"type": "load_offering", "island": key, "colour": colour})
        if key in board["temples"]:
            bodies.append({"type": "deliver", "island": key, "colour": Q.islands(state)[key]["colour"]})
        for colour in sorted(set(board["statues"].get(key, [])), key=C.COLOURS.index):
            bodies.append({"type": "load_statue", "island": key, "colour": colour})
        if key in board["sites"]:
            for colour in sorted({c for kind, c in me["cargo"] if kind == "statue"}, key=C.COLOURS.index):
                bodies.append({"type": "raise_statue", "island": key, "colour": colour})
    for colour in C.COLOURS:
        bodies.append({"type": "heal", "colour": colour})
        bodies.append({"type": "advance_god", "colour": colour})
    for colour in C.AMULETS.values():
        bodies.append({"type": "amulet", "colour": colour})
    # Every candidate is judged by the same parts as ``problem``: the body once (it does
    # not depend on what pays), then each source's cost.
    favour = me["favour"]
    moves = []
    for body in bodies:
        if body["type"] == "peek":
            # Colour-free and checked above (sorted pairs of face-down tiles): only the
            # sources' own costs differ.
            moves += [{**body, **source} for source in srcs
                      if (C.EXTRA_ACTION_COST if "extra" in source else 0) <= favour]
            continue
        if _task_problem(state, seat, body, cache) is not None:
            continue
        for source in srcs:
            move = {**body, **source}
            if action_cost(state, seat, move, cache) <= favour:
                moves.append(move)
    return moves
