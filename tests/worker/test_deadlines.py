"""Deadlines, reminders and timeouts with an injected clock: days pass in microseconds.

These run the worker's own steps (sweep, relay, deliveries) in-process with a
chosen ``now``; the Celery plumbing around them is tested in test_worker_e2e.py.
"""
from datetime import timedelta

import pytest
from django.core import mail

from games import services
from games.audit import verify_game
from games.models import Deadline, Game, Seat
from tests.worker.helpers import T0, batches, drain, timed_game
from worker.models import Delivery, NotificationPreference, Vacation

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "http://testserver.example"


def rows(game, **filters):
    return list(Deadline.objects.filter(game=game, **filters).order_by("id"))


def test_a_turn_gets_a_deadline_and_a_reminder_row():
    game, _ = timed_game(time_control={"per_move": "3d", "reminder_before": "1d"})
    seat0 = Seat.objects.get(game=game, number=0)
    assert seat0.deadline == T0 + 3 * DAY
    assert {(d.kind, d.due_at, d.done) for d in rows(game)} == {
        ("timeout", T0 + 3 * DAY, False), ("reminder", T0 + 2 * DAY, False)}


def test_nothing_happens_before_the_reminder_and_it_is_sent_once():
    game, users = timed_game(time_control={"per_move": "3d", "reminder_before": "1d"})
    drain(now=T0)
    assert [m.subject for m in mail.outbox] == [f"[LudoPost] Your turn in Race (test game) #{game.pk}"]
    drain(now=T0 + 2 * DAY - timedelta(seconds=1))
    assert len(mail.outbox) == 1
    drain(now=T0 + 2 * DAY)
    drain(now=T0 + 2 * DAY + timedelta(hours=1))
    reminders = [m for m in mail.outbox if "Reminder" in m.subject]
    assert len(reminders) == 1
    assert reminders[0].to == [users[0].email]
    assert "is due in 24 hours" in reminders[0].subject
    assert "2030-01-12 12:00 UTC" in reminders[0].body


def test_no_reminder_once_the_player_has_moved():
    game, users = timed_game(time_control={"per_move": "3d", "reminder_before": "1d"})
    drain(now=T0)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0 + DAY)
    drain(now=T0 + 2 * DAY + timedelta(minutes=1))
    assert not [m for m in mail.outbox if "Reminder" in m.subject and m.to == [users[0].email]]
    assert not Deadline.objects.filter(game=game, seat=0, done=False).exists()


def test_the_players_own_reminder_hours_win_over_the_games():
    game, users = timed_game(time_control={"per_move": "3d", "reminder_before": "1d"}, names=["early", "late"])
    NotificationPreference.objects.create(user=users[1], reminder_hours=2)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0)
    reminder = Deadline.objects.get(game=game, seat=1, kind="reminder", done=False)
    assert reminder.due_at == T0 + 3 * DAY - timedelta(hours=2)


@pytest.mark.parametrize("policy", ["bot", "skip", "forfeit"])
def test_a_timeout_is_an_event_in_the_log(policy):
    game, users = timed_game(time_control={"per_move": "1d", "timeout_policy": policy})
    drain(now=T0 + DAY - timedelta(seconds=1))
    assert Game.objects.get(pk=game.pk).version == game.version  # not yet
    drain(now=T0 + DAY)
    log = batches(game)
    timeout = next(b for b in log if b["kind"] == "timeout")
    assert timeout["seat"] == 0 and timeout["types"][0] == "SeatTimedOut"
    if policy == "forfeit":
        assert timeout["types"] == ["SeatTimedOut", "SeatForfeited"] and timeout["move"] is None
        # From then on a bot plays the seat, through the ordinary bot path.
        assert next(b for b in log[log.index(timeout) + 1:])["kind"] == "bot"
        assert Game.objects.get(pk=game.pk).forfeited_seats == [0]
    else:
        # Race has no pass, so "skip" falls back to a bot move (the event says so).
        assert timeout["policy"] == "bot" and timeout["move"] == {"type": "step", "steps": 2}
    game.refresh_from_db()
    assert 1 in game.to_move
    timed_out = [m for m in mail.outbox if "ran out of time" in m.subject]
    assert [m.to for m in timed_out] == [[users[0].email]]
    assert verify_game(game).ok


def test_skip_passes_where_the_rules_allow_it():
    game, _ = timed_game("duel", time_control={"per_move": "1h", "timeout_policy": "skip"})
    drain(now=T0 + timedelta(hours=1))
    log = batches(game)
    skips = [b for b in log if b["kind"] == "timeout"]
    assert {b["seat"] for b in skips} == {0, 1}
    assert all(b["move"] == {"type": "pass"} and b["policy"] == "skip" for b in skips)
    game.refresh_from_db()
    assert game.state["round"] == 2 and game.state["totals"] == [0, 0]
    assert verify_game(game).ok


def test_simultaneous_turns_have_a_deadline_per_seat():
    game, users = timed_game("duel", players=3, time_control={"per_move": "1d", "timeout_policy": "bot"})
    assert {d.seat for d in rows(game, kind="timeout", done=False)} == {0, 1, 2}
    later = T0 + timedelta(hours=5)
    services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version,
                         move={"type": "pick", "n": 2}, now=later)
    open_rows = {d.seat: d.due_at for d in rows(game, kind="timeout", done=False)}
    assert open_rows == {0: T0 + DAY, 2: T0 + DAY}  # the others' clocks kept running
    drain(now=T0 + DAY)
    game.refresh_from_db()
    assert game.state["round"] == 2
    assert [b["seat"] for b in batches(game) if b["kind"] == "timeout"] == [0, 2]
    # Each seat heard once that a turn began, not again when another seat moved.
    turn_emails = Delivery.objects.filter(game=game, kind="turn", channel="email")
    assert sorted((d.seat, d.version) for d in turn_emails) == sorted(
        [(0, 1), (1, 1), (2, 1)] + [(s, game.version) for s in (0, 1, 2)])


