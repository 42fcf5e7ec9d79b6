"""The time-control policy as pure functions, with the clock passed in (no sleeps, no database)."""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from games import timecontrol as tc

UTC = timezone.utc
PARIS = ZoneInfo("Europe/Paris")
# Friday 29 March 2030, 21:00 in Paris (CET); summer time starts on Sunday the 31st.
FRIDAY_EVENING = datetime(2030, 3, 29, 20, 0, tzinfo=UTC)


def test_normalize_keeps_the_old_forms_and_adds_defaults():
    assert tc.normalize(None) is None
    assert tc.normalize({"per_move_seconds": 120}) == {"timeout_policy": "bot", "per_move_seconds": 120}
    assert tc.normalize({"bank_seconds": 3600, "increment_seconds": 60, "cap_seconds": 7200,
                         "timeout_policy": "forfeit"}) == {
        "timeout_policy": "forfeit", "bank_seconds": 3600, "increment_seconds": 60, "cap_seconds": 7200}


def test_durations_with_units():
    result = tc.normalize({"bank": "7d", "increment": "12h", "cap": "10d", "reminder_before": "90m"})
    assert result["bank_seconds"] == 7 * 86400
    assert result["increment_seconds"] == 12 * 3600
    assert result["cap_seconds"] == 10 * 86400
    assert result["reminder_seconds_before"] == 5400
    assert tc.normalize({"per_move": "2m"})["per_move_seconds"] == 120


@pytest.mark.parametrize("bad, words", [
    ({"per_move_seconds": 60, "bank_seconds": 60}, "either"),
    ({"timeout_policy": "bot"}, "either"),
    ({"per_move_seconds": 0}, "positive"),
    ({"per_move_seconds": -5}, "between"),
    ({"per_move_seconds": True}, "number of seconds"),
    ({"per_move": "3 weeks"}, "duration"),
    ({"per_move": "1d", "per_move_seconds": 5}, "not both"),
    ({"per_move_seconds": 60, "timeout_policy": "resign"}, "timeout_policy"),
    ({"per_move_seconds": 60, "increment_seconds": 5}, "time bank"),
    ({"bank_seconds": 600, "cap_seconds": 60}, "cap_seconds"),
    ({"per_move_seconds": 60, "weekend_pause": "yes"}, "true or false"),
    ({"per_move_seconds": 60, "playing_hours": {"start": "25:00", "end": "08:00"}}, "HH:MM"),
    ({"per_move_seconds": 60, "playing_hours": {"start": "08:00", "end": "08:00"}}, "same time"),
    ({"per_move_seconds": 60, "playing_hours": "9-5"}, "playing_hours"),
    ({"per_move_seconds": 60, "vacation_days": 2.5}, "whole number"),
    ({"per_move_seconds": 60, "vacation_auto": True}, "vacation_days"),
    ({"per_move_seconds": 60, "colour": "red"}, "Unknown"),
    ([1, 2], "object"),
])
def test_normalize_refuses_with_a_sentence(bad, words):
    with pytest.raises(tc.TimeControlError, match=words):
        tc.normalize(bad)


def test_fixed_time_per_move_without_pauses():
    control = tc.normalize({"per_move_seconds": 120})
    assert tc.turn_deadline(control, bank_seconds=None, now=FRIDAY_EVENING) == FRIDAY_EVENING + timedelta(minutes=2)


def test_weekend_pause_in_the_players_time_zone_across_a_clock_change():
    control = tc.normalize({"per_move": "2d", "weekend_pause": True, "playing_hours": {"start": "08:00",
                                                                                        "end": "22:00"}})
    calendar = tc.calendar_for(control, time_zone="Europe/Paris")
    deadline = tc.turn_deadline(control, bank_seconds=None, now=FRIDAY_EVENING, calendar=calendar)
    # 1 hour on Friday evening, none at the weekend, 14 hours Monday to Wednesday
    # (summer time by then), 5 on Thursday morning: Thursday 13:00 in Paris.
    assert deadline.astimezone(PARIS) == datetime(2030, 4, 4, 13, 0, tzinfo=PARIS)
    assert tc.counting_seconds(calendar, FRIDAY_EVENING, deadline) == 48 * 3600


