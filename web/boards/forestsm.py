"""Forest Shuffle: Smoky Mountains' board: the deck and the winters, the clearing, my hand,
and every forest drawn tree by tree and river by river with the slots around it (two
above and two below a single river, two below a tree with a river), each dweller shown
by the half it was played as.

Every step of a turn is a click:

* draw: the deck's button, or a clearing card;
* play: pick a card of the hand, then click a marked free slot of one of your trees or
  rivers (the slot names the half: top, bottom, left or right), or for a tree or a river
  card the button "Play it alone" (a tree with, under it, the card picked as its
  universal river);
* pay, an effect's take or tuck: click the card itself (in the hand or the clearing);
* the special case: tick two hand cards for the cave.

Only "keep your hand" (declining a tuck) is in the list of moves in words.
"""
from __future__ import annotations

from games.catalog.forestsm import components as C
from games.catalog.forestsm import notation as N
from games.catalog.forestsm.words import effect_words, score_words
from web.words import move_value

TEMPLATE = "web/boards/forestsm.html"
ON_BOARD = {"draw", "play", "pay", "take", "tuck", "shelter"}
# The tree symbols' colours, one per tree species (the cards' colour bands).
SYMBOL_CLASS = {symbol: f"sym-{symbol.replace('_', '-')}" for symbol in C.SYMBOLS}
ACCEPTS = {"dry": "no water", "water": "water only", "any": "any"}


def _half(species: str, side: str | None = None) -> dict:
    info = C.SPECIES[species]
    return {"side": side, "name": info["name"], "types": ", ".join(info["types"]), "cost": info["cost"],
            "water": info["water"], "score": score_words(species),
            "effect": effect_words(info["effect"]), "bonus": effect_words(info["bonus"])}


def _card(card_id: int) -> dict:
    entry = C.CARDS[card_id]
    symbol = entry.get("symbol")
    data = {"id": card_id, "kind": entry["kind"], "symbol": SYMBOL_CLASS.get(symbol, ""),
            "symbol_name": N.symbol_name(symbol) if symbol else "", "title": N.card_words(card_id),
            "name": C.card_name(card_id)}
    if entry["kind"] == "split":
        data["orientation"] = entry["orientation"]
        data["halves"] = [_half(species, side) for side, species in entry["halves"].items()]
    elif entry["kind"] in ("tree", "river"):
        data["whole"] = _half(entry["species"])
        data["halves"] = [data["whole"]]
    return data


def _placed(card_id: int, half: str) -> dict:
    """A dweller in its slot: the half it was played as."""
    entry = C.CARDS[card_id]
    return {"id": card_id, "symbol": SYMBOL_CLASS.get(entry["symbol"], ""),
            "symbol_name": N.symbol_name(entry["symbol"]), **_half(entry["halves"][half], half)}


def _stem(stem: dict, *, can: dict | None, show_river: bool, target: str | None = None) -> dict:
    """A tree or river with its slots (each drawn at its own place of the stem's grid);
    ``target`` the slot a card being paid for will go to."""
    slots = []
    for slot in stem["slots"]:
        key = (stem["index"], slot["slot"])
        cards = sorted((can or {}).get(key, ()))
        slots.append({
            "slot": slot["slot"], "words": C.SLOT_WORDS[slot["slot"]], "accepts": ACCEPTS[slot["accepts"]],
            "water": slot["accepts"] == "water",
            "dweller": _placed(slot["card"], slot["half"]) if slot["card"] is not None else None,
            "clickable": bool(cards), "can": " ".join(f"can-card-{c}" for c in cards),
            "target": slot["slot"] == target, "value": f"{stem['index']},{slot['slot']}"})
    river = stem.get("river_card")
    return {"index": stem["index"], "no": stem["index"] + 1, "card": _card(stem["card"]), "kind": stem["kind"],
            "kind_words": N.KIND_WORDS[stem["kind"]], "universal": stem["universal_river"],
            "river": _card(river) if river is not None and show_river else None, "slots": slots}


def _step_words(view: dict, me, names: list[str]) -> str:
    step, current = view["step"], view["current"]
    if view["phase"] != "play":
        return "The third winter card came up: the game is over."
    who = "You" if current == me else names[current]
    if step["kind"] == "pay":
        left = step["cost"] - len(step["paid"])
        name = C.card_name(step["card"], step.get("half"))
        where = ""
        if step.get("stem") is not None:
            where = f" {N.SLOT_PHRASE[step['slot']]} of " + (
                N.stem_title(view, step["stem"], current) if current == me
                else f"{names[current]}'s tree or river no. {step['stem'] + 1}")
        return (f"{who} {'are' if current == me else 'is'} playing the {name}{where}, cost {step['cost']}: "
                f"{left} more card{'s' if left != 1 else ''} to pay"
                + (" (click a hand card)." if current == me else "."))
    asks = {"action": ("choose: draw two cards (the deck or the clearing) or play a card from your hand"
                       if current == me else "draws two cards or plays a card"),
            "draw": "draw a second card: the deck or a clearing card" if current == me else "draws a second card",
            "take": ("an effect: click a clearing card to take it" if current == me
                     else "takes a card from the clearing (an effect)"),
            "tuck": ("an effect: click a hand card to put it into your cave, or keep your hand (below)"
                     if current == me else "may put a card into the cave (an effect)")}
    return f"{who}: {asks.get(step['kind'], 'to move')}."


