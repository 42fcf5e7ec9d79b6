"""Forest Shuffle: Smoky Mountains: build a forest of trees, rivers and the life around them.

Read this next to docs/games/forestsm.md. A turn is one action, made of a few moves by
the same seat:

* A) ``draw`` twice (once with nine cards in hand, never with ten): each time the top
  card of the deck (``source: deck``) or a card of the clearing;
* B) ``play`` a card from the hand - a tree (alone, or with ``river``: another hand card
  face down under it as a universal river), a river card (as a single river), or one
  half of a split card at a free slot of one of your trees or rivers - then ``pay`` its
  cost card by card from the hand into the clearing. The card's effect resolves, then
  its bonus if every paying card shows its tree symbol, then the permanent effects it
  triggers; effects that ask for a choice are the moves ``take`` (a clearing card) and
  ``tuck`` (a hand card into the cave, or ``pass``);
* the special case ``shelter``: with neither action possible, show the hand, put two of
  it into the cave and draw two from the deck.

At the end of a turn a clearing of ten or more cards is emptied. The third winter card
drawn ends the game at once.

Hidden information: hands, the removed cards, the deck, universal rivers (their owner
knows them) and the cards tucked into a cave from the hand. The deck is kept as three
unordered piles (the upper two thirds; the first winter; the bottom third with the other
two winters), and each draw picks a random card of the first pile that is not empty at
the moment of drawing, so no future draw exists anywhere before it happens.

State (plain JSON)::

    phase        "play" | "over"
    players, first, current, turns (turns ended so far)
    piles        the deck: lists of card ids, each unordered (kept sorted)
    removed      cards removed unseen at setup
    hands        per seat, card ids
    clearing     face-up card ids
    winters      winter cards set aside
    forests      per seat, stems: {"card", "river" (face-down card id or None),
                 "slots": {slot: {"card", "half"}}}
    caves        per seat, card ids
    step         {"kind": "action" | "draw" | "pay" | "take" | "tuck", ...}
    queue        effects still to resolve this turn: {"effect", "source"}
    extra_turn   whether the seat takes another turn after this one
    end          None, or why the game ended
"""
from __future__ import annotations

import json
from itertools import combinations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from . import components as C
from .scoring import all_scores, stem_kind


def _player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def deck_count(state) -> int:
    return sum(len(pile) for pile in state["piles"])


def free_slots(state, seat: int):
    """Every free slot of ``seat``'s forest: (stem index, slot, stem kind)."""
    for index, stem in enumerate(state["forests"][seat]):
        kind = stem_kind(stem)
        for slot in C.SLOTS[kind]:
            if stem["slots"].get(slot) is None:
                yield index, slot, kind


def placement_problem(state, seat: int, card: int, half: str, stem: int, slot: str) -> str | None:
    """Why half ``half`` of ``card`` may not go at ``slot`` of stem ``stem``, or None."""
    forest = state["forests"][seat]
    if not 0 <= stem < len(forest):
        return f"you have no tree or river number {stem + 1}"
    kind = stem_kind(forest[stem])
    if slot not in C.SLOTS[kind]:
        where = {"tree": "a tree without a river has the slots top, left, right and bottom",
                 "river_tree": "a tree with a river has the slots top, left, right, bottom "
                               "and bottom2",
                 "river": "a single river has the slots top, top2, bottom and bottom2"}[kind]
        return where
    if forest[stem]["slots"].get(slot) is not None:
        return "that slot is already taken"
    if C.SLOT_SIDE[slot] != half:
        return f"the {half} half of a card goes only into a {half} slot"
    water = C.SPECIES[C.species_of(card, half)]["water"]
    if not C.slot_takes(kind, slot, water):
        if kind == "tree":
            return "a tree without a river takes only cards without the water condition"
        if kind == "river":
            return "a single river takes only cards with the water condition"
        return "the bottom slots of a tree with a river take only cards with the water condition"
    return None


def stem_name(state, seat: int, index: int) -> str:
    stem = state["forests"][seat][index]
    name = C.card_name(stem["card"])
    if stem_kind(stem) == "river_tree":
        name += " with a river"
    return f"{name} (no. {index + 1})"


