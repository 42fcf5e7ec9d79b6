"""Itchy Feet: The Travel Game (Rempen & Rioux, 2017) — the rules.

Read next to the German rulebook (shared/seeds/002) and docs/games/travel.md.

The state (plain JSON):

* ``hands`` — list per seat of card ids; ``deck`` — the draw pile, top first;
  ``discard`` — the face-up discard pile, top last;
* ``country`` — per seat, the country still to visit (``None`` once visited);
  ``visited`` — per seat; ``center`` — the shared country in the middle;
* ``characters`` — per seat (``None`` without the characters expansion);
* ``current`` / ``turn`` — whose turn, which turn; ``step`` — what the game waits
  for: ``action`` (the active player's action), ``draft`` (an offer being put
  together), ``offer`` (an offer waiting for its answer), ``window`` (a reaction
  window after a Steal or a Travel), ``guide`` (the Local Tour Guide's choice),
  ``between`` (a finished turn waiting for hand-limit discards) or ``over``;
* ``discards_due`` — seats over the hand limit and how many they must discard;
  while it is not empty only those seats move;
* ``draft`` / ``offer`` / ``offers_made`` — the trade under way;
* ``window`` / ``guide`` / ``strike`` / ``revealed`` — see the steps above, the
  Airport Strike event and the hand last shown by a traveller;
* ``winner`` / ``win_reason``.
"""
from __future__ import annotations

from games.engine.errors import IllegalMove
from games.engine.events import Event
from games.engine.outcome import Outcome
from games.engine.protocol import Rules

from . import fold
from .components import (CHARACTERS, COUNTRIES, ITEM_IDS, OPTION_CATEGORIES, START_HAND,
                         card_name, cards_of_category, distance_km)
from .moves import canonical, explain, legal_moves, may_move, to_move
from .table import postcards_in
from .turn import Play, perform

EXPANSIONS = ("events", "special_items", "forbidden_items", "postcards", "characters")

_CARD = {"type": "string", "minLength": 1, "maxLength": 40}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 5}


def _move(name: str, description: str, **fields) -> dict:
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"const": name}, **fields},
        "required": ["type", *fields],
        "additionalProperties": False,
    }


def first_player(distances: list[int], how: str, rng) -> int:
    """SEED: the player whose country is closest to the shared one starts.

    Distances are whole kilometres between capitals; a tie is broken at random.
    """
    if how == "random":
        return rng.randbelow(len(distances), "first")
    best = min(distances)
    tied = [seat for seat, km in enumerate(distances) if km == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied, "first")


