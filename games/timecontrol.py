"""Time controls: one declarative policy for how long a seat has (pure logic, no Django).

A game's ``time_control`` (JSON, chosen by its creator) is checked and completed by
``normalize``; every other function takes the normalised dict. The fields:

``per_move_seconds``
    A fixed time for every move, or else
``bank_seconds`` (+ ``increment_seconds``, ``cap_seconds``)
    a Fischer bank: each seat starts with the bank, its thinking time is taken from
    it, the increment is added after each move and the bank never exceeds the cap.
``reminder_seconds_before``
    Remind a seat this long before its deadline (a player's own preference wins).
``timeout_policy``
    What happens when time runs out: ``bot`` (a bot plays the move), ``skip`` (the
    seat passes, where the rules allow ``{"type": "pass"}``; otherwise a bot plays)
    or ``forfeit`` (the seat drops out, a bot plays it from then on, it ranks last).
``weekend_pause``
    Saturdays and Sundays, in the seat's own time zone, do not count.
``playing_hours``
    ``{"start": "08:00", "end": "22:00"}``: only these hours of the seat's own day
    count (``start`` after ``end`` wraps past midnight).
``vacation_days``
    Days per player per calendar year when the clock stops (booked through the API).
``vacation_auto``
    When time runs out and vacation days are left, use one day instead of timing out.

Durations may also be written with a unit, without the ``_seconds`` suffix:
``{"per_move": "3d"}``, ``{"bank": "7d", "increment": "1d", "reminder_before": "12h"}``
(units s, m, h, d).

Which moments count is a :class:`Calendar` (the seat's time zone, the pauses above,
and its vacations as UTC intervals). ``advance`` walks counting time forwards from a
moment; ``counting_seconds`` measures it between two moments. A turn that starts at
``now`` ends at ``advance(calendar, now, budget)``, and the time charged to a bank is
``counting_seconds(calendar, started, moved)``. Every function takes ``now`` (or the
moments it needs) as an argument: there is no clock in here, so tests inject one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

POLICIES = ("bot", "skip", "forfeit")
DURATION_FIELDS = ("per_move_seconds", "bank_seconds", "increment_seconds", "cap_seconds",
                   "reminder_seconds_before")
ALIASES = {"per_move": "per_move_seconds", "bank": "bank_seconds", "increment": "increment_seconds",
           "cap": "cap_seconds", "reminder_before": "reminder_seconds_before"}
OTHER_FIELDS = ("timeout_policy", "weekend_pause", "playing_hours", "vacation_days", "vacation_auto")
MAX_SECONDS = 366 * 86400
MAX_VACATION_DAYS = 365
# How far ``advance`` looks for counting time before giving up (a safety bound only:
# a real calendar has counting time every week).
MAX_SEARCH_DAYS = 3 * 366
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")
_CLOCK = re.compile(r"^([01]\d|2[0-4]):([0-5]\d)$")


class TimeControlError(ValueError):
    pass


# -- validation ------------------------------------------------------------------------

def parse_duration(value, name: str) -> float:
    """Seconds from a number of seconds or a string such as "90s", "15m", "36h", "3d"."""
    if isinstance(value, bool):
        raise TimeControlError(f"{name} must be a number of seconds or a duration such as \"3d\".")
    if isinstance(value, (int, float)):
        seconds = float(value)
    elif isinstance(value, str) and _DURATION.match(value):
        number, unit = _DURATION.match(value).groups()
        seconds = float(number) * UNITS[unit]
    else:
        raise TimeControlError(f"{name} must be a number of seconds or a duration such as \"3d\" "
                               f"(units s, m, h, d).")
    if seconds != seconds or seconds < 0 or seconds > MAX_SECONDS:
        raise TimeControlError(f"{name} must be between 0 seconds and 366 days.")
    return int(seconds) if seconds == int(seconds) else seconds


def _parse_clock(value, name: str) -> int:
    if not isinstance(value, str) or not _CLOCK.match(value):
        raise TimeControlError(f"{name} must be a time of day \"HH:MM\" (00:00 to 24:00).")
    hours, minutes = (int(part) for part in value.split(":"))
    if hours == 24 and minutes:
        raise TimeControlError(f"{name} must be a time of day \"HH:MM\" (00:00 to 24:00).")
    return hours * 60 + minutes


def normalize(time_control: dict | None) -> dict | None:
    """Check a creator's time control and return it complete, or None for no clock.

    Raises TimeControlError with a sentence a person can act on.
    """
    if not time_control:
        return None
    if not isinstance(time_control, dict):
        raise TimeControlError("time_control must be an object.")
    known = set(DURATION_FIELDS) | set(ALIASES) | set(OTHER_FIELDS)
    unknown = set(time_control) - known
    if unknown:
        raise TimeControlError(f"Unknown time_control fields: {', '.join(sorted(unknown))}.")
    result: dict = {"timeout_policy": time_control.get("timeout_policy", "bot")}
    if result["timeout_policy"] not in POLICIES:
        raise TimeControlError(f"timeout_policy must be one of {', '.join(POLICIES)}.")
    for alias, name in ALIASES.items():
        if alias in time_control and name in time_control:
            raise TimeControlError(f"Give {alias} or {name}, not both.")
    for alias, name in ALIASES.items():
        for given in (name, alias):
            if given in time_control:
                result[name] = parse_duration(time_control[given], given)
    if ("per_move_seconds" in result) == ("bank_seconds" in result):
        raise TimeControlError("Give either per_move_seconds (a fixed time per move) or bank_seconds "
                               "(a time bank), not both and not neither.")
    if result.get("per_move_seconds", 1) <= 0 or result.get("bank_seconds", 1) <= 0:
        raise TimeControlError("The time for a move must be positive.")
    if "per_move_seconds" in result and ({"increment_seconds", "cap_seconds"} & set(result)):
        raise TimeControlError("increment_seconds and cap_seconds belong to a time bank (bank_seconds).")
    if result.get("cap_seconds") is not None and "bank_seconds" in result and \
            result["cap_seconds"] < result["bank_seconds"]:
        raise TimeControlError("cap_seconds must be at least bank_seconds.")
    for flag in ("weekend_pause", "vacation_auto"):
        if flag in time_control:
            if not isinstance(time_control[flag], bool):
                raise TimeControlError(f"{flag} must be true or false.")
            if time_control[flag]:
                result[flag] = True
    if "playing_hours" in time_control and time_control["playing_hours"] is not None:
        hours = time_control["playing_hours"]
        if not isinstance(hours, dict) or set(hours) != {"start", "end"}:
            raise TimeControlError("playing_hours must be {\"start\": \"HH:MM\", \"end\": \"HH:MM\"}.")
        start = _parse_clock(hours["start"], "playing_hours.start")
        end = _parse_clock(hours["end"], "playing_hours.end")
        if start % 1440 == end % 1440:
            raise TimeControlError("playing_hours must not start and end at the same time.")
        result["playing_hours"] = {"start": hours["start"], "end": hours["end"]}
    if "vacation_days" in time_control:
        days = time_control["vacation_days"]
        if not isinstance(days, int) or isinstance(days, bool) or not 0 <= days <= MAX_VACATION_DAYS:
            raise TimeControlError(f"vacation_days must be a whole number from 0 to {MAX_VACATION_DAYS}.")
        if days:
            result["vacation_days"] = days
    if result.get("vacation_auto") and not result.get("vacation_days"):
        raise TimeControlError("vacation_auto needs vacation_days to draw on.")
    return result


def policy(time_control: dict | None) -> str:
    return (time_control or {}).get("timeout_policy", "bot")


def initial_bank(time_control: dict | None) -> float | None:
    if not time_control or "bank_seconds" not in time_control:
        return None
    return float(time_control["bank_seconds"])


def budget(time_control: dict | None, bank_seconds: float | None) -> float | None:
    """The counting seconds a turn may last: the fixed time, or what is left in the bank."""
    if not time_control:
        return None
    if "per_move_seconds" in time_control:
        return float(time_control["per_move_seconds"])
    return max(0.0, float(bank_seconds or 0))


# -- which moments count ------------------------------------------------------------------

@dataclass(frozen=True)
class Calendar:
    """When a seat's clock runs: everywhere but weekends, off-hours and pauses.

    ``playing_hours`` is (start, end) in minutes after local midnight; ``pauses`` are
    UTC intervals (vacations), sorted.
    """

    time_zone: str = "UTC"
    weekend_pause: bool = False
    playing_hours: tuple[int, int] | None = None
    pauses: tuple[tuple[datetime, datetime], ...] = ()

    @property
    def local_rules(self) -> bool:
        return self.weekend_pause or self.playing_hours is not None


ALWAYS = Calendar()


def valid_time_zone(name) -> bool:
    if not isinstance(name, str) or not name or len(name) > 64:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def needs_calendar(time_control: dict | None) -> bool:
    """Whether seats' clocks depend on their time zone or vacations (else: ALWAYS)."""
    tc = time_control or {}
    return bool(tc.get("weekend_pause") or tc.get("playing_hours") or tc.get("vacation_days"))


