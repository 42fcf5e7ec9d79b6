"""The JSON schema of Forest Shuffle: Smoky Mountains' ``view`` (published as View_forestsm;
docs/games/forestsm.md, "What players see", explains each field)."""
from __future__ import annotations

from games.engine.viewschema import (array, boolean, integer, mapping, nullable, obj, per_seat,
                                     seat, string)

from .components import CARDS, SLOT_SIDE, SPECIES

CARD = integer("A card's number (docs/games/forestsm.md lists every card).", 1, max(CARDS))
HALF = string("Which half of a split card.", ["top", "bottom", "left", "right"])
SLOT = string("A slot of a tree or river.", sorted(SLOT_SIDE))
EFFECT = mapping({"type": ["integer", "boolean", "string"]},
                 "An effect or bonus: draw n, take 1 (from the clearing), tuck 1 (a hand card "
                 "into the cave), clearing_to_cave, or extra_turn.")

STEM = obj("A tree or single river in a forest, with the cards attached to it.", {
    "index": integer("Its index (as in play moves' stem), in the order played.", 0),
    "card": CARD,
    "kind": string("tree (4 slots), river_tree (a tree over a universal river, 5 slots) or "
                   "river (a single river card, 4 slots).", ["tree", "river_tree", "river"]),
    "universal_river": boolean("A face-down card lies under the tree as a universal river."),
    "river_card": nullable(CARD, "when there is none, or it is another player's (face down)."),
    "slots": array(obj("A slot.", {
        "slot": SLOT,
        "side": HALF,
        "accepts": string("dry: only halves without the water condition; water: only halves "
                          "with it; any: both.", ["dry", "water", "any"]),
        "card": nullable(CARD, "while the slot is free."),
        "half": nullable(HALF, "while the slot is free."),
    }), "Its slots, in a fixed order.", 4, 5),
})

SCORE = obj("A score breakdown.", {
    "total": integer("Points in all.", 0),
    "cave": integer("Points from the cave (one per card).", 0),
    "by_species": mapping(integer("Points.", 0), "Points by species (groups scored once "
                                                  "are under the first species of the group).",
                          "^(" + "|".join(sorted(SPECIES)) + ")$"),
})

VIEW = obj("Forest Shuffle: Smoky Mountains as one seat (or a spectator) may see it.", {
    "phase": string("play, or over.", ["play", "over"]),
    "players": integer("Number of seats.", 2, 5),
    "seat": nullable(seat("The seat this view is for."), "for a spectator."),
    "first": seat("The first player."),
    "current": seat("The seat whose turn it is."),
    "to_move": array(seat("A seat."), "Seats to move now (empty once over)."),
    "turns": integer("Turns ended so far, all seats together.", 0),
    "step": obj("Where the current turn stands.", {
        "kind": string("action: draw or play; draw: the second card of action A; pay: paying "
                       "for the card being played; take / tuck: an effect asks for a choice; "
                       "resolve: between steps (not seen while waiting).",
                       ["action", "draw", "pay", "take", "tuck", "resolve"]),
    }, {
        "card": CARD, "half": nullable(HALF, "for a tree or river card."),
        "stem": nullable(integer("The stem the half goes to.", 0), "for a tree or river card."),
        "slot": nullable(SLOT, "for a tree or river card."),
        "cost": integer("Cards to pay.", 0),
        "paid": array(CARD, "Cards paid so far (now in the clearing)."),
        "universal_river": boolean("A universal river goes under the tree being played."),
        "river_card": nullable(CARD, "when there is none or it is not yours."),
    }),
    "queue": array(obj("An effect still to resolve this turn.", {
        "effect": EFFECT, "source": CARD,
        "kind": string("effect, bonus, or permanent (an effect triggered by a card already "
                       "in the forest).", ["effect", "bonus", "permanent"]),
    }), "Effects still to resolve, first first."),
    "extra_turn": boolean("The player to move takes another turn after this one."),
    "hand": nullable(array(CARD, "The seat's own hand."), "for a spectator."),
    "hand_counts": per_seat(integer("Cards in hand.", 0, 10), "Hand sizes"),
    "clearing": array(CARD, "The face-up clearing, oldest first."),
    "deck_count": integer("Cards left in the deck (winters included).", 0),
    "winters": array(CARD, "Winter cards set aside so far (the third ends the game)."),
    "removed_count": integer("Cards removed unseen at setup.", 0),
    "forests": per_seat(array(STEM, "A forest's trees and rivers."), "Forests"),
    "cave_counts": per_seat(integer("Cards in the cave.", 0), "Cave sizes"),
    "cave": nullable(array(CARD, "The seat's own cave."), "for a spectator."),
    "scores": per_seat(SCORE, "Scores if the game ended now"),
    "end": nullable(string("Why the game ended.", ["third_winter"]), "while it runs."),
}, {
    "hands": per_seat(array(CARD, "A hand."), "Every hand (once the game is over)"),
    "caves": per_seat(array(CARD, "A cave."), "Every cave (once the game is over)"),
    "removed": array(CARD, "The cards removed at setup (once the game is over)."),
    "deck": array(CARD, "The cards left in the deck (once the game is over)."),
})
