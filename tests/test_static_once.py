"""bench/static_once.py: the static files are collected once per run, again only when a source changed
(a collection rewrites files under any server starting meanwhile)."""
from __future__ import annotations

import os

from bench.static_once import collect_once


def test_a_collection_runs_once_until_a_source_changes(tmp_path):
    (tmp_path / "static").mkdir()
    source = tmp_path / "static" / "site.js"
    source.write_text("let a = 1;")
    (tmp_path / "requirements.txt").write_text("Django==5.2\n")
    runs = []

    def collect():
        runs.append(1)
        (tmp_path / "staticfiles").mkdir(exist_ok=True)
        (tmp_path / "staticfiles" / "staticfiles.json").write_text("{}")

    collect_once(tmp_path, collect)
    collect_once(tmp_path, collect)
    assert len(runs) == 1
    source.write_text("let a = 2;;")
    collect_once(tmp_path, collect)
    assert len(runs) == 2
    (tmp_path / "staticfiles" / "staticfiles.json").unlink()  # a manifest gone: collected again
    collect_once(tmp_path, collect)
    assert len(runs) == 3
    os.utime(source, ns=(10**18, 10**18))  # only its time changed: still a change of the sources
    collect_once(tmp_path, collect)
    assert len(runs) == 4
