"""The level table (R11 titles) is read from the shared cache at most once per LOCAL_SECONDS per process:
every seat of every frame asks for it, and with Redis each ask was a round trip. An edit in this process
shows at once; another process's after LOCAL_SECONDS."""
from __future__ import annotations

import pytest

from money import levels
from money.models import Level

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_reads(monkeypatch):
    reads = []
    get_or_set = levels.cache.get_or_set
    monkeypatch.setattr(levels.cache, "get_or_set", lambda *a, **k: reads.append(a[0]) or get_or_set(*a, **k))
    return reads


def test_the_table_is_read_once_for_many_asks(cache_reads):
    rows = list(Level.objects.values("experience", "title", "name_en", "colour"))
    tables = [levels.level_table() for _ in range(50)]
    assert rows and len(cache_reads) == 1 and all(t == rows for t in tables)


def test_an_edit_shows_at_once_here_and_after_local_seconds_elsewhere(cache_reads, monkeypatch):
    row = Level.objects.order_by("experience").first()
    old = levels.rank(row.experience)
    row.title = "新科状元"
    row.save()  # this process: the signal forgets both copies
    assert levels.rank(row.experience)["title"] == "新科状元"
    stale = [{**r, "title": old["title"]} if r["experience"] == row.experience else r for r in levels.level_table()]
    levels._local["rows"] = stale  # as another process still holds it
    assert levels.rank(row.experience)["title"] == old["title"]  # kept for LOCAL_SECONDS
    clock = levels.time.monotonic() + levels.LOCAL_SECONDS + 1
    monkeypatch.setattr(levels.time, "monotonic", lambda: clock)
    assert levels.rank(row.experience)["title"] == "新科状元" and len(cache_reads) == 3
