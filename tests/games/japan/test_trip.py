"""The trip, scored on plans built by hand from the rule text (seed lines 330-353, 400-431)."""
import pytest

from games.catalog.japan.components import experience_points
from games.catalog.japan.conditions import Condition, parse_condition, parse_reward
from games.catalog.japan.trip import Track, run_trip

from collections import Counter


def plan_of(*days):
    return [[({"card": e} if isinstance(e, str) else e) for e in day] for day in days]


def finish(plan, start, moves):
    run = run_trip(plan, start, moves)
    assert run.pending is None, run.pending
    assert run.used == len(moves)
    return run.score


def test_mood_track_overflow_moves_joy_and_resets_the_marker():
    track = Track()
    for _ in range(3):
        track.step(+1)
    assert (track.mood, track.joy, track.stress) == (0, 1, 0)
    track.step(+1)
    assert (track.mood, track.joy) == (1, 1)
    for _ in range(4):
        track.step(-1)
    # 1 -> 0 -> -1 -> -2 -> -3: the stress end, so stress 1 and back to the centre
    assert (track.mood, track.joy, track.stress) == (0, 1, 1)
    assert track.points() == 5 - 3


def test_joy_and_stress_stop_at_three_but_the_marker_still_resets():
    track = Track()
    for _ in range(3 * 5):
        track.step(+1)
    assert (track.joy, track.mood) == (3, 0)
    assert track.points() == 20
    track = Track()
    for _ in range(3 * 4 + 1):
        track.step(-1)
    assert (track.stress, track.mood) == (3, -1)
    assert track.points() == -15


@pytest.mark.parametrize("position,points", [(0, 0), (3, 0), (4, 4), (6, 4), (7, 8), (9, 8),
                                             (10, 12), (11, 12), (12, 15), (17, 15)])
def test_experience_levels(position, points):
    assert experience_points(position) == points


def test_condition_language():
    assert parse_condition("ee") == Condition(need=(("pricey", 2),))
    assert parse_condition("!s") == Condition(none_of="shopping")
    assert parse_condition("nnk").met(Counter(nature=2, ticket=1))
    assert not parse_condition("nnk").met(Counter(nature=2))
    assert not parse_condition("!x").met(Counter(strain=1))
    reward = parse_reward("3 1/t")
    assert reward.value(Counter(temple=4)) == 7
    assert parse_reward("2/[su]").value(Counter(shopping=3, unique=2)) == 4
    assert parse_reward("3/[fsnt]").value(Counter(food=2, shopping=5, nature=3, temple=1)) == 3
    assert parse_reward("3/tokyo").value(Counter({"days:tokyo": 2})) == 6
    assert parse_reward("6 +Ws").gain == ("wild", "shopping")


# A whole Kyoto-only plan: no ticket, every scoring step counted by hand.
FULL_PLAN = plan_of(
    ["K5", "K40", "K59"],     # Mon: temple, temple, temple+nature; K59 needs 2 temples: 5 and a temple
    ["K61", "K3", "K44"],     # Tue: relax x2, temple+relax (joy!), nature+cheap; K44 needs 1 relax: 5 and a cheap
    ["K64", "K71", "K53"],    # Wed: food, strain x2, food; K53 needs 3 food: only 2
    ["K29", "K28", "K80"],    # Thu: unique x3; K80 (yellow, sent to Kyoto) needs 3 unique: 8
    ["K39", "K38", "K19"],    # Fri: shopping x3; K19 needs 3 shopping: 2 per temple+nature set (5, 2) = 4
    ["K70", "K56", "K57"],    # Sat: unique+strain x2, shopping+strain (stress!), shopping+strain; K57: 2 per nature+food = 4
)