def calendar_for(time_control: dict | None, *, time_zone: str = "UTC", pauses=()) -> Calendar:
    tc = time_control or {}
    hours = tc.get("playing_hours")
    window = None
    if hours:
        window = (_parse_clock(hours["start"], "start"), _parse_clock(hours["end"], "end"))
    merged = _merge(sorted((_utc(a), _utc(b)) for a, b in pauses if b > a))
    return Calendar(time_zone=time_zone if valid_time_zone(time_zone) else "UTC",
                    weekend_pause=bool(tc.get("weekend_pause")), playing_hours=window, pauses=tuple(merged))


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(timezone.utc)


def _merge(intervals):
    merged: list[tuple[datetime, datetime]] = []
    for start, end in intervals:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _local(day: date, minutes: int, zone: ZoneInfo) -> datetime:
    """``minutes`` after local midnight of ``day`` (1440: the next midnight), in UTC."""
    day += timedelta(days=minutes // 1440)
    minutes %= 1440
    return datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=zone).astimezone(timezone.utc)


def _day_windows(calendar: Calendar, day: date, zone: ZoneInfo):
    """The counting intervals (UTC) of one local day, before pauses."""
    if calendar.weekend_pause and day.weekday() >= 5:
        return []
    if calendar.playing_hours is None:
        return [(_local(day, 0, zone), _local(day, 1440, zone))]
    start, end = calendar.playing_hours
    if start < end:
        return [(_local(day, start, zone), _local(day, end, zone))]
    # Wraps past midnight: the evening of this day and the small hours of it.
    return [(_local(day, 0, zone), _local(day, end, zone)), (_local(day, start, zone), _local(day, 1440, zone))]


