"""Fixtures the browser tests share: one chromium per test module, and for the table's tests one site per
module (fast bots, long human timers) with guests' pages at its quick-match tables."""
import pytest
from playwright.sync_api import Page, sync_playwright

from .phonekit import PHONE, guest_at_table
from .serverkit import launch_chromium, save_failure, served, server_env


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = launch_chromium(p)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def daphne(request, tmp_path_factory):
    """The site for this module's tables, its log in test-artifacts/<module>-server.log."""
    name = request.module.__name__.rpartition(".")[2].removeprefix("test_")
    env = server_env(tmp_path_factory.mktemp(name) / "db.sqlite3", QUICK_MATCH_BOT_WAIT="0.3",
                     TURN_SECONDS="120", NEXT_HAND_WAIT="120")
    with served(f"{name}-server", env) as server:
        yield server


@pytest.fixture
def table(daphne, browser, request):
    """table(size=PHONE, spies=None, **context options): a new guest's page at a quick-match table, its
    hand dealt, `spies` run before the page's own scripts; each page is saved as the test left it."""
    pages = []

    def open_at(size=PHONE, spies: str | None = None, **options) -> Page:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN", **options)
        if spies:
            context.add_init_script(spies)
        pages.append(guest_at_table(context, daphne.base))
        return pages[-1]
    yield open_at
    for n, page in enumerate(pages):
        save_failure(page, f"{request.node.name}-{n}")  # for whoever reads a failure
        page.context.close()
