"""The suite's tiers, marked at collection so a new test is marked by the folder it lands in or by what it
uses, never by hand (README: Tests in tiers; pytest.ini registers the markers).

- `browser`, `faults`: every test under tests/browser, tests/faults (real servers, Chromium).
- `slow`: any other test module that starts processes of its own: it imports subprocess or
  multiprocessing (the CLI, bin/serve, bench/load.py, settings in a fresh interpreter), or a helper of
  the tests that does (tests/browser/serverkit.py's Daphne), in its own body or a test's.
- `db_layer`: what behaves differently on PostgreSQL + Redis: the database (pytest-django's fixtures
  or marker; pytest-django refuses any other test the database), the configured channel layer or cache
  (channels' communicators and layers, Django's cache), concurrency (async tests, threads), and
  tests/faults and tests/bench, whose servers use the run's DATABASE_URL and REDIS_URL. tests/browser's
  servers use SQLite and the in-memory layer whatever the run's (serverkit.server_env): a browser module
  is `db_layer` only if it says so. CI's PostgreSQL pass runs `-m db_layer`.

`--tiers-record=FILE` writes each selected test's node id, its tiers and its outcome (JSON), for
`.ci/tiers_check`, which proves the passes together run every test of the suite.
"""
from __future__ import annotations

import functools
import inspect
import json
import re
import sys
import types
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
BY_FOLDER = {"browser": ("browser",), "faults": ("faults", "db_layer"), "bench": ("slow", "db_layer")}
DB_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
               "live_server"}
# An import, anywhere in a test module (a test's own body too), of what starts processes; of the channel
# layer, the cache or threads.
PROCESS_IMPORT = re.compile(r"^\s*(from|import) (subprocess|multiprocessing)\b", re.MULTILINE)
LAYER_IMPORT = re.compile(r"^\s*(from|import) (channels|channels_redis|django\.core\.cache|threading|concurrent)\b",
                          re.MULTILINE)
TIERS = ("browser", "faults", "slow", "db_layer")


@functools.cache
def _process_kits() -> re.Pattern:
    """An import of a helper module of the tests that starts processes (tests/browser/serverkit.py, …)."""
    stems = sorted(p.stem for p in TESTS.rglob("*.py")
                   if not p.name.startswith(("test_", "conftest")) and PROCESS_IMPORT.search(p.read_text()))
    names = "|".join(map(re.escape, stems)) or "(?!)"
    return re.compile(rf"^\s*(from|import) \S*\b({names})\b|^\s*from \S+ import .*\b({names})\b", re.MULTILINE)


@functools.cache
def _source(module: types.ModuleType) -> str:
    return inspect.getsource(module)


def _starts_processes(module: types.ModuleType) -> bool:
    source = _source(module)
    return bool(PROCESS_IMPORT.search(source) or _process_kits().search(source))


def tiers_of(item: pytest.Item) -> set[str]:
    """The tiers a test belongs to, from its folder, its module and its fixtures and markers."""
    folder = Path(item.path).resolve().relative_to(TESTS).parts[0]
    tiers = set(BY_FOLDER.get(folder, ()))
    tiers |= {m.name for m in item.iter_markers() if m.name in TIERS}
    if not isinstance(item, pytest.Function):
        return tiers
    if "browser" not in tiers and "faults" not in tiers and _starts_processes(item.module):
        tiers.add("slow")
    if "browser" in tiers and "db_layer" not in tiers:
        return tiers
    if (DB_FIXTURES & set(item.fixturenames) or item.get_closest_marker("django_db")
            or item.get_closest_marker("asyncio") or inspect.iscoroutinefunction(item.function)
            or LAYER_IMPORT.search(_source(item.module))):
        tiers.add("db_layer")
    return tiers


FAULTS_GROUPS = 2  # xdist adds "@faults-<n>" to these tests' node ids; the record keeps the plain ids


def _plain(nodeid: str) -> str:
    return re.sub(r"@faults-\d+$", "", nodeid)


def mark(items: list[pytest.Item]) -> None:
    """Mark each test with its tiers; under pytest-xdist (`--dist loadgroup`) the fault tests form
    FAULTS_GROUPS groups, dealt in turn in collection order, so at most that many scenarios' servers
    run at once (each group's one after another on one worker), while the other tests are dealt out one
    by one in pytest-django's order (tests on a rolled-back database before those that flush it). One
    group was the whole pass's longest path on PostgreSQL."""
    faults = 0
    for item in items:
        tiers = tiers_of(item)
        for tier in sorted(tiers - {m.name for m in item.iter_markers()}):
            item.add_marker(tier)
        if "faults" in tiers:
            item.add_marker(pytest.mark.xdist_group(f"faults-{faults % FAULTS_GROUPS + 1}"))
            faults += 1


class FaultsFirst:
    """The fault scenarios at the front of the run: pytest-django orders the tests that use no test
    database last, and the two fault groups (~140 s each on PostgreSQL) then ran alone at the end of a
    pass while the other workers stood idle. Only those that use no test database move (their servers
    have their own), so pytest-django's order among the others holds."""

    @pytest.hookimpl(trylast=True)  # after pytest-django's ordering
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        def later(item: pytest.Item) -> bool:
            uses_db = item.get_closest_marker("django_db") or DB_FIXTURES & set(getattr(item, "fixturenames", ()))
            return bool(uses_db) or "faults" not in tiers_of(item)
        items.sort(key=later)  # stable: each part keeps its order


class Record:
    """What one run selected and how each test ended, written as JSON when the session ends. Under
    pytest-xdist each worker writes the tiers of what it collected to FILE.<worker> and the controller,
    which sees every test's reports but collects nothing, merges those in and removes them."""

    def __init__(self, path: str, worker: str | None = None):
        self.path, self.worker, self.tests = Path(path), worker, {}
        if worker:
            self.path = self.path.with_name(f"{self.path.name}.{worker}")

    def _worker_files(self) -> list[Path]:
        return sorted(self.path.parent.glob(f"{self.path.name}.gw*"))

    def pytest_configure(self, config):
        if not self.worker:
            for stale in self._worker_files():
                stale.unlink()

    def pytest_collection_finish(self, session):
        for item in session.items:
            self.tests[_plain(item.nodeid)] = {"tiers": sorted(tiers_of(item)), "outcome": None}

    def pytest_runtest_logreport(self, report):
        entry = self.tests.setdefault(_plain(report.nodeid), {"tiers": None, "outcome": None})
        if report.when == "teardown" and report.passed:
            return
        outcome = "xfailed" if hasattr(report, "wasxfail") else report.outcome
        if report.failed or entry["outcome"] is None or report.when == "call":
            entry["outcome"] = outcome

    def pytest_sessionfinish(self, session):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for part in [] if self.worker else self._worker_files():
            for nodeid, test in json.loads(part.read_text())["tests"].items():
                self.tests.setdefault(nodeid, {"tiers": None, "outcome": None})["tiers"] = test["tiers"]
            part.unlink()
        self.path.write_text(json.dumps({"argv": sys.argv[1:], "tests": self.tests}, indent=0))
