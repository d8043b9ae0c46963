"""Settings: the database and channel layer are chosen by environment variables only."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from paohuzi_site.settings.base import channel_layers_from_env, database_from_env

ROOT = Path(__file__).resolve().parent.parent
CHOOSERS = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE")


def test_no_variable_gives_sqlite_with_wal_immediate_busy_timeout_and_persistent_connections(tmp_path):
    db = database_from_env({}, base_dir=tmp_path)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "db.sqlite3")
    assert db["CONN_MAX_AGE"] is None
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert db["OPTIONS"]["timeout"] >= 5
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]


def test_database_url_gives_postgresql_through_psycopg():
    db = database_from_env({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test"})
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["HOST"], db["PORT"]) == ("test", "postgres", "127.0.0.1", 5432)
    assert db["CONN_MAX_AGE"] > 0
    assert db["CONN_HEALTH_CHECKS"] is False  # no round trip before every database_sync_to_async call


def test_channel_layer_in_memory_by_default_redis_pubsub_with_redis_url():
    assert channel_layers_from_env({})["default"]["BACKEND"] == "paohuzi_site.channel_layer.SweepingInMemoryChannelLayer"
    layer = channel_layers_from_env({"REDIS_URL": "redis://127.0.0.1:6379/0"})["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert [host["address"] for host in layer["CONFIG"]["hosts"]] == ["redis://127.0.0.1:6379/0"]
    assert 0 < layer["CONFIG"]["hosts"][0]["socket_timeout"] < 60  # finite, against a dead connection


def test_pubsub_channels_of_two_redis_databases_stay_apart():
    """Pub/sub channels are the server's, not a database's: the prefix names the database."""
    prefix = {url: channel_layers_from_env({"REDIS_URL": url})["default"]["CONFIG"]["prefix"]
              for url in ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/3", "redis://127.0.0.1:6379")}
    assert prefix["redis://127.0.0.1:6379/0"] == prefix["redis://127.0.0.1:6379"] != prefix["redis://127.0.0.1:6379/3"]


def run_settings(module: str, code: str, **env: str) -> subprocess.CompletedProcess:
    """Load a settings module in a fresh interpreter with only the given choosing variables set."""
    clean = {k: v for k, v in os.environ.items() if k not in CHOOSERS}
    clean.update(env, DJANGO_SETTINGS_MODULE=module)
    return subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + code],
                          cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60)


def test_dev_settings_follow_the_environment():
    code = ("from django.conf import settings as s\n"
            "print(s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'], s.DEBUG)")
    plain = run_settings("paohuzi_site.settings.dev", code)
    assert plain.stdout.split() == ["django.db.backends.sqlite3", "paohuzi_site.channel_layer.SweepingInMemoryChannelLayer", "True"]
    scaled = run_settings("paohuzi_site.settings.dev", code, DEBUG="0",
                          DATABASE_URL="postgres://postgres@127.0.0.1:5432/test",
                          REDIS_URL="redis://127.0.0.1:6379/0")
    assert scaled.stdout.split() == ["django.db.backends.postgresql",
                                     "channels_redis.pubsub.RedisPubSubChannelLayer", "False"]


def test_embedded_sqlite_really_runs_in_wal_mode(tmp_path):
    code = ("from django.db import connection\nc = connection.cursor()\n"
            "c.execute('PRAGMA journal_mode'); print(c.fetchone()[0])\n"
            "c.execute('PRAGMA busy_timeout'); print(c.fetchone()[0])")
    out = run_settings("paohuzi_site.settings.dev", code, SQLITE_PATH=str(tmp_path / "x.sqlite3"))
    assert out.stdout.split() == ["wal", "20000"], out.stderr


def test_prod_refuses_to_start_without_a_secret_key_and_is_not_debug():
    code = "from django.conf import settings as s\nprint(s.DEBUG, s.ALLOWED_HOSTS)"
    refused = run_settings("paohuzi_site.settings.prod", code)
    assert refused.returncode != 0 and "SECRET_KEY" in refused.stderr
    ok = run_settings("paohuzi_site.settings.prod", code, SECRET_KEY="s3cret", ALLOWED_HOSTS="paohuzi.example")
    assert ok.stdout.strip() == "False ['paohuzi.example']"


def test_site_wiring_daphne_first_htmx_asgi_and_chinese_by_default():
    assert settings.INSTALLED_APPS[0] == "daphne"
    assert "django_htmx" in settings.INSTALLED_APPS
    assert "django_htmx.middleware.HtmxMiddleware" in settings.MIDDLEWARE
    assert "django.middleware.locale.LocaleMiddleware" in settings.MIDDLEWARE
    assert settings.ASGI_APPLICATION == "paohuzi_site.asgi.application"
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert settings.LANGUAGE_CODE == "zh-hans"
    assert [code for code, _name in settings.LANGUAGES] == ["zh-hans", "en"]


@pytest.mark.parametrize("path", ["locale/zh_Hans/LC_MESSAGES/django.po", "locale/zh_Hans/LC_MESSAGES/django.mo"])
def test_chinese_catalog_is_committed_compiled(path):
    """A fresh machine needs no gettext: the compiled catalog is in the repository."""
    assert (ROOT / path).stat().st_size > 1000