def test_the_same_control_in_another_time_zone_gives_another_deadline():
    control = tc.normalize({"per_move": "1h", "playing_hours": {"start": "09:00", "end": "17:00"}})
    start = datetime(2030, 1, 9, 20, 0, tzinfo=UTC)  # evening in Europe, afternoon in New York
    paris = tc.turn_deadline(control, bank_seconds=None, now=start,
                             calendar=tc.calendar_for(control, time_zone="Europe/Paris"))
    new_york = tc.turn_deadline(control, bank_seconds=None, now=start,
                                calendar=tc.calendar_for(control, time_zone="America/New_York"))
    assert paris == datetime(2030, 1, 10, 10, 0, tzinfo=PARIS)  # 21:00 there: the next morning's first hour
    assert new_york == datetime(2030, 1, 9, 16, 0, tzinfo=ZoneInfo("America/New_York"))  # 15:00 there


def test_playing_hours_wrapping_midnight():
    control = tc.normalize({"bank": "1h", "increment": "10m", "playing_hours": {"start": "22:00", "end": "06:00"}})
    calendar = tc.calendar_for(control, time_zone="America/New_York")
    noon = datetime(2030, 1, 9, 12, 0, tzinfo=UTC)  # 07:00 in New York: the window has just closed
    deadline = tc.turn_deadline(control, bank_seconds=3600, now=noon, calendar=calendar)
    assert deadline == datetime(2030, 1, 9, 23, 0, tzinfo=ZoneInfo("America/New_York"))
    # Moving at 22:00 local used no counting time: the bank grows by the increment.
    moved = datetime(2030, 1, 9, 22, 0, tzinfo=ZoneInfo("America/New_York"))
    assert tc.bank_after_move(control, bank_seconds=3600, started=noon, now=moved, calendar=calendar) == 4200


def test_fischer_bank_is_charged_and_capped():
    control = tc.normalize({"bank_seconds": 600, "increment_seconds": 300, "cap_seconds": 800})
    start = FRIDAY_EVENING
    assert tc.bank_after_move(control, bank_seconds=600, started=start, now=start + timedelta(seconds=200)) == 700
    assert tc.bank_after_move(control, bank_seconds=600, started=start, now=start + timedelta(seconds=10)) == 800
    assert tc.bank_after_move(control, bank_seconds=600, started=start, now=start + timedelta(hours=1)) == 300
    assert tc.remaining(control, bank_seconds=600, started=start, now=start + timedelta(seconds=60)) == 540


def test_vacations_stop_the_clock():
    control = tc.normalize({"per_move": "1d", "vacation_days": 5})
    start = datetime(2030, 1, 9, 12, 0, tzinfo=UTC)
    away = (start + timedelta(hours=6), start + timedelta(hours=6, days=2))
    calendar = tc.calendar_for(control, pauses=[away])
    assert tc.turn_deadline(control, bank_seconds=None, now=start, calendar=calendar) == start + timedelta(days=3)
    assert not tc.is_counting(calendar, start + timedelta(days=1))
    assert tc.is_counting(calendar, start)


def test_reminder_uses_the_players_choice_before_the_games():
    control = tc.normalize({"per_move": "3d", "reminder_before": "1d"})
    deadline = FRIDAY_EVENING
    assert tc.reminder_time(control, deadline) == deadline - timedelta(days=1)
    assert tc.reminder_time(control, deadline, before_seconds=3600) == deadline - timedelta(hours=1)
    assert tc.reminder_time(control, deadline, before_seconds=0) is None
    assert tc.reminder_time(tc.normalize({"per_move": "3d"}), deadline) is None


def test_describe_in_words():
    control = tc.normalize({"per_move": "3d", "weekend_pause": True, "vacation_days": 10, "vacation_auto": True,
                            "timeout_policy": "skip"})
    assert tc.describe(control) == ("3 days per move, weekends off, 10 vacation days a year, used automatically, "
                                    "you pass when time runs out")
