"""Which moves a seat may make, and why a move is refused.

``legal_moves`` is the single source of truth: ``decide`` accepts a move exactly
when its canonical form (lists of cards sorted by id) is in this list, so the two
can never disagree. ``explain`` only turns a refusal into a sentence.
"""
from __future__ import annotations

from itertools import combinations, product

from .components import (COUNTRIES, MAX_OFFERS_PER_TURN, card_name, category, is_forbidden,
                         kind)
from .table import (character, copies_in_game, draft_lists, holds_forbidden, holds_passport,
                    others, payable, pick_wanted, takeable_from_discard, target_country,
                    wantable_kinds)

LIST_FIELDS = ("pay", "cards")


def canonical(move: dict) -> dict:
    """Card lists that are sets in the rules are compared sorted."""
    result = dict(move)
    for field in LIST_FIELDS:
        value = result.get(field)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            result[field] = sorted(value)
    return result


def to_move(state) -> set[int]:
    if state["winner"] is not None:
        return set()
    if state["discards_due"]:
        return {int(seat) for seat in state["discards_due"]}
    step = state["step"]
    if step == "window":
        return set(state["window"]["waiting"])
    if step == "offer":
        offer = state["offer"]
        seats = {offer["to"]}
        if not offer["standing"]:
            seats.add(offer["by"])
        return seats
    if step == "draft":
        return {state["draft"]["by"]}
    if step == "guide":
        return {state["guide"]["seat"]}
    if step == "action":
        return {state["current"]}
    return set()


def may_move(state) -> set[int]:
    """The sender of a withdrawable offer (rules v2), while it waits for its answer
    (and nobody has to discard for the hand limit: then only they move)."""
    if (state["winner"] is not None or state["discards_due"] or state["step"] != "offer"
            or not state["offer"].get("withdrawable")):
        return set()
    return {state["offer"]["by"]}                 # a standing offer: its sender is not in to_move


def legal_moves(state, seat: int, only: str | None = None) -> list[dict]:
    """The legal moves of ``seat``; with ``only``, just those of that type (faster)."""
    if seat not in to_move(state) and seat not in may_move(state):
        return []
    if state["discards_due"]:
        return _discard_moves(state, seat)
    step = state["step"]
    if step == "window":
        return _window_moves(state, seat)
    if step == "offer":
        return _offer_moves(state, seat)
    if step == "draft":
        return _draft_moves(state, seat)
    if step == "guide":
        return [{"type": "guide_take", "card": card} for card in _guide_choices(state)]
    return _action_moves(state, seat, only)


# -- the hand limit -----------------------------------------------------------

def _discard_moves(state, seat):
    count = state["discards_due"][str(seat)]
    cards = sorted(payable(state["hands"][seat]))
    return [{"type": "discard", "cards": list(combo)} for combo in combinations(cards, count)]


# -- reaction windows -----------------------------------------------------------

def _window_moves(state, seat):
    window = state["window"]
    hand = state["hands"][seat]
    moves = []
    if window["kind"] == "steal" and "mouse_trap" in hand and seat == window["target"]:
        moves.append({"type": "mouse_trap"})
    if window["kind"] == "travel" and "cancelled_flight" in hand:
        moves.append({"type": "cancel_flight"})
    moves.append({"type": "pass"})
    return moves


# -- trading -----------------------------------------------------------------------

def _can_make_offer(state, by: int, to: int) -> bool:
    return (state["offers_made"] < MAX_OFFERS_PER_TURN
            and bool(state["hands"][by]) and bool(state["hands"][to]))


def _offer_moves(state, seat):
    offer = state["offer"]
    if seat == offer["to"]:
        moves = []
        if pick_wanted(state["hands"][seat], offer["want"]) is not None:
            moves.append({"type": "accept"})
        moves.append({"type": "reject"})
        if _can_make_offer(state, seat, offer["by"]):
            moves.append({"type": "counter"})
        return moves
    # the offerer: withdraw, or (rules v1) let the offer stand
    return [{"type": "withdraw"}] if offer["standing"] else [{"type": "withdraw"}, {"type": "pass"}]


def want_capacity(state, drafter: int, card_kind: str) -> int:
    """How many cards of a kind an offer may still ask for.

    At most the copies that could be in the partner's hand as far as the drafter
    knows: the game's copies minus those in the drafter's hand and the discard pile.
    """
    hand = state["hands"][drafter]
    known = sum(1 for card in hand if kind(card) == card_kind)
    known += sum(1 for card in state["discard"] if kind(card) == card_kind)
    return copies_in_game(state, card_kind) - known


