"""The JSON schema of Japan's ``view`` (published as View_japan; docs/games/japan.md, "The view",
explains each field)."""
from __future__ import annotations

from games.engine.viewschema import (array, boolean, integer, mapping, move, nullable, obj, outcome, per_seat,
                                     seat, string)

from .components import CITIES, DAY_SYMBOLS, DAYS, EXPERIENCE, ROUNDS, TICKET_POINTS

CARD = string("A card: 'T<n>' from the Tokyo deck, 'K<n>' from the Kyoto deck.", pattern="^[TK][0-9]+$")
CITY = string("A city (a deck).", CITIES)
DAY = string("A day of the plan.", DAYS)
TICKET = string("A ticket kind.", list(TICKET_POINTS))
COUNT = integer("How many.", 0)
MOVE = move(None, "A move")

PLAN_ENTRY = obj("A plan entry: a card, or a walk (its card hidden until the trip).", {}, {
    "card": CARD,
    "walk": nullable(CARD, "until the trip (a walk is face down)."),
    "city": CITY,
    "bonus": boolean("The walk was a day bonus."),
})
PLAN = array(array(PLAN_ENTRY, "A day's column, top to bottom."), "The six days, Monday first.", 6, 6)

SCORE = {
    "cards": integer("Points of the cards.", 0),
    "highlights": integer("Points of the highlights met.", 0),
    "mood": integer("Points of the mood.", 0),
    "experience": integer("Points of the experience tracks.", 0),
    "tickets": integer("Points of the tickets (negative for standard tickets)."),
    "explore": integer("Points of exploring.", 0),
    "total": integer("The score."),
    "experience_tracks": mapping(integer("Spaces moved.", 0), "Experience markers' spaces by track.",
                                 "^(" + "|".join(EXPERIENCE) + ")$"),
    "experience_spaces": integer("Experience spaces in all.", 0),
    "joy": integer("Joy track position.", 0),
    "stress": integer("Stress track position.", 0),
    "mood_marker": integer("The mood marker, -2 ... +2 (+ towards joy)."),
    "tickets_used": array(TICKET, "Tickets used, in order."),
}
TRIP_SCORE = obj("The trip's score breakdown.", SCORE)

TOKENS = {
    "explore": integer("Explore tokens.", 0), "jokers": integer("Jokers.", 0),
    "luxury": integer("Luxury tickets.", 0), "start_ticket": integer("Start tickets.", 0),
    "mood": integer("Mood track position (towards joy).", 0), "joy": integer("Joy.", 0),
    "stress": integer("Stress.", 0),
}

PRIVATE_PLANNING = {
    "phase": string("Where your round is: draw, play, discard, bonus, finish, done.",
                    ["draw", "play", "discard", "bonus", "finish", "done"]),
    "hand": array(CARD, "Your hand."),
    "stack_size": integer("Cards in your stack (face down).", 0),
    "plays_left": integer("Cards you may still play this round.", 0),
    "discards_left": integer("Cards you may still discard.", 0),
    "bonus": nullable(obj("A day bonus waiting.", {"day": DAY, "tier": integer("Its tier.", 1, 3)}),
                      "unless a day bonus waits."),
    "plan": PLAN,
    **TOKENS,
    "moves_this_round": array(MOVE, "Your moves so far this round"),
}

STARTED = obj("Japan as one seat (or a spectator) may see it.", {
    "started": boolean("The game has been set up."),
    "phase": string("planning (rounds 1-13), trip, over.", ["planning", "trip", "over"]),
    "round": integer("The round, 1-13.", 1),
    "rounds": integer("Rounds of planning.", ROUNDS, ROUNDS),
    "round_rule": obj("This round's rule.", {
        "source": string("Where the hand comes from (empty after the last round).",
                         ["deck", "stack", "stack+choice", ""]),
        "keep": integer("Cards kept.", 0),
        "pass": string("Where the rest go (empty after the last round).", ["left", "right", "discard", ""]),
    }),
    "day_symbols": obj("Each day's good condition.", {day: string(f"{day}'s condition.", DAY_SYMBOLS)
                                                      for day in DAYS}),
    "decks": obj("Cards left in each deck, as when the round opened.",
                 {city: integer(f"Cards left in the {city} deck.", 0) for city in CITIES}),
    "discard": array(CARD, "The public discard pile, as when the round opened."),
    "players": per_seat(obj("A seat as at the opening of the round.", {
        "seat": seat("The seat."),
        "plan": PLAN,
        **TOKENS,
        "hand_size": integer("Cards in hand.", 0),
        "stack_size": integer("Cards in its stack.", 0),
        "waiting_for": boolean("Still choosing."),
    }), "Every seat"),
    "to_move": array(seat("A seat."), "Seats still to choose."),
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "private": nullable(obj("Your own live state: during planning all of it; during the trip only your "
                            "legal moves while you are asked something.",
                            {"legal_moves": array(MOVE, "Your legal moves now")}, PRIVATE_PLANNING),
                        "for a spectator, and when you have nothing to decide."),
    "options": obj("The game's options.", {
        "experience_tie_break": boolean("The published optional tie-break by experience."),
    }),
}, {
    "agent": obj("Solo only: the travel agent.", {"plan": PLAN}, {"score": TRIP_SCORE}),
    "trip": per_seat(obj("A seat's trip (from the trip on).", {
        "seat": seat("The seat."),
        "moves": array(MOVE, "Trip moves made"),
        "cities": array(CITY, "The cities of the plan so far."),
        "asks": nullable(obj("The question waiting.", {
            "kind": string("What is asked: which city a yellow card counts as, a ticket, a walk card "
                           "face up or down, a joker.", ["yellow", "ticket", "face", "joker", "final_joker"]),
            "about": mapping({"description": "A fact about the question."},
                             "What it is about (the day, the card, the cities...)."),
        }), "when nothing is asked."),
        "log": array(string("A highlight in words."), "The highlights met."),
        "score": nullable(TRIP_SCORE, "until the trip is finished."),
    }), "The trips"),
    "outcome": outcome(obj("A seat's score.", SCORE, {
        "agent_total": integer("Solo: the travel agent's score."),
        "beat_agent": boolean("Solo: the player beat the travel agent."),
    })),
})

NOT_STARTED = obj("A game not set up yet.", {"started": {"const": False, "description": "Not set up yet."}})

VIEW = {"description": "Japan as one seat (or a spectator) may see it.", "anyOf": [STARTED, NOT_STARTED]}
