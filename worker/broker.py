"""The embedded broker: kombu's filesystem transport, made safe with several processes.

kombu's own ``filesystem://`` creates a message file and fills it afterwards, and a
reader takes whatever file it lists: under load a worker reads an empty file, json
raises, and Celery stops with "Unrecoverable error" (kombu issue #1551, open). Its
reader also "claims" a file with ``shutil.move`` into the system's temp folder, which
is a copy when /tmp is another filesystem, so two readers may both get the message.

This channel keeps the file layout and changes three things:

- a message is written under a hidden name and renamed into the queue folder when
  complete (``os.replace`` is atomic within one filesystem): a reader never sees a
  partial file;
- a reader claims a file by renaming it into the broker's own ``processed`` folder
  (same filesystem, atomic): exactly one reader wins, the others move on;
- a file that still cannot be read is moved aside to ``unreadable`` with a warning,
  and the reader carries on: nothing in the queue folder can stop the worker.

The exchange tables used by broadcasts (remote control) get the same care: created
without truncating, read as empty while another process writes its first entry.

Losing a message is harmless here: the database rows (outbox, deliveries, deadlines)
are the durable record, and the next tick publishes again what a lost task left.
"""
from __future__ import annotations

import logging
import os
import time
import uuid
from queue import Empty

from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

log = logging.getLogger(__name__)


def _decode(raw: bytes):
    """The JSON in ``raw``, or None when it is not a whole JSON document."""
    try:
        return loads(bytes_to_str(raw))
    except ValueError:
        return None


class Channel(filesystem.Channel):

    def _put(self, queue, payload, **kwargs):
        # Names sort by the moment they were written (nanoseconds since the epoch, fixed
        # width), so every process reads a queue oldest first.
        name = f"{time.time_ns():020d}_{uuid.uuid4().hex}.{queue}.msg"
        hidden = os.path.join(self.data_folder_out, f".writing-{uuid.uuid4().hex}")
        try:
            with open(hidden, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(hidden, os.path.join(self.data_folder_out, name))
        except OSError as exc:
            try:
                os.unlink(hidden)
            except OSError:
                pass
            raise filesystem.ChannelError(f"Cannot add a message to {self.data_folder_out!r}") from exc

    def _get(self, queue):
        wanted = f"{queue}.msg"
        claimed_folder = self._claim_folder()
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.startswith(".") or name.partition(".")[2] != wanted:
                continue
            claimed = os.path.join(claimed_folder, name)
            try:
                os.rename(os.path.join(self.data_folder_in, name), claimed)
            except FileNotFoundError:
                continue  # another reader took it
            try:
                with open(claimed, "rb") as file:
                    raw = file.read()
            except OSError as exc:
                log.warning("skipped broker message %s: cannot read it (%s)", name, exc)
                continue
            payload = _decode(raw)
            if payload is None:
                self._set_aside(claimed, name, len(raw))
                continue
            if not self.store_processed:
                try:
                    os.unlink(claimed)
                except OSError:
                    pass
            return payload
        raise Empty()

    def _claim_folder(self) -> str:
        folder = self.transport_options.get("processed_folder") or os.path.join(self.data_folder_in, ".claimed")
        os.makedirs(folder, exist_ok=True)
        return folder

    def _set_aside(self, path: str, name: str, size: int) -> None:
        folder = os.path.join(os.path.dirname(path), "..", "unreadable")
        os.makedirs(folder, exist_ok=True)
        try:
            os.replace(path, os.path.join(folder, name))
        except OSError:
            pass
        log.warning("set aside broker message %s: not a JSON message (%d bytes); the worker carries on", name, size)

    # -- exchange tables (broadcasts) ------------------------------------------------------

    def get_table(self, exchange):
        file = self._exchange_file(exchange)
        try:
            with file.open("rb") as handle:
                filesystem.lock(handle, filesystem.LOCK_SH)
                try:
                    table = _decode(handle.read())
                finally:
                    filesystem.unlock(handle)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot open {file}") from exc
        # Empty: another process created the file and has not written its entry yet.
        return [filesystem.exchange_queue_t(*entry) for entry in table or []]

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        file = self._exchange_file(exchange)
        self.control_folder.mkdir(exist_ok=True)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        try:
            # "a+b" creates the file without emptying one another process just wrote.
            with file.open("a+b", buffering=0) as handle:
                filesystem.lock(handle, filesystem.LOCK_EX)
                try:
                    handle.seek(0)
                    table = [filesystem.exchange_queue_t(*row) for row in _decode(handle.read()) or []]
                    if entry not in table:
                        table.insert(0, entry)
                        handle.truncate(0)
                        handle.write(str_to_bytes(dumps(table)))
                finally:
                    filesystem.unlock(handle)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot open {file}") from exc

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        # The virtual channel's bookkeeping only; the table is rewritten below, tolerantly.
        super(filesystem.Channel, self)._delete(queue, exchange, routing_key, pattern, *args, **kwargs)
        file = self._exchange_file(exchange)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        try:
            with file.open("r+b", buffering=0) as handle:
                filesystem.lock(handle, filesystem.LOCK_EX)
                try:
                    table = [filesystem.exchange_queue_t(*row) for row in _decode(handle.read()) or []]
                    if entry in table:
                        table.remove(entry)
                        handle.seek(0)
                        handle.truncate(0)
                        handle.write(str_to_bytes(dumps(table)))
                finally:
                    filesystem.unlock(handle)
        except FileNotFoundError:
            return


class Transport(filesystem.Transport):
    Channel = Channel
    # A folder has no host: without this kombu warns "No hostname was supplied" at every connection.
    default_connection_params = {}
