"""The real parts the table's tests share with the worker's: Redis, a Celery worker, an SMTP
server (tests/worker/conftest.py). The table talk in a browser is tests/web/test_chat_browser.py,
beside the other browser tests, so one browser serves the whole run."""
from tests.worker.conftest import (celery_worker, fast_worker_settings, redis_url,  # noqa: F401
                                   smtp_server)
