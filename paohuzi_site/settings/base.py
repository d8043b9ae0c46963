"""Settings shared by every environment.

The embedded default needs nothing: SQLite (WAL, IMMEDIATE transactions, a busy timeout, persistent
connections) and the in-memory channel layer. `DATABASE_URL` switches to PostgreSQL (psycopg 3) and
`REDIS_URL` to channels-redis, for a set-up with several server processes.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

# A busy SQLite writer makes others wait this long (seconds) before "database is locked".
SQLITE_BUSY_TIMEOUT = 20
# Seconds a Redis call may take before it fails: finite, against a dead connection.
REDIS_READ_TIMEOUT = 15


def env_bool(environ: Mapping[str, str], name: str, default: bool) -> bool:
    value = environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(environ: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    value = environ.get(name, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or default


def database_from_env(environ: Mapping[str, str], base_dir: Path = BASE_DIR) -> dict:
    """`DATABASE_URL` → that database (PostgreSQL via psycopg 3); otherwise the embedded SQLite file.

    Channels closes the connection around every `database_sync_to_async` call unless CONN_MAX_AGE is
    persistent, which reopened the SQLite file on every move (2–3× slower): so None / a long age. No
    health check: it is a round trip before every such call; a broken connection is closed after its
    error instead (Django marks it unusable) and the next call opens a new one.
    """
    url = environ.get("DATABASE_URL", "").strip()
    if url:
        return dj_database_url.parse(url, conn_max_age=600, conn_health_checks=False)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": environ.get("SQLITE_PATH") or str(base_dir / "db.sqlite3"),
        "CONN_MAX_AGE": None,
        "OPTIONS": {
            # Take the write lock when a transaction starts, so two writers queue instead of failing.
            "transaction_mode": "IMMEDIATE",
            "timeout": SQLITE_BUSY_TIMEOUT,
            # WAL: readers never wait for the writer.
            "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
        },
    }


def channel_layers_from_env(environ: Mapping[str, str]) -> dict:
    """`REDIS_URL` → channels-redis's pub/sub layer (several processes); otherwise the in-memory layer
    (one process).

    Pub/sub, not channels-redis's default layer: a group_send is one PUBLISH that each process
    subscribed to the group receives once and hands to its sockets in memory. The default layer keeps
    every socket of a process under one Redis key, pops one message per round trip, and silently drops a
    group_send to a key holding `capacity` messages (its default 100 lost table changes at 200 busy
    tables). Measured with bench/load.py on PostgreSQL + Redis, 200 tables, one move every 8 s each:
    the floor's p99 346 → 52 ms, the site's p50 72 → 64 ms and p99 783 → 716 ms (session 5's note).
    Pub/sub delivers at most once, as the default layer did past its capacity: a socket that misses a
    change sees the version jump with the next one and takes a full snapshot (games.live.fanout).

    Pub/sub channels are the Redis server's, not a database's: the prefix names the URL's database
    number, so sites on one Redis kept apart by database number stay apart.
    """
    url = environ.get("REDIS_URL", "").strip()
    if url:
        database = urlparse(url).path.strip("/") or "0"
        return {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                            "CONFIG": {"hosts": [{"address": url, "socket_timeout": REDIS_READ_TIMEOUT}],
                                       "prefix": f"asgi{database}."}}}
    return {"default": {"BACKEND": "paohuzi_site.channel_layer.SweepingInMemoryChannelLayer"}}


def caches_from_env(environ: Mapping[str, str]) -> dict:
    """`REDIS_URL` → Django's Redis cache, so the limits (accounts.throttles) count across processes;
    otherwise the in-memory cache of the one process."""
    url = environ.get("REDIS_URL", "").strip()
    if url:
        return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                            "KEY_PREFIX": "paohuzi"}}
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-set-SECRET_KEY-in-production")
DEBUG = env_bool(os.environ, "DEBUG", False)
ALLOWED_HOSTS = env_list(os.environ, "ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves websockets too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # intcomma: coins grouped for the page's language
    "django_htmx",
    "accounts",
    "games",
    "money",
    "clubs",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files: compressed ahead, so above the next one
    "paohuzi_site.compression.SecretAwareGZipMiddleware",  # pages, unless they carry a secret (BREACH)
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "paohuzi_site.urls"
ASGI_APPLICATION = "paohuzi_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_from_env(os.environ)}
CHANNEL_LAYERS = channel_layers_from_env(os.environ)
CACHES = caches_from_env(os.environ)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Coins a new account (guest or not) receives from the house, through the ledger.
STARTING_COINS = int(os.environ.get("STARTING_COINS", "2000"))
# R11 free coins: the relief grant (救济金) of a person who cannot afford any room, so many times a day,
# topping them up to the lowest room's coins to enter times RELIEF_TOP_UP_ENTRIES (1,000 with 天门山's 100).
RELIEF_PER_DAY = int(os.environ.get("RELIEF_PER_DAY", "3"))
RELIEF_TOP_UP_ENTRIES = max(1, int(os.environ.get("RELIEF_TOP_UP_ENTRIES", "10")))
# The leaderboards (/leaderboard/) are computed at most once in this many seconds (Django's cache).
LEADERBOARD_SECONDS = int(os.environ.get("LEADERBOARD_SECONDS", "60"))

# Limits against one bad client (accounts.throttles), per account and per address.
LOGIN_FAILURES_ALLOWED = int(os.environ.get("LOGIN_FAILURES_ALLOWED", "5"))  # per account, then a wait
LOGIN_FAILURES_ALLOWED_PER_IP = int(os.environ.get("LOGIN_FAILURES_ALLOWED_PER_IP", "20"))  # any account
LOGIN_WAIT_SECONDS = int(os.environ.get("LOGIN_WAIT_SECONDS", "60"))  # the first wait; doubles per failure
LOGIN_WAIT_MAX_SECONDS = int(os.environ.get("LOGIN_WAIT_MAX_SECONDS", "3600"))  # the longest wait
GUESTS_PER_IP_PER_DAY = int(os.environ.get("GUESTS_PER_IP_PER_DAY", "5"))  # no farming of starting coins
SIGNUPS_PER_IP_PER_DAY = int(os.environ.get("SIGNUPS_PER_IP_PER_DAY", "10"))  # nor by signing up
INVITE_LOOKUPS_PER_IP_PER_MINUTE = int(os.environ.get("INVITE_LOOKUPS_PER_IP_PER_MINUTE", "20"))
CLUB_JOINS_PER_USER_PER_HOUR = int(os.environ.get("CLUB_JOINS_PER_USER_PER_HOUR", "10"))  # club join asks
CLUB_JOINS_PER_IP_PER_HOUR = int(os.environ.get("CLUB_JOINS_PER_IP_PER_HOUR", "30"))
CLUBS_PER_PERSON = int(os.environ.get("CLUBS_PER_PERSON", "10"))  # clubs one owns or belongs to
# The club lobby's socket (clubs.live): sockets one person may keep open at one club's lobby (over all
# processes), and how long a socket counts as online without renewing (it renews every third of it).
CLUB_SOCKETS_PER_USER = int(os.environ.get("CLUB_SOCKETS_PER_USER", "3"))
CLUB_PRESENCE_SECONDS = float(os.environ.get("CLUB_PRESENCE_SECONDS", "60"))
# The pause after a club lobby's update before a process reads the next (clubs.live.fanout): the moves
# at a club's tables are changes too, and a lobby need not show each within a quarter second.
CLUB_LOBBY_GAP_SECONDS = float(os.environ.get("CLUB_LOBBY_GAP_SECONDS", "0.25"))
# Behind a reverse proxy every request comes from the proxy: name the header it sets to the client's
# address (`HTTP_X_REAL_IP`, `HTTP_X_FORWARDED_FOR`), or all clients share one address's limits.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", _("Simplified Chinese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our zh_Hans number format groups digits by three with commas (Django's has no separator); pages group
# amounts explicitly with intcomma (games_numbers), never ids or form values.
FORMAT_MODULE_PATH = ["paohuzi_site.formats"]
USE_I18N = True
TIME_ZONE = "Asia/Shanghai"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# `manage.py collectstatic` (make serve runs it) writes each file under a name with its content's hash,
# and a Brotli and a gzip copy beside it; WhiteNoise serves those, as immutable, to whoever accepts
# them. Only the hashed names are kept (a page names no other). With DEBUG on, the development
# settings serve the unhashed files straight from the apps' folders instead: no collectstatic needed.
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "paohuzi_site.static_storage.CompressedOnceManifestStorage"},
}
WHITENOISE_USE_FINDERS = False
WHITENOISE_KEEP_ONLY_HASHED_FILES = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"paohuzi": {"handlers": ["console"], "level": "INFO"}},
}

# Real-time play (games/clock/deadlines.py): seconds, each overridable from the environment.
QUICK_MATCH_BOT_WAIT = float(os.environ.get("QUICK_MATCH_BOT_WAIT", "5"))  # then bots fill empty seats
# R2: a person's join that fills a coin table deals this much later, so their page shows the commitment
# and sends a client seed first; 0: at once (the tests' setting).
DEAL_WAIT_SECONDS = float(os.environ.get("DEAL_WAIT_SECONDS", "2"))
TURN_SECONDS = float(os.environ.get("TURN_SECONDS", "20"))  # a person's time for one decision
BOT_DELAY = float(os.environ.get("BOT_DELAY", "1"))  # a bot or an auto-played seat waits this long
BOT_HARD_BUDGET_MS = float(os.environ.get("BOT_HARD_BUDGET_MS", "150"))  # a hard bot's search per decision
BOT_WORKERS = int(os.environ.get("BOT_WORKERS", "1"))  # the sweeper's processes for hard bots' searches (0: its own)
NEXT_HAND_WAIT = float(os.environ.get("NEXT_HAND_WAIT", "15"))  # the next hand starts by itself after
# Tournaments (docs/design.md#tournaments): the break with the standings between two rounds.
TOURNAMENT_BREAK_SECONDS = float(os.environ.get("TOURNAMENT_BREAK_SECONDS", "30"))
# Claim privacy: every discard or shown draw (and ti/wei) waits this long for claims, whether or not
# anyone may claim it, so neither the waiting text nor the timing tells who can; 0: off (no wait).
CLAIM_WINDOW_SECONDS = float(os.environ.get("CLAIM_WINDOW_SECONDS", "1"))
DAILY_COIN_CAP = int(os.environ.get("DAILY_COIN_CAP", "200000000"))  # R8.4: per player and day, won or lost
COIN_ROOM_VARIANT = os.environ.get("COIN_ROOM_VARIANT", "changde")  # coin rooms play this variant (`002`)

# What one table socket may do (games.live.socket_limits): messages a second and the burst, dropped messages
# before the socket is closed, sockets one user may keep open at one table (over all processes).
TABLE_MESSAGES_PER_SECOND = float(os.environ.get("TABLE_MESSAGES_PER_SECOND", "10"))
TABLE_MESSAGE_BURST = int(os.environ.get("TABLE_MESSAGE_BURST", "20"))
TABLE_FLOOD_DROPS = int(os.environ.get("TABLE_FLOOD_DROPS", "200"))
CHAT_SECONDS = int(os.environ.get("CHAT_SECONDS", "3"))  # a seat's quick chat: one say in this many seconds
TABLE_SOCKETS_PER_USER = int(os.environ.get("TABLE_SOCKETS_PER_USER", "3"))
# Spectator sockets (/ws/watch/) one address may keep open over all tables (games.live.spectator_count):
# past it a new one is refused, so one client cannot hold a process's sockets by watching.
SPECTATOR_SOCKETS_PER_ADDRESS = int(os.environ.get("SPECTATOR_SOCKETS_PER_ADDRESS", "8"))
