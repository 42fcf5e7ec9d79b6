"""Time controls: how long a seat has for its move (pure logic, no Django).

A game's ``time_control`` (JSON, set at creation) is validated by ``normalize``.
``turn_deadline`` says when a seat that starts its turn at ``now`` runs out of time.
Supported now: ``{"per_move_seconds": N}`` (fixed time per move) and the Fischer
bank ``{"bank_seconds": B, "increment_seconds": I, "cap_seconds": C}``; plus
``reminder_seconds_before`` and ``timeout_policy`` (bot | skip | forfeit).
"""
from __future__ import annotations

from datetime import datetime, timedelta

POLICIES = ("bot", "skip", "forfeit")


class TimeControlError(ValueError):
    pass


def normalize(time_control: dict | None) -> dict | None:
    if not time_control:
        return None
    if not isinstance(time_control, dict):
        raise TimeControlError("time_control must be an object.")
    known = {"per_move_seconds", "bank_seconds", "increment_seconds", "cap_seconds",
             "reminder_seconds_before", "timeout_policy"}
    unknown = set(time_control) - known
    if unknown:
        raise TimeControlError(f"Unknown time_control fields: {', '.join(sorted(unknown))}.")
    result = {"timeout_policy": time_control.get("timeout_policy", "bot")}
    if result["timeout_policy"] not in POLICIES:
        raise TimeControlError(f"timeout_policy must be one of {', '.join(POLICIES)}.")
    for name in known - {"timeout_policy"}:
        if name in time_control:
            value = time_control[name]
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                raise TimeControlError(f"{name} must be a non-negative number of seconds.")
            result[name] = value
    if ("per_move_seconds" in result) == ("bank_seconds" in result):
        raise TimeControlError("Give either per_move_seconds or bank_seconds.")
    if result.get("per_move_seconds", 1) <= 0 or result.get("bank_seconds", 1) <= 0:
        raise TimeControlError("The time for a move must be positive.")
    return result


def initial_bank(time_control: dict | None) -> float | None:
    if not time_control or "bank_seconds" not in time_control:
        return None
    return float(time_control["bank_seconds"])


def turn_deadline(time_control: dict | None, *, bank_seconds: float | None, now: datetime) -> datetime | None:
    if not time_control:
        return None
    if "per_move_seconds" in time_control:
        return now + timedelta(seconds=time_control["per_move_seconds"])
    return now + timedelta(seconds=bank_seconds or 0)


def bank_after_move(time_control: dict | None, *, bank_seconds: float | None, started: datetime,
                    now: datetime) -> float | None:
    """The bank after a move made at ``now`` in a turn begun at ``started`` (Fischer)."""
    if not time_control or "bank_seconds" not in time_control or bank_seconds is None:
        return bank_seconds
    used = max(0.0, (now - started).total_seconds())
    bank = max(0.0, bank_seconds - used) + time_control.get("increment_seconds", 0)
    cap = time_control.get("cap_seconds")
    return min(bank, cap) if cap else bank


def reminder_time(time_control: dict | None, deadline: datetime | None) -> datetime | None:
    if not time_control or deadline is None or not time_control.get("reminder_seconds_before"):
        return None
    return deadline - timedelta(seconds=time_control["reminder_seconds_before"])
