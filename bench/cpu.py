"""Where the machine's CPU goes during a load run (Linux): the server's processes,
PostgreSQL's, the load client's and the rest, per request; and the time the
hypervisor gave the machine's CPUs to other guests (steal), which says whether the
run was measured on a machine of its own.

Read from /proc: the gunicorn master and its workers by parent pid, PostgreSQL by
process name, the load client as this process's finished children (the client
processes are joined before the second reading). Elsewhere it measures nothing.
"""
from __future__ import annotations

import os
import resource


def _proc_stat(pid: str):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            raw = handle.read()
    except OSError:
        return None
    comm = raw[raw.index("(") + 1:raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2:].split()
    return comm, int(fields[1]), int(fields[11]) + int(fields[12])  # name, parent, utime + stime


def reading(server_pid: int) -> dict | None:
    if not os.path.isdir("/proc/self"):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    server = postgres = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        stat = _proc_stat(pid)
        if stat is None:
            continue
        comm, parent, ticks = stat
        if int(pid) == server_pid or parent == server_pid:
            server += ticks
        elif comm.startswith("postgres"):
            postgres += ticks
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open("/proc/stat") as handle:
        cpu = [int(value) for value in handle.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal ...: steal is time the hypervisor
    # gave this machine's CPUs to someone else, which slows every figure of the run.
    steal = cpu[7] if len(cpu) > 7 else 0
    busy = sum(cpu[:8]) - cpu[3] - (cpu[4] if len(cpu) > 4 else 0) - steal   # all but idle, iowait, steal
    return {"server": server / tick, "postgres": postgres / tick,
            "client": children.ru_utime + children.ru_stime, "busy": busy / tick, "steal": steal / tick}


def difference(before: dict | None, after: dict | None) -> dict | None:
    """CPU seconds spent by each part between two readings."""
    if not before or not after:
        return None
    return {part: after[part] - before[part] for part in before}


def total(differences: list[dict | None]) -> dict | None:
    """The sum of several differences (rounds of the same kind of request)."""
    if not differences or None in differences:
        return None
    return {part: sum(spent[part] for spent in differences) for part in differences[0]}


def per_request(spent: dict | None, requests: int) -> dict | None:
    """Milliseconds of CPU per request for each part, and the rest of the machine."""
    if not spent or not requests:
        return None
    spent = {part: value * 1000 / requests for part, value in spent.items()}
    # a difference of readings in clock ticks: rounding can take it just below zero
    spent["other"] = max(0.0, spent.pop("busy") - spent["server"] - spent["postgres"] - spent["client"])
    spent["steal"] = spent.pop("steal")
    return {part: round(value, 2) for part, value in spent.items()}
