"""Forest Shuffle: Smoky Mountains in words and a short notation (turn emails, web client).

Pure Python, no Django; reads only a seat's ``view``. Cards are named by their number
(docs/games/forestsm.md lists them all); your trees and rivers by their place in your
forest, no. 1 being the first you played. One step of the turn per reply:

    deck                 draw the top card of the deck
    draw 15              take card 15 from the clearing (as the draw of action A)
    tree 12              play tree 12 alone;  tree 12 river 33: with card 33 face down under it
    river 40             play river card 40 as a single river
    57 top at 2          play the top half of card 57 at the top slot of your tree or river no. 2
                         (slots: top, top2, bottom, bottom2, left, right)
    pay 15               pay one card of the cost with card 15
    take 15              an effect: take card 15 from the clearing
    tuck 15 / pass       an effect: put card 15 into your cave, or keep your hand
    cave 12 15           the special case: cards 12 and 15 into your cave

A reply of a bare number ("12", "play 12") is the number of a listed move, never a card:
that is why a tree is written "tree 12".
"""
from __future__ import annotations

import re

from . import components as C
from .words import effect_words, score_words

# The turn email lists the moves by number up to this many; beyond, the notation.
MAX_LISTED = 40

SYNTAX = """\
One step of your turn per reply; cards by their number, your trees and rivers by their
place in your forest (no. 1 is the first you played):
deck                      action A: draw the top card of the deck
draw <card>               action A: take that card from the clearing
tree <card>               action B: play a tree alone
tree <card> river <card>  ... with the second card face down under it as a universal river
river <card>              play a river card as a single river
<card> <slot> at <no.>    play one half of a split card at a free slot of your tree or river
                          no.; the slot names the half: top, top2, bottom, bottom2, left, right
pay <card>                pay one card of the cost (into the clearing)
take <card>               an effect: take that clearing card
tuck <card> / pass        an effect: put that hand card into your cave / keep your hand
cave <card> <card>        when you can neither draw nor play: these two into your cave
Words may be in any letter case; "play" before a move may be left out."""

EXAMPLES = ["deck", "draw 15", "tree 12", "tree 12 river 33", "river 40", "57 top at 2",
            "140 left at 1", "pay 15", "take 15", "tuck 15", "pass", "cave 12 15"]

SLOT_NAMES = ("top", "top2", "bottom", "bottom2", "left", "right")
SLOT_PHRASE = {"top": "at the top", "top2": "at the second top slot", "bottom": "at the bottom",
               "bottom2": "at the second bottom slot", "left": "on the left", "right": "on the right"}
KIND_WORDS = {"tree": "tree", "river_tree": "tree with a river", "river": "single river"}


# -- cards in words ---------------------------------------------------------------------
def symbol_name(symbol: str) -> str:
    """A tree symbol (a card's colour) by its tree's name: "Tulip Tree"."""
    return C.SPECIES[symbol]["name"]


def species_name(species: str) -> str:
    return C.SPECIES[species]["name"]


def species_words(species: str) -> str:
    """"Brook Trout (fish, cost 1, water): scores 3; bonus: draw 1 card"."""
    info = C.SPECIES[species]
    head = ", ".join([*info["types"], f"cost {info['cost']}", *(["water"] if info["water"] else [])])
    words = f"{info['name']} ({head}): scores {score_words(species)}"
    if info["effect"]:
        words += f"; effect: {effect_words(info['effect'])}"
    if info["bonus"]:
        words += f"; bonus: {effect_words(info['bonus'])}"
    return words


def card_name(card: int | None, half: str | None = None) -> str:
    """"Tulip Tree (12)", "Barred Owl / Ramps (57)", "Barred Owl (57)"; a face-down card."""
    if card is None:
        return "a face-down card"
    return f"{C.card_name(card, half)} ({card})"


def card_words(card: int) -> str:
    """One card in full, as the hand and the clearing list it."""
    entry = C.CARDS[card]
    symbol = f"{symbol_name(entry['symbol'])} symbol" if "symbol" in entry else ""
    if entry["kind"] == "split":
        halves = " | ".join(f"{half}: {species_words(species)}" for half, species in entry["halves"].items())
        return f"{card} [{symbol}] {halves}"
    if entry["kind"] in ("tree", "river"):
        return f"{card} [{symbol}] {entry['kind']}: {species_words(entry['species'])}"
    return f"{card} {C.card_name(card)}"


def slot_name(slot: str) -> str:
    return C.SLOT_WORDS.get(slot, slot)


# -- whose view, whose name -------------------------------------------------------------
def _names(view: dict, names) -> list[str]:
    known = list(names or view.get("player_names") or [])
    return known + [f"another player ({n})" for n in range(len(known), view.get("players", 0))]


def _me(view: dict):
    you = view.get("you")
    return view.get("seat") if you is None else you


