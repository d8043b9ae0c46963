"""A private series played to its end straight through the services, for the pages that show its
standings (test_summary_card_browser): run in the served site's database by `manage.py shell`."""
from __future__ import annotations

import subprocess
import sys

from .serverkit import ROOT

SCRIPT = """
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from games.models import Table, Variant
from tests.games.tablekit import play_out, private_table

User = get_user_model()
users = [User.objects.create_user(username=n, password="x" * 12) for n in ("阿安", "小波")]  # a fresh site: the names are free
table = private_table(users, variant=Variant.objects.get(slug="changde"), hands=8)
play_out(table, dict(enumerate(users)))
Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)  # the end, as the 8th hand's would be
table.refresh_from_db()
s = SessionStore()
s[SESSION_KEY], s[BACKEND_SESSION_KEY] = str(users[0].pk), "django.contrib.auth.backends.ModelBackend"
s[HASH_SESSION_KEY] = users[0].get_session_auth_hash()
s.create()
print(table.pk, table.status, s.session_key)
"""


def finished_series(env: dict[str, str]) -> tuple[int, str, str]:
    """(table id, its status, a session key of its first player) of a private series ended after one hand."""
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", SCRIPT], cwd=ROOT, env=env, check=True,
                         timeout=120, capture_output=True, text=True).stdout.split()
    return int(out[-3]), out[-2], out[-1]