def present(view, *, legal, names, seat) -> dict:
    if not view or "forests" not in view:
        return {}
    me = seat if seat is not None and 0 <= seat < view["players"] else None
    names = list(names) + [f"player {n + 1}" for n in range(len(names), view["players"])]
    by_type: dict[str, list[dict]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    # What each hand or clearing card may do now, as a move to post.
    card_moves = {m["card"]: move_value(m) for m in by_type.get("pay", []) + by_type.get("tuck", [])}
    clearing_moves = {m["card"]: move_value(m) for m in by_type.get("take", []) + by_type.get("draw", [])
                      if "card" in m}
    deck_move = next((move_value(m) for m in by_type.get("draw", []) if m["source"] == "deck"), None)
    plays = by_type.get("play", [])
    can: dict[tuple, set] = {}
    for m in plays:
        if "half" in m:
            can.setdefault((m["stem"], m["slot"]), set()).add(m["card"])
    playable = {m["card"] for m in plays}
    alone = sorted({m["card"] for m in plays if "half" not in m})
    river_trees = sorted({m["card"] for m in plays if "river" in m})
    shelter = bool(by_type.get("shelter"))
    hand = []
    for card in view.get("hand") or []:
        entry = _card(card)
        entry.update({"pick": card in playable, "move": card_moves.get(card),
                      "alone": card in alone, "can_river": any(card != t for t in river_trees)})
        hand.append(entry)
    clearing = [{**_card(card), "move": clearing_moves.get(card)} for card in view["clearing"]]
    forests = []
    order = ([me] if me is not None else []) + [s for s in range(view["players"]) if s != me]
    over = view["phase"] != "play"
    step = view["step"]
    paid_into = (view["current"], step["stem"]) if step["kind"] == "pay" and step.get("stem") is not None else None
    for other in order:
        score = view["scores"][other]
        forests.append({
            "name": names[other], "me": other == me, "to_move": other in view["to_move"],
            "stems": [_stem(stem, can=can if other == me else None, show_river=other == me or over,
                            target=step["slot"] if paid_into == (other, stem["index"]) else None)
                      for stem in view["forests"][other]],
            "score": score["total"], "cave": view["cave_counts"][other], "hand_count": view["hand_counts"][other],
            "breakdown": ", ".join(f"{C.SPECIES[s]['name']} {p}" for s, p in score["by_species"].items() if p)
                         + (f", cave {score['cave']}" if score["cave"] else ""),
            "first": other == view["first"],
        })
    paying = None
    if step["kind"] == "pay" and view["phase"] == "play":
        paying = {"card": _card(step["card"]), "half": step.get("half"),
                  "name": C.card_name(step["card"], step.get("half")), "cost": step["cost"],
                  "paid": [_card(c) for c in step["paid"]],
                  "river": _card(step["river_card"]) if step.get("river_card") is not None else None,
                  "universal": step.get("universal_river")}
    return {
        "deck": view["deck_count"], "deck_move": deck_move, "winters": len(view["winters"]),
        "removed": view["removed_count"], "step_words": _step_words(view, me, names), "step": step["kind"],
        "clearing": clearing, "hand": hand, "mine": me is not None and view.get("hand") is not None,
        "cave": [_card(c) for c in view.get("cave") or []],
        "picks": bool(playable), "alone": bool(alone), "river_trees": bool(river_trees),
        "pick_classes": sorted(playable), "shelter": shelter, "forests": forests, "paying": paying,
        "extra_turn": view.get("extra_turn"), "over": over,
        "list_open": any(m["type"] not in ON_BOARD for m in legal),
    }


def move_from_post(post, legal) -> dict | None:
    """A hand card picked and a slot clicked (or "alone"); or hand cards ticked for the cave.
    The move as asked, so that an illegal one is refused by the rules in words."""
    if post.get("shelter") is not None:
        cards = [int(c) for c in post.getlist("cave") if c.isdigit()]
        return {"type": "shelter", "cards": sorted(cards)} if cards else None
    picked, slot = post.get("card", ""), post.get("slot", "")
    if not picked.isdigit() or int(picked) not in C.CARDS:
        return None
    card = int(picked)
    if slot == "alone":
        move = {"type": "play", "card": card}
        river = post.get("river", "")
        if river.isdigit() and C.CARDS[card]["kind"] == "tree":
            move["river"] = int(river)
        return move
    stem, _, where = slot.partition(",")
    if not stem.isdigit() or where not in C.SLOT_SIDE:
        return None
    return {"type": "play", "card": card, "half": C.SLOT_SIDE[where], "stem": int(stem), "slot": where}