def _stem(view: dict, number: int, seat=None) -> dict | None:
    seat = _me(view) if seat is None else seat
    forests = view.get("forests") or []
    if seat is None or not 0 <= seat < len(forests) or not 0 <= number < len(forests[seat]):
        return None
    return forests[seat][number]


def stem_title(view: dict | None, number: int, seat=None) -> str:
    """"your Tulip Tree with a river (no. 2)", or "your tree or river no. 2" without a view."""
    stem = _stem(view or {}, number, seat)
    if stem is None:
        return f"your tree or river no. {number + 1}"
    return f"your {C.card_name(stem['card'])}{' with a river' if stem['kind'] == 'river_tree' else ''} " \
           f"(no. {number + 1})"


# -- moves ------------------------------------------------------------------------------
def notation(move: dict, view: dict | None = None) -> str:
    """The move in the short notation that ``parse`` reads back."""
    kind = move.get("type")
    if kind == "draw":
        return "deck" if move["source"] == "deck" else f"draw {move['card']}"
    if kind == "play":
        card = move["card"]
        if "half" in move:
            return f"{card} {move['slot']} at {move['stem'] + 1}"
        if C.CARDS[card]["kind"] == "river":
            return f"river {card}"
        return f"tree {card}" + (f" river {move['river']}" if "river" in move else "")
    if kind in ("pay", "take", "tuck"):
        return f"{kind} {move['card']}"
    if kind == "pass":
        return "pass"
    if kind == "shelter":
        return "cave " + " ".join(str(c) for c in move["cards"])
    return ""


def move_words(move: dict, view: dict | None = None) -> str:
    """One move in words, as the player who would make it reads it."""
    kind = move.get("type")
    if kind == "draw":
        if move["source"] == "deck":
            return "Draw the top card of the deck"
        return f"Take the {card_name(move['card'])} from the clearing"
    if kind == "play":
        card = move["card"]
        if "half" in move:
            return (f"Play the {C.card_name(card, move['half'])} ({move['half']} half of {card}), "
                    f"cost {C.cost(card, move['half'])}, {SLOT_PHRASE[move['slot']]} of "
                    f"{stem_title(view, move['stem'])}")
        cost = f"cost {C.cost(card)}"
        if C.CARDS[card]["kind"] == "river":
            return f"Play the {card_name(card)} as a single river, {cost}"
        if "river" in move:
            return (f"Play the {card_name(card)}, {cost}, with the {card_name(move['river'])} "
                    f"face down under it as a river")
        return f"Play the {card_name(card)}, {cost}"
    if kind == "pay":
        return f"Pay with the {card_name(move['card'])}"
    if kind == "take":
        return f"Take the {card_name(move['card'])} from the clearing"
    if kind == "tuck":
        return f"Put the {card_name(move['card'])} into your cave"
    if kind == "pass":
        return "Keep your hand (no card into your cave)"
    if kind == "shelter":
        cards = " and the ".join(card_name(c) for c in move["cards"])
        return f"Show your hand, put the {cards} into your cave and draw 2 from the deck"
    return str(move)


# -- reading a reply ----------------------------------------------------------------------
_WORD = re.compile(r"[a-z]+(?:2\b)?|\d+")
_SKIP = {"play", "the", "a", "card", "at", "on", "of", "no", "half", "slot", "from", "into", "to", "and",
         "with", "my", "your", "put", "under", "as", "face", "down", "number", "nr", "it"}


def parse(text: str, legal_moves: list, view: dict | None = None) -> dict | None:
    """The legal move ``text`` names, or None."""
    words = _WORD.findall((text or "").lower())
    words = [w for w in words if w not in _SKIP]
    if not words:
        return None
    numbers = [int(w) for w in words if w.isdigit()]
    heads = [w for w in words if not w.isdigit()]
    head = heads[0] if heads else ""
    candidates: list[dict] = []
    if head in ("deck", "blind") or (head == "draw" and "deck" in heads):
        candidates = [{"type": "draw", "source": "deck"}]
    elif head in ("draw", "clearing", "take") and len(numbers) == 1:
        candidates = [{"type": "draw", "source": "clearing", "card": numbers[0]},
                      {"type": "take", "card": numbers[0]}]
    elif head in ("pay", "tuck") and len(numbers) == 1:
        candidates = [{"type": head, "card": numbers[0]}]
    elif head in ("pass", "keep", "none", "nothing", "skip"):
        candidates = [{"type": "pass"}]
    elif head in ("cave", "shelter") and numbers:
        candidates = [{"type": "shelter", "cards": sorted(numbers)}, {"type": "shelter", "cards": numbers}]
        if len(numbers) == 1:
            candidates.insert(0, {"type": "tuck", "card": numbers[0]})
    elif head in ("tree", "plant") and numbers and _kind(numbers[0]) == "tree":
        candidates = [{"type": "play", "card": numbers[0]}] if len(numbers) == 1 else \
            [{"type": "play", "card": numbers[0], "river": numbers[1]}]
    elif head == "river" and len(numbers) == 1 and _kind(numbers[0]) == "river":
        candidates = [{"type": "play", "card": numbers[0]}]
    elif head in SLOT_NAMES and numbers:
        return _placement(numbers, head, legal_moves)
    for move in candidates:
        if move in legal_moves:
            return move
    return None