_FIELDS = {
    "draw": ({"source"}, {"source", "card"}),
    "play": ({"card"}, {"card", "river", "half", "stem", "slot"}),
    "pay": ({"card"}, {"card"}),
    "take": ({"card"}, {"card"}),
    "tuck": ({"card"}, {"card"}),
    "pass": (set(), set()),
    "shelter": ({"cards"}, {"cards"}),
}


class ForestSmRules(Rules):
    slug = "forestsm"
    title = "Forest Shuffle: Smoky Mountains"
    min_players = 2
    max_players = 5
    version = 1
    # Cards are played from hidden hands, so a move can show something hidden.
    moves_reveal_hidden = True

    # -- description ------------------------------------------------------------------
    def options_schema(self) -> dict:
        return {"type": "object", "properties": {}, "additionalProperties": False}

    def check_options(self, players: int, options: dict) -> dict:
        if options is not None and not isinstance(options, dict):
            raise IllegalMove("Options must be an object.", code="invalid_options")
        options = super().check_options(players, options)
        if options:
            raise IllegalMove("Forest Shuffle: Smoky Mountains has no options.",
                              code="invalid_options")
        return options

    def view_schema(self) -> dict:
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        def move(name, properties=None, required=(), description=""):
            return {"type": "object", "description": description,
                    "properties": {"type": {"const": name}, **(properties or {})},
                    "required": ["type", *required], "additionalProperties": False}

        card = {"type": "integer", "minimum": 1, "maximum": max(C.PLAYABLE_IDS),
                "description": "A card id (see the card list in the docs)."}
        return {"oneOf": [
            move("draw", {"source": {"type": "string", "enum": ["deck", "clearing"]},
                          "card": {**card, "description": "The clearing card taken."}},
                 ["source"], "Action A: take one card from the deck or the clearing."),
            move("play", {"card": card,
                          "river": {**card, "description": "Trees only: a hand card laid "
                                    "face down under the tree as a universal river."},
                          "half": {"type": "string", "enum": ["top", "bottom", "left", "right"]},
                          "stem": {"type": "integer", "minimum": 0,
                                   "description": "Index of your tree or river (0 = first played)."},
                          "slot": {"type": "string", "enum": sorted(C.SLOT_SIDE)}},
                 ["card"], "Action B: play a card (a split card needs half, stem and slot)."),
            move("pay", {"card": card}, ["card"], "Pay one card of the cost into the clearing."),
            move("take", {"card": card}, ["card"], "An effect: take this clearing card."),
            move("tuck", {"card": card}, ["card"], "An effect: put this hand card into your cave."),
            move("pass", description="Decline an effect that lets you tuck a card."),
            move("shelter", {"cards": {"type": "array", "items": card, "minItems": 1,
                                       "maxItems": 2}}, ["cards"],
                 "The special case: these two hand cards go into your cave."),
        ]}

    # -- setup ----------------------------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        self.check_options(players, options)
        cards = rng.shuffled(C.PLAYABLE_IDS, "deck")
        removed = sorted(cards[:C.REMOVED[players]])
        cards = cards[C.REMOVED[players]:]
        hands = [sorted(cards[C.START_HAND * seat:C.START_HAND * (seat + 1)]) for seat in range(players)]
        rest = cards[C.START_HAND * players:]
        bottom = len(rest) // 3
        upper, lower = rest[:len(rest) - bottom], rest[len(rest) - bottom:]
        first_winter, *other_winters = C.WINTER_IDS
        piles = [sorted(upper), [first_winter], sorted(lower + other_winters)]
        first = rng.randbelow(players, "first")
        return [Event("GameSetUp", {"players": players, "first": first, "removed": removed,
                                    "hands": hands, "piles": piles})]

    # -- the fold -------------------------------------------------------------------------
    def evolve(self, state: dict, event: Event) -> dict:
        getattr(self, "_on_" + event.type)(state, event.payload)
        return state

    def _on_GameSetUp(self, state, p):
        players = p["players"]
        state.clear()
        state.update({
            "phase": "play", "players": players, "first": p["first"], "current": p["first"],
            "turns": 0, "piles": [list(pile) for pile in p["piles"]], "removed": list(p["removed"]),
            "hands": [list(hand) for hand in p["hands"]], "clearing": [], "winters": [],
            "forests": [[] for _ in range(players)], "caves": [[] for _ in range(players)],
            "step": {"kind": "action"}, "queue": [], "extra_turn": False, "end": None,
        })

    @staticmethod
    def _off_deck(state, card):
        for pile in state["piles"]:
            if card in pile:
                pile.remove(card)
                return
        raise ValueError(f"card {card} is not in the deck")

    def _on_WinterSetAside(self, state, p):
        self._off_deck(state, p["card"])
        state["winters"].append(p["card"])

    def _on_CardDrawn(self, state, p):
        card = p["card"]
        if p["source"] == "deck":
            self._off_deck(state, card)
        else:
            state["clearing"].remove(card)
        state["hands"][p["seat"]].append(card)
        if p.get("why") == "action":
            state["step"] = {"kind": "draw" if p.get("again") else "resolve"}

    def _on_ClearingRevealed(self, state, p):
        self._off_deck(state, p["card"])
        state["clearing"].append(p["card"])

    def _on_PlayStarted(self, state, p):
        seat = p["seat"]
        state["hands"][seat].remove(p["card"])
        if p.get("river") is not None:
            state["hands"][seat].remove(p["river"])
        state["step"] = {"kind": "pay", "card": p["card"], "half": p.get("half"),
                         "stem": p.get("stem"), "slot": p.get("slot"), "river": p.get("river"),
                         "cost": p["cost"], "paid": []}

    def _on_CardPaid(self, state, p):
        state["hands"][p["seat"]].remove(p["card"])
        state["clearing"].append(p["card"])
        state["step"]["paid"].append(p["card"])

    def _on_CardPlaced(self, state, p):
        seat = p["seat"]
        forest = state["forests"][seat]
        if p.get("half"):
            forest[p["stem"]]["slots"][p["slot"]] = {"card": p["card"], "half": p["half"]}
        else:
            forest.append({"card": p["card"], "river": p.get("river"), "slots": {}})
        state["step"] = {"kind": "resolve"}
        state["queue"] = [dict(item) for item in p["queue"]]

    def _on_EffectResolved(self, state, p):
        state["queue"].pop(0)
        if p.get("awaits"):
            state["step"] = {"kind": p["awaits"]}
        else:
            state["step"] = {"kind": "resolve"}
        if p["effect"].get("extra_turn"):
            state["extra_turn"] = True

    def _on_CardTaken(self, state, p):
        state["clearing"].remove(p["card"])
        state["hands"][p["seat"]].append(p["card"])
        state["step"] = {"kind": "resolve"}

    def _on_CardTucked(self, state, p):
        state["hands"][p["seat"]].remove(p["card"])
        state["caves"][p["seat"]].append(p["card"])
        state["step"] = {"kind": "resolve"}

    def _on_TuckDeclined(self, state, p):
        state["step"] = {"kind": "resolve"}

    def _on_ClearingToCave(self, state, p):
        for card in p["cards"]:
            state["clearing"].remove(card)
        state["caves"][p["seat"]].extend(p["cards"])

    def _on_HandShown(self, state, p):
        pass

    def _on_CardsSheltered(self, state, p):
        for card in p["cards"]:
            state["hands"][p["seat"]].remove(card)
        state["caves"][p["seat"]].extend(p["cards"])
        state["step"] = {"kind": "resolve"}

    def _on_TurnEnded(self, state, p):
        if p.get("cleared"):
            state["clearing"] = []
        state["current"] = p["next"]
        state["turns"] += 1
        state["step"] = {"kind": "action"}
        state["queue"] = []
        state["extra_turn"] = False

    def _on_GameEnded(self, state, p):
        state["phase"] = "over"
        state["end"] = p["reason"]

    # -- questions ------------------------------------------------------------------------
    def to_move(self, state: dict) -> set[int]:
        if state.get("phase") == "play":
            return {state["current"]}
        return set()

    def _draw_moves(self, state) -> list[dict]:
        moves = [{"type": "draw", "source": "deck"}] if deck_count(state) else []
        moves += [{"type": "draw", "source": "clearing", "card": card} for card in state["clearing"]]
        return moves

    def play_moves(self, state, seat: int) -> list[dict]:
        hand = state["hands"][seat]
        moves: list[dict] = []
        slots = list(free_slots(state, seat))
        for card in hand:
            entry = C.CARDS[card]
            if entry["kind"] in ("tree", "river"):
                spare = len(hand) - 1
                if spare < C.cost(card):
                    continue
                moves.append({"type": "play", "card": card})
                if entry["kind"] == "tree" and spare - 1 >= C.cost(card):
                    moves += [{"type": "play", "card": card, "river": other}
                              for other in hand if other != card]
                continue
            for half in C.halves(card):
                if len(hand) - 1 < C.cost(card, half):
                    continue
                water = C.SPECIES[C.species_of(card, half)]["water"]
                for stem, slot, kind in slots:
                    if C.SLOT_SIDE[slot] == half and C.slot_takes(kind, slot, water):
                        moves.append({"type": "play", "card": card, "half": half,
                                      "stem": stem, "slot": slot})
        return moves

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        step = state["step"]
        hand = state["hands"][seat]
        kind = step["kind"]
        if kind == "action":
            moves = self._draw_moves(state) if len(hand) < C.HAND_LIMIT else []
            moves += self.play_moves(state, seat)
            if not moves:
                size = min(2, len(hand))
                moves = [{"type": "shelter", "cards": list(pair)}
                         for pair in combinations(sorted(hand), size)]
            return moves
        if kind == "draw":
            return self._draw_moves(state)
        if kind == "pay":
            return [{"type": "pay", "card": card} for card in hand]
        if kind == "take":
            return [{"type": "take", "card": card} for card in state["clearing"]]
        if kind == "tuck":
            return [{"type": "tuck", "card": card} for card in hand] + [{"type": "pass"}]
        return []

    # -- decide ---------------------------------------------------------------------------
    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if state.get("phase") != "play":
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(move, dict) or move.get("type") not in _FIELDS:
            raise IllegalMove("A move is an object whose type is one of: " + ", ".join(_FIELDS) + ".",
                              code="malformed_move")
        kind = move["type"]
        required, allowed = _FIELDS[kind]
        if set(move) - {"type"} - allowed or required - set(move):
            wanted = ", ".join(sorted(allowed)) or "no other fields"
            raise IllegalMove(f"A {kind} move takes {wanted}.", code="malformed_move")
        for name in ("card", "river", "stem"):
            if name in move and type(move[name]) is not int:
                raise IllegalMove(f"The {name} of a {kind} move is a whole number.", code="malformed_move")
        if seat != state["current"]:
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        table = _Turn(self, state, seat, rng)
        getattr(table, "move_" + kind)(move)
        return table.events

    # -- what players see -----------------------------------------------------------------
    def scores(self, state) -> list[dict]:
        return all_scores(state["forests"], [len(cave) for cave in state["caves"]])

    def view(self, state: dict, seat: int | None) -> dict:
        from .view import build_view
        return build_view(self, state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            return Event(kind, {**p, "removed": [None] * len(p["removed"]),
                                "hands": [list(hand) if other == seat else [None] * len(hand)
                                          for other, hand in enumerate(p["hands"])],
                                "piles": [[None] * len(pile) for pile in p["piles"]]})
        if kind == "CardDrawn" and p["source"] == "deck" and seat != p["seat"]:
            return Event(kind, {**p, "card": None})
        if kind in ("PlayStarted", "CardPlaced") and p.get("river") is not None and seat != p["seat"]:
            return Event(kind, {**p, "river": None, "river_hidden": True})
        if kind == "CardTucked" and seat != p["seat"]:
            return Event(kind, {**p, "card": None})
        if kind == "CardsSheltered" and seat != p["seat"]:
            # The shown hand is public; which two of it went face down into the cave is not.
            return Event(kind, {**p, "cards": [None] * len(p["cards"])})
        return event

    def outcome(self, state: dict) -> Outcome | None:
        if state.get("phase") != "over":
            return None
        breakdown = self.scores(state)
        scores = [item["total"] for item in breakdown]
        notes = ["The game ended when the third winter card was drawn."]
        ranks = rank_by_keys(scores)
        if ranks.count(1) > 1:
            notes.append("The players with the most points share the victory.")
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=breakdown)

    def describe(self, event: Event, seat: int | None = None) -> str:
        from .words import describe
        return describe(event, seat)


