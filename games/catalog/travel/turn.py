"""What a legal move causes: the events of one command (``decide``).

A :class:`Play` works on a private copy of the state: every event it emits is folded
into that copy at once, so later steps of the same command (a draw after a trade, the
hand limit after a draw) see the cards where they now are. The instant postcard win
is checked after every event, which is how "four postcards win at once, at any time"
is honoured without anybody having to claim it.

Rules version 3 adds two readings of the rulebook (``Play.v3``):

* the hand limit holds "zu irgendeinem Zeitpunkt": before every card drawn and before
  the turn ends, a hand over the limit stops the command (``HandLimitReached`` with
  ``then``, the draws still owed); the last discard resumes it (``resume``);
* the discard pile becomes the new draw pile as soon as the last card leaves the draw
  pile, whatever took it (a draw, the Local Tour Guide), not only on the next draw.
"""
from __future__ import annotations

import json

from games.engine.events import Event

from . import fold
from .components import EMPTY_HAND_DRAW, category
from .table import (character, draft_lists, hand_limit, payable, pick_wanted, postcard_winner,
                    reaction_seats)


class Play:
    def __init__(self, state, rng):
        self.state = json.loads(json.dumps(state))
        self.rng = rng
        self.events: list[Event] = []
        self.withdrawable_offers = False
        self.v3 = False              # rules version 3: see the module docstring

    @property
    def over(self) -> bool:
        return self.state["winner"] is not None

    def emit(self, event_type: str, **payload) -> None:
        if self.over:
            return
        event = Event(event_type, payload)
        self.events.append(event)
        had_deck = bool(self.state["deck"])
        fold.apply(self.state, event)
        if event_type != "GameWon":
            winner = postcard_winner(self.state)
            if winner is not None:
                self.emit("GameWon", seat=winner, reason="postcards")
        # v3, SEED "Sobald die letzte Karte vom Zugstapel gezogen wurde": reshuffle at once.
        # A revealed event is played before it lies on the pile: the draw loop reshuffles
        # after resolving it.
        if (self.v3 and had_deck and event_type != "EventRevealed" and not self.over
                and not self.state["deck"] and self.state["discard"]):
            self.reshuffle()

    # -- the draw pile -----------------------------------------------------------
    def reshuffle(self) -> None:
        order = self.rng.shuffled(self.state["discard"], "deck")
        self.emit("DeckReshuffled", order=order)

    def ensure_deck(self) -> bool:
        if not self.state["deck"] and self.state["discard"]:
            self.reshuffle()
        return bool(self.state["deck"])

    def draw(self, seat: int, count: int, reason: str) -> None:
        """Draw ``count`` cards; an event drawn is played at once and replaced."""
        if self.v3:
            raise AssertionError("rules v3 draws through run()")
        drawn = 0
        while drawn < count and not self.over:
            if not self.ensure_deck():
                return                      # every card is in a hand: nothing to draw
            s = self.state
            if all(category(card) == "event" for card in s["deck"] + s["discard"]):
                return                      # only events left outside the hands
            card = s["deck"][0]
            if category(card) == "event":
                self.emit("EventRevealed", seat=seat, card=card)
                self.resolve_event(seat, card)
            else:
                self.emit("CardDrawn", seat=seat, card=card, reason=reason)
                drawn += 1
            # SEED: once the last card is drawn, the discard pile becomes the new deck
            if not self.over and not s["deck"] and s["discard"]:
                self.reshuffle()

    # -- rules v3: draws that stop for the hand limit ----------------------------------
    def run(self, draws: list, then: str) -> None:
        """Draw ``draws`` (``[seat, count, reason]`` each, in order), then end the turn
        (``then == "end_turn"``) or settle it (``"settle"``). Before each card, a hand
        over the limit stops everything: the rest waits in ``HandLimitReached.then``."""
        draws = [list(task) for task in draws]
        s = self.state
        while not self.over:
            if self.stop_for_limit(draws, then):
                return
            if not draws:
                break
            seat, count, reason = draws[0]
            if count <= 0 or not self.ensure_deck() or all(
                    category(card) == "event" for card in s["deck"] + s["discard"]):
                draws.pop(0)                # done, or nothing left to draw
                continue
            card = s["deck"][0]
            if category(card) == "event":
                self.emit("EventRevealed", seat=seat, card=card)
                if card == "holiday_season":
                    n = s["players"]      # everybody draws one, the drawer first, then the replacement
                    draws[:0] = [[(seat + step) % n, 1, "holiday_season"] for step in range(n)]
                else:
                    self.resolve_event(seat, card)
            else:
                self.emit("CardDrawn", seat=seat, card=card, reason=reason)
                draws[0][1] -= 1
            if not self.over and not s["deck"] and s["discard"]:
                self.reshuffle()
        if self.over:
            return
        if then == "end_turn":
            self.emit("TurnEnded", seat=s["current"])
        self.settle()

    def stop_for_limit(self, draws: list, then: str) -> bool:
        due = self.over_limit()
        if due:
            self.emit("HandLimitReached", due=due, then={"draws": draws, "after": then})
        return bool(due)

    def over_limit(self) -> dict:
        s = self.state
        return {str(seat): len(hand) - hand_limit(s, seat)
                for seat, hand in enumerate(s["hands"]) if len(hand) > hand_limit(s, seat)}

    def resume(self, pending: dict) -> None:
        self.run(pending["draws"], pending["after"])

    def give(self, seat: int, count: int, reason: str) -> None:
        """Draw then end the turn (v3: stopping for the hand limit on the way)."""
        if self.v3:
            self.run([[seat, count, reason]], "end_turn")
            return
        self.draw(seat, count, reason)
        self.end_turn()

    def resolve_event(self, drawer: int, event_card: str) -> None:
        s = self.state
        n = s["players"]
        if event_card == "civil_unrest":
            passes = []
            for seat in range(n):
                hand = sorted(s["hands"][seat])
                if hand:
                    passes.append([seat, (seat + 1) % n, self.rng.choice(hand, "event")])
            self.emit("CardsPassed", passes=passes)
        elif event_card == "lost_luggage":
            losses = []
            for seat in range(n):
                hand = sorted(payable(s["hands"][seat]))
                if hand:
                    losses.append([seat, self.rng.choice(hand, "event")])
            self.emit("LuggageLost", losses=losses)
        elif event_card == "holiday_season":
            for step in range(n):
                self.draw((drawer + step) % n, 1, "holiday_season")
        elif event_card == "airport_strike":
            self.emit("StrikeCalled", seat=drawer)

    # -- the end of an action and the start of a turn -------------------------------
    def end_turn(self) -> None:
        if self.v3:
            self.run([], "end_turn")
            return
        self.emit("TurnEnded", seat=self.state["current"])
        self.settle()

    def settle(self) -> None:
        """Ask for hand-limit discards, or start the next turn if this one is over."""
        if self.over:
            return
        s = self.state
        due = self.over_limit()
        if due:
            self.emit("HandLimitReached", due=due)
            return
        if s["turn_over"]:
            self.start_turn((s["current"] + 1) % s["players"])

    def start_turn(self, seat: int) -> None:
        self.emit("TurnStarted", seat=seat, turn=self.state["turn"] + 1)
        if self.v3:
            draws = [] if self.state["hands"][seat] else [[seat, EMPTY_HAND_DRAW, "empty_hand"]]
            self.run(draws, "settle")
            return
        if not self.state["hands"][seat]:
            self.draw(seat, EMPTY_HAND_DRAW, "empty_hand")   # not an action
        self.settle()