def _kind(card: int) -> str | None:
    return C.CARDS[card]["kind"] if card in C.CARDS else None


def _placement(numbers: list[int], slot: str, legal_moves: list) -> dict | None:
    """"57 top at 2": the slot may be named loosely (top for top2 when top is taken), and
    the tree or river may be left out when only one fits."""
    card = numbers[0]
    side = C.SLOT_SIDE[slot]
    fitting = [m for m in legal_moves if m.get("type") == "play" and m.get("card") == card
               and m.get("half") == side and (len(numbers) < 2 or m["stem"] == numbers[1] - 1)]
    if len({m["stem"] for m in fitting}) != 1:
        return None  # no tree or river fits, or several and the reply names none
    exact = [m for m in fitting if m["slot"] == slot]
    if exact:
        return exact[0]
    return fitting[0] if slot in ("top", "bottom") else None


# -- the situation ------------------------------------------------------------------------
def _stem_line(stem: dict, show_faces: bool) -> str:
    title = f"no. {stem['index'] + 1} {C.card_name(stem['card'])} ({stem['card']}), " \
            f"{KIND_WORDS[stem['kind']]}"
    if stem["kind"] == "river_tree" and show_faces and stem.get("river_card") is not None:
        title += f" over {card_name(stem['river_card'])} face down"
    slots = []
    for slot in stem["slots"]:
        if slot["card"] is not None:
            slots.append(f"{slot['slot']} {C.card_name(slot['card'], slot['half'])} ({slot['card']})")
        else:
            slots.append(f"{slot['slot']} free ({slot['accepts']})")
    return f"  {title}: " + "; ".join(slots)


def _step_line(view: dict, mine: bool, who: str) -> str:
    step = view["step"]
    kind = step["kind"]
    if view["phase"] != "play":
        return ""
    if kind == "pay":
        name = C.card_name(step["card"], step.get("half"))
        left = step["cost"] - len(step["paid"])
        subject = "You are" if mine else f"{who} is"
        return f"{subject} playing the {name} ({step['card']}), cost {step['cost']}: {left} more to pay."
    asks = {"action": "draw two cards or play a card", "draw": "draw a second card (deck or clearing)",
            "take": "take a card from the clearing (an effect)",
            "tuck": "put a hand card into the cave, or pass (an effect)"}
    if kind not in asks:
        return ""
    return f"{'You' if mine else who}: {asks[kind]}."


def situation(view: dict, names=None) -> str:
    """The table in plain text: the deck and winters, the clearing, your hand, every forest."""
    if not view or "forests" not in view:
        return "The game has not started."
    all_names = _names(view, names)
    me = _me(view)
    over = view["phase"] != "play"
    lines = [f"Deck {view['deck_count']} cards; winter cards {len(view['winters'])} of 3 "
             f"(the third ends the game at once); {view['removed_count']} cards removed unseen."]
    if over:
        lines.append("The game is over: the third winter card came up.")
    current = view["current"]
    mine = current == me
    step = _step_line(view, mine, all_names[current] if current < len(all_names) else "")
    if step:
        lines.append(step)
    if view.get("extra_turn"):
        lines.append(f"{'You take' if mine else all_names[current] + ' takes'} another turn after this one.")
    clearing = view["clearing"]
    lines.append(f"Clearing ({len(clearing)} of 10, emptied at the end of a turn with 10 or more):"
                 + ("" if clearing else " empty"))
    lines += [f"  {card_words(c)}" for c in clearing]
    if view.get("hand") is not None:
        lines.append(f"Your hand ({len(view['hand'])} of 10):" + ("" if view["hand"] else " empty"))
        lines += [f"  {card_words(c)}" for c in view["hand"]]
    for seat, forest in enumerate(view["forests"]):
        who = "Your" if seat == me else f"{all_names[seat]}'s"
        score = view["scores"][seat]["total"] if view.get("scores") else 0
        held = view["hand_counts"][seat]
        extra = "" if seat == me else f", {held} card{'' if held == 1 else 's'} in hand"
        lines.append(f"{who} forest: {score} point{'' if score == 1 else 's'}, {view['cave_counts'][seat]} in the cave{extra}"
                     + (":" if forest else ", no trees or rivers yet."))
        lines += [_stem_line(stem, seat == me or over) for stem in forest]
    if view.get("cave"):
        lines.append("Your cave: " + ", ".join(card_name(c) for c in view["cave"]) + ".")
    return "\n".join(lines)