def _draft_moves(state, seat):
    draft = state["draft"]
    give, want = draft_lists(draft)
    moves = [{"type": "offer_give", "card": card}
             for card in sorted(state["hands"][seat]) if card not in give]
    if len(want) < len(state["hands"][draft["to"]]):
        for card_kind in wantable_kinds(state):
            if want.count(card_kind) < want_capacity(state, seat, card_kind):
                moves.append({"type": "offer_want", "kind": card_kind})
    if draft["entries"]:
        moves.append({"type": "offer_undo"})
    if give and want:
        moves.append({"type": "offer_send"})
    moves.append({"type": "offer_cancel"})
    return moves


# -- the Local Tour Guide ---------------------------------------------------------

def _guide_choices(state) -> list[str]:
    return [card for card in state["guide"]["cards"] if category(card) != "event"]


# -- the actions of the active player -------------------------------------------------

def travel_options(state, seat) -> list[list[str]]:
    """Every set of cards with which ``seat`` may travel now (SEED "Reisen", FAQ)."""
    hand = state["hands"][seat]
    if state["strike"] is not None or holds_forbidden(hand) or not holds_passport(hand):
        return []
    country = target_country(state, seat)
    own = not state["visited"][seat]
    needs = COUNTRIES[country]["needs"]
    by_kind = {}
    for card in sorted(hand):
        if category(card) == "item":
            by_kind.setdefault(kind(card), []).append(card)
    credit = ["moms_credit_card"] if "moms_credit_card" in hand else []
    # FAQ: the Poorly Drawn Map is for the players' countries, never the shared one.
    drawn_map = ["poorly_drawn_map"] if own and "poorly_drawn_map" in hand else []
    options, seen = [], set()
    for use_credit in ([False, True] if credit else [False]):
        for use_map in ([False, True] if drawn_map else [False]):
            substitutes = (credit if use_credit else []) + (drawn_map if use_map else [])
            for covered in combinations(needs, 3 - len(substitutes)):
                if not all(by_kind.get(need) for need in covered):
                    continue
                for chosen in product(*(by_kind[need] for need in covered)):
                    cards = sorted(list(chosen) + substitutes)
                    if tuple(cards) not in seen:
                        seen.add(tuple(cards))
                        options.append(cards)
    return options


def _action_moves(state, seat, only=None):
    hand = state["hands"][seat]
    hands = state["hands"]
    pay = sorted(payable(hand))
    moves = [{"type": "draw"}]

    def wanted(move_type):
        return only is None or only == move_type

    # Recycle (the Recycler pays one card)
    price = 1 if character(state, seat) == "recycler" else 2
    takes = takeable_from_discard(state)
    if takes and wanted("recycle"):
        for combo in combinations(pay, price):
            for take in takes:
                moves.append({"type": "recycle", "pay": list(combo), "take": take})

    # Trade: open a draft offer to one other player
    for other in others(state, seat):
        if _can_make_offer(state, seat, other):
            moves.append({"type": "propose", "to": other})

    # Steal (the Con Artist pays nothing)
    for other in others(state, seat):
        if not hands[other] or not wanted("steal"):
            continue
        if character(state, seat) == "con_artist":
            moves.append({"type": "steal", "target": other, "pay": None})
        else:
            for card in pay:
                moves.append({"type": "steal", "target": other, "pay": card})

    # Travel
    country = target_country(state, seat)
    for cards in (travel_options(state, seat) if wanted("travel") else []):
        moves.append({"type": "travel", "country": country, "cards": cards})

    # Forbidden items: get rid of one together with one more (not forbidden) card
    for card in sorted(hand):
        if is_forbidden(card) and wanted("dispose"):
            for extra in pay:
                moves.append({"type": "dispose", "card": card, "extra": extra})

    # The Smuggler's ability
    if character(state, seat) == "smuggler" and wanted("smuggle"):
        for card in sorted(hand):
            for other in others(state, seat):
                moves.append({"type": "smuggle", "card": card, "to": other})

    # Special items played as an action
    if "local_tour_guide" in hand:
        moves.append({"type": "guide"})
    if "trading_post" in hand and wanted("trading_post"):
        buryable = [card for card in pay if card != "trading_post"]
        for size in (1, 2, 3):
            for combo in combinations(buryable, size):
                moves.append({"type": "trading_post", "cards": list(combo)})
    if "sticky_fingers" in hand:
        for other in others(state, seat):
            if hands[other]:
                moves.append({"type": "sticky_fingers", "target": other})
    if "duty_free" in hand:
        moves.append({"type": "duty_free"})
    if "flea_market" in hand and wanted("flea_market"):
        for take in takes:
            moves.append({"type": "flea_market", "take": take})
    return moves


# -- refusals in words ------------------------------------------------------------------

