"""Let's Go to Japan: the rules.

Read next to the seed text (BGA help, "Spielablauf" to "Schlüsselbegriffe") and the
rulings of games/japan.md:

* setup: the six day symbols are shuffled onto Monday to Saturday for everybody
  (``GameStarted``); round 1's cards are dealt (``RoundStarted``).
* a round (13 of them, components.ROUND_TABLE): every seat acts at the same time and in
  secret. Each step is a ``ChoiceMade`` event that only its seat sees (and even that seat
  does not see which card a walk drew): draw for round 13, explore (draw 3, then discard
  3 one by one), place a card in front of, behind or between a day's cards, or discard it
  for a walk, take a day bonus, and end the round. When every seat has finished,
  ``RoundClosed`` reveals the round's choices and passes the rest of the hands on
  (left, then right from round 8; into the travel agent's plan when playing solo);
  the next ``RoundStarted`` deals.
* the trip (trip.py): ``TripStarted`` turns the walk cards over for their owners; each
  seat answers the trip's questions (``TripChoiceMade``); ``GameEnded`` scores.

Seats sit clockwise: a seat's left neighbour is the next seat number.
"""
from __future__ import annotations

import copy

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from .components import (CARDS_PER_DAY, CITIES, CITY_NAMES, DAY_NAMES, DAY_SYMBOLS, DAYS,
                         DRAW_PER_CITY, EXPERIENCE, ROUND_TABLE, ROUNDS, all_cards, city_of)
from .conditions import card
from .trip import Track, run_trip

BONUS_TIERS = {"mood": 1, "explore": 2, "joker": 2, "luxury": 3, "walk": 3}
PHASES_DONE = "done"


