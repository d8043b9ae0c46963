"""Fixtures shared by the site's tests."""
from importlib import import_module

import pytest
from django.apps import apps

from . import tiers


@pytest.fixture
def defaults(db):
    """The data migration's variants, their pattern rows and room tiers, with their English names. A
    transactional test empties every table when it ends, so install them again (idempotently) rather than
    trusting they are still there."""
    import_module("games.migrations.0002_defaults").install_defaults(apps)
    import_module("games.migrations.0004_skipped_peng").luzhou_on(apps, None)
    import_module("games.migrations.0020_english_names").english_names(apps)
    import_module("games.migrations.0021_pattern_english_names").english_names(apps)
    import_module("games.pattern_names").forget()  # names cached by an earlier test's rows


@pytest.fixture
def make_user(db):
    """make_user("name") → an account with the starting coins, created the way sign-up creates it."""
    from accounts.services import account_create

    def make(username: str = "player", password: str = "a-long-pass-123", **kwargs):
        return account_create(username=username, password=password, **kwargs)

    return make



@pytest.fixture(autouse=True)
def the_sites_language_after_each_test():
    """Each test starts in the site's language: a request through LocaleMiddleware (the test client)
    leaves its language active on the thread, and the next test on that xdist worker would run in it."""
    from django.conf import settings
    from django.utils import translation

    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True, scope="session")
def one_owner_per_table():
    """For the whole run: a commit that writes a table's rows without games.table_owner counting a
    version fails (tests/owner_guard.py)."""
    from . import owner_guard

    exit_atomic = owner_guard.install()
    yield
    owner_guard.uninstall(exit_atomic)


@pytest.fixture(autouse=True)
def no_unowned_write(one_owner_per_table, request):
    """The test fails on an unowned write even when the code under test caught the error (a socket's
    handler logs a failed request); a test of the guard itself says `owner_guard_tested`."""
    from . import owner_guard

    owner_guard.RAISED.clear()
    yield
    raised = list(owner_guard.RAISED)
    owner_guard.RAISED.clear()
    assert not raised or "owner_guard_tested" in request.fixturenames, f"unowned writes: {raised}"


@pytest.fixture
def owner_guard_tested():
    """This test provokes unowned writes on purpose (tests/games/test_table_owner.py)."""


@pytest.fixture(autouse=True)
def fresh_channel_layer(request):
    """Each test gets its own channel layer: channels-redis keeps its connections (the pub/sub layer one
    layer per loop) bound to the event loop that first used them, and every async test runs its own.
    A test that used the configured layer must be `db_layer` (tests/tiers.py), or the Redis pass skips it."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    used = bool(channel_layers.backends)
    channel_layers.backends.clear()
    assert not used or request.node.get_closest_marker("db_layer"), (
        "this test used the channel layer but is not marked db_layer: tests/tiers.py should derive it")


@pytest.fixture(autouse=True)
def fresh_table_reads():
    """Each test starts with no cached table reads (games.reads) or table history (games.live.history), table clocks, counts in the cache
    (spectators per table and per address) or level table: its tables may reuse another test's ids,
    its rows are its own, and it runs its own event loop."""
    from django.core.cache import cache

    from games import reads
    from games.clock import timer
    from clubs import live_events
    from clubs.live import fanout as club_fanout
    from games.live import history, registry
    from games.play import dissolve_forget
    from money import levels
    from tournaments import live as tournament_live, notify as tournament_notify

    forgets = (reads.forget, registry.forget, history.forget, timer.forget, cache.clear, levels.forget,
               club_fanout.forget, live_events.forget, tournament_live.forget, tournament_notify.forget,
               dissolve_forget)
    for forget in forgets:
        forget()
    yield
    for forget in forgets:
        forget()


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", default=False,
                     help="tests/faults: run long (many more kills, reconnects, hostile messages, hands)")
    parser.addoption("--tiers-record", metavar="FILE", help="write the selected tests, their tiers and "
                     "outcomes to FILE (JSON) for .ci/tiers_check")


def pytest_configure(config):
    config.pluginmanager.register(tiers.FaultsFirst(), "tiers-faults-first")
    if path := config.getoption("--tiers-record"):
        worker = getattr(config, "workerinput", {}).get("workerid")  # pytest-xdist's worker, if one
        config.pluginmanager.register(tiers.Record(path, worker), "tiers-record")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the markers
def pytest_collection_modifyitems(items):
    tiers.mark(items)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):
    """Before any fixture ends (the test database's flush among them), end what an async test left
    running: a socket the server closed but the test never disconnected still has its consumer's task,
    which the event loop's teardown would cancel, and a cancelled consumer runs disconnect, which writes
    through asgiref's database thread. Cancel those tasks now and wait for that thread, or the write
    holds a table's lock while the flush runs ("database table is locked")."""
    import asyncio
    import warnings

    from asgiref.sync import SyncToAsync

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # get_event_loop without a running loop
        try:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:
            loop = None
    if loop is not None and not loop.is_closed() and not loop.is_running():
        left = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
    SyncToAsync.single_thread_executor.submit(lambda: None).result(timeout=60)
    yield
