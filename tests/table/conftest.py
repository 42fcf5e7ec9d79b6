"""The real parts the table's tests share with the worker's and the web's: Redis, a Celery
worker, an SMTP server (tests/worker/conftest.py) and Chromium (tests/web/conftest.py)."""
from tests.web.conftest import browser, web  # noqa: F401
from tests.worker.conftest import (celery_worker, fast_worker_settings, redis_url,  # noqa: F401
                                   smtp_server)
