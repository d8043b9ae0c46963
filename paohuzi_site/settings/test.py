"""Tests: the same selection by environment, fast password hashing, a Redis prefix of our own."""
import os

from .base import *  # noqa: F403
from .base import CHANNEL_LAYERS, STORAGES

DEBUG = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STARTING_COINS = 2000

# The limits count in this process's memory, never in a Redis other test runs share; tests empty it.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Every test client comes from 127.0.0.1 and the counters outlive a test: the per-address limits are off
# here; tests/accounts/test_throttles.py sets them and empties the cache.
GUESTS_PER_IP_PER_DAY = SIGNUPS_PER_IP_PER_DAY = 10**9
INVITE_LOOKUPS_PER_IP_PER_MINUTE = LOGIN_FAILURES_ALLOWED_PER_IP = 10**9

# Several test runs may share one Redis: keep each run's groups and channels apart.
if "CONFIG" in CHANNEL_LAYERS["default"]:
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = f"test{os.getpid()}"

# Tests drive time themselves: bots move and fill seats at once; people have long enough to decide.
QUICK_MATCH_BOT_WAIT = 0
DEAL_WAIT_SECONDS = 0  # the join that fills a coin table deals at once; its own tests turn it on
BOT_DELAY = 0
BOT_WORKERS = 0  # hard bots' searches in the sweeper's own process
BOT_HARD_BUDGET_MS = 20
TURN_SECONDS = 60
NEXT_HAND_WAIT = 60
CLAIM_WINDOW_SECONDS = 0  # claim privacy off: moves apply at once; its own tests turn it on

# On PostgreSQL a test's commit need not wait for the disk (each transactional test commits and flushes
# the tables many times): a crash loses only the test database. The servers the tests start keep theirs.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"  # noqa: F405

# The Django test client's pages name the static files as they are, from the apps' folders: no
# collectstatic before a test run. A served site (tests/browser/serverkit.py, bench/load.py) uses the
# hashed and compressed files of the base settings, collected first. No STATIC_ROOT either: WhiteNoise
# would warn on every request of a fresh clone that it has no such folder.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = None