def _without_pauses(start: datetime, end: datetime, pauses):
    for pause_start, pause_end in pauses:
        if pause_end <= start:
            continue
        if pause_start >= end:
            break
        if pause_start > start:
            yield start, pause_start
        start = max(start, pause_end)
        if start >= end:
            return
    if start < end:
        yield start, end


def segments(calendar: Calendar, start: datetime):
    """Counting intervals (UTC, in order) from ``start`` on."""
    start = _utc(start)
    if not calendar.local_rules:
        yield from _without_pauses(start, start + timedelta(days=MAX_SEARCH_DAYS), calendar.pauses)
        return
    zone = ZoneInfo(calendar.time_zone)
    day = start.astimezone(zone).date()
    for _ in range(MAX_SEARCH_DAYS):
        for window_start, window_end in _day_windows(calendar, day, zone):
            window_start = max(window_start, start)
            if window_end > window_start:
                yield from _without_pauses(window_start, window_end, calendar.pauses)
        day += timedelta(days=1)


def advance(calendar: Calendar | None, start: datetime, seconds: float) -> datetime:
    """The moment when ``seconds`` of counting time have passed since ``start``.

    Time that runs out exactly where a pause begins runs out where it ends: a
    vacation day booked at the deadline moves the deadline past the vacation.
    """
    calendar = calendar or ALWAYS
    if not calendar.local_rules and not calendar.pauses:
        return start + timedelta(seconds=seconds)
    remaining = max(0.0, float(seconds))
    for segment_start, segment_end in segments(calendar, start):
        length = (segment_end - segment_start).total_seconds()
        if remaining < length:
            return segment_start + timedelta(seconds=remaining)
        remaining -= length
    raise TimeControlError("This calendar leaves no time to play.")