def explain(state, seat: int, move: dict) -> tuple[str, str]:
    """A (message, code) pair saying why ``move`` is refused."""
    if state["winner"] is not None:
        return "The game is over.", "game_over"
    if seat not in to_move(state) and seat not in may_move(state):
        return "It is not your turn to move.", "not_your_turn"
    move_type = move.get("type")
    hand = state["hands"][seat]
    if state["discards_due"]:
        due = state["discards_due"][str(seat)]
        if move_type != "discard":
            return f"You hold too many cards: discard {due} first.", "hand_limit"
        cards = move.get("cards") or []
        if any(card not in hand for card in cards if isinstance(card, str)):
            return "You can only discard cards from your own hand.", "card_not_in_hand"
        if any(isinstance(card, str) and card in hand and is_forbidden(card) for card in cards):
            return "A forbidden item may not be discarded for the hand limit.", "forbidden_item"
        return f"Discard exactly {due} different cards.", "wrong_count"
    step = state["step"]
    if step == "window" and move_type not in ("pass", "mouse_trap", "cancel_flight"):
        return "Another player's action waits for your reaction: play a reaction card or pass.", "reaction_window"
    if step == "window":
        return "You do not hold that card, or it does not answer this action.", "not_playable"
    if step == "offer":
        offer = state["offer"]
        if seat == offer["to"]:
            if move_type == "accept":
                return "You do not hold the cards this offer asks for.", "cards_missing"
            if move_type == "counter":
                return "No more offers may be made this turn.", "offer_limit"
            return "Answer the offer: accept, reject or counter.", "offer_pending"
        if offer["standing"]:
            return "Your offer is waiting for an answer; until then you may only withdraw it.", "offer_pending"
        return "Your offer is waiting for an answer: you may withdraw it or let it stand.", "offer_pending"
    if step == "draft":
        if move_type == "offer_give":
            return "You can only offer cards from your own hand, each once.", "card_not_in_hand"
        if move_type == "offer_want":
            return "That many cards of that kind cannot be in the other player's hand.", "want_impossible"
        if move_type == "offer_send":
            return "An offer needs at least one card on each side.", "offer_incomplete"
        return "Finish or cancel your offer first.", "draft_open"
    if step == "guide":
        return "Take one of the cards the tour guide showed you (not an event).", "guide_choice"
    return _explain_action(state, seat, move, hand)


def _explain_action(state, seat, move, hand):
    move_type = move.get("type")
    mentioned = [move.get(field) for field in ("pay", "card", "extra")]
    mentioned += list(move.get("cards") or []) if isinstance(move.get("cards"), list) else []
    if isinstance(move.get("pay"), list):
        mentioned += move["pay"]
    for card in mentioned:
        if isinstance(card, str) and card not in hand:
            return f"You do not hold {card}.", "card_not_in_hand"
    if move_type == "recycle":
        if any(isinstance(c, str) and is_forbidden(c) for c in move.get("pay") or []):
            return "A forbidden item may not pay for Recycle.", "forbidden_item"
        take = move.get("take")
        if isinstance(take, str) and take in state["discard"] and category(take) == "event":
            return "Events can never be taken from the discard pile.", "event_not_recyclable"
        price = 1 if character(state, seat) == "recycler" else 2
        return f"Recycle costs exactly {price} card(s) from your hand and takes one card from the discard pile.", "illegal_recycle"
    if move_type == "steal":
        pay = move.get("pay")
        if isinstance(pay, str) and is_forbidden(pay):
            return "A forbidden item may not pay for Steal.", "forbidden_item"
        return "Steal costs one card from your hand and needs a player with cards.", "illegal_steal"
    if move_type == "travel":
        if state["strike"] is not None:
            return "The airport strike stops all travel for now.", "strike"
        if holds_forbidden(hand):
            return "You may not travel while holding a forbidden item.", "forbidden_item"
        if not holds_passport(hand):
            return "You need a passport to travel.", "no_passport"
        if move.get("country") != target_country(state, seat):
            return f"You must travel to {target_country(state, seat)} next.", "wrong_country"
        return "Those cards are not exactly the three items this country needs.", "items_missing"
    if move_type == "dispose":
        return "Get rid of a forbidden item by discarding it with one other card that is not forbidden.", "illegal_dispose"
    if move_type == "propose":
        if state["offers_made"] >= MAX_OFFERS_PER_TURN:
            return "No more offers may be made this turn.", "offer_limit"
        return "You can offer a trade to one other player who holds cards.", "illegal_offer"
    if move_type == "smuggle":
        return "Only the Smuggler may hand a card from their own hand to another player.", "not_smuggler"
    if move_type in ("guide", "trading_post", "sticky_fingers", "duty_free", "flea_market"):
        return "You do not hold that special item, or it cannot be played like this.", "not_playable"
    if move_type in ("pass", "accept", "reject", "counter", "withdraw", "mouse_trap",
                     "cancel_flight", "discard", "guide_take") or str(move_type).startswith("offer_"):
        return "That move only answers something; now it is your action.", "no_such_decision"
    return "That is not a move of this game.", "unknown_move"


def describe_card(card: str | None) -> str:
    return card_name(card) if card else "a card"
