"""The JSON schema of Travel's ``view`` (published as View_travel; docs/games/travel.md)."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, mapping, nullable, obj, per_seat, seat, string

from .components import CARDS, CHARACTERS, COUNTRIES, KINDS

CARD = string("A card id (an item '<kind>-<copy>', a passport, an event, a special or forbidden item, "
              "a postcard).", list(CARDS))
KIND = string("A kind of card asked for (any copy of it will do).", KINDS)
COUNTRY = string("A country.", list(COUNTRIES))
STEPS = ["action", "draft", "offer", "window", "guide", "between", "over"]

OFFER = obj("The offer waiting for its answer; to seats other than its two players (while trades are "
            "private, rules versions 1 and 2) only who offers to whom.", {
    "by": seat("The seat making the offer."),
    "to": seat("The seat the offer is made to."),
    "standing": boolean("The offer stands: its receiver may answer it."),
}, {
    "give": array(CARD, "The cards offered.", 1),
    "want": array(KIND, "The kinds of card asked for in return.", 1),
    "withdrawable": boolean("Its sender may withdraw it until it is answered (rules version 2 on)."),
})

DRAFT = obj("An offer being put together; other seats see only who and whether it is a counter-offer.", {
    "by": seat("The seat putting the offer together."),
    "to": seat("The seat it is for."),
    "counter": boolean("It answers an offer made to its author (a counter-offer)."),
}, {
    "previous": nullable(obj("The offer this counter-offer answers.", {
        "give": array(CARD, "The cards offered then.", 1),
        "want": array(KIND, "The kinds asked for then.", 1),
    }), "when the draft is not a counter-offer."),
    "entries": array(obj("One line of the draft: a card given or a kind asked for.", {}, {
        "give": CARD, "want": KIND}), "The lines so far, in order."),
})

WINDOW = obj("A reaction window: the other seats may answer a Steal or a Travel (with a Mouse Trap or a "
             "Cancelled Flight) or pass.", {
    "kind": string("What is being answered.", ["steal", "travel"]),
    "actor": seat("The seat stealing or travelling."),
    "target": nullable(seat("The seat stolen from."), "for a Travel."),
    "waiting": array(seat("A seat."), "Seats that have not answered yet."),
}, {
    "country": COUNTRY,
    "cards": array(CARD, "For a Travel: the cards paid for it."),
})

VIEW = obj("Travel (Itchy Feet) as one seat (or a spectator) may see it.", {
    "players": integer("Number of seats.", 2, 6),
    "options": obj("The game's options, complete.", {
        "events": boolean("Events expansion."),
        "special_items": boolean("Special items expansion."),
        "forbidden_items": boolean("Forbidden items expansion."),
        "postcards": boolean("Postcards expansion."),
        "characters": boolean("Characters expansion."),
        "first_player": string("How the first player was chosen.", ["closest", "random"]),
    }),
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "current": seat("The seat whose turn it is."),
    "turn": integer("The turn number, from 1.", 1),
    "step": string("What the game waits for: action (the current seat's action), draft (an offer being put "
                   "together), offer (an answer to an offer), window (reactions to a Steal or a Travel), "
                   "guide (the Local Tour Guide's choice), between (hand-limit discards after a turn), over.",
                   STEPS),
    "to_move": array(seat("A seat."), "Seats the game waits for."),
    "may_move": array(seat("A seat."), "Seats that may move unasked (withdrawing their offer)."),
    "countries": per_seat(nullable(COUNTRY, "once visited."), "Each seat's home country still to visit"),
    "visited": per_seat(boolean("Has visited its home country."), "Home countries visited"),
    "center": COUNTRY,
    "country_needs": mapping(array(KIND, "The three kinds of item a Travel there needs.", 3, 3),
                             "For each country in play (homes still to visit and the centre): what it needs."),
    "characters": per_seat(nullable(string("A character.", list(CHARACTERS)),
                                    "without the characters expansion."), "Each seat's character"),
    "hand_sizes": per_seat(integer("Cards in hand.", 0), "How many cards each seat holds"),
    "deck_size": integer("Cards left in the draw pile.", 0),
    "discard": array(CARD, "The face-up discard pile, top last."),
    "strike": nullable(seat("The seat an Airport Strike stops from travelling on its next turn."),
                       "when no strike is on."),
    "discards_due": mapping(integer("Cards it must discard.", 1),
                            "Seats over the hand limit (keys: seat numbers) and how many cards each must "
                            "discard.", "^[0-9]+$"),
    "offers_made": integer("Offers and counter-offers begun this turn (at most 4).", 0),
    "revealed": nullable(obj("The hand last shown by a traveller.", {
        "seat": seat("The traveller."),
        "hand": array(CARD, "The hand shown."),
    }), "until somebody travels."),
    "window": nullable(WINDOW, "when no reaction window is open."),
    "winner": nullable(seat("The winner."), "until the game is over."),
    "win_reason": nullable(string("travel: reached the centre country; postcards: held four postcards.",
                                  ["travel", "postcards"]), "until the game is over."),
    "offer": nullable(OFFER, "when no offer waits."),
    "draft": nullable(DRAFT, "when no offer is being put together."),
    "guide": nullable(obj("The Local Tour Guide's look at the draw pile; other seats see only whose.", {
        "seat": seat("The seat choosing."),
    }, {"cards": array(CARD, "The top cards of the draw pile it chooses from.")}), "when no guide is in play."),
}, {
    "hand": array(CARD, "Your own hand, sorted (absent from a spectator's view)."),
    "hands": per_seat(array(CARD, "A hand, sorted."), "Once over: every hand"),
    "deck": array(CARD, "Once over: the draw pile, top first."),
})
