"""Settings, all from the environment (12-factor). See README.md for the list.

With no environment at all this is the embedded default of ``make run``: SQLite in
./var, a broker that needs no server, mail to files in ./var/mail.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("LUDOPOST_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
TESTING = "pytest" in sys.modules or env_bool("LUDOPOST_TESTING", False)
# Commands that sign nothing and must run on a bare clone (an offline audit of an export).
OFFLINE_COMMANDS = {"verify_game"}
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG or TESTING or env_bool("LUDOPOST_EMBEDDED", False):
        from config.secret_key import installation_key

        VAR_DIR.mkdir(parents=True, exist_ok=True)
        SECRET_KEY = installation_key(VAR_DIR)   # random per installation, kept in VAR_DIR
    elif len(sys.argv) > 1 and sys.argv[1] in OFFLINE_COMMANDS:
        import secrets

        SECRET_KEY = secrets.token_urlsafe(50)   # throwaway: nothing signed outlives the process
    else:
        raise RuntimeError("SECRET_KEY must be set (or run with DEBUG=1 / via make run).")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")


def site_url(host: str, port: str) -> str:
    """The base of links when SITE_URL is unset: the address the service listens on."""
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)  # a wildcard is no address
    return f"http://[{host.strip('[]')}]:{port}" if ":" in host else f"http://{host}:{port}"


# The embedded mode (`make run`, `PORT=23080 make run`) links to its own HOST and PORT.
SITE_URL = (os.environ.get("SITE_URL") or (
    site_url(os.environ.get("HOST", "127.0.0.1"), os.environ.get("PORT", "8000"))
    if env_bool("LUDOPOST_EMBEDDED") else "http://127.0.0.1:8000")).rstrip("/")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles: runserver (and so `make run`) serves static files through
    # WhiteNoise too, exactly as production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "api",
    "worker",
    "worker.mailplay",
    "web",
    "table",
]

# Sessions, CSRF and messages serve the web pages; the API authenticates by token
# only, and DRF's views are exempt from CSRF.
MIDDLEWARE = [
    "api.middleware.ApiErrorMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": ["django.template.context_processors.request",
                                       "django.contrib.auth.context_processors.auth",
                                       "django.contrib.messages.context_processors.messages"]},
}]

# -- database -------------------------------------------------------------------
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'ludopost.sqlite3'}")
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Server-side parameters, and statements prepared after their fifth run on a
    # connection: a move's few statements are then planned once per connection, not
    # on every call (planning the token join alone cost six times its execution).
    # Set DB_PREPARE_THRESHOLD empty behind a pooler that cannot keep prepared statements.
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options["server_side_binding"] = env_bool("DB_SERVER_SIDE_BINDING", True)
    _threshold = os.environ.get("DB_PREPARE_THRESHOLD", "5")
    _options["prepare_threshold"] = int(_threshold) if _threshold else None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE takes the write lock at BEGIN, so concurrent moves queue instead of
    # failing with "database is locked" half-way through a transaction.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get(
        "TEST_SQLITE_NAME", str(VAR_DIR / "test.sqlite3"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
                             "OPTIONS": {"min_length": 8}}]
LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# WhiteNoise serves the apps' static files straight from their folders, so neither
# `make run` nor a fresh checkout needs collectstatic (STATIC_ROOT is used if filled).
WHITENOISE_USE_FINDERS = True

# -- web pages ------------------------------------------------------------------------
LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "web:home"
# Failed logins allowed per username and per client address within the window.
WEB_LOGIN_ATTEMPTS = int(os.environ.get("WEB_LOGIN_ATTEMPTS", "5"))
WEB_LOGIN_WINDOW_SECONDS = int(os.environ.get("WEB_LOGIN_WINDOW_SECONDS", "300"))
# How often an open game page asks whether the game moved on (milliseconds).
WEB_POLL_MS = int(os.environ.get("WEB_POLL_MS", "2500"))
# How often the table talk panel fetches its messages (it answers in full each time).
TALK_POLL_MS = int(os.environ.get("TALK_POLL_MS", str(WEB_POLL_MS)))

# -- API --------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["api.authentication.FastTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.LimitedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append("rest_framework.renderers.BrowsableAPIRenderer")
# Limits on what a request to /api/ may be (api/parsers.py, api/middleware.py): over
# them it gets 413, 400 or 414 as JSON before any view runs. Nothing in the API needs
# more than a few kilobytes; the depth bounds every recursive walk of a body.
API_MAX_BODY_BYTES = int(os.environ.get("API_MAX_BODY_BYTES", str(64 * 1024)))
API_MAX_JSON_DEPTH = int(os.environ.get("API_MAX_JSON_DEPTH", "32"))
API_MAX_URL_LENGTH = int(os.environ.get("API_MAX_URL_LENGTH", "2048"))
SPECTACULAR_SETTINGS = {
    "TITLE": "LudoPost API",
    "DESCRIPTION": "Play-by-mail board games: event-sourced, replayable, provably fair.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "OAS_VERSION": "3.1.0",
    # Swagger UI's files come from the service itself (drf-spectacular-sidecar, served
    # by api/urls.py under /api/docs/assets/), so /api/docs/ works with no internet.
    "SWAGGER_UI_DIST": "/api/docs/assets/swagger-ui-dist",
    "SWAGGER_UI_FAVICON_HREF": "/api/docs/assets/swagger-ui-dist/favicon-32x32.png",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "api.schema.add_game_schemas"],
}

# -- games --------------------------------------------------------------------------
SNAPSHOT_EVERY = int(os.environ.get("SNAPSHOT_EVERY", "50"))

# -- mail ------------------------------------------------------------------------------
EMAIL_URL = os.environ.get("EMAIL_URL", "")
if EMAIL_URL.startswith(("smtp://", "smtps://")):
    from urllib.parse import unquote, urlparse

    _mail = urlparse(EMAIL_URL)
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _mail.hostname or "localhost"
    EMAIL_PORT = _mail.port or (465 if _mail.scheme == "smtps" else 25)
    EMAIL_HOST_USER = unquote(_mail.username or "")
    EMAIL_HOST_PASSWORD = unquote(_mail.password or "")
    EMAIL_USE_SSL = _mail.scheme == "smtps"
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
elif EMAIL_URL == "console://":
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = EMAIL_URL.removeprefix("file://") if EMAIL_URL else str(VAR_DIR / "mail")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "LudoPost <noreply@ludopost.localhost>")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))

# Play by mail (docs/WORKER.md): replies go to play+<token>@MAIL_PLAY_DOMAIN (default:
# the domain of DEFAULT_FROM_EMAIL); inbound webhooks of hosted providers are checked
# with their own secrets (django-anymail).
MAIL_PLAY_DOMAIN = os.environ.get("MAIL_PLAY_DOMAIN", "")
MAIL_PLAY_RATE_PER_HOUR = int(os.environ.get("MAIL_PLAY_RATE_PER_HOUR", "60"))
ANYMAIL = {key: os.environ[f"ANYMAIL_{key}"] for key in (
    "WEBHOOK_SECRET", "MAILGUN_WEBHOOK_SIGNING_KEY", "POSTMARK_WEBHOOK_SECRET") if os.environ.get(f"ANYMAIL_{key}")}

# -- worker ------------------------------------------------------------------------------
# Production: REDIS_URL (or CELERY_BROKER_URL); `celery -A config worker` processes and
# one `celery -A config beat`. Embedded (`make run`): a file broker in ./var/broker
# (worker.broker: kombu's filesystem transport with atomic writes and claims), worker
# and beat as two processes supervised by `manage.py run_embedded`. See docs/WORKER.md.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "filesystem://")
# Redis redelivers a task not acknowledged within the visibility timeout (tasks ack
# late). No task here runs long, and none is scheduled with an ETA (deadlines are
# rows), so a few minutes is plenty; the socket timeouts keep a move's request from
# hanging on a dead broker (moves never need the broker: the outbox catches up).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "600")),
    "socket_timeout": 5, "socket_connect_timeout": 5, "retry_on_timeout": True,
}
if CELERY_BROKER_URL == "filesystem://":
    _queue = VAR_DIR / "broker"
    for _sub in ("in", "processed", "control"):
        (_queue / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue / "in"),
        "data_folder_out": str(_queue / "in"),
        "processed_folder": str(_queue / "processed"),
        "control_folder": str(_queue / "control"),
        "store_processed": False,
        "polling_interval": float(os.environ.get("CELERY_POLLING_INTERVAL", "0.2")),
    }
    CELERY_BROKER_TRANSPORT = "worker.broker:Transport"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_ALWAYS_EAGER = False
# Publishing when the broker is down: a few quick retries, then the caller carries on
# (the rows stay pending and the next tick publishes them).
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.5,
                                    "interval_max": 1}

WORKER_TICK_SECONDS = float(os.environ.get("WORKER_TICK_SECONDS", "1"))
WORKER_BATCH = int(os.environ.get("WORKER_BATCH", "200"))
# How long a dispatched delivery is leased before it is handed out again.
WORKER_LEASE_SECONDS = float(os.environ.get("WORKER_LEASE_SECONDS", "120"))
WORKER_RETRY_BACKOFF = [float(x) for x in os.environ.get(
    "WORKER_RETRY_BACKOFF", "10,60,300,1800,7200,21600").split(",")]
WORKER_WEBHOOK_BACKOFF = [float(x) for x in os.environ.get(
    "WORKER_WEBHOOK_BACKOFF", "10,60,300,1800,7200,21600,43200").split(",")]
WORKER_WEBHOOK_TIMEOUT = float(os.environ.get("WORKER_WEBHOOK_TIMEOUT", "10"))
WORKER_WEBHOOK_ALLOW_PRIVATE = env_bool("WEBHOOK_ALLOW_PRIVATE",
                                        DEBUG or TESTING or env_bool("LUDOPOST_EMBEDDED", False))
WORKER_KEEP_DAYS = int(os.environ.get("WORKER_KEEP_DAYS", "30"))
WORKER_HEARTBEAT_SECONDS = float(os.environ.get("WORKER_HEARTBEAT_SECONDS", "5"))
WORKER_STALE_SECONDS = float(os.environ.get("WORKER_STALE_SECONDS", str(max(30.0, WORKER_HEARTBEAT_SECONDS * 4))))
CELERY_BEAT_SCHEDULE = {
    "tick": {"task": "worker.tick", "schedule": WORKER_TICK_SECONDS,
             "options": {"expires": max(5.0, WORKER_TICK_SECONDS * 5)}},
    "digests": {"task": "worker.send_digests", "schedule": 300.0, "options": {"expires": 240}},
    "purge": {"task": "worker.purge", "schedule": 86400.0, "options": {"expires": 3600}},
    "heartbeat": {"task": "worker.heartbeat", "schedule": WORKER_HEARTBEAT_SECONDS,
                  "options": {"expires": WORKER_HEARTBEAT_SECONDS * 2}},
}
# Beat records its own heartbeat as it ticks (worker.health); the worker's comes from
# the heartbeat task above. Either older than WORKER_STALE_SECONDS reads "down".
CELERY_BEAT_SCHEDULER = "worker.health:HeartbeatScheduler"
CELERY_IMPORTS = ["worker.health"]
# Heartbeats are shared by every process that writes or reads them: Redis when there
# is one, else files in ./var (the embedded mode runs on one machine).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "health": ({"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                "KEY_PREFIX": "ludopost", "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1}}
               if REDIS_URL else
               {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": str(VAR_DIR / "health")}),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

if TESTING:
    # Hashing test passwords slowly protects nothing and costs seconds per test.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