def player_name(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def new_seat() -> dict:
    return {"plan": [[] for _ in DAYS], "hand": [], "stack": [], "explore": 0, "jokers": 0,
            "luxury": 0, "start_ticket": 1, "mood": 0, "joy": 0, "stress": 0,
            "phase": PHASES_DONE, "plays_left": 0, "discards_left": 0, "bonus_day": None,
            "bonus_tier": 0, "round_moves": []}


def day_matches(column: list, symbol: str) -> int:
    """How many of a day's top icons match its symbol (a face-down walk: 1 relaxing joy)."""
    wanted = ("relax", "cheap") if symbol == "happiness" else (symbol,)
    count = 0
    for entry in column:
        icons = ("relax",) if "walk" in entry else card(entry["card"]).icons
        count += sum(1 for icon in icons if icon in wanted)
    return count


class Drawer:
    """Draws for one decision on copies of the decks; the ops replay the draws in evolve."""

    def __init__(self, state: dict, rng):
        self.decks = {city: list(state["decks"][city]) for city in CITIES}
        self.discard = list(state["discard"])
        self.rng = rng
        self.ops: list = []

    def draw(self, city: str) -> str | None:
        """A random card of ``city``'s deck, its discards shuffled in when it is empty.

        DESIGN: when a city has no card left at all, the other deck serves; when neither
        has one (it cannot happen with 160 cards and at most 5 plans), nothing is drawn.
        Legal moves never depend on this, so they reveal nothing of others' draws.
        """
        for which in (city, "kyoto" if city == "tokyo" else "tokyo"):
            if not self.decks[which] and any(city_of(c) == which for c in self.discard):
                self.ops.append(["reshuffle", which])
                self.decks[which] = sorted(c for c in self.discard if city_of(c) == which)
                self.discard = [c for c in self.discard if city_of(c) != which]
            deck = self.decks[which]
            if deck:
                chosen = deck.pop(self.rng.randbelow(len(deck), "deck"))
                self.ops.append(["draw", which, chosen])
                return chosen
        return None


def apply_ops(state: dict, ops: list) -> None:
    for op in ops:
        if op[0] == "reshuffle":
            city = op[1]
            state["decks"][city] = sorted(c for c in state["discard"] if city_of(c) == city)
            state["discard"] = [c for c in state["discard"] if city_of(c) != city]
        else:
            state["decks"][op[1]].remove(op[2])


def settle(seat: dict, round_number: int) -> None:
    """The seat's next step after a finished action."""
    if seat["phase"] in ("bonus", "discard", "draw"):
        return
    if seat["plays_left"] > 0:
        seat["phase"] = "play"
    elif round_number < ROUNDS and seat["hand"] and seat["explore"] > 0:
        seat["phase"] = "finish"     # may still explore before the rest is passed on
    else:
        seat["phase"] = PHASES_DONE


def settle_after_discard(seat: dict, round_number: int) -> None:
    seat["phase"] = "play"
    settle(seat, round_number)


def after_placing(state: dict, seat: dict, day: int) -> None:
    column = seat["plan"][day]
    if len(column) != CARDS_PER_DAY:
        return
    matches = day_matches(column, state["symbols"][day])
    if matches == 1:
        track = Track(seat["mood"], seat["joy"], seat["stress"])
        track.step(+1)
        seat["mood"], seat["joy"], seat["stress"] = track.mood, track.joy, track.stress
    elif matches >= 2:
        seat["phase"] = "bonus"
        seat["bonus_day"] = day
        seat["bonus_tier"] = min(matches, 3)


class JapanRules(Rules):
    slug = "japan"
    title = "Let's Go to Japan"
    min_players = 1
    max_players = 5
    version = 1

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "experience_tie_break": {
                    "type": "boolean", "default": False,
                    "description": ("The published optional tie-break: among tied players the one "
                                    "whose experience markers moved the most spaces wins. Off: "
                                    "tied players share the victory."),
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        options = super().check_options(players, options)
        unknown = set(options) - set(self.options_schema()["properties"])
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.", code="invalid_options")
        if not isinstance(options["experience_tie_break"], bool):
            raise IllegalMove("experience_tie_break is true or false.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_japan."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        day = {"type": "string", "enum": list(DAYS), "description": "a day of the plan"}
        position = {"type": "integer", "minimum": 0, "maximum": 3,
                    "description": "place in the day's column, 0 = top (the bottom card is the highlight)"}
        card_field = {"type": "string", "enum": all_cards("tokyo") + all_cards("kyoto"),
                      "description": "a card: T1-T80 from the Tokyo deck, K1-K80 from the Kyoto deck"}
        city = {"type": "string", "enum": list(CITIES)}

        def variant(kind, fields, required=None, description=""):
            return {"type": "object", "description": description,
                    "properties": {"type": {"const": kind}, **fields},
                    "required": ["type", *(required if required is not None else fields)],
                    "additionalProperties": False}

        return {"oneOf": [
            variant("draw", {"city": city}, description="round 13: draw a card from this deck first"),
            variant("explore", {"tokyo": {"type": "integer", "minimum": 0, "maximum": 3,
                                          "description": "how many of the 3 cards come from Tokyo"}},
                    description="spend an exploration marker: draw 3 cards, then discard 3"),
            variant("discard", {"card": card_field}, description="discard one card after exploring"),
            variant("place", {"card": card_field, "day": day, "position": position}),
            variant("walk", {"card": card_field, "city": city, "day": day, "position": position},
                    description="discard the card, place a face-down walk drawn from that city's deck"),
            variant("bonus", {"bonus": {"type": "string", "enum": list(BONUS_TIERS)}, "city": city,
                              "position": position}, required=["bonus"],
                    description="the day bonus; a bonus walk names its deck and position"),
            variant("pass", {}, description="end your round and pass the remaining cards"),
            variant("city", {"card": card_field, "city": city}, description="trip: a yellow card's city"),
            variant("ticket", {"kind": {"type": "string", "enum": ["start", "luxury", "standard"]}},
                    description="trip: the ticket for the next change of city"),
            variant("face", {"card": card_field, "face": {"type": "string", "enum": ["up", "down"]}},
                    description="trip: use a walk card face up or face down"),
            variant("joker", {"track": {"type": "string", "enum": list(EXPERIENCE)}},
                    description="trip: spend a joker on an experience marker"),
            variant("continue", {}, description="trip: use no (more) jokers now"),
        ]}

    # -- the fold ----------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        symbols = rng.shuffled(list(DAY_SYMBOLS), "symbols")
        state = self.evolve({}, Event("GameStarted", {"players": players, "options": options,
                                                      "symbols": symbols}))
        return [Event("GameStarted", {"players": players, "options": options, "symbols": symbols}),
                self._open_round(state, 1, rng)]

    def evolve(self, state: dict, event: Event) -> dict:
        payload = event.payload
        kind = event.type
        if kind == "GameStarted":
            players = payload["players"]
            state.clear()
            state.update({
                "players": players, "options": dict(payload["options"]), "solo": players == 1,
                "symbols": list(payload["symbols"]), "round": 0, "phase": "planning",
                "decks": {city: all_cards(city) for city in CITIES}, "discard": [],
                "seats": [new_seat() for _ in range(players)],
                "agent": {"plan": [[] for _ in DAYS]} if players == 1 else None,
                "trip": None, "scores": None, "agent_score": None, "shown": None,
            })
            self._refresh(state)
        elif kind == "RoundStarted":
            number = payload["round"]
            state["round"] = number
            apply_ops(state, payload.get("ops", []))
            source, keep, _ = ROUND_TABLE[number]
            for index, seat in enumerate(state["seats"]):
                seat["round_moves"] = []
                seat["plays_left"] = keep
                seat["bonus_day"], seat["bonus_tier"], seat["discards_left"] = None, 0, 0
                if source == "deck":
                    seat["hand"] = list(payload["hands"][index])
                    seat["phase"] = "play"
                elif source == "stack":
                    seat["hand"], seat["stack"] = sorted(seat["stack"]), []
                    seat["phase"] = "play"
                else:
                    seat["hand"] = []
                    seat["phase"] = "draw"
            self._refresh(state)
        elif kind == "ChoiceMade":
            seat = state["seats"][payload["seat"]]
            apply_ops(state, payload.get("ops", []))
            self._apply(state, seat, payload["move"], payload.get("cards", []), payload.get("walk"))
            seat["round_moves"].append(dict(payload["move"]))
        elif kind == "RoundClosed":
            self._close(state, payload)
            self._refresh(state)
        elif kind == "TripStarted":
            state["phase"] = "trip"
            state["trip"] = [[] for _ in range(state["players"])]
            self._refresh(state)
        elif kind == "TripChoiceMade":
            state["trip"][payload["seat"]].append(dict(payload["move"]))
        elif kind == "GameEnded":
            state["phase"] = "over"
            state["scores"] = payload["scores"]
            state["agent_score"] = payload.get("agent")
        return state

    def _apply(self, state, seat, move, cards, walk) -> None:
        kind = move["type"]
        number = state["round"]
        if kind == "draw":
            seat["hand"] = sorted(seat["stack"]) + list(cards)
            seat["stack"] = []
            seat["phase"] = "play"
        elif kind == "explore":
            seat["explore"] -= 1
            seat["hand"] = seat["hand"] + list(cards)
            seat["phase"], seat["discards_left"] = "discard", min(3, len(cards))
            if not cards:
                settle_after_discard(seat, number)
        elif kind == "discard":
            seat["hand"].remove(move["card"])
            state["discard"].append(move["card"])
            seat["discards_left"] -= 1
            if seat["discards_left"] == 0:
                settle_after_discard(seat, number)
        elif kind in ("place", "walk"):
            seat["hand"].remove(move["card"])
            day = DAYS.index(move["day"])
            if kind == "place":
                entry = {"card": move["card"]}
            else:
                state["discard"].append(move["card"])
                entry = {"walk": walk, "city": move["city"], "bonus": False}
                seat["explore"] += 1
            seat["plan"][day].insert(move["position"], entry)
            seat["plays_left"] -= 1
            seat["phase"] = "play"
            after_placing(state, seat, day)
        elif kind == "bonus":
            bonus = move["bonus"]
            day = seat["bonus_day"]
            if bonus == "mood":
                track = Track(seat["mood"], seat["joy"], seat["stress"])
                track.step(+1)
                seat["mood"], seat["joy"], seat["stress"] = track.mood, track.joy, track.stress
            elif bonus == "explore":
                seat["explore"] += 2
            elif bonus == "joker":
                seat["jokers"] += 1
            elif bonus == "luxury":
                seat["luxury"] += 1
            else:
                seat["plan"][day].insert(move["position"], {"walk": walk, "city": move["city"], "bonus": True})
            seat["phase"], seat["bonus_day"], seat["bonus_tier"] = "play", None, 0
        elif kind == "pass":
            seat["phase"] = PHASES_DONE
            return
        settle(seat, number)

    def _close(self, state, payload) -> None:
        number = payload["round"]
        players = state["players"]
        _, _, direction = ROUND_TABLE[number]
        apply_ops(state, payload.get("ops", []))
        solo_cards = payload.get("solo_stack", [])
        for index, seat in enumerate(state["seats"]):
            rest, seat["hand"] = seat["hand"], []
            seat["phase"], seat["round_moves"] = PHASES_DONE, []
            if state["solo"]:
                for passed in rest:
                    self._agent_take(state, passed)
                seat["stack"].extend(solo_cards)
            elif direction == "discard":
                state["discard"].extend(rest)
            else:
                target = (index + 1) % players if direction == "left" else (index - 1) % players
                state["seats"][target]["stack"].extend(rest)

    @staticmethod
    def _agent_take(state, passed) -> None:
        plan = state["agent"]["plan"]
        for column in plan:
            if len(column) < CARDS_PER_DAY:
                column.append({"card": passed})
                return
        state["discard"].append(passed)

    @staticmethod
    def _refresh(state) -> None:
        """What the others see of each seat: its state as the round opened (or closed)."""
        state["shown"] = {
            "decks": {city: len(state["decks"][city]) for city in CITIES},
            "discard": list(state["discard"]),
            "seats": [{key: copy.deepcopy(seat[key]) for key in
                       ("plan", "explore", "jokers", "luxury", "start_ticket", "mood", "joy", "stress")}
                      | {"hand": len(seat["hand"]), "stack": len(seat["stack"])}
                      for seat in state["seats"]],
        }

    # -- opening and closing rounds -------------------------------------------
    def _open_round(self, state, number, rng) -> Event:
        source, _, _ = ROUND_TABLE[number]
        payload = {"round": number}
        if source == "deck":
            drawer = Drawer(state, rng)
            hands = []
            for _ in range(state["players"]):
                hand = [c for city in CITIES for _ in range(DRAW_PER_CITY[number]) if (c := drawer.draw(city))]
                hands.append(hand)
            payload["hands"], payload["ops"] = hands, drawer.ops
        return Event("RoundStarted", payload)

    def _after_round(self, state, rng) -> list[Event]:
        """Events that close the round in ``state`` (every seat done) and open what follows."""
        number = state["round"]
        payload = {"round": number, "moves": [list(seat["round_moves"]) for seat in state["seats"]]}
        if state["solo"] and number < ROUNDS:
            drawer = Drawer(state, rng)
            payload["solo_stack"] = [c for passed in state["seats"][0]["hand"] if (c := drawer.draw(city_of(passed)))]
            payload["ops"] = drawer.ops
        events = [Event("RoundClosed", payload)]
        after = self.evolve(copy.deepcopy(state), events[0])
        if number < ROUNDS:
            events.append(self._open_round(after, number + 1, rng))
            return events
        events.append(Event("TripStarted", {}))
        after = self.evolve(after, events[-1])
        if not self.to_move(after):
            events.append(self._game_ended(after))
        return events

    def _game_ended(self, state) -> Event:
        scores = [self.trip_of(state, seat).score for seat in range(state["players"])]
        payload = {"scores": scores}
        if state["solo"]:
            payload["agent"] = run_trip(state["agent"]["plan"], {}, [], agent=True).score
        return Event("GameEnded", payload)

    # -- questions ------------------------------------------------------------
    def trip_of(self, state, seat):
        data = state["seats"][seat]
        start = {key: data[key] for key in ("mood", "joy", "stress", "jokers", "explore", "luxury", "start_ticket")}
        return run_trip(data["plan"], start, state["trip"][seat])

    def to_move(self, state: dict) -> set[int]:
        if not state or state["phase"] == "over":
            return set()
        if state["phase"] == "trip":
            return {seat for seat in range(state["players"]) if self.trip_of(state, seat).pending is not None}
        return {index for index, seat in enumerate(state["seats"]) if seat["phase"] != PHASES_DONE}

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if not state or seat not in self.to_move(state):
            return []
        if state["phase"] == "trip":
            return list(self.trip_of(state, seat).pending.options)
        return self._planning_moves(state, state["seats"][seat])

    def _planning_moves(self, state, seat) -> list[dict]:
        phase = seat["phase"]
        if phase == "draw":
            return [{"type": "draw", "city": city} for city in CITIES]
        if phase == "discard":
            return [{"type": "discard", "card": c} for c in sorted(set(seat["hand"]))]
        if phase == "bonus":
            tier = seat["bonus_tier"]
            moves = [{"type": "bonus", "bonus": name} for name, need in BONUS_TIERS.items()
                     if need <= tier and name != "walk"]
            if tier >= 3:
                moves += [{"type": "bonus", "bonus": "walk", "city": city, "position": position}
                          for city in CITIES
                          for position in range(len(seat["plan"][seat["bonus_day"]]) + 1)]
            return moves
        moves = []
        if phase == "play":
            open_days = [d for d, column in enumerate(seat["plan"]) if len(column) < CARDS_PER_DAY]
            for c in sorted(set(seat["hand"])):
                for d in open_days:
                    for position in range(len(seat["plan"][d]) + 1):
                        moves.append({"type": "place", "card": c, "day": DAYS[d], "position": position})
            for c in sorted(set(seat["hand"])):
                for city in CITIES:
                    for d in open_days:
                        for position in range(len(seat["plan"][d]) + 1):
                            moves.append({"type": "walk", "card": c, "city": city, "day": DAYS[d],
                                          "position": position})
        if seat["explore"] > 0 and state["round"] <= ROUNDS:
            moves += [{"type": "explore", "tokyo": k} for k in range(4)]
        if phase == "finish":
            moves.append({"type": "pass"})
        return moves

    # -- deciding -------------------------------------------------------------
    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if not state:
            raise IllegalMove("The game has not started.", code="not_started")
        if state["phase"] == "over":
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            raise IllegalMove("There is no such seat in this game.", code="not_your_turn")
        if state["phase"] == "trip":
            run = self.trip_of(state, seat)
            if run.pending is None:
                raise IllegalMove("Your trip is finished; wait for the others.", code="not_your_turn")
            if move not in run.pending.options:
                raise IllegalMove(self._why_not(state, seat, move), code="illegal_move")
            return self._decide_trip(state, seat, move)
        if state["seats"][seat]["phase"] == PHASES_DONE:
            raise IllegalMove("You have finished this round; wait for the other players.", code="not_your_turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(self._why_not(state, seat, move), code="illegal_move")
        payload = {"seat": seat, "round": state["round"], "move": dict(move)}
        drawer = Drawer(state, rng)
        kind = move["type"]
        if kind == "draw":
            payload["cards"] = [c for c in [drawer.draw(move["city"])] if c]
        elif kind == "explore":
            drawn = [drawer.draw("tokyo") for _ in range(move["tokyo"])] + \
                    [drawer.draw("kyoto") for _ in range(3 - move["tokyo"])]
            payload["cards"] = [c for c in drawn if c]
        elif kind == "walk" or (kind == "bonus" and move["bonus"] == "walk"):
            payload["walk"] = drawer.draw(move["city"])
        if drawer.ops:
            payload["ops"] = drawer.ops
        events = [Event("ChoiceMade", payload)]
        others_done = all(other["phase"] == PHASES_DONE
                          for index, other in enumerate(state["seats"]) if index != seat)
        if not others_done:
            return events
        # Only when this choice may close the round is the whole state copied.
        after = self.evolve(self._copy_for(state, seat), events[0])
        if not self.to_move(after):
            events += self._after_round(copy.deepcopy(after), rng)
        return events

    @staticmethod
    def _copy_for(state, seat) -> dict:
        """A copy deep enough for ``evolve`` of one seat's ChoiceMade."""
        seats = list(state["seats"])
        seats[seat] = copy.deepcopy(seats[seat])
        return {**state, "seats": seats, "discard": list(state["discard"]),
                "decks": {city: list(cards) for city, cards in state["decks"].items()}}

    def _decide_trip(self, state, seat, move) -> list[Event]:
        events = [Event("TripChoiceMade", {"seat": seat, "move": dict(move)})]
        trips = [list(moves) for moves in state["trip"]]
        after = self.evolve({**state, "trip": trips}, events[0])
        if self.trip_of(after, seat).pending is None and not self.to_move(after):
            events.append(self._game_ended(after))
        return events

    def _why_not(self, state, seat, move) -> str:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            return "A move is an object with a 'type'."
        kind = move["type"]
        if state["phase"] == "trip":
            pending = self.trip_of(state, seat).pending
            asked = {"yellow": "which city a yellow card belongs to (type 'city')",
                     "ticket": "which ticket you use for the next change of city (type 'ticket')",
                     "face": "whether a walk card is used face up or face down (type 'face')",
                     "joker": "whether you spend a joker before the highlight (type 'joker' or 'continue')",
                     "final_joker": "whether you spend a joker before experience scoring "
                                    "(type 'joker' or 'continue')"}[pending.kind]
            if kind == "ticket" and move.get("kind") in ("start", "luxury"):
                return f"You have no {move['kind']} ticket left; use another one."
            return f"The trip asks {asked}; that move does not answer it."
        data = state["seats"][seat]
        phase = data["phase"]
        if phase == "draw" and kind != "draw":
            return "Round 13 begins by naming the deck you draw your extra card from (type 'draw')."
        if phase == "discard" and kind != "discard":
            return f"You explored: discard {data['discards_left']} more card(s) from your hand first."
        if phase == "bonus" and kind != "bonus":
            return "Take the day bonus you earned first (type 'bonus')."
        if kind == "bonus" and phase == "bonus":
            return ("That bonus is above what your matches allow, or a bonus walk needs a deck "
                    "('city') and a 'position' of 0 to 3.")
        if kind == "explore":
            if data["explore"] < 1:
                return "You have no exploration marker."
            return "Say how many of the 3 cards come from Tokyo (0 to 3, while the decks hold enough)."
        if kind == "pass":
            return ("You still have cards to play this round." if data["plays_left"]
                    else "There is nothing to pass now.")
        if kind in ("place", "walk", "discard"):
            if move.get("card") not in data["hand"]:
                return "That card is not in your hand."
            if kind != "discard":
                if phase != "play":
                    return "You have played all your cards for this round."
                day = move.get("day")
                if day not in DAYS:
                    return "Name a day: mon, tue, wed, thu, fri or sat."
                column = data["plan"][DAYS.index(day)]
                if len(column) >= CARDS_PER_DAY:
                    return f"{DAY_NAMES[DAYS.index(day)]} already has its three cards."
                position = move.get("position")
                if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(column):
                    return f"A card goes in front of, between or behind the day's cards: position 0 to {len(column)}."
                if kind == "walk" and move.get("city") not in CITIES:
                    return "A walk is drawn from the 'tokyo' or the 'kyoto' deck."
            return "That move is not allowed now (check its fields)."
        if kind in ("city", "ticket", "face", "joker", "continue"):
            return "That move belongs to the trip, which starts after round 13."
        return f"'{kind}' is not a move of this game."

    # -- what players see ------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if not state:
            return {"started": False}
        over = state["phase"] == "over"
        revealed = state["phase"] in ("trip", "over")
        to_move = self.to_move(state)
        shown = state["shown"]
        players = []
        for index, public in enumerate(shown["seats"]):
            players.append({
                "seat": index,
                "plan": hide_walks(public["plan"], revealed),
                "explore": public["explore"], "jokers": public["jokers"], "luxury": public["luxury"],
                "start_ticket": public["start_ticket"], "mood": public["mood"], "joy": public["joy"],
                "stress": public["stress"], "hand_size": public["hand"], "stack_size": public["stack"],
                "waiting_for": index in to_move,
            })
        number = state["round"]
        source, keep, direction = ROUND_TABLE.get(number, ("", 0, ""))
        result = {
            "started": True, "phase": state["phase"], "round": number, "rounds": ROUNDS,
            "round_rule": {"source": source, "keep": keep, "pass": direction},
            "day_symbols": dict(zip(DAYS, state["symbols"])),
            "decks": dict(shown["decks"]), "discard": list(shown["discard"]),
            "players": players, "to_move": sorted(to_move), "you": seat, "private": None,
            "options": dict(state["options"]),
        }
        if state["solo"]:
            result["agent"] = {"plan": copy.deepcopy(state["agent"]["plan"])}
        if seat is not None and 0 <= seat < state["players"] and state["phase"] == "planning":
            data = state["seats"][seat]
            result["private"] = {
                "phase": data["phase"], "hand": list(data["hand"]), "stack_size": len(data["stack"]),
                "plays_left": data["plays_left"], "discards_left": data["discards_left"],
                "bonus": ({"day": DAYS[data["bonus_day"]], "tier": data["bonus_tier"]}
                          if data["phase"] == "bonus" else None),
                "plan": hide_walks(data["plan"], False),
                "explore": data["explore"], "jokers": data["jokers"], "luxury": data["luxury"],
                "start_ticket": data["start_ticket"], "mood": data["mood"], "joy": data["joy"],
                "stress": data["stress"], "moves_this_round": [dict(m) for m in data["round_moves"]],
                "legal_moves": self.legal_moves(state, seat),
            }
        if revealed:
            trips = []
            for index in range(state["players"]):
                run = self.trip_of(state, index)
                trips.append({
                    "seat": index, "moves": list(state["trip"][index]), "cities": run.cities,
                    "asks": ({"kind": run.pending.kind, "about": run.pending.about} if run.pending else None),
                    "log": run.log, "score": run.score,
                })
            result["trip"] = trips
            if seat is not None and 0 <= seat < state["players"] and seat in to_move:
                result["private"] = {"legal_moves": self.legal_moves(state, seat)}
        if over:
            result["outcome"] = self.outcome(state).to_json()
            if state["solo"]:
                result["agent"]["score"] = state["agent_score"]
        return result

    def redact(self, event: Event, seat: int | None) -> Event:
        payload = event.payload
        if event.type == "RoundStarted":
            hands = payload.get("hands")
            public = {"round": payload["round"]}
            if hands is not None:
                public["hand_sizes"] = [len(hand) for hand in hands]
                if seat is not None and 0 <= seat < len(hands):
                    public["your_hand"] = list(hands[seat])
            return Event(event.type, public)
        if event.type == "ChoiceMade":
            if payload["seat"] != seat:
                return Event(event.type, {"seat": payload["seat"], "round": payload["round"], "hidden": True})
            mine = {key: payload[key] for key in ("seat", "round", "move")}
            if "cards" in payload:
                mine["cards"] = list(payload["cards"])
            return Event(event.type, mine)     # a walk's card stays face down, even for its owner
        if event.type == "RoundClosed":
            return Event(event.type, {"round": payload["round"], "moves": payload["moves"]})
        return event

    # -- the end ---------------------------------------------------------------
    def outcome(self, state: dict) -> Outcome | None:
        if not state or state["phase"] != "over":
            return None
        scores = [score["total"] for score in state["scores"]]
        details = [dict(score) for score in state["scores"]]
        notes = []
        if state["solo"]:
            # The platform ranks its only seat first; the published solo result (beating the
            # travel agent with strictly more points) is in the notes and the details.
            agent = state["agent_score"]["total"]
            won = scores[0] > agent
            details[0].update({"agent_total": agent, "beat_agent": won})
            notes.append(f"The travel agent scored {agent}: {player_name(0)} "
                         f"{'beat it and won the solo game' if won else 'did not beat it and lost the solo game'}.")
            return Outcome(scores=scores, ranks=[1], notes=notes, details=details)
        if state["options"]["experience_tie_break"]:
            keys = [(score["total"], score["experience_spaces"]) for score in state["scores"]]
        else:
            keys = scores
        ranks = rank_by_keys(keys)
        winners = [index for index, rank in enumerate(ranks) if rank == 1]
        if len(winners) > 1:
            notes.append("Tied: " + ", ".join(player_name(s) for s in winners) + " share the victory.")
        elif scores.count(max(scores)) > 1:
            notes.append("Tied on points; the experience tie-break decided.")
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    # -- words -----------------------------------------------------------------
    def describe(self, event: Event, seat: int | None = None) -> str:
        payload = event.payload
        if event.type == "GameStarted":
            symbols = ", ".join(f"{DAY_NAMES[i]} {symbol}" for i, symbol in enumerate(payload["symbols"]))
            return f"A trip to Japan for {payload['players']} began. Good days: {symbols}."
        if event.type == "RoundStarted":
            source, keep, direction = ROUND_TABLE[payload["round"]]
            return f"Round {payload['round']} began: keep {keep}, the rest goes {direction}."
        if event.type == "ChoiceMade":
            if payload.get("hidden") or payload["seat"] != seat:
                return f"{player_name(payload['seat'])} made a secret choice."
            return f"You chose: {move_text(payload['move'])}."
        if event.type == "RoundClosed":
            parts = [f"{player_name(i)}: " + (", ".join(move_text(m) for m in moves) or "nothing")
                     for i, moves in enumerate(payload["moves"])]
            return f"Round {payload['round']} revealed. " + "; ".join(parts) + "."
        if event.type == "TripStarted":
            return "All plans are made: the trips begin and the walk cards are turned over."
        if event.type == "TripChoiceMade":
            return f"{player_name(payload['seat'])} on the trip: {move_text(payload['move'])}."
        if event.type == "GameEnded":
            totals = ", ".join(f"{player_name(i)} {s['total']}" for i, s in enumerate(payload["scores"]))
            agent = f"; the travel agent {payload['agent']['total']}" if payload.get("agent") else ""
            return f"The trips are over: {totals}{agent}."
        return super().describe(event, seat)


def hide_walks(plan: list, revealed: bool) -> list:
    if revealed:
        return copy.deepcopy(plan)
    return [[({"walk": None, "city": e["city"], "bonus": e["bonus"]} if "walk" in e else dict(e))
             for e in column] for column in plan]


def move_text(move: dict) -> str:
    kind = move["type"]
    if kind == "draw":
        return f"drew the extra card from {CITY_NAMES[move['city']]}"
    if kind == "explore":
        return f"explored ({move['tokyo']} Tokyo, {3 - move['tokyo']} Kyoto)"
    if kind == "discard":
        return f"discarded {card(move['card']).name} ({move['card']})"
    if kind == "place":
        return f"placed {card(move['card']).name} ({move['card']}) on {day_word(move)}"
    if kind == "walk":
        return (f"discarded {move['card']} for a walk from {CITY_NAMES[move['city']]} on {day_word(move)}")
    if kind == "bonus":
        words = {"mood": "a mood step", "explore": "two exploration markers", "joker": "a joker",
                 "luxury": "a luxury ticket", "walk": "a bonus walk"}[move["bonus"]]
        if move["bonus"] == "walk":
            words += f" from {CITY_NAMES[move['city']]} at position {move['position']}"
        return f"took {words} as day bonus"
    if kind == "pass":
        return "passed the remaining cards"
    if kind == "city":
        return f"sent the yellow card {card(move['card']).name} to {CITY_NAMES[move['city']]}"
    if kind == "ticket":
        return f"used a {move['kind']} ticket"
    if kind == "face":
        return f"used the walk {card(move['card']).name} face {move['face']}"
    if kind == "joker":
        return f"spent a joker on {move['track']}"
    return "went on"


def day_word(move: dict) -> str:
    return f"{DAY_NAMES[DAYS.index(move['day'])]} at position {move['position']}"