def start_game(play: Play, first: int) -> None:
    play.start_turn(first)


# -- the moves ------------------------------------------------------------------------

def perform(state, seat: int, move: dict, rng, *, withdrawable_offers: bool = False,
            v3: bool = False) -> list[Event]:
    """Events of a move already known to be legal. ``withdrawable_offers``: rules v2
    (an offer stands at once and its sender may withdraw it until it is answered);
    ``v3``: the hand limit at any moment and the reshuffle as soon as the pile is empty."""
    play = Play(state, rng)
    play.withdrawable_offers = withdrawable_offers
    play.v3 = v3
    s = play.state
    kind = move["type"]
    handler = HANDLERS[kind]
    handler(play, s, seat, move)
    return play.events


def _discard(play, s, seat, move):
    pending = s.get("pending")         # v3: what the command still owed when it stopped
    play.emit("CardsDiscarded", seat=seat, cards=move["cards"], reason="hand_limit")
    if s["discards_due"]:
        return
    if pending is not None:
        play.resume(pending)
    else:
        play.settle()


def _draw(play, s, seat, move):
    play.give(seat, 1, "draw")


def _recycle(play, s, seat, move):
    play.emit("Recycled", seat=seat, paid=move["pay"], took=move["take"])
    play.end_turn()


def _propose(play, s, seat, move):
    play.emit("DraftOpened", by=seat, to=move["to"], counter=False, previous=None)


def _offer_give(play, s, seat, move):
    play.emit("DraftChanged", by=seat, entry={"give": move["card"]})


def _offer_want(play, s, seat, move):
    play.emit("DraftChanged", by=seat, entry={"want": move["kind"]})


def _offer_undo(play, s, seat, move):
    play.emit("DraftChanged", by=seat, entry=None)


def _offer_send(play, s, seat, move):
    give, want = draft_lists(s["draft"])
    extra = {"withdrawable": True} if play.withdrawable_offers else {}
    play.emit("OfferMade", by=seat, to=s["draft"]["to"], give=give, want=want, **extra)


def _offer_cancel(play, s, seat, move):
    play.emit("DraftCancelled", by=seat)


def _accept(play, s, seat, move):
    offer = s["offer"]
    picked = pick_wanted(s["hands"][seat], offer["want"])
    play.emit("TradeCompleted", offerer=offer["by"], accepter=seat,
              offerer_gave=offer["give"], accepter_gave=picked)
    active = s["current"]
    # SEED: the player whose turn it is draws a bonus card after a successful trade
    play.give(active, 2 if character(s, active) == "diplomat" else 1, "trade_bonus")