def test_full_trip_of_a_hand_built_plan():
    score = finish(FULL_PLAN, {"explore": 2}, [{"type": "city", "card": "K80", "city": "kyoto"}])
    assert score["cards"] == 8 + 5 + 15 + 8 + 12 + 15
    assert score["highlights"] == 5 + 5 + 0 + 8 + 4 + 4
    assert (score["joy"], score["stress"], score["mood_marker"]) == (1, 1, -1)
    assert score["mood"] == 5 - 3
    assert score["experience_tracks"] == {"temple": 5, "food": 2, "nature": 2, "shopping": 5, "unique": 4}
    assert score["experience"] == 4 + 0 + 0 + 4 + 4
    assert score["tickets"] == 0
    assert score["explore"] == 2
    assert score["total"] == 63 + 26 + 2 + 12 + 0 + 2


def _answered(plan, start, final):
    """The moves of a trip whose day jokers are all kept (``continue``), K80 sent to Kyoto,
    and ``final`` the answers to the questions about the jokers left at the end."""
    moves, final = [], list(final)
    while True:
        run = run_trip(plan, start, moves)
        if run.pending is None:
            return moves, run
        kind = run.pending.kind
        if kind == "final_joker":
            assert run.pending.options == ([{"type": "joker", "track": t} for t in
                                           ("temple", "food", "nature", "shopping", "unique")]
                                          + [{"type": "continue"}])
            moves.append(final.pop(0))
        else:
            assert kind in ("joker", "yellow"), run.pending
            moves.append({"type": "continue"} if kind == "joker" else {"type": "city", "card": "K80",
                                                                         "city": "kyoto"})


def test_jokers_left_at_the_end_move_experience_markers():
    # SEED "5. Verwende ggf. noch übrige Jokermarker": two jokers kept through the days
    # move food from 2 to 4, its first level: 4 points more than the plan's 105.
    start = {"explore": 2, "jokers": 2}
    food = {"type": "joker", "track": "food"}
    moves, run = _answered(FULL_PLAN, start, [food, food])
    assert moves[-2:] == [food, food]
    assert run.score["experience_tracks"]["food"] == 4
    assert run.score["experience"] == 4 + 4 + 0 + 4 + 4
    assert run.score["experience_spaces"] == 5 + 4 + 2 + 5 + 4
    assert run.score["total"] == 63 + 26 + 2 + 16 + 0 + 2
    # One joker, then "continue": the other is worth nothing ("Darüber hinaus ... wertlos").
    moves, run = _answered(FULL_PLAN, start, [{"type": "joker", "track": "unique"}, {"type": "continue"}])
    assert run.score["experience_tracks"]["unique"] == 5 and run.score["experience_tracks"]["food"] == 2
    assert run.score["total"] == 63 + 26 + 2 + 12 + 0 + 2


def test_a_highlight_counts_only_from_monday_to_the_current_day():
    # K25 (needs 3 temples) on Monday with 2 temples fails, even though Tuesday adds more.
    plan = plan_of(["K5", "K40", "K25"], ["K42", "K43", "K12"])
    score = finish(plan, {}, [])
    run = run_trip(plan, {}, [])
    assert "Monday: highlight Sannenzaka slope not met." in run.log
    # Tuesday's K12 (needs 2 relax): there is none, not met either; cards 3+3+4 + 2+2+1
    assert score["highlights"] == 0
    assert score["cards"] == 15


