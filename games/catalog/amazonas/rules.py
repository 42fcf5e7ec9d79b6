"""Amazonas: the rules.

Read next to the seed text (BGA help, lines 93-200 of seed 004) and the rulings of
games/amazonas.md ("Ambiguities and rulings", cited as R1..R26):

* ``GameStarted`` deals the secret missions, draws the start player and hands out the
  copper coins (1 to the start player, then 2, 3, 4 clockwise).
* the start round: from the start player clockwise, each builds one hut in any village
  at its cheapest free site (``HutBuilt``), paying from the 3 gold (R3).
* 18 rounds. ``RoundStarted`` turns up the event (drawn from the cards left) and, after
  rounds 7 and 14, gives every hand its 7 income cards back. Every seat chooses an
  income card in secret (``IncomeChosen``, seen only by its seat); when all have chosen,
  ``IncomeRevealed`` shows the cards, their values and the turn order (copper coins
  break ties and are swapped). Then one seat at a time (R11): with two players the
  optional free neutral hut first (``NeutralHutBuilt``, R21); the Indio offer if the
  event is an Indio and nobody before took it (``IndioHired``, R18) or the income
  (``IncomeCollected``, with forest fire, theft and extra research money); any number
  of huts (``HutBuilt``); ``TurnEnded``. A step with nothing to decide is taken for the
  seat at once (income with no Indio or neutral hut to consider; the end of a turn in
  which no hut can be built).
* after round 18 ``GameEnded`` scores (scoring.py).

Money is one silver counter; a gold coin is 3 silver (R12).
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys
from games.engine.search import clone

from . import components as C
from .scoring import breakdown, counts, longest_row, majority_holders, mission_villages, own_huts

NEUTRAL = -1      # the owner recorded on a site taken by a neutral hut


def player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def card_value(state: dict, seat: int, card: int) -> int:
    """The money value of an income card for a seat: its number plus the matching tiles;
    card 0 counts the longest row, card 6 adds the Indio tiles (SEED)."""
    if card == 0:
        return longest_row(state, seat)
    if card == 6:
        return 6 + sum(state["indios"][seat].values())
    return card + counts(state, seat)[C.CARD_TYPE[card]]


def turn_order(values: list[int], copper: list[int]) -> tuple[list[int], list[int]]:
    """The order of play (highest value first, ties to the higher copper coin) and the
    copper coins after the tied players swapped them (reversed among each tie, R10)."""
    order = sorted(range(len(values)), key=lambda seat: (-values[seat], -copper[seat]))
    coins = list(copper)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        group = order[start:end + 1]
        if len(group) > 1:
            held = [copper[seat] for seat in group]
            for seat, coin in zip(group, reversed(held)):
                coins[seat] = coin
        start = end + 1
    return order, coins


class AmazonasRules(Rules):
    slug = "amazonas"
    title = "Amazonas"
    min_players = 2
    max_players = 4
    version = 1

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "missions": {
                    "type": "string", "enum": ["bonus", "penalty"], "default": "bonus",
                    "description": ("How mission cards score: 'bonus' gives 3 points per hut in each "
                                    "of your four mission villages (the BGA rule); 'penalty' is the "
                                    "original box's rule, 3 points lost per mission village "
                                    "without your hut."),
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        if not isinstance(options or {}, dict):
            raise IllegalMove("Options must be an object.", code="invalid_options")
        options = super().check_options(players, options)
        unknown = set(options) - {"missions"}
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.", code="invalid_options")
        if options["missions"] not in ("bonus", "penalty"):
            raise IllegalMove("The missions option is 'bonus' or 'penalty'.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_amazonas."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        village = {"type": "string", "enum": list(C.VILLAGE_IDS)}

        def move(name, properties=None, description=""):
            properties = properties or {}
            return {"type": "object", "description": description,
                    "properties": {"type": {"const": name}, **properties},
                    "required": ["type", *properties], "additionalProperties": False}

        return {"oneOf": [
            move("build", {"village": village}, "build one of your huts in a village"),
            move("income", {"card": {"type": "integer", "enum": list(C.INCOME_CARDS)}},
                 "choose this round's income card (secret until everyone has chosen)"),
            move("neutral", {"village": village}, "two players: build a free neutral hut first"),
            move("collect", {}, "take this round's income (and leave the Indio to the next player)"),
            move("hire", {"research": {"type": "string", "enum": list(C.TYPES)}},
                 "hire the Indio instead of taking income; it joins one of your research types"),
            move("end", {}, "end your turn"),
        ]}

    # -- the fold ----------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        missions = rng.sample(list(range(len(C.MISSIONS))), players, "missions")
        first = rng.randbelow(players, "first_player")
        copper = [0] * players
        for step in range(players):
            copper[(first + step) % players] = step + 1
        return [Event("GameStarted", {"players": players, "options": options, "first": first,
                                      "copper": copper, "missions": missions})]

    def evolve(self, state: dict, event: Event) -> dict:
        getattr(self, "_on_" + event.type)(state, event.payload)
        return state

    def _on_GameStarted(self, state, p):
        players = p["players"]
        state.clear()
        state.update({
            "players": players, "options": dict(p["options"]), "phase": "start", "round": 0,
            "first": p["first"], "copper": list(p["copper"]), "missions": list(p["missions"]),
            "sites": {village: [] for village in C.VILLAGE_IDS},
            "tiles": [{kind: 0 for kind in C.TYPES} for _ in range(players)],
            "indios": [{kind: 0 for kind in C.TYPES} for _ in range(players)],
            "money": [C.START_GOLD * C.SILVER_PER_GOLD] * players,
            "huts_left": [C.HUTS] * players,
            "neutral_left": [C.NEUTRAL_HUTS if players == 2 else 0] * players,
            "hands": [list(C.INCOME_CARDS) for _ in range(players)],
            "played": [[] for _ in range(players)], "chosen": [None] * players,
            "event": None, "events_left": sorted(C.EVENTS), "indio_open": False,
            "values": [None] * players, "income": [None] * players,
            "order": [(p["first"] + step) % players for step in range(players)], "turn": 0,
            "step": "build", "neutral_built": False,
            "five_chips": [None] * players, "chips_left": list(C.FIVE_TYPE_CHIPS[players]),
            "scores": None,
        })

    def _on_HutBuilt(self, state, p):
        seat, village = p["seat"], p["village"]
        state["sites"][village].append(seat)
        state["money"][seat] -= p["cost"]
        state["huts_left"][seat] = max(0, state["huts_left"][seat] - 1)
        state["tiles"][seat][C.village_type(village)] += 1
        if p.get("chip") is not None:
            state["five_chips"][seat] = p["chip"]
            state["chips_left"].remove(p["chip"])
        if state["phase"] == "start":
            state["turn"] += 1

    def _on_NeutralHutBuilt(self, state, p):
        state["sites"][p["village"]].append(NEUTRAL)
        state["neutral_left"][p["seat"]] -= 1
        state["neutral_built"] = True

    def _on_RoundStarted(self, state, p):
        state["phase"] = "choose"
        state["round"] = p["round"]
        state["event"] = p["event"]
        state["events_left"].remove(p["event"])
        state["indio_open"] = p["event"] == "indio"
        if p.get("hands_returned"):
            state["hands"] = [list(C.INCOME_CARDS) for _ in range(state["players"])]
            state["played"] = [[] for _ in range(state["players"])]
        state["chosen"] = [None] * state["players"]
        state["values"] = [None] * state["players"]
        state["income"] = [None] * state["players"]

    def _on_IncomeChosen(self, state, p):
        state["chosen"][p["seat"]] = p["card"]

    def _on_IncomeRevealed(self, state, p):
        state["phase"] = "turn"
        state["chosen"] = list(p["cards"])
        state["values"] = list(p["values"])
        state["order"] = list(p["order"])
        state["copper"] = list(p["copper"])
        for seat, card in enumerate(p["cards"]):
            state["hands"][seat].remove(card)
            state["played"][seat].append(card)
        state["turn"], state["step"], state["neutral_built"] = 0, "start", False

    def _on_IncomeCollected(self, state, p):
        state["money"][p["seat"]] = p["money"]
        state["income"][p["seat"]] = p["net"]
        state["step"] = "build"

    def _on_IndioHired(self, state, p):
        state["indios"][p["seat"]][p["research"]] += 1
        state["indio_open"] = False
        state["income"][p["seat"]] = 0
        state["step"] = "build"

    def _on_TurnEnded(self, state, p):
        state["turn"] += 1
        state["step"], state["neutral_built"] = "start", False

    def _on_GameEnded(self, state, p):
        state["phase"] = "over"
        state["scores"] = p["scores"]

    # -- whose turn ------------------------------------------------------------
    def to_move(self, state: dict) -> set[int]:
        phase = state.get("phase")
        if phase == "choose":
            return {seat for seat, card in enumerate(state["chosen"]) if card is None}
        if phase in ("start", "turn") and state["turn"] < len(state["order"]):
            return {state["order"][state["turn"]]}
        return set()

    def current(self, state: dict) -> int | None:
        if state.get("phase") in ("start", "turn") and state["turn"] < len(state["order"]):
            return state["order"][state["turn"]]
        return None

    # -- what may be built ---------------------------------------------------------
    def protected(self, state: dict, seat: int) -> bool:
        """Card 6 (Indio) shields its player from this round's negative event (SEED)."""
        return state["phase"] == "turn" and state["chosen"][seat] == 6

    def usable_links(self, state: dict, seat: int) -> set[str]:
        links = {C.WATER, C.PATH}
        if state["phase"] != "turn" or self.protected(state, seat):
            return links
        if state["event"] == "jaguar":
            links.discard(C.PATH)
        elif state["event"] == "crocodile":
            links.discard(C.WATER)
        return links

    def build_cost(self, state: dict, seat: int, village: str) -> int | None:
        """Silver for the village's cheapest free site (plus 1 for a hut beyond the
        twelfth), or None when there is no free site."""
        taken = len(state["sites"][village])
        costs = C.site_costs(village)
        if taken >= len(costs):
            return None
        extra = C.EXTRA_HUT_SILVER if state["huts_left"][seat] == 0 else 0
        return costs[taken] * C.SILVER_PER_GOLD + extra

    def build_problem(self, state: dict, seat: int, village) -> str | None:
        """Why ``seat`` may not build in ``village`` now (None: it may)."""
        if village not in C.VILLAGES:
            return f"There is no village called {village!r} on the map."
        name = C.village_name(village)
        owners = state["sites"][village]
        if seat in owners:
            return f"You already have a hut in {name}; one hut per village."
        cost = self.build_cost(state, seat, village)
        if cost is None:
            return f"{name} has no free building site left."
        if state["phase"] == "turn":
            links = self.usable_links(state, seat)
            touching = [(other, kind) for other, kind in C.NEIGHBOURS[village] if seat in state["sites"][other]]
            if not touching:
                return f"{name} is not joined by a jungle path or waterway to a village with your hut."
            if not any(kind in links for _, kind in touching):
                blocked = "jungle paths (the Jaguar)" if state["event"] == "jaguar" else "waterways (the Crocodiles)"
                return f"{name} can only be reached by {blocked}, which may not be used this round."
        if state["money"][seat] < cost:
            return (f"A hut in {name} costs {money_words(cost)}; you have "
                    f"{money_words(state['money'][seat])}.")
        return None

    def neutral_problem(self, state: dict, seat: int, village) -> str | None:
        if state["players"] != 2:
            return "Neutral huts are only used with two players."
        if state["neutral_left"][seat] <= 0:
            return "You have no neutral hut left."
        if state["neutral_built"]:
            return "You have already built a neutral hut this round."
        if village not in C.VILLAGES:
            return f"There is no village called {village!r} on the map."
        name = C.village_name(village)
        owners = state["sites"][village]
        if NEUTRAL in owners:
            return f"{name} already has a neutral hut; one per village."
        if len(C.site_costs(village)) - len(owners) < 2:
            return f"A neutral hut may not take the last free site of {name}."
        return None

    def _builds(self, state, seat) -> list[dict]:
        return [{"type": "build", "village": v} for v in C.VILLAGE_IDS if self.build_problem(state, seat, v) is None]

    def _neutrals(self, state, seat) -> list[dict]:
        if state["players"] != 2 or state["neutral_left"][seat] <= 0 or state["neutral_built"]:
            return []
        return [{"type": "neutral", "village": v} for v in C.VILLAGE_IDS
                if self.neutral_problem(state, seat, v) is None]

    def _owned_types(self, state, seat) -> list[str]:
        return [kind for kind in C.TYPES if counts(state, seat)[kind] > 0]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "start":
            return self._builds(state, seat)
        if phase == "choose":
            return [{"type": "income", "card": card} for card in state["hands"][seat]]
        if state["step"] == "start":
            moves = self._neutrals(state, seat) + [{"type": "collect"}]
            if state["indio_open"]:
                moves += [{"type": "hire", "research": kind} for kind in self._owned_types(state, seat)]
            return moves
        return self._builds(state, seat) + [{"type": "end"}]

    def _start_needs_choice(self, state, seat) -> bool:
        return bool(state["indio_open"] and self._owned_types(state, seat)) or bool(self._neutrals(state, seat))

    # -- decide ------------------------------------------------------------------
    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if state.get("phase") == "over":
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove('A move is an object with a "type".', code="malformed_move")
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        kind = move["type"]
        fields = {"build": {"village"}, "income": {"card"}, "neutral": {"village"}, "collect": set(),
                  "hire": {"research"}, "end": set()}
        if kind not in fields:
            raise IllegalMove(f"There is no move called {kind!r} in Amazonas.", code="unknown_move")
        if set(move) - {"type"} != fields[kind]:
            wanted = ", ".join(sorted(fields[kind])) or "no fields"
            raise IllegalMove(f"A {kind} move takes {wanted}.", code="malformed_move")
        kinds = {"village": str, "card": int, "research": str}
        for name in fields[kind]:
            value = move[name]
            if isinstance(value, bool) or not isinstance(value, kinds[name]):
                wanted = "a number" if kinds[name] is int else "a name"
                raise IllegalMove(f"The {name} of a {kind} move is {wanted}.", code="malformed_move")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(self._why_not(state, seat, move), code="illegal_move")
        work = clone(state)
        events: list[Event] = []

        def emit(event: Event) -> None:
            events.append(event)
            self.evolve(work, event)

        if kind == "build":
            emit(self._hut_built(work, seat, move["village"]))
        elif kind == "income":
            emit(Event("IncomeChosen", {"seat": seat, "round": work["round"], "card": move["card"]}))
        elif kind == "neutral":
            emit(Event("NeutralHutBuilt", {"seat": seat, "village": move["village"]}))
        elif kind == "collect":
            emit(self._income(work, seat))
        elif kind == "hire":
            emit(Event("IndioHired", {"seat": seat, "research": move["research"], "round": work["round"]}))
        elif kind == "end":
            emit(Event("TurnEnded", {"seat": seat}))
        self._advance(work, emit, rng)
        return events

    def _why_not(self, state, seat, move) -> str:
        kind, phase = move["type"], state["phase"]
        if phase == "start" and kind != "build":
            return "In the start round every player builds one hut in a village of their choice."
        if phase == "choose" and kind != "income":
            return "First choose your income card for this round."
        if phase == "choose":
            card = move["card"]
            if card not in C.INCOME_CARDS:
                return "Income cards are numbered 0 to 6."
            return f"You have already played your card {card} in this cycle; it comes back after rounds 7 and 14."
        if kind == "income":
            return "Income cards are chosen at the start of a round, not now."
        if kind == "build":
            if phase == "turn" and state["step"] == "start":
                return "Take your income (or hire the Indio) before you build."
            return self.build_problem(state, seat, move["village"]) or "You may not build there now."
        if kind == "neutral":
            if state["players"] != 2:
                return "Neutral huts are only used with two players."
            if state["step"] != "start":
                return "A neutral hut is built at the start of your turn, before your income."
            return self.neutral_problem(state, seat, move["village"]) or "You may not build a neutral hut there."
        if kind == "hire":
            if not state["indio_open"] or state["step"] != "start":
                return "There is no Indio on offer to you now."
            return "The Indio must join a research type you already own."
        if kind == "collect":
            return "You have already taken your income this round."
        return "Take your income (or hire the Indio) before you end your turn."

    def _hut_built(self, state, seat, village) -> Event:
        payload = {"seat": seat, "village": village, "cost": self.build_cost(state, seat, village),
                   "site": len(state["sites"][village]), "research": C.village_type(village),
                   "extra": state["huts_left"][seat] == 0, "chip": None}
        owned = {kind for kind in C.TYPES if state["tiles"][seat][kind] > 0} | {C.village_type(village)}
        if len(owned) == len(C.TYPES) and state["five_chips"][seat] is None and state["chips_left"]:
            payload["chip"] = state["chips_left"][0]
        return Event("HutBuilt", payload)

    def _income(self, state, seat) -> Event:
        """Income for the seat's revealed card, adjusted by the event (R13-R15)."""
        card, value, event = state["chosen"][seat], state["values"][seat], state["event"]
        shielded = card == 6
        income = value // 2 if event == "fire" and not shielded else value
        research = counts(state, seat)[event[len("research_"):]] if event.startswith("research_") else 0
        money = state["money"][seat] + income + research
        stolen = min(money, longest_row(state, seat)) if event == "theft" and not shielded else 0
        money -= stolen
        return Event("IncomeCollected", {"seat": seat, "card": card, "value": value, "income": income,
                                         "research": research, "stolen": stolen,
                                         "net": income + research - stolen, "money": money})

    def _advance(self, work, emit, rng) -> None:
        """Take every step that leaves nobody a choice, until a seat must decide."""
        while True:
            phase = work["phase"]
            if phase == "start":
                if work["turn"] < work["players"]:
                    return
                emit(self._round_started(work, rng))
            elif phase == "choose":
                if any(card is None for card in work["chosen"]):
                    return
                emit(self._reveal(work))
            elif phase == "turn":
                if work["turn"] >= len(work["order"]):
                    if work["round"] >= C.ROUNDS:
                        emit(Event("GameEnded", {"scores": breakdown(work)}))
                    else:
                        emit(self._round_started(work, rng))
                    continue
                seat = work["order"][work["turn"]]
                if work["step"] == "start":
                    if self._start_needs_choice(work, seat):
                        return
                    emit(self._income(work, seat))
                elif self._builds(work, seat):
                    return
                else:
                    emit(Event("TurnEnded", {"seat": seat}))
            else:
                return

    def _round_started(self, state, rng) -> Event:
        number = state["round"] + 1
        event = state["events_left"][rng.randbelow(len(state["events_left"]), "event")]
        return Event("RoundStarted", {"round": number, "event": event,
                                      "hands_returned": state["round"] in C.HAND_RETURNED_AFTER})

    def _reveal(self, state) -> Event:
        cards = list(state["chosen"])
        values = [card_value(state, seat, card) for seat, card in enumerate(cards)]
        order, copper = turn_order(values, state["copper"])
        return Event("IncomeRevealed", {"round": state["round"], "cards": cards, "values": values,
                                        "order": order, "copper": copper})

    # -- what players see ------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if not state:
            return {"started": False}
        over = state["phase"] == "over"
        players = state["players"]
        you = seat if seat is not None and 0 <= seat < players else None
        holders = majority_holders(state)
        to_move = self.to_move(state)
        sealed = state["phase"] == "choose"
        seats = []
        for index in range(players):
            seats.append({
                "seat": index, "money": state["money"][index], "copper": state["copper"][index],
                "tiles": dict(state["tiles"][index]), "indios": dict(state["indios"][index]),
                "counts": counts(state, index), "huts_left": state["huts_left"][index],
                "neutral_left": state["neutral_left"][index], "huts": own_huts(state, index),
                "hand": list(state["hands"][index]), "played": list(state["played"][index]),
                "chosen": (state["chosen"][index] is not None) if sealed else state["chosen"][index],
                "value": state["values"][index], "income": state["income"][index],
                "five_types_chip": state["five_chips"][index],
                "majority_chips": sorted(kind for kind, holder in holders.items() if holder == index),
                "waiting_for": index in to_move,
            })
            if over:
                seats[-1]["mission"] = list(mission_villages(state, index))
        result = {
            "started": True, "phase": state["phase"], "round": state["round"], "rounds": C.ROUNDS,
            "players": players, "you": you, "first": state["first"],
            "event": state["event"], "events_left": list(state["events_left"]),
            "indio_open": state["indio_open"], "order": list(state["order"]),
            "turn": state["turn"], "current": self.current(state), "step": state["step"],
            "neutral_built": state["neutral_built"],
            "sites": {village: list(owners) for village, owners in state["sites"].items()},
            "chips_left": list(state["chips_left"]), "majority": holders,
            "seats": seats, "to_move": sorted(to_move), "options": dict(state["options"]),
            "mission": list(mission_villages(state, you)) if you is not None else None,
            "my_card": state["chosen"][you] if you is not None else None,
        }
        if you is not None and you in to_move:
            result["protected"] = self.protected(state, you)
            result["links"] = sorted(self.usable_links(state, you))
        if over:
            result["outcome"] = self.outcome(state).to_json()
        return result

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        if event.type == "GameStarted":
            public = {key: value for key, value in p.items() if key != "missions"}
            if seat is not None and 0 <= seat < p["players"]:
                public["your_mission"] = p["missions"][seat]
            return Event(event.type, public)
        if event.type == "IncomeChosen" and p["seat"] != seat:
            return Event(event.type, {"seat": p["seat"], "round": p["round"]})
        return event

    # -- the end ---------------------------------------------------------------
    def outcome(self, state: dict) -> Outcome | None:
        if not state or state["phase"] != "over":
            return None
        details = [dict(score) for score in state["scores"]]
        for seat, score in enumerate(details):
            score["mission"] = list(mission_villages(state, seat))
        scores = [score["total"] for score in details]
        # Tie-break (SEED): more research tiles, then more money, then the higher copper coin.
        keys = [(s["total"], s["tile_count"], s["money"], s["copper"]) for s in details]
        ranks = rank_by_keys(keys)
        notes = []
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) > 1:
            winner = ranks.index(1)
            level = [(details[s]["tile_count"]) for s in tied]
            if level.count(max(level)) == 1:
                why = "more research tiles"
            elif len({details[s]["money"] for s in tied if details[s]["tile_count"] == max(level)}) > 1:
                why = "more money left"
            else:
                why = "the higher copper coin"
            notes.append(f"{', '.join(player(s) for s in tied)} tied on {best} points; "
                         f"{player(winner)} wins with {why}.")
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    # -- words -----------------------------------------------------------------
    def describe(self, event: Event, seat: int | None = None) -> str:
        p = event.payload
        kind = event.type
        if kind == "GameStarted":
            return (f"An expedition for {p['players']} began; {player(p['first'])} starts "
                    f"with the copper coin 1.")
        if kind == "HutBuilt":
            extra = " (an extra hut, 1 silver more)" if p.get("extra") else ""
            chip = f" and takes the {p['chip']}-point chip for all five types" if p.get("chip") else ""
            return (f"{player(p['seat'])} builds a hut in {C.village_name(p['village'])} for "
                    f"{money_words(p['cost'])}{extra}, gaining {article(C.TYPE_NAMES[p['research']])} tile{chip}.")
        if kind == "NeutralHutBuilt":
            return f"{player(p['seat'])} builds a neutral hut in {C.village_name(p['village'])}."
        if kind == "RoundStarted":
            back = " Everyone takes their income cards back." if p.get("hands_returned") else ""
            return f"Round {p['round']} of {C.ROUNDS}: the event is {C.EVENT_NAMES[p['event']]}.{back}"
        if kind == "IncomeChosen":
            return f"{player(p['seat'])} chooses an income card."
        if kind == "IncomeRevealed":
            cards = ", ".join(f"{player(s)} {C.card_name(c)} worth {p['values'][s]}" for s, c in enumerate(p["cards"]))
            order = ", ".join(player(s) for s in p["order"])
            return f"Income cards: {cards}. Turn order: {order}."
        if kind == "IncomeCollected":
            parts = [f"{p['income']} silver income"]
            if p["research"]:
                parts.append(f"{p['research']} silver research money")
            if p["stolen"]:
                parts.append(f"{p['stolen']} silver stolen")
            return f"{player(p['seat'])} takes {', '.join(parts)}."
        if kind == "IndioHired":
            return (f"{player(p['seat'])} hires the Indio instead of taking income; it joins their "
                    f"{C.TYPE_NAMES[p['research']]} tiles.")
        if kind == "TurnEnded":
            return f"{player(p['seat'])} ends their turn."
        if kind == "GameEnded":
            totals = ", ".join(f"{player(s)} {score['total']}" for s, score in enumerate(p["scores"]))
            return f"The expedition is over: {totals}."
        return super().describe(event, seat)


def article(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def money_words(silver: int) -> str:
    gold, rest = divmod(silver, C.SILVER_PER_GOLD)
    parts = []
    if gold:
        parts.append(f"{gold} gold")
    if rest or not parts:
        parts.append(f"{rest} silver")
    return " and ".join(parts)
