"""Fixtures for play by mail: the real worker, the real SMTP sink (tests/worker/conftest.py),
and the reply gateway on loopback, which a real SMTP client (smtplib) talks to."""
from __future__ import annotations

import pytest

from tests.mail.helpers import Gateway
from tests.worker.conftest import (  # noqa: F401 (fixtures)
    celery_worker, fast_worker_settings, redis_url, smtp_server)


@pytest.fixture
def mail_gateway(transactional_db):
    gateway = Gateway()
    gateway.controller.start()
    yield gateway
    gateway.controller.stop()