def counting_seconds(calendar: Calendar | None, start: datetime, end: datetime) -> float:
    """Counting time between two moments (0 if ``end`` is not after ``start``)."""
    calendar = calendar or ALWAYS
    if end <= start:
        return 0.0
    if not calendar.local_rules and not calendar.pauses:
        return (end - start).total_seconds()
    total = 0.0
    end = _utc(end)
    for segment_start, segment_end in segments(calendar, start):
        if segment_start >= end:
            break
        total += (min(segment_end, end) - segment_start).total_seconds()
    return total


def is_counting(calendar: Calendar | None, moment: datetime) -> bool:
    first = next(segments(calendar or ALWAYS, moment), None)
    return first is not None and first[0] <= _utc(moment)


# -- a seat's clock --------------------------------------------------------------------------

def turn_deadline(time_control: dict | None, *, bank_seconds: float | None, now: datetime,
                  calendar: Calendar | None = None) -> datetime | None:
    """When a seat whose turn starts at ``now`` runs out of time."""
    if not time_control:
        return None
    return advance(calendar, now, budget(time_control, bank_seconds))


def bank_after_move(time_control: dict | None, *, bank_seconds: float | None, started: datetime,
                    now: datetime, calendar: Calendar | None = None) -> float | None:
    """The bank after a move made at ``now`` in a turn begun at ``started`` (Fischer)."""
    if not time_control or "bank_seconds" not in time_control or bank_seconds is None:
        return bank_seconds
    used = counting_seconds(calendar, started, now)
    bank = max(0.0, bank_seconds - used) + time_control.get("increment_seconds", 0)
    cap = time_control.get("cap_seconds")
    return min(bank, cap) if cap else bank


def remaining(time_control: dict | None, *, bank_seconds: float | None, started: datetime | None,
              now: datetime, calendar: Calendar | None = None) -> float | None:
    """Counting seconds a seat has left at ``now`` (its whole budget when not to move)."""
    total = budget(time_control, bank_seconds)
    if total is None:
        return None
    if started is None:
        return total
    return max(0.0, total - counting_seconds(calendar, started, now))


def reminder_time(time_control: dict | None, deadline: datetime | None, *,
                  before_seconds: float | None = None) -> datetime | None:
    """When to remind a seat of ``deadline``: the player's choice, else the game's."""
    if not time_control or deadline is None:
        return None
    before = before_seconds if before_seconds is not None else time_control.get("reminder_seconds_before")
    if not before:
        return None
    return deadline - timedelta(seconds=before)


# -- vacations ----------------------------------------------------------------------------------

def vacation_allowance(time_control: dict | None) -> int:
    return int((time_control or {}).get("vacation_days", 0))


def vacation_year(moment: datetime) -> int:
    """Vacation days are counted per calendar year (UTC) of a vacation's first day."""
    return _utc(moment).year


def vacation_interval(start: datetime, days: float) -> tuple[datetime, datetime]:
    return start, start + timedelta(days=days)


# -- words ----------------------------------------------------------------------------------------

def _words(seconds: float) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} hours"
    if seconds >= 60:
        return f"{seconds / 60:.1f} minutes"
    return f"{seconds:g} seconds"


def describe(time_control: dict | None) -> str:
    """The time control in one line, for emails: "3 days per move, weekends off"."""
    if not time_control:
        return "no time limit"
    if "per_move_seconds" in time_control:
        parts = [f"{_words(time_control['per_move_seconds'])} per move"]
    else:
        part = f"a bank of {_words(time_control['bank_seconds'])}"
        if time_control.get("increment_seconds"):
            part += f" plus {_words(time_control['increment_seconds'])} per move"
        if time_control.get("cap_seconds"):
            part += f" (at most {_words(time_control['cap_seconds'])})"
        parts = [part]
    if time_control.get("weekend_pause"):
        parts.append("weekends off")
    if time_control.get("playing_hours"):
        hours = time_control["playing_hours"]
        parts.append(f"the clock runs {hours['start']}-{hours['end']} your time")
    if time_control.get("vacation_days"):
        parts.append(f"{time_control['vacation_days']} vacation days a year"
                     + (", used automatically" if time_control.get("vacation_auto") else ""))
    parts.append({"bot": "a bot moves for you when time runs out",
                  "skip": "you pass when time runs out",
                  "forfeit": "you forfeit when time runs out"}[policy(time_control)])
    return ", ".join(parts)