def test_tickets_yellow_cards_walks_and_jokers():
    plan = plan_of(["T20", "K72", "T48"], [{"walk": "K10", "city": "kyoto", "bonus": False}, "K6"])
    start = {"jokers": 2, "luxury": 1, "start_ticket": 1}
    run = run_trip(plan, start, [])
    assert run.pending.kind == "yellow" and run.pending.about["card"] == "K72"
    run = run_trip(plan, start, [{"type": "city", "card": "K72", "city": "tokyo"}])
    assert run.pending.kind == "ticket"
    assert run.pending.options == [{"type": "ticket", "kind": k} for k in ("start", "luxury", "standard")]
    moves = [{"type": "city", "card": "K72", "city": "tokyo"}, {"type": "ticket", "kind": "luxury"}]
    assert run_trip(plan, start, moves).pending.kind == "joker"     # before Monday's highlight
    moves += [{"type": "joker", "track": "nature"}, {"type": "joker", "track": "nature"}]
    assert run_trip(plan, start, moves).pending.kind == "face"      # Tuesday's walk
    moves.append({"type": "face", "card": "K10", "face": "down"})
    score = finish(plan, start, moves)
    # Mon: 4+2+3 = 9, the two jokers give T48 its 2 nature: 7. Tue: luxury ticket (+1 relax),
    # face-down walk 1 point + relax (joy 1), K6 3 points; its 2 nature are met: 5 + 0 unique.
    assert score["cards"] == 9 + 1 + 3
    assert score["highlights"] == 7 + 5
    assert score["mood"] == 5
    assert score["tickets"] == 2
    assert score["tickets_used"] == ["luxury"]
    assert score["total"] == 13 + 12 + 5 + 0 + 2

    face_up = moves[:4] + [{"type": "face", "card": "K10", "face": "up"}]
    score = finish(plan, start, face_up)
    assert score["cards"] == 9 + 3 + 3 and score["mood"] == 0 and score["total"] == 29


def test_yellow_card_to_the_other_city_costs_a_standard_ticket_once_the_start_ticket_is_used():
    plan = plan_of(["T20", "K72", "T48"])
    moves = [{"type": "city", "card": "K72", "city": "kyoto"}, {"type": "ticket", "kind": "start"}]
    score = finish(plan, {"start_ticket": 1}, moves)   # the second change has only the standard ticket
    assert score["tickets_used"] == ["start", "standard"]
    assert score["tickets"] == -2


def test_a_face_down_walk_as_highlight_scores_two_and_counts_as_a_walk():
    walk = {"walk": "T67", "city": "tokyo", "bonus": True}
    plan = plan_of(["T1", "T2", "T3", walk], ["T5", "T6", "T67"])
    moves = [{"type": "face", "card": "T67", "face": "down"}]
    score = finish(plan, {}, moves)
    # Mon: 2+2+3 + walk 1; highlight 2. Tue: 2+1+4; T67 needs 2 walks: only 1, not met.
    assert score["cards"] == 8 + 7
    assert score["highlights"] == 2


def test_days_only_in_one_city_count_up_to_the_current_day():
    plan = plan_of(["T8", "T32", "T7"], ["K1", "K2", "K34"], ["K15", "K55", "K30"])
    score = finish(plan, {"start_ticket": 1}, [{"type": "ticket", "kind": "start"}])
    # Mon: T7 (2 nature, 2 temple: 3 and 2) scores 3 per day only in Tokyo: Monday = 3.
    # Tue: K34 needs 2 tickets, 1 used so far: nothing. Wed: K30, 3 per day only in Kyoto: 6.
    assert score["highlights"] == 3 + 0 + 6
    assert score["cards"] == 10 + 7 + 8
    assert score["tickets"] == 0


def test_tickets_used_so_far_count_for_a_highlight():
    plan = plan_of(["T20", "T48", "T12"], ["K1", "T1", "K34"])
    run = run_trip(plan, {"start_ticket": 1}, [])
    assert run.pending.kind == "ticket"
    score = finish(plan, {"start_ticket": 1}, [{"type": "ticket", "kind": "start"}])
    # Three changes (Mon->Tue, K1->T1, T1->K34): the start ticket, then two standard ones,
    # asked no more since nothing else is left. K34: 5 + 2 per ticket = 11.
    assert score["tickets_used"] == ["start", "standard", "standard"]
    assert score["tickets"] == -4
    assert score["highlights"] == 11


def test_solo_agent_scores_every_highlight_and_starts_experience_on_two():
    plan = plan_of(["K5", "K40", "K25"])
    score = run_trip(plan, {}, [], agent=True).score
    # Unconditional K25: 7. Temple 2 + 2 icons = 4 -> 4 points; the others stay on 2.
    assert score["highlights"] == 7
    assert score["experience"] == 4
    assert score["total"] == 3 + 3 + 4 + 7 + 4
