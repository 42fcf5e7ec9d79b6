"""The game's events in words, for the log a returning player reads."""
from __future__ import annotations

from games.engine import Event

from . import components as C


def _player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def _cards(cards) -> str:
    names = [C.card_name(card) for card in cards]
    return ", ".join(names) if names else "nothing"


def _effect(effect: dict) -> str:
    if "draw" in effect:
        n = effect["draw"]
        return f"draw {n} card{'s' if n != 1 else ''}"
    if "take" in effect:
        return "take a card from the clearing"
    if "tuck" in effect:
        return "put a hand card into the cave"
    if effect.get("clearing_to_cave"):
        return "put the whole clearing into the cave"
    if effect.get("extra_turn"):
        return "take another turn"
    return "no effect"


def describe(event: Event, seat: int | None = None) -> str:
    p = event.payload
    who = _player(p["seat"]) if "seat" in p else ""
    kind = event.type
    if kind == "GameSetUp":
        return (f"A game for {p['players']} began: six cards to each hand, "
                f"{len(p['removed'])} cards removed unseen; {_player(p['first'])} goes first.")
    if kind == "WinterSetAside":
        if p["count"] >= C.WINTERS:
            return "The third winter card came up."
        return f"Winter card {p['count']} came up and was set aside."
    if kind == "CardDrawn":
        if p["source"] == "clearing":
            return f"{who} took the {C.card_name(p['card'])} from the clearing."
        what = f"the {C.card_name(p['card'])}" if p["card"] is not None else "a card"
        return f"{who} drew {what} from the deck."
    if kind == "ClearingRevealed":
        return f"The {C.card_name(p['card'])} was turned up into the clearing."
    if kind == "PlayStarted":
        name = C.card_name(p["card"], p.get("half"))
        river = " over a face-down universal river" if "river" in p or p.get("river_hidden") else ""
        return f"{who} plays the {name}{river}, cost {p['cost']}."
    if kind == "CardPaid":
        return f"{who} paid with the {C.card_name(p['card'])}."
    if kind == "CardPlaced":
        name = C.card_name(p["card"], p.get("half"))
        bonus = " (paid with matching tree symbols)" if p["matched"] else ""
        return f"{who} placed the {name} in their forest{bonus}."
    if kind == "EffectResolved":
        if p.get("skipped"):
            return f"{who} could not {_effect(p['effect'])}."
        return f"{who} may {_effect(p['effect'])}."
    if kind == "CardTaken":
        return f"{who} took the {C.card_name(p['card'])} from the clearing."
    if kind == "CardTucked":
        return f"{who} put a card from their hand into their cave."
    if kind == "TuckDeclined":
        return f"{who} kept their hand."
    if kind == "ClearingToCave":
        return f"{who} put the clearing into their cave: {_cards(p['cards'])}."
    if kind == "HandShown":
        return f"{who} could neither draw nor play and showed their hand: {_cards(p['hand'])}."
    if kind == "CardsSheltered":
        if None in p["cards"]:
            return f"{who} put {len(p['cards'])} of those cards face down into their cave and drew two."
        return f"{who} put {_cards(p['cards'])} into their cave and drew two."
    if kind == "TurnEnded":
        words = f"{who} ended their turn"
        if p.get("cleared"):
            words += f"; the clearing held {len(p['cleared'])} cards and was emptied"
        if p.get("extra"):
            words += " and takes another turn"
        return words + "."
    if kind == "GameEnded":
        return "The third winter card ended the game."
    return kind


def _species_names(names) -> str:
    return " or ".join(C.SPECIES[name]["name"] for name in names)


def score_words(species: str) -> str:
    """A species' scoring rule in words (docs, card tips)."""
    rule = C.SPECIES[species]["score"]
    if "table" in rule and isinstance(rule["table"], str):
        table = C.TABLES[rule["table"]]
        return (f"by how many {C.SPECIES[species]['name']} cards you have, once: "
                + ", ".join(f"{n}: {p}" for n, p in enumerate(table, start=1)))
    if "distinct" in rule:
        return (f"by how many different {rule['distinct']} species you have, once for all of them: "
                + ", ".join(f"{n}: {p}" for n, p in enumerate(rule["table"], start=1)))
    if "per_type" in rule:
        return f"{rule['points']} per {rule['per_type']} card in your forest"
    if "per_species" in rule:
        return f"{rule['points']} per {C.SPECIES[rule['per_species']]['name']}"
    if "per_attached" in rule:
        return f"{rule['per_attached']} per card attached to it"
    if "min_distinct" in rule:
        return f"{rule['points']} if you have at least {rule['count']} different {rule['min_distinct']} species"
    if "majority" in rule:
        what = "trees" if rule["majority"] == "trees" else (
            f"{rule['majority']} cards" if rule["majority"] not in C.SPECIES
            else f"{C.SPECIES[rule['majority']]['name']} cards")
        return f"{rule['points']} if nobody has more {what} than you, else {rule['else']}"
    if "own_count" in rule:
        return f"{rule['points']} if you have at least {rule['min']} {C.SPECIES[rule['own_count']]['name']} cards"
    if "over_river" in rule:
        return f"{rule['flat']}, or {rule['flat'] + rule['over_river']} over a universal river"
    if "at_tree" in rule:
        return f"{rule['points']} if it sits at a {_species_names(rule['at_tree'])}"
    if "per_tree_species" in rule:
        return f"{rule['per_tree_species']} per different tree species in your forest"
    if "per_river" in rule:
        return f"{rule['per_river']} per river (single rivers and trees with a river)"
    if "per_river_tree" in rule:
        return f"{rule['per_river_tree']} per tree with a river"
    if "per_water" in rule:
        return f"{rule['per_water']} per card with the water condition in your forest"
    if "if_has" in rule:
        return f"{rule['points']} if you have at least one {C.SPECIES[rule['if_has']]['name']}"
    if "per_cave" in rule:
        return f"{rule['per_cave']} per card in your cave"
    return str(rule.get("flat", 0))


def effect_words(effect: dict | None) -> str:
    if not effect:
        return ""
    if "whenever" in effect:
        what = "a tree" if effect["whenever"] == "tree" else "a river card"
        return f"whenever you later play {what}, draw {effect['draw']}"
    return _effect(effect)
