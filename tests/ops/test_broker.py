"""The embedded broker (worker.broker) with several processes writing and reading at once.

Real processes on a real folder: three publishers and two consumers share one queue;
every message arrives exactly once and whole, and a file that is not a message (an
empty one, as kombu's own transport can leave for a reader) is set aside while the
consumers carry on.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

from kombu import Connection

from worker.broker import Transport

PUBLISHERS, CONSUMERS, EACH = 3, 2, 150


def _options(folder: Path) -> dict:
    return {"data_folder_in": str(folder / "in"), "data_folder_out": str(folder / "in"),
            "processed_folder": str(folder / "processed"), "control_folder": str(folder / "control"),
            "polling_interval": 0.01}


def _publish(folder: Path, publisher: int) -> None:
    with Connection("filesystem://", transport=Transport, transport_options=_options(folder)) as conn:
        queue = conn.SimpleQueue("load")
        for n in range(EACH):
            # A body large enough that a write is not one instant.
            queue.put({"id": f"{publisher}-{n}", "padding": "x" * 20_000})
        queue.close()


def _consume(folder: Path, out: Path, stop_after: float) -> None:
    received = []
    with Connection("filesystem://", transport=Transport, transport_options=_options(folder)) as conn:
        queue = conn.SimpleQueue("load")
        deadline = time.monotonic() + stop_after
        while time.monotonic() < deadline:
            try:
                message = queue.get(timeout=0.2)
            except queue.Empty:
                if (folder / "done").exists() and not _pending(folder):
                    break
                continue
            assert len(message.payload["padding"]) == 20_000
            received.append(message.payload["id"])
            message.ack()
        queue.close()
    out.write_text("\n".join(received))


def _pending(folder: Path) -> bool:
    return any(name.endswith(".load.msg") for name in os.listdir(folder / "in"))


def test_many_processes_share_the_file_broker_without_losing_or_repeating_a_message(tmp_path):
    for sub in ("in", "processed", "control"):
        (tmp_path / sub).mkdir()
    # Junk in the queue folder, as a crashed or foreign writer might leave it.
    (tmp_path / "in" / "00000000000000000001_junk.load.msg").write_bytes(b"")
    (tmp_path / "in" / "00000000000000000002_junk.load.msg").write_bytes(b'{"half": ')
    fork = multiprocessing.get_context("fork")
    consumers = [fork.Process(target=_consume, args=(tmp_path, tmp_path / f"got-{c}", 120))
                 for c in range(CONSUMERS)]
    publishers = [fork.Process(target=_publish, args=(tmp_path, p)) for p in range(PUBLISHERS)]
    for process in consumers + publishers:
        process.start()
    for process in publishers:
        process.join(120)
        assert process.exitcode == 0
    (tmp_path / "done").touch()
    for process in consumers:
        process.join(150)
        assert process.exitcode == 0, "a consumer died: a message file broke it"
    got = [line for c in range(CONSUMERS) for line in (tmp_path / f"got-{c}").read_text().split("\n") if line]
    assert len(got) == len(set(got)), "a message was delivered twice"
    assert set(got) == {f"{p}-{n}" for p in range(PUBLISHERS) for n in range(EACH)}
    assert sorted(os.listdir(tmp_path / "unreadable")) == ["00000000000000000001_junk.load.msg",
                                                           "00000000000000000002_junk.load.msg"]
    assert not [name for name in os.listdir(tmp_path / "in") if not name.startswith(".")]


def test_broadcast_tables_survive_a_file_caught_half_written(tmp_path):
    """Remote control broadcasts through an exchange table; one found empty (another process
    has created it and not written its entry yet) reads as no queues instead of raising."""
    from kombu import Exchange, Queue

    for sub in ("in", "processed", "control"):
        (tmp_path / sub).mkdir()
    table = tmp_path / "control" / "bcast.exchange"
    table.write_bytes(b"")
    with Connection("filesystem://", transport=Transport, transport_options=_options(tmp_path)) as conn:
        channel = conn.default_channel
        assert channel.get_table("bcast") == []
        exchange = Exchange("bcast", type="fanout")
        for name in ("a", "b"):
            Queue(name, exchange)(channel).declare()
        conn.Producer().publish({"hello": "all"}, exchange=exchange)
        assert sorted(name.split(".", 1)[1] for name in os.listdir(tmp_path / "in")) == ["a.msg", "b.msg"]
        Queue("a", exchange)(channel).delete()
        assert [entry.queue for entry in channel.get_table("bcast")] == ["b"]
