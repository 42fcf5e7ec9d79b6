"""No game's rules may name an event like one of the platform's own.

The fold skips platform events (games.platform_events), so a rules event that shared a
name with one would silently never reach ``evolve``: the state would stop following the
log. Momiji's end-of-game event is called ``GameEnded``, which is why the
platform's own is ``GameEndedAtTable``. Every game is played here by its bots at its
smallest and largest table, and every event type it writes is checked.
"""
import pytest

from games import registry
from games.engine.harness import play_game
from games.platform_events import PLATFORM_EVENT_TYPES, fold

ENTRIES = registry.all_games()


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.slug for entry in ENTRIES])
def test_rules_events_never_take_a_platform_name(entry):
    rules = entry.rules
    seen = set()
    for players in sorted({rules.min_players, rules.max_players}):
        game = play_game(rules, players, {}, seed="names", bots=[entry.bots.get("best") or entry.bots["random"]] * players)
        seen |= {event.type for event in game.events}
    assert seen, entry.slug
    assert not seen & PLATFORM_EVENT_TYPES, (entry.slug, sorted(seen & PLATFORM_EVENT_TYPES))


def test_a_rules_event_with_a_platform_name_would_be_lost_by_the_fold():
    # Why the check above matters: the fold hands the state back untouched.
    class Counting:
        def evolve(self, state, event):
            return state + 1

    assert fold(Counting(), 0, "SeatResigned", {}) == 0
    assert fold(Counting(), 0, "TilePlaced", {}) == 1