class TravelRules(Rules):
    """Rules version 3. As version 2, a trade offer stands as soon as it is sent, and its
    sender may withdraw it, unasked, until it is answered. New in version 3 (SEED):

    * trades are face up ("Mit der Vorderseite nach oben!"): an offer sent, the offer a
      counter-offer answers and the cards a trade moves are shown to every player;
    * the hand limit holds "zu irgendeinem Zeitpunkt": a hand over it is brought back
      before anything else of the command happens (turn.py);
    * the discard pile becomes the new draw pile as soon as the draw pile's last card is
      taken, whatever took it (turn.py).

    Games keep the version they were created under: ``TravelRulesV2``, ``TravelRulesV1``."""

    slug = "travel"
    title = "Itchy Feet: The Travel Game"
    min_players = 2
    max_players = 6
    version = 3
    withdrawable_offers = True
    v3 = True
    # Events whose cards every player sees from version 3 on (trades are face up).
    public_trades = ("OfferMade", "DraftOpened", "TradeCompleted")

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "events": {"type": "boolean", "default": False,
                           "description": "Events expansion: 4 events shuffled into the draw pile, played at once when drawn."},
                "special_items": {"type": "boolean", "default": False,
                                  "description": "Special items expansion: 9 special items shuffled into the draw pile."},
                "forbidden_items": {"type": "boolean", "default": False,
                                    "description": "Forbidden items expansion: 3 forbidden items that stop you travelling."},
                "postcards": {"type": "boolean", "default": False,
                              "description": "Postcards expansion: 6 postcards; whoever holds 4 wins at once."},
                "characters": {"type": "boolean", "default": False,
                               "description": "Characters expansion: one face-up character with an ability per player."},
                "first_player": {"type": "string", "enum": ["closest", "random"], "default": "closest",
                                 "description": "Who starts: the player whose country's capital is closest to the shared country's (rulebook), or a random player."},
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        options = super().check_options(players, options)
        schema = self.options_schema()["properties"]
        for name, value in options.items():
            if name not in schema:
                raise IllegalMove(f"Unknown option {name!r}.", code="invalid_options")
            spec = schema[name]
            if spec["type"] == "boolean" and not isinstance(value, bool):
                raise IllegalMove(f"Option {name!r} must be true or false.", code="invalid_options")
            if spec["type"] == "string" and value not in spec["enum"]:
                raise IllegalMove(f"Option {name!r} must be one of {spec['enum']}.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_travel."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        cards = {"type": "array", "items": _CARD, "minItems": 1, "maxItems": 8}
        return {"oneOf": [
            _move("draw", "Action: draw one card."),
            _move("recycle", "Action: pay cards from your hand and take one card from the discard pile.",
                  pay={"type": "array", "items": _CARD, "minItems": 1, "maxItems": 2}, take=_CARD),
            _move("propose", "Trade: start putting together an offer to one other player.", to=_SEAT),
            _move("offer_give", "Trade draft: add one card of your hand to what you give.", card=_CARD),
            _move("offer_want", "Trade draft: ask for one card of a kind.", kind=_CARD),
            _move("offer_undo", "Trade draft: take back the last addition."),
            _move("offer_send", "Trade draft: send the offer."),
            _move("offer_cancel", "Trade draft: give up this offer."),
            _move("accept", "Accept the offer made to you."),
            _move("reject", "Refuse the offer made to you."),
            _move("counter", "Refuse the offer and start a counter-offer."),
            _move("withdraw", "Take back your offer while it waits for its answer."),
            _move("pass", "Let the action in the reaction window go ahead (and, in games under rules "
                          "version 1, let your offer stand)."),
            _move("steal", "Action: pay a card and take a random card from another player.",
                  target=_SEAT, pay={"anyOf": [_CARD, {"type": "null"}]}),
            _move("travel", "Action: travel to your next country with exactly these cards.",
                  country={"type": "string", "enum": sorted(COUNTRIES)}, cards=cards),
            _move("dispose", "Action: discard a forbidden item together with one other card.",
                  card=_CARD, extra=_CARD),
            _move("smuggle", "Action (Smuggler): hand a card to another player, then draw one.",
                  card=_CARD, to=_SEAT),
            _move("guide", "Action: play the Local Tour Guide."),
            _move("guide_take", "Take this card of those the tour guide showed you.", card=_CARD),
            _move("trading_post", "Action: play the Trading Post, putting these cards under the draw pile.",
                  cards={"type": "array", "items": _CARD, "minItems": 1, "maxItems": 3}),
            _move("sticky_fingers", "Action: play Sticky Fingers, stealing from this player for free.",
                  target=_SEAT),
            _move("duty_free", "Action: play Duty Free and draw two cards."),
            _move("flea_market", "Action: play the Flea Market and take this card from the discard pile.",
                  take=_CARD),
            _move("mouse_trap", "Reaction: foil the steal against you with the Mouse Trap."),
            _move("cancel_flight", "Reaction: cancel the journey with the Cancelled Flight."),
            _move("discard", "Hand limit: discard these cards.", cards=cards),
        ]}

    # -- the fold ------------------------------------------------------------
    def initial_state(self) -> dict:
        return {"winner": None}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        # 1. passports (and the characters, face up)
        passports = rng.sample(cards_of_category("passport"), players, "passports")
        characters = (rng.sample(sorted(CHARACTERS), players, "characters")
                      if options["characters"] else None)
        # 2. one country per player and one in the middle
        chosen = rng.sample(sorted(COUNTRIES), players + 1, "countries")
        countries, center = chosen[:players], chosen[players]
        # 3. the items form the draw pile; three each
        items = rng.shuffled(ITEM_IDS, "deck")
        hands = [[passports[seat], *items[seat * START_HAND:(seat + 1) * START_HAND]]
                 for seat in range(players)]
        rest = items[players * START_HAND:]
        # 4. the chosen expansion cards are shuffled into the draw pile
        for option_name, category_name in OPTION_CATEGORIES.items():
            if options[option_name]:
                rest += cards_of_category(category_name)
        deck = rng.shuffled(rest, "deck")
        distances = [round(distance_km(country, center)) for country in countries]
        first = first_player(distances, options["first_player"], rng)
        setup = Event("GameSetUp", {
            "players": players, "options": options, "hands": hands, "deck": deck,
            "countries": countries, "center": center, "characters": characters,
            "distances": distances, "first": first,
        })
        state = fold.apply(self.initial_state(), setup)
        play = Play(state, rng)
        play.v3 = self.v3
        play.start_turn(first)
        return [setup, *play.events]

    def evolve(self, state, event: Event):
        return fold.apply(state, event)

    def decide(self, state, seat: int, move: dict, rng) -> list[Event]:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move is an object with a type.", code="malformed_move")
        if not _well_typed(move):
            raise IllegalMove("A move's fields are seat numbers, card ids or lists of card ids.",
                              code="malformed_move")
        move = canonical(move)
        if move not in legal_moves(state, seat, only=move["type"]):
            message, code = explain(state, seat, move)
            raise IllegalMove(message, code=code)
        return perform(state, seat, move, rng, withdrawable_offers=self.withdrawable_offers,
                       v3=self.v3)

    # -- questions about a state ---------------------------------------------
    def legal_moves(self, state, seat: int) -> list[dict]:
        return legal_moves(state, seat)

    def to_move(self, state) -> set[int]:
        return to_move(state)

    def may_move(self, state) -> set[int]:
        return may_move(state)

    def view(self, state, seat: int | None) -> dict:
        over = state["winner"] is not None
        n = state["players"]
        offer, draft, guide = state["offer"], state["draft"], state["guide"]
        result = {
            "players": n,
            "options": state["options"],
            "you": seat,
            "current": state["current"],
            "turn": state["turn"],
            "step": state["step"],
            "to_move": sorted(to_move(state)),
            "may_move": sorted(may_move(state)),
            "countries": state["country"],
            "visited": state["visited"],
            "center": state["center"],
            "country_needs": {c: COUNTRIES[c]["needs"] for c in [*state["country"], state["center"]] if c},
            "characters": state["characters"],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "deck_size": len(state["deck"]),
            "discard": state["discard"],
            "strike": state["strike"],
            "discards_due": state["discards_due"],
            "offers_made": state["offers_made"],
            "revealed": state["revealed"],
            "window": state["window"],
            "winner": state["winner"],
            "win_reason": state["win_reason"],
        }
        if seat is not None:
            result["hand"] = sorted(state["hands"][seat])
        if offer is not None:
            visible = over or "OfferMade" in self.public_trades or seat in (offer["by"], offer["to"])
            result["offer"] = offer if visible else {"by": offer["by"], "to": offer["to"],
                                                     "standing": offer["standing"]}
        else:
            result["offer"] = None
        if draft is not None:
            result["draft"] = draft if (over or seat == draft["by"]) else {
                "by": draft["by"], "to": draft["to"], "counter": draft["counter"]}
        else:
            result["draft"] = None
        if guide is not None:
            result["guide"] = guide if (over or seat == guide["seat"]) else {"seat": guide["seat"]}
        else:
            result["guide"] = None
        if over:
            result["hands"] = [sorted(hand) for hand in state["hands"]]
            result["deck"] = state["deck"]
        return result

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            hands = [hand if seat == owner else [None] * len(hand) for owner, hand in enumerate(p["hands"])]
            return Event(kind, {**p, "hands": hands, "deck": [None] * len(p["deck"])})
        if kind == "DeckReshuffled":
            return Event(kind, {"order": [None] * len(p["order"])})
        private_to = {
            "CardDrawn": ("seat",),
            "GuideLooked": ("seat",),
            "GuideTook": ("seat",),
            "CardsBuried": ("seat",),
            "DraftChanged": ("by",),
            "OfferMade": ("by", "to"),
            # A counter-offer repeats the offer it answers: as private as that offer.
            "DraftOpened": ("by", "to"),
            "TradeCompleted": ("offerer", "accepter"),
            "StealResolved": ("thief", "victim"),
            "Smuggled": ("seat", "to"),
        }
        if kind in self.public_trades:
            return event
        if kind in private_to:
            if seat is not None and seat in [p[key] for key in private_to[kind]]:
                return event
            return Event(kind, _hide(kind, p))
        if kind == "CardsPassed":
            passes = [[giver, receiver, card if seat in (giver, receiver) else None]
                      for giver, receiver, card in p["passes"]]
            return Event(kind, {"passes": passes})
        return event

    def outcome(self, state) -> Outcome | None:
        if state.get("winner") is None:
            return None
        winner, n = state["winner"], state["players"]
        scores = [1 if seat == winner else 0 for seat in range(n)]
        ranks = [1 if seat == winner else 2 for seat in range(n)]
        if state["win_reason"] == "postcards":
            notes = [f"Player {winner + 1} held four postcards and won at once."]
        else:
            notes = [f"Player {winner + 1} was the first to travel to {state['center']}."]
        notes.append("The rules rank only the winner; every other player shares second place.")
        details = [{
            "own_country_visited": state["visited"][seat],
            "reached_center": seat == winner and state["win_reason"] == "travel",
            "postcards": postcards_in(state["hands"][seat]),
            "character": state["characters"][seat],
        } for seat in range(n)]
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    def describe(self, event: Event, seat: int | None = None) -> str:
        return _describe(event, seat)


def _hide(kind: str, p: dict) -> dict:
    if kind == "CardDrawn":
        return {**p, "card": None}
    if kind == "GuideLooked":
        return {**p, "cards": [None] * len(p["cards"])}
    if kind == "GuideTook":
        return {**p, "card": None if p["card"] is None else "?"}
    if kind == "CardsBuried":
        return {**p, "cards": [None] * len(p["cards"])}
    if kind == "DraftChanged":
        return {"by": p["by"], "entry": "hidden"}
    if kind == "OfferMade":
        return {**p, "give": [None] * len(p["give"]), "want": [None] * len(p["want"])}
    if kind == "DraftOpened":
        previous = p["previous"]
        if previous is None:
            return p
        return {**p, "previous": {"give": [None] * len(previous["give"]),
                                  "want": [None] * len(previous["want"])}}
    if kind == "TradeCompleted":
        return {**p, "offerer_gave": [None] * len(p["offerer_gave"]),
                "accepter_gave": [None] * len(p["accepter_gave"])}
    if kind == "StealResolved":
        return {**p, "card": None}
    if kind == "Smuggled":
        return {**p, "card": None}
    return p


def _well_typed(move: dict) -> bool:
    for key, value in move.items():
        if not isinstance(key, str):
            return False
        if isinstance(value, bool) or isinstance(value, float):
            return False
        if isinstance(value, list):
            if not all(isinstance(item, str) for item in value):
                return False
        elif value is not None and not isinstance(value, (str, int)):
            return False
    return True


def _player(seat) -> str:
    return f"Player {seat + 1}"


def _cards(cards) -> str:
    if not cards or any(card is None for card in cards):
        n = len(cards or [])
        return f"{n} card{'s' if n != 1 else ''}"
    return ", ".join(card_name(card) for card in cards)


def _describe(event: Event, seat) -> str:
    p, t = event.payload, event.type
    if t == "GameSetUp":
        return (f"{p['players']} travellers set off; the shared country is {p['center']}; "
                f"{_player(p['first'])} starts.")
    if t == "TurnStarted":
        return f"Turn {p['turn']}: {_player(p['seat'])} is up."
    if t == "TurnEnded":
        return f"{_player(p['seat'])}'s turn ends."
    if t == "CardDrawn":
        what = card_name(p["card"]) if p["card"] else "a card"
        return f"{_player(p['seat'])} drew {what}."
    if t == "DeckReshuffled":
        return f"The discard pile was shuffled into a new draw pile of {len(p['order'])} cards."
    if t == "EventRevealed":
        return f"{_player(p['seat'])} drew the event {card_name(p['card'])}."
    if t == "CardsPassed":
        return f"Civil unrest: {len(p['passes'])} players passed a random card to their left."
    if t == "LuggageLost":
        lost = ", ".join(f"{_player(s)} lost {card_name(c)}" for s, c in p["losses"])
        return f"Lost luggage: {lost or 'nobody lost anything'}."
    if t == "StrikeCalled":
        return f"Airport strike: nobody travels until {_player(p['seat'])}'s next turn."
    if t == "HandLimitReached":
        who = ", ".join(f"{_player(int(s))} discards {n}" for s, n in p["due"].items())
        return f"Hand limit: {who}."
    if t == "CardsDiscarded":
        return f"{_player(p['seat'])} discarded {_cards(p['cards'])}."
    if t == "Recycled":
        return f"{_player(p['seat'])} recycled {_cards(p['paid'])} and took {card_name(p['took'])}."
    if t == "DraftOpened":
        what = "a counter-offer" if p["counter"] else "a trade offer"
        return f"{_player(p['by'])} is putting together {what} for {_player(p['to'])}."
    if t == "DraftChanged":
        return f"{_player(p['by'])} changed their offer."
    if t == "DraftCancelled":
        return f"{_player(p['by'])} gave up their offer."
    if t == "OfferMade":
        return (f"{_player(p['by'])} offered {_player(p['to'])} {_cards(p['give'])} "
                f"for {_kinds(p['want'])}.")
    if t == "OfferStands":
        return f"{_player(p['by'])} lets the offer stand."
    if t == "OfferWithdrawn":
        return f"{_player(p['by'])} withdrew the offer."
    if t == "OfferRejected":
        return f"{_player(p['by'])} refused the offer."
    if t == "TradeCompleted":
        return (f"{_player(p['offerer'])} gave {_cards(p['offerer_gave'])} to {_player(p['accepter'])} "
                f"for {_cards(p['accepter_gave'])}.")
    if t == "StealDeclared":
        paid = f", paying {card_name(p['paid'])}" if p["paid"] else ""
        return f"{_player(p['thief'])} tries to steal from {_player(p['victim'])}{paid}."
    if t == "ReactionPassed":
        return f"{_player(p['seat'])} lets it happen."
    if t == "StealResolved":
        what = card_name(p["card"]) if p["card"] else "a random card"
        return f"{_player(p['thief'])} stole {what} from {_player(p['victim'])}."
    if t == "StealFoiled":
        return f"{_player(p['victim'])} sprang a Mouse Trap on {_player(p['thief'])}: the steal fails."
    if t == "TravelDeclared":
        return f"{_player(p['seat'])} shows their hand and sets off for {p['country']}."
    if t == "TravelCancelled":
        return f"{_player(p['by'])} played Cancelled Flight: {_player(p['traveller'])} stays home."
    if t == "Travelled":
        return f"{_player(p['seat'])} travelled to {p['country']} with {_cards(p['cards'])}."
    if t == "ForbiddenDisposed":
        return f"{_player(p['seat'])} got rid of {card_name(p['card'])} together with {card_name(p['extra'])}."
    if t == "Smuggled":
        what = card_name(p["card"]) if p["card"] else "a card"
        return f"{_player(p['seat'])} smuggled {what} into {_player(p['to'])}'s hand."
    if t == "SpecialPlayed":
        return f"{_player(p['seat'])} played {card_name(p['card'])}."
    if t == "GuideLooked":
        return f"{_player(p['seat'])} looked at the top {len(p['cards'])} cards of the draw pile."
    if t == "GuideTook":
        if p["card"] is None:
            return f"{_player(p['seat'])} found nothing to take."
        what = card_name(p["card"]) if p["card"] != "?" else "one of them"
        return f"{_player(p['seat'])} took {what}."
    if t == "CardsBuried":
        return f"{_player(p['seat'])} put {len(p['cards'])} card(s) under the draw pile."
    if t == "TookFromDiscard":
        return f"{_player(p['seat'])} took {card_name(p['card'])} from the discard pile."
    if t == "GameWon":
        how = "with four postcards" if p["reason"] == "postcards" else "by reaching the shared country"
        return f"{_player(p['seat'])} wins {how}!"
    return t


def _kinds(kinds) -> str:
    if not kinds or any(k is None for k in kinds):
        n = len(kinds or [])
        return f"{n} card{'s' if n != 1 else ''}"
    return ", ".join(k.replace("_", " ") for k in kinds)


class TravelRulesV2(TravelRules):
    """Rules version 2, kept so that games played under it replay and verify as they
    were played: offered and traded cards are shown only to the two players trading,
    the hand limit is checked when the command ends, and the discard pile is reshuffled
    only when a card is to be drawn from an empty draw pile."""

    version = 2
    v3 = False
    public_trades = ()


class TravelRulesV1(TravelRulesV2):
    """Rules version 1, kept so that games played under it replay and verify as they
    were played: the sender of an offer is to move right after sending it, to
    withdraw it or let it stand (``pass``); once it stands it can no longer be withdrawn."""

    version = 1
    withdrawable_offers = False
