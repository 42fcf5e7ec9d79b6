"""What a legal Delphi move does: the events it causes, and the steps that follow by
themselves (the next turn, the Titan at the end of a round, the end of the game).

``Turn`` wraps a working copy of the state: ``emit`` records an event and folds it in at
once, so each later decision sees its effect. Random draws (dice, cards, the battle die,
the Titan) are made here with the game's RNG and written into the events.
"""
from __future__ import annotations

from games.engine import Event

from . import components as C
from . import queries as Q
from .board import Sea
from .fold import evolve
from .sea_text import space_name
from .moves import free_site, needed_colour, action_cost, _sail_distance
from .setup import draw_colour


_SEAS: dict = {}


def sea_of(state: dict) -> Sea:
    """The Sea helper of a game's map, kept per map (the state is copied on every move,
    the map never changes)."""
    token = repr(state["sea"]["pieces"])
    sea = _SEAS.get(token)
    if sea is None:
        if len(_SEAS) >= 64:
            _SEAS.clear()
        sea = _SEAS[token] = Sea(state["sea"])
    return sea


class Turn:
    def __init__(self, state: dict, rng):
        self.state = state
        self.rng = rng
        self.events: list = []

    def emit(self, event_type: str, **payload) -> None:
        # Log lines name spaces in words ("blue water B3", "the red temple"); the
        # event carries them, since a line is written from its event alone.
        if self.state.get("sea") is not None:
            sea = sea_of(self.state)
            for field in ("to", "island"):
                if payload.get(field) is not None:
                    payload["place"] = space_name(sea, payload[field])
            if payload.get("islands"):
                payload["places"] = [space_name(sea, key) for key in payload["islands"]]
        event = Event(event_type, payload)
        self.events.append(event)
        evolve(self.state, event_type, payload)

    # -- small effects ---------------------------------------------------------------
    def favour(self, seat: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        if Q.has_ship(self.state, seat, 3):
            amount += 1                      # Golden Touch
        self.emit("FavourTaken", seat=seat, amount=amount, why=why)

    def pay(self, seat: int, amount: int, why: str) -> None:
        if amount > 0:
            self.emit("FavourPaid", seat=seat, amount=amount, why=why)

    def oracle_card(self, seat: int, count: int = 1) -> None:
        decks = self.state["decks"]
        for _ in range(count):
            pool = dict(decks["oracle"]) if sum(decks["oracle"].values()) else dict(decks["oracle_discard"])
            if not sum(pool.values()):
                return
            self.emit("OracleCardDrawn", seat=seat, colour=draw_colour(pool, self.rng, "oracle"))

    def injury(self, seat: int, count: int = 1) -> None:
        decks = self.state["decks"]
        for _ in range(count):
            pool = dict(decks["injury"]) if sum(decks["injury"].values()) else dict(decks["injury_discard"])
            if not sum(pool.values()):
                return
            colour = draw_colour(pool, self.rng, "injury")
            self.emit("InjuryDrawn", seat=seat, colour=colour)
            if Q.has_companion(self.state, seat, colour, "hero"):
                self.emit("InjuriesDiscarded", seat=seat, colours={colour: 1}, why="hero")

    def god_steps(self, seat: int, count: int, why: str) -> None:
        for _ in range(count):
            self.emit("ChoiceOwed", seat=seat, kind="god_step", why=why)

    def shield(self, seat: int, amount: int) -> None:
        now = Q.shield(self.state, seat)
        after = min(C.SHIELD_MAX, now + amount)
        if after != now:
            self.emit("ShieldRaised", seat=seat, shield=after)

    def laurel(self, seat: int) -> None:
        """Equipment 11: offerings, statues and monsters also give a god step."""
        if Q.has_equipment(self.state, seat, 11):
            self.god_steps(seat, 1, "laurel")

    # -- rewards -----------------------------------------------------------------------
    def uncover(self, seat: int, island: str) -> None:
        """Flip an island tile: a shrine if it shows the seat's colour and a shrine task is
        open, else the reward of its Greek letter (ruling 6, 7)."""
        colour, letter = self.state["hidden"][island]
        self.emit("TileUncovered", seat=seat, island=island, colour=colour, letter=letter)
        me = Q.seat_state(self.state, seat)
        tile = Q.shrine_tile(self.state, seat)
        if colour == me["colour"] and tile is not None:
            self.emit("ShrineBuilt", seat=seat, island=island, tile=tile)
            self.god_steps(seat, 1, "shrine")
            return
        self.letter(seat, letter)

    def letter(self, seat: int, letter: str) -> None:
        if letter == "psi":
            self.favour(seat, 4, "psi")
        elif letter == "phi":
            self.oracle_card(seat, 2)
        elif letter == "sigma":
            self.god_steps(seat, 3, "sigma")
        else:
            self.shield(seat, 1)
            if Q.injury_total(self.state, seat):
                self.emit("ChoiceOwed", seat=seat, kind="heal_colour", why="omega")

    def take_equipment(self, seat: int, card: int) -> None:
        decks = self.state["decks"]
        left = sorted(decks["equipment"])
        refill = left[self.rng.randbelow(len(left), "equipment")] if left else None
        self.emit("EquipmentTaken", seat=seat, card=card, refill=refill)
        if card == 7:
            self.favour(seat, 3, "equipment")
            self.oracle_card(seat)
            self.god_steps(seat, 2, "equipment")
        elif card == 13:
            down = [k for k, t in self.state["board"]["tiles"].items() if not t["up"]]
            if len(down) >= 2:
                self.emit("ChoiceOwed", seat=seat, kind="chart")
        elif card == 16:
            self.shield(seat, 1)
        elif card in C.GRABS:
            self.emit("ChoiceOwed", seat=seat, kind="grab", card=card)
        elif card == 21:
            self.emit("ChoiceOwed", seat=seat, kind="god_top")

    def take_companion_choice(self, seat: int, colour: str) -> None:
        if any(c == colour for c, _ in self.state["companions"]):
            self.emit("ChoiceOwed", seat=seat, kind="companion", colour=colour)

    def companion(self, seat: int, colour: str, kind: str) -> None:
        self.emit("CompanionTaken", seat=seat, colour=colour, kind=kind)
        if kind == "hero":
            self.shield(seat, C.HERO_SHIELD)
            held = Q.seat_state(self.state, seat)["injuries"][colour]
            if held:
                self.emit("InjuriesDiscarded", seat=seat, colours={colour: held}, why="hero")
        elif kind == "demigod":
            self.oracle_card(seat)

    def defeat(self, seat: int, island: str, monster: str) -> None:
        tile = Q.task_tile(self.state, seat, "monster", monster)
        self.emit("MonsterDefeated", seat=seat, island=island, monster=monster, tile=tile)
        if self.state["decks"]["display"]:
            self.emit("ChoiceOwed", seat=seat, kind="equipment", why="monster")
        self.laurel(seat)

    # -- the turn's frame ----------------------------------------------------------------
    def settle(self) -> None:
        """Take every step that leaves nobody a choice, until a seat must decide."""
        state = self.state
        while True:
            if state["phase"] == "over":
                return
            if state["pending"]:
                choice = state["pending"][0]
                if self._choice_is_void(choice):
                    self.emit("ChoiceMade", seat=choice["seat"], kind=choice["kind"], skipped=True)
                    continue
                return
            if state["phase"] == "prepare":
                self.emit("PlayStarted")
                self.start_turn(state["order"][0])
                continue
            step = state["step"]
            seat = state["turn"]
            if step == "offers" and not self._offers_open(seat):
                self.emit("OffersDeclined", seat=seat)
                self.emit("StepBegan", seat=seat, step=self._start_step(seat))
                continue
            if step == "battle" and Q.seat_state(state, seat)["favour"] < 1:
                self.emit("BattleEnded", seat=seat, won=False, why="no favour")
                continue
            if step == "actions" and not self._anything_left(seat):
                self.end_turn(seat)
                continue
            return

    def _choice_is_void(self, choice) -> bool:
        from .moves import legal_moves
        moves = legal_moves(self.state, choice["seat"])
        return not [m for m in moves if m["type"] != "skip"]

    def _offers_open(self, seat) -> bool:
        return any(Q.god_step(self.state, seat, c) is not None
                   for offer in self.state["offers"][seat] for c in offer["colours"])

    def _anything_left(self, seat) -> bool:
        state = self.state
        if state["unused"] or Q.sources(state, seat):
            return True
        return any(row >= C.TOP for row in Q.seat_state(state, seat)["gods"].values())

    def _start_step(self, seat) -> str:
        if Q.must_recover(self.state, seat):
            return "recover"
        if Q.injury_total(self.state, seat) == 0:
            return "blessing"
        return "actions"

    def start_turn(self, seat: int) -> None:
        step = "offers" if self._offers_open(seat) else self._start_step(seat)
        self.emit("TurnStarted", seat=seat, round=self.state["round"], step=step)

    def end_turn(self, seat: int, roll: bool = True) -> None:
        state = self.state
        if roll:
            dice = [C.COLOURS[self.rng.randbelow(6, "dice")] for _ in range(C.DICE)]
            offers = []
            for other in range(state["players"]):
                if other == seat or state["seats"][other]["returned"]:
                    continue
                gods = state["seats"][other]["gods"]
                colours = sorted({c for c in dice if 0 < gods[c] < C.TOP}, key=C.COLOURS.index)
                if colours:
                    offers.append({"seat": other, "colours": colours})
            self.emit("OracleConsulted", seat=seat, dice=dice, offers=offers)
            for card, colour in C.CHARMS.items():
                if Q.has_equipment(state, seat, card) and colour in dice:
                    self.favour(seat, 2, "charm")
        else:
            self.emit("TurnEnded", seat=seat, why="recovery")
        order = state["order"]
        index = order.index(seat)
        if index + 1 < len(order):
            self.start_turn(order[index + 1])
            return
        if state["ending"]:
            self.finish()
            return
        roll_titan = self.rng.randbelow(C.TITAN_FACES, "titan") + 1
        self.emit("TitanAttacked", roll=roll_titan, seat=order[-1])
        for other in order:
            if roll_titan == C.TITAN_FACES:
                self.injury(other, 2)
            elif Q.shield(state, other) < roll_titan:
                self.injury(other, 1)
        self.emit("RoundBegan", round=state["round"] + 1)
        self.start_turn(order[0])

    def finish(self) -> None:
        state = self.state
        back = Q.all_returned(state)
        keys = {seat: (len(state["seats"][seat]["oracle"]), state["seats"][seat]["favour"]) for seat in back}
        best = max(keys.values()) if keys else None
        winners = sorted(seat for seat in back if keys[seat] == best)
        self.emit("GameEnded", winners=winners, returned=back,
                  tie_break={str(seat): list(keys[seat]) for seat in back})


# -- applying a move ----------------------------------------------------------------------
def apply(turn: Turn, seat: int, move: dict) -> None:
    state = turn.state
    kind = move["type"]
    if state["pending"] and kind in _CHOICE_HANDLERS:
        choice = state["pending"][0]
        turn.emit("ChoiceMade", seat=seat, kind=choice["kind"], skipped=kind == "skip")
        _CHOICE_HANDLERS[kind](turn, seat, move, choice)
        return
    if kind == "take_offer":
        row = Q.god_step(state, seat, move["colour"])
        turn.emit("OfferTaken", seat=seat, roller=move["roller"], colour=move["colour"], row=row)
        return
    if kind == "decline_offers":
        turn.emit("OffersDeclined", seat=seat)
        turn.emit("StepBegan", seat=seat, step=turn._start_step(seat))
        return
    if kind == "recover":
        counts: dict = {}
        for colour in move["colours"]:
            counts[colour] = counts.get(colour, 0) + 1
        turn.emit("InjuriesDiscarded", seat=seat, colours=counts, why="recovery")
        turn.end_turn(seat, roll=False)
        return
    if kind == "bless_favour":
        turn.favour(seat, 2, "no injuries")
        turn.emit("StepBegan", seat=seat, step="actions")
        return
    if kind == "bless_god":
        turn.emit("GodMoved", seat=seat, colour=move["colour"], row=Q.god_step(state, seat, move["colour"]),
                  why="no injuries")
        turn.emit("StepBegan", seat=seat, step="actions")
        return
    if kind == "end":
        turn.end_turn(seat)
        return
    if kind == "fight_on":
        turn.pay(seat, 1, "battle")
        battle = state["battle"]
        turn.emit("BattleContinued", seat=seat, strength=battle["strength"] - 1)
        _battle_round(turn, seat)
        return
    if kind == "retreat":
        turn.emit("BattleEnded", seat=seat, won=False, why="gave up")
        return
    if kind in ("god_power", "god_card"):
        _god(turn, seat, move)
        return
    _action(turn, seat, move)


def _battle_round(turn: Turn, seat: int) -> None:
    state = turn.state
    battle = state["battle"]
    roll = turn.rng.randbelow(C.BATTLE_FACES, "battle")
    won = roll >= battle["strength"]
    turn.emit("BattleRolled", seat=seat, roll=roll, strength=battle["strength"], won=won)
    if won:
        island, monster = battle["island"], battle["monster"]
        turn.emit("BattleEnded", seat=seat, won=True)
        turn.defeat(seat, island, monster)
    elif roll == 0:
        turn.injury(seat)


def _action(turn: Turn, seat: int, move: dict) -> None:
    state = turn.state
    kind = move["type"]
    source = {field: move[field] for field in ("die", "card", "extra") if field in move}
    wanted = needed_colour(state, seat, move)
    cost = action_cost(state, seat, move, {})
    steps = _sail_distance(state, seat, move, {}) if kind == "sail" else None
    recolour = Q.source_cost(state, seat, source, wanted) if "extra" not in source else 0
    turn.emit("DieUsed", seat=seat, source=source, action=kind, colour=wanted,
              recolour=recolour)
    turn.pay(seat, cost, kind)
    me = Q.seat_state(state, seat)
    if kind == "draw_oracle":
        turn.oracle_card(seat)
    elif kind == "take_favour":
        turn.favour(seat, 2, "action")
    elif kind == "peek":
        tiles = {key: list(state["hidden"][key]) for key in move["islands"]}
        turn.emit("TilesPeeked", seat=seat, islands=list(move["islands"]), tiles=tiles)
    elif kind == "sail":
        if move["to"] == state["sea"]["zeus"]:
            turn.emit("ShipMoved", seat=seat, to=move["to"], steps=steps, creature=None)
            turn.emit("ShipReturned", seat=seat)
        else:
            turn.emit("ShipMoved", seat=seat, to=move["to"], steps=steps, creature=move.get("creature"))
    elif kind == "fight":
        strength = C.BATTLE_BASE - me["shield"]
        turn.emit("BattleBegan", seat=seat, island=move["island"], monster=move["monster"], strength=strength)
        _battle_round(turn, seat)
    elif kind == "explore":
        turn.uncover(seat, move["island"])
    elif kind == "shrine":
        turn.emit("ShrineBuilt", seat=seat, island=move["island"], tile=Q.shrine_tile(state, seat))
        turn.god_steps(seat, 1, "shrine")
    elif kind == "load_offering":
        turn.emit("OfferingLoaded", seat=seat, island=move["island"], colour=move["colour"])
    elif kind == "deliver":
        tile = Q.task_tile(state, seat, "offering", move["colour"])
        turn.emit("OfferingDelivered", seat=seat, island=move["island"], colour=move["colour"], tile=tile)
        turn.favour(seat, 3, "offering")
        turn.laurel(seat)
    elif kind == "load_statue":
        turn.emit("StatueLoaded", seat=seat, island=move["island"], colour=move["colour"])
    elif kind == "raise_statue":
        tile = Q.task_tile(state, seat, "statue", move["colour"])
        site = free_site(state, move["island"], move["colour"])
        turn.emit("StatueRaised", seat=seat, island=move["island"], colour=move["colour"], site=site, tile=tile)
        turn.take_companion_choice(seat, move["colour"])
        turn.laurel(seat)
    elif kind == "heal":
        turn.emit("InjuriesDiscarded", seat=seat, colours={move["colour"]: me["injuries"][move["colour"]]},
                  why="action")
    elif kind == "advance_god":
        turn.emit("GodMoved", seat=seat, colour=move["colour"], row=Q.god_step(state, seat, move["colour"]),
                  why="action")
    elif kind == "amulet":
        turn.favour(seat, 1, "amulet")
        turn.oracle_card(seat)
        row = Q.god_step(state, seat, move["colour"])
        if row is not None:
            turn.emit("GodMoved", seat=seat, colour=move["colour"], row=row, why="amulet")


def _god(turn: Turn, seat: int, move: dict) -> None:
    state = turn.state
    colour = move["colour"]
    back = Q.home_row(state, seat)
    if move["type"] == "god_card":
        turn.emit("GodPowerUsed", seat=seat, colour=colour, row=back, power=False)
        turn.oracle_card(seat)
        return
    turn.emit("GodPowerUsed", seat=seat, colour=colour, row=back, power=True)
    if colour == "blue":
        turn.emit("ShipMoved", seat=seat, to=move["to"], steps=None, creature=None)
        if move["to"] == state["sea"]["zeus"]:
            turn.emit("ShipReturned", seat=seat)
    elif colour == "yellow":
        turn.oracle_card(seat)
    elif colour == "green":
        turn.uncover(seat, move["island"])
    elif colour == "red":
        held = {c: n for c, n in Q.seat_state(state, seat)["injuries"].items() if n}
        turn.emit("InjuriesDiscarded", seat=seat, colours=held, why="Aphrodite")
    elif colour == "black":
        turn.defeat(seat, move["island"], move["monster"])
    elif colour == "pink":
        city = next(k for k, stock in sorted(state["board"]["statues"].items()) if move["statue"] in stock)
        turn.emit("StatueLoaded", seat=seat, island=city, colour=move["statue"])


# -- choices owed ----------------------------------------------------------------------
def _ship(turn, seat, move, choice):
    turn.emit("ShipTaken", seat=seat, ship=move["ship"])
    ship_start(turn, seat, move["ship"])


def ship_start(turn: Turn, seat: int, ship: int) -> None:
    """The start effects of a ship tile that need a draw or a choice."""
    if ship == 1:
        turn.emit("ChoiceOwed", seat=seat, kind="equipment", why="ship")
        turn.oracle_card(seat)
    elif ship == 6:
        turn.emit("ChoiceOwed", seat=seat, kind="drop_tile")


def _drop_tile(turn, seat, move, choice):
    turn.emit("ZeusTileReturned", seat=seat, tile=move["tile"],
              kind=Q.seat_state(turn.state, seat)["tiles"][move["tile"]]["kind"],
              colour=Q.seat_state(turn.state, seat)["tiles"][move["tile"]]["colour"])


def _equipment(turn, seat, move, choice):
    turn.take_equipment(seat, move["card"])


def _companion(turn, seat, move, choice):
    turn.companion(seat, choice["colour"], move["kind"])


def _god_step(turn, seat, move, choice):
    turn.emit("GodMoved", seat=seat, colour=move["colour"], row=Q.god_step(turn.state, seat, move["colour"]),
              why=choice.get("why", "reward"))


def _heal_colour(turn, seat, move, choice):
    held = Q.seat_state(turn.state, seat)["injuries"][move["colour"]]
    turn.emit("InjuriesDiscarded", seat=seat, colours={move["colour"]: held}, why="omega")


def _grab(turn, seat, move, choice):
    what, _ = C.GRABS[choice["card"]]
    turn.emit("OfferingLoaded" if what == "offering" else "StatueLoaded", seat=seat, island=move["island"],
              colour=move["colour"])


def _skip(turn, seat, move, choice):
    pass


def _chart(turn, seat, move, choice):
    tiles = {key: list(turn.state["hidden"][key]) for key in move["islands"]}
    turn.emit("TilesPeeked", seat=seat, islands=list(move["islands"]), tiles=tiles)
    turn.emit("ChoiceOwed", seat=seat, kind="uncover", islands=list(move["islands"]))


def _uncover(turn, seat, move, choice):
    turn.uncover(seat, move["island"])


def _god_top(turn, seat, move, choice):
    turn.emit("GodMoved", seat=seat, colour=move["colour"], row=C.TOP, why="equipment")


_CHOICE_HANDLERS = {
    "ship": _ship, "drop_tile": _drop_tile, "equipment": _equipment, "companion": _companion,
    "god_step": _god_step, "heal_colour": _heal_colour, "grab": _grab, "skip": _skip,
    "chart": _chart, "uncover": _uncover, "god_top": _god_top,
}