def test_a_turn_of_several_steps_times_out_once():
    game, users = timed_game("duel", options={"steps": 3}, time_control={"per_move": "1h", "timeout_policy": "bot"})
    services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version,
                         move={"type": "pick", "n": 1}, now=T0)  # seat 1 takes its first step in time
    drain(now=T0 + timedelta(hours=1))
    per_seat = {seat: [b["kind"] for b in batches(game) if b["seat"] == seat] for seat in (0, 1)}
    # One timeout (the first step), then a bot finishes the turn; a new round begins.
    assert per_seat[0] == ["timeout", "bot", "bot"]
    assert per_seat[1] == ["move", "timeout", "bot"]
    game.refresh_from_db()
    assert game.state["round"] == 2
    assert len([m for m in mail.outbox if "ran out of time" in m.subject]) == 2
    assert verify_game(game).ok


def test_forfeit_ranks_the_seat_last_and_bots_finish_a_game_nobody_plays():
    game, users = timed_game(options={"target": 12}, time_control={"per_move": "1h", "timeout_policy": "forfeit"})
    drain(now=T0 + timedelta(hours=1))  # seat 0 forfeits; a bot moves for it; seat 1's clock starts
    drain(now=T0 + timedelta(hours=3))  # seat 1 forfeits too; bots play both to the end
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.forfeited_seats == [0, 1]
    assert sorted(game.outcome["ranks"]) in ([1, 2], [1, 1])
    assert any("forfeited" in note for note in game.outcome["notes"])
    assert verify_game(game).ok
    # Both players heard the result once.
    assert sorted(m.to[0] for m in mail.outbox if "is over" in m.subject) == sorted(u.email for u in users)


def test_a_forfeited_player_ranks_below_the_one_who_played_on():
    game, users = timed_game(options={"target": 6}, time_control={"per_move": "1h", "timeout_policy": "forfeit"})
    drain(now=T0 + timedelta(hours=1))  # seat 0 forfeits; a bot moves for it
    now = T0 + timedelta(hours=1, minutes=1)
    while True:
        game.refresh_from_db()
        if game.status == "finished":
            break
        if 1 in game.to_move:
            services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version,
                                 move={"type": "step", "steps": 1}, now=now)
        drain(now=now)
    assert game.outcome["ranks"][1] == 1 and game.outcome["ranks"][0] == 2
    assert verify_game(game).ok


def test_weekend_pause_follows_the_players_time_zone():
    friday = T0 + 2 * DAY + timedelta(hours=10)  # Friday 11 January 2030, 22:00 UTC
    game, users = timed_game(time_control={"per_move": "1h", "weekend_pause": True}, names=["tokyo", "lima"],
                             now=friday - timedelta(hours=1))
    NotificationPreference.objects.create(user=users[0], time_zone="Asia/Tokyo")
    NotificationPreference.objects.create(user=users[1], time_zone="America/Lima")
    # Seat 0 moves at 22:00 UTC: Saturday 07:00 in Tokyo, but Friday 17:00 in Lima.
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=friday)
    lima = Seat.objects.get(game=game, number=1)
    assert lima.deadline == friday + timedelta(hours=1)  # Friday evening counts in Lima
    services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version + 1,
                         move={"type": "step", "steps": 1}, now=friday + timedelta(minutes=30))
    tokyo = Seat.objects.get(game=game, number=0)
    # In Tokyo it is the weekend: the hour runs from Monday 00:00 Tokyo (Sunday 15:00 UTC).
    assert tokyo.deadline.isoformat() == "2030-01-13T16:00:00+00:00"


def test_vacation_days_are_used_automatically_when_time_runs_out():
    game, users = timed_game(time_control={"per_move": "1d", "vacation_days": 2, "vacation_auto": True,
                                           "timeout_policy": "forfeit"})
    drain(now=T0 + DAY)
    assert Seat.objects.get(game=game, number=0).deadline == T0 + 2 * DAY
    assert Vacation.objects.filter(game=game, seat=0, reason="auto").count() == 1
    assert [m for m in mail.outbox if "vacation day" in m.subject]
    drain(now=T0 + 2 * DAY)
    assert Seat.objects.get(game=game, number=0).deadline == T0 + 3 * DAY
    drain(now=T0 + 3 * DAY)  # no days left: the policy applies
    game.refresh_from_db()
    assert game.forfeited_seats == [0]
    assert [b["kind"] for b in batches(game)].count("timeout") == 1
    assert verify_game(game).ok


def test_a_sweep_reads_only_what_is_due():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from worker import sweep

    game, _ = timed_game(time_control={"per_move": "1d"})
    with CaptureQueriesContext(connection) as queries:
        assert sweep.sweep_deadlines(now=T0 + timedelta(hours=1))["due"] == 0
    assert len(queries) == 1
    sql = queries[0]["sql"].lower()
    assert "due_at" in sql and "limit" in sql