class _Turn:
    """One decide call: checks a move, then emits its events and whatever follows
    automatically (effects, draws, the end of the turn) on a private copy of the state."""

    def __init__(self, rules: ForestSmRules, state: dict, seat: int, rng):
        self.rules = rules
        # State is plain JSON (the protocol's promise); a JSON round trip copies it several
        # times faster than deepcopy, which matters to bots that search over decide.
        self.state = json.loads(json.dumps(state))
        self.seat = seat
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, kind: str, payload: dict) -> None:
        event = Event(kind, payload)
        self.events.append(event)
        self.rules.evolve(self.state, event)

    @property
    def over(self) -> bool:
        return self.state["phase"] == "over"

    @property
    def hand(self) -> list[int]:
        return self.state["hands"][self.seat]

    def deck_card(self) -> int | None:
        """The next card of the deck, setting winters aside; None once the third winter
        ends the game (or the deck is empty)."""
        state = self.state
        while True:
            pile = next((pile for pile in state["piles"] if pile), None)
            if pile is None:
                return None
            card = pile[self.rng.randbelow(len(pile), "deck")]
            if not C.is_winter(card):
                return card
            self.emit("WinterSetAside", {"card": card, "count": len(state["winters"]) + 1})
            if len(state["winters"]) >= C.WINTERS:
                self.emit("GameEnded", {"reason": "third_winter"})
                return None

    def draw_to_hand(self, why: str) -> bool:
        """Draw one card from the deck into the hand; False when the game ended."""
        card = self.deck_card()
        if card is None:
            return False
        self.emit("CardDrawn", {"seat": self.seat, "source": "deck", "card": card, "why": why})
        return True

    def expect(self, *kinds: str) -> None:
        step = self.state["step"]["kind"]
        if step in kinds:
            return
        words = {"action": "choose your action: draw cards or play a card",
                 "draw": "draw your second card (from the deck or the clearing)",
                 "pay": "pay for the card you are playing",
                 "take": "take a card from the clearing for your effect",
                 "tuck": "choose a hand card for your cave, or pass"}
        raise IllegalMove(f"Not now: {words.get(step, 'wait')}.", code="wrong_step")

    # -- moves ------------------------------------------------------------------------
    def move_draw(self, move):
        self.expect("action", "draw")
        state = self.state
        first = state["step"]["kind"] == "action"
        if first and len(self.hand) >= C.HAND_LIMIT:
            raise IllegalMove("You hold ten cards, the most you may hold: you cannot draw.",
                              code="hand_full")
        again = first and len(self.hand) + 1 < C.HAND_LIMIT
        if move["source"] == "deck":
            if "card" in move:
                raise IllegalMove("A card from the deck is drawn blind: name no card.",
                                  code="malformed_move")
            card = self.deck_card()
            if card is None:
                if not self.over:
                    raise IllegalMove("The deck is empty.", code="deck_empty")
                return
            self.emit("CardDrawn", {"seat": self.seat, "source": "deck", "card": card,
                                    "why": "action", "again": again})
        elif move["source"] == "clearing":
            card = move.get("card")
            if card not in state["clearing"]:
                raise IllegalMove("That card is not in the clearing.", code="card_not_in_clearing")
            self.emit("CardDrawn", {"seat": self.seat, "source": "clearing", "card": card,
                                    "why": "action", "again": again})
        else:
            raise IllegalMove("Draw from the deck or from the clearing.", code="malformed_move")
        self.advance()

    def move_play(self, move):
        self.expect("action")
        state, seat, hand = self.state, self.seat, self.hand
        card = move["card"]
        if card not in hand:
            raise IllegalMove("That card is not in your hand.", code="card_not_in_hand")
        entry = C.CARDS[card]
        payload = {"seat": seat, "card": card}
        if entry["kind"] in ("tree", "river"):
            if set(move) & {"half", "stem", "slot"}:
                raise IllegalMove(f"A {entry['kind']} is played on its own: name no half, "
                                  "tree or slot.", code="malformed_move")
            cost = C.cost(card)
            spare = len(hand) - 1
            if "river" in move:
                river = move["river"]
                if entry["kind"] != "tree":
                    raise IllegalMove("Only a tree can have a universal river laid under it.",
                                      code="no_river_here")
                if river == card or river not in hand:
                    raise IllegalMove("The universal river must be another card from your hand.",
                                      code="card_not_in_hand")
                payload["river"] = river
                spare -= 1
            if spare < cost:
                raise IllegalMove(f"The {C.card_name(card)} costs {cost}, and you would have only "
                                  f"{spare} other card{'s' if spare != 1 else ''} to pay with.",
                                  code="cannot_pay")
        else:
            if "river" in move:
                raise IllegalMove("Only a tree can have a universal river laid under it.",
                                  code="no_river_here")
            half = move.get("half")
            if half not in C.halves(card):
                raise IllegalMove(f"Choose which half of the {C.card_name(card)} you play: "
                                  + " or ".join(C.halves(card)) + ".", code="choose_half")
            if "stem" not in move or "slot" not in move:
                raise IllegalMove("Say at which of your trees or rivers (stem) and which slot the "
                                  "card goes.", code="malformed_move")
            cost = C.cost(card, half)
            if len(hand) - 1 < cost:
                raise IllegalMove(f"The {C.card_name(card, half)} costs {cost}, and you have only "
                                  f"{len(hand) - 1} other cards to pay with.", code="cannot_pay")
            problem = placement_problem(state, seat, card, half, move["stem"], move["slot"])
            if problem:
                raise IllegalMove(f"The {C.card_name(card, half)} cannot go there: {problem}.",
                                  code="bad_slot")
            payload.update({"half": half, "stem": move["stem"], "slot": move["slot"]})
        payload["cost"] = cost
        self.emit("PlayStarted", payload)
        if cost == 0:
            self.place()
        else:
            self.advance()

    def move_pay(self, move):
        self.expect("pay")
        card = move["card"]
        if card not in self.hand:
            raise IllegalMove("That card is not in your hand.", code="card_not_in_hand")
        self.emit("CardPaid", {"seat": self.seat, "card": card})
        step = self.state["step"]
        if len(step["paid"]) >= step["cost"]:
            self.place()

    def move_take(self, move):
        self.expect("take")
        if move["card"] not in self.state["clearing"]:
            raise IllegalMove("That card is not in the clearing.", code="card_not_in_clearing")
        self.emit("CardTaken", {"seat": self.seat, "card": move["card"]})
        self.advance()

    def move_tuck(self, move):
        self.expect("tuck")
        if move["card"] not in self.hand:
            raise IllegalMove("That card is not in your hand.", code="card_not_in_hand")
        self.emit("CardTucked", {"seat": self.seat, "card": move["card"]})
        self.advance()

    def move_pass(self, move):
        self.expect("tuck")
        self.emit("TuckDeclined", {"seat": self.seat})
        self.advance()

    def move_shelter(self, move):
        self.expect("action")
        if self.rules.legal_moves(self.state, self.seat)[0]["type"] != "shelter":
            raise IllegalMove("You can still draw or play a card, so the special case does not "
                              "apply.", code="not_stuck")
        cards = move["cards"]
        if not isinstance(cards, list) or any(type(c) is not int for c in cards):
            raise IllegalMove("Name the cards for your cave by their numbers.", code="malformed_move")
        want = min(2, len(self.hand))
        if len(cards) != want or len(set(cards)) != want or any(c not in self.hand for c in cards):
            raise IllegalMove(f"Choose {want} different cards from your hand for your cave.",
                              code="card_not_in_hand")
        self.emit("HandShown", {"seat": self.seat, "hand": sorted(self.hand)})
        self.emit("CardsSheltered", {"seat": self.seat, "cards": sorted(cards)})
        for _ in range(2):
            if not self.draw_to_hand("special"):
                return
        self.advance()

    # -- what follows a move -------------------------------------------------------------
    def place(self):
        """The card is paid: place it, reveal a card after a tree, and queue the effects."""
        state, seat = self.state, self.seat
        step = state["step"]
        card, half = step["card"], step["half"]
        species = C.species_of(card, half)
        info = C.SPECIES[species]
        queue = []
        effect = info["effect"]
        if effect and "whenever" not in effect:
            queue.append({"effect": effect, "source": card, "kind": "effect"})
        matched = step["cost"] > 0 and all(C.symbol(paid) == C.symbol(card) for paid in step["paid"])
        if info["bonus"] and matched:
            queue.append({"effect": info["bonus"], "source": card, "kind": "bonus"})
        played_kind = C.CARDS[card]["kind"]
        for name, stem, _half in _own_cards(state["forests"][seat]):
            trigger = C.SPECIES[name]["effect"]
            if trigger and trigger.get("whenever") == played_kind:
                queue.append({"effect": {"draw": trigger["draw"]}, "source": stem, "kind": "permanent"})
        payload = {"seat": seat, "card": card, "paid": list(step["paid"]), "matched": matched,
                   "queue": queue}
        if half:
            payload.update({"half": half, "stem": step["stem"], "slot": step["slot"]})
        elif step["river"] is not None:
            payload["river"] = step["river"]
        self.emit("CardPlaced", payload)
        if played_kind == "tree":
            revealed = self.deck_card()
            if revealed is None:
                return
            self.emit("ClearingRevealed", {"card": revealed})
        self.advance()

    def advance(self):
        """Resolve queued effects until one needs a choice; then end the turn."""
        state, seat = self.state, self.seat
        while not self.over:
            kind = state["step"]["kind"]
            if kind not in ("resolve", "action"):
                return  # a choice or the second draw is awaited
            if state["queue"]:
                item = state["queue"][0]
                effect = item["effect"]
                if "take" in effect:
                    possible = state["clearing"] and len(self.hand) < C.HAND_LIMIT
                    self.emit("EffectResolved", {"seat": seat, "effect": effect, "source": item["source"],
                                                 "awaits": "take" if possible else None,
                                                 "skipped": not possible})
                elif "tuck" in effect:
                    possible = bool(self.hand)
                    self.emit("EffectResolved", {"seat": seat, "effect": effect, "source": item["source"],
                                                 "awaits": "tuck" if possible else None,
                                                 "skipped": not possible})
                elif "draw" in effect:
                    room = C.HAND_LIMIT - len(self.hand)
                    self.emit("EffectResolved", {"seat": seat, "effect": effect, "source": item["source"],
                                                 "skipped": room <= 0})
                    for _ in range(min(room, effect["draw"])):
                        if not self.draw_to_hand(item["kind"]):
                            return
                elif effect.get("clearing_to_cave"):
                    self.emit("EffectResolved", {"seat": seat, "effect": effect, "source": item["source"]})
                    if state["clearing"]:
                        self.emit("ClearingToCave", {"seat": seat, "cards": list(state["clearing"])})
                else:  # extra turn
                    self.emit("EffectResolved", {"seat": seat, "effect": effect, "source": item["source"]})
                continue
            cleared = len(state["clearing"]) >= C.CLEARING_LIMIT
            extra = state["extra_turn"]
            self.emit("TurnEnded", {"seat": seat, "next": seat if extra else (seat + 1) % state["players"],
                                    "cleared": list(state["clearing"]) if cleared else None,
                                    "extra": extra})
            return


def _own_cards(forest):
    """(species, card id) of every visible card of a forest."""
    for stem in forest:
        yield C.species_of(stem["card"]), stem["card"], None
        for entry in stem["slots"].values():
            if entry:
                yield C.species_of(entry["card"], entry["half"]), entry["card"], entry["half"]