def _reject(play, s, seat, move):
    play.emit("OfferRejected", by=seat)


def _counter(play, s, seat, move):
    offer = s["offer"]
    play.emit("DraftOpened", by=seat, to=offer["by"], counter=True,
              previous={"give": offer["give"], "want": offer["want"]})


def _withdraw(play, s, seat, move):
    play.emit("OfferWithdrawn", by=seat)


def _pass(play, s, seat, move):
    if s["step"] == "offer":
        play.emit("OfferStands", by=seat)
        return
    play.emit("ReactionPassed", seat=seat)
    if not s["window"]["waiting"]:
        _resolve_window(play, s)


def _resolve_window(play, s):
    window = s["window"]
    if window["kind"] == "steal":
        victim_hand = sorted(s["hands"][window["target"]])
        card = play.rng.choice(victim_hand, "steal")
        play.emit("StealResolved", thief=window["actor"], victim=window["target"], card=card)
        play.end_turn()
        return
    seat, country = window["actor"], window["country"]
    play.emit("Travelled", seat=seat, country=country, cards=window["cards"])
    if country == s["center"]:
        play.emit("GameWon", seat=seat, reason="travel")
        return
    play.give(seat, 2 if character(s, seat) == "photographer" else 1, "travel")


def _open_steal(play, s, thief, victim, paid):
    discard_after = s["discard"] + ([paid] if paid else [])
    waiting = reaction_seats(s, "steal", thief, victim, discard_after)
    play.emit("StealDeclared", thief=thief, victim=victim, paid=paid, waiting=waiting)
    if not waiting:
        _resolve_window(play, s)


def _steal(play, s, seat, move):
    _open_steal(play, s, seat, move["target"], move["pay"])


def _sticky_fingers(play, s, seat, move):
    play.emit("SpecialPlayed", seat=seat, card="sticky_fingers")
    _open_steal(play, s, seat, move["target"], None)


def _mouse_trap(play, s, seat, move):
    play.emit("StealFoiled", victim=seat, thief=s["window"]["actor"])
    play.end_turn()      # SEED FAQ: an interrupted action ends that player's turn


def _travel(play, s, seat, move):
    hand = sorted(s["hands"][seat])
    waiting = reaction_seats(s, "travel", seat, None, s["discard"], public_hand=hand)
    play.emit("TravelDeclared", seat=seat, country=move["country"], cards=move["cards"],
              hand=hand, waiting=waiting)
    if not waiting:
        _resolve_window(play, s)


def _cancel_flight(play, s, seat, move):
    play.emit("TravelCancelled", by=seat, traveller=s["window"]["actor"])
    play.end_turn()


def _dispose(play, s, seat, move):
    play.emit("ForbiddenDisposed", seat=seat, card=move["card"], extra=move["extra"])
    play.end_turn()


def _smuggle(play, s, seat, move):
    play.emit("Smuggled", seat=seat, to=move["to"], card=move["card"])
    play.give(seat, 1, "smuggler")


def _guide(play, s, seat, move):
    play.emit("SpecialPlayed", seat=seat, card="local_tour_guide")
    play.ensure_deck()
    top = s["deck"][:3]
    play.emit("GuideLooked", seat=seat, cards=top)
    if not any(category(card) != "event" for card in top):
        play.emit("GuideTook", seat=seat, card=None)
        play.end_turn()


def _guide_take(play, s, seat, move):
    play.emit("GuideTook", seat=seat, card=move["card"])
    play.end_turn()


def _trading_post(play, s, seat, move):
    play.emit("SpecialPlayed", seat=seat, card="trading_post")
    play.emit("CardsBuried", seat=seat, cards=move["cards"])
    play.give(seat, len(move["cards"]), "trading_post")


def _duty_free(play, s, seat, move):
    play.emit("SpecialPlayed", seat=seat, card="duty_free")
    play.give(seat, 2, "duty_free")


def _flea_market(play, s, seat, move):
    play.emit("TookFromDiscard", seat=seat, card=move["take"])
    play.emit("SpecialPlayed", seat=seat, card="flea_market")
    play.end_turn()


HANDLERS = {
    "discard": _discard,
    "draw": _draw,
    "recycle": _recycle,
    "propose": _propose,
    "offer_give": _offer_give,
    "offer_want": _offer_want,
    "offer_undo": _offer_undo,
    "offer_send": _offer_send,
    "offer_cancel": _offer_cancel,
    "accept": _accept,
    "reject": _reject,
    "counter": _counter,
    "withdraw": _withdraw,
    "pass": _pass,
    "steal": _steal,
    "sticky_fingers": _sticky_fingers,
    "mouse_trap": _mouse_trap,
    "travel": _travel,
    "cancel_flight": _cancel_flight,
    "dispose": _dispose,
    "smuggle": _smuggle,
    "guide": _guide,
    "guide_take": _guide_take,
    "trading_post": _trading_post,
    "duty_free": _duty_free,
    "flea_market": _flea_market,
}
