"""The secret key of an installation that was given none (the embedded mode).

A fixed key in the source would let anyone who reads it forge what the service signs
(unsubscribe links, reply addresses). So the first start generates a random key and
keeps it in ``<LUDOPOST_VAR_DIR>/secret_key`` (mode 0600); every later start, and
every process of the same installation (web, worker), reads the same file.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

FILE_NAME = "secret_key"


def installation_key(var_dir: Path) -> str:
    path = Path(var_dir) / FILE_NAME
    try:
        # O_EXCL: of two processes starting together exactly one creates the file.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def _read(path: Path) -> str:
    for _ in range(100):   # the creator may not have written it yet
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        import time
        time.sleep(0.01)
    raise RuntimeError(f"{path} is empty: delete it to generate a new secret key")
