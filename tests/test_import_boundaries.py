"""The project's import graph, read from the source with an AST walk (imports inside functions too):
imports go down the layers only (LAYERS, below: the folders' architecture); no import cycle anywhere;
services never import views, consumers or fragments; selectors never import services; outside
games/rules the engine is entered only through `games.rules` (its public API)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "accounts", "money", "clubs", "tournaments", "paohuzi_site")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
           if "migrations" not in p.parts}


def _imports(name: str) -> set[str]:
    """The project modules `name` imports: `from pkg import sub` counts as pkg.sub when that is a module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:  # `import a.b.c` of a non-module name: its module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


GRAPH = {name: _imports(name) for name in MODULES}


def test_the_walk_sees_the_known_edges():
    assert "money.ledger" in GRAPH["games.play.hands"]
    assert "games.selectors" in GRAPH["games.live.fragments"]
    assert "games.rules.cards" in GRAPH["games.rules.winning"]


def test_no_import_cycle_anywhere():
    """Depth-first search for a back edge; the cycle is named when there is one."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)


def _reach(name: str) -> set[str]:
    seen, todo = set(), [name]
    while todo:
        for nxt in GRAPH[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


SERVICES = ("games.play", "games.rooms", "games.clock.tick", "money.ledger", "money.relief", "money.rewards",
            "money.progress", "accounts.services", "clubs.services",
            "clubs.ending", "tournaments.services", "tournaments.running",
            "tournaments.clock")  # the code that changes data
SELECTORS = ("games.selectors", "money.selectors", "money.tiers", "clubs.selectors", "tournaments.selectors")


def _is(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("service", sorted(n for n in MODULES if _is(n, SERVICES)))
def test_services_never_import_the_web_edge(service):
    edge = {"games.pages.views", "games.live.consumers", "games.live.fragments", "games.live.routing", "accounts.views", "clubs.views",
            "tournaments.views"}
    assert not _reach(service) & edge


def test_selectors_never_import_services():
    for name in SELECTORS:
        assert not [m for m in _reach(name) if _is(m, SERVICES)], name


# ---------------------------------------------------------------- layers: imports go down only

# Lowest first. A module's layer is that of the longest prefix listed here that names it (or a package
# above it): "games" is the game data, so a new module in games/ starts there until a row says otherwise.
LAYERS = [
    ("engine", ["games.rules"]),
    ("identity", ["accounts.models", "accounts.throttles", "accounts.apps", "accounts.management",
                  "paohuzi_site.ids", "paohuzi_site.compression", "paohuzi_site.names"]),  # site plumbing the layers above use
    ("game data", ["games", "games.clock.deadlines"]),
    ("money", ["money"]),
    ("play", ["games.play"]),
    ("rooms", ["games.rooms"]),
    ("clubs", ["clubs"]),
    ("clock", ["games.clock", "games.management"]),
    ("tournaments", ["tournaments"]),  # its clock is a hook the sweeper calls: the clock never imports it
    ("live", ["games.live", "clubs.live", "tournaments.live"]),
    ("pages", ["games.pages", "games.admin", "games.templatetags.games_frames", "money.admin", "accounts",
               "clubs.views", "clubs.forms", "clubs.urls", "clubs.admin", "tournaments.admin", "tournaments.views",
               "tournaments.urls", "tournaments.apps"]),
    ("site", ["paohuzi_site"]),
]


def layer_of(name: str) -> tuple[int, str]:
    """(rank, layer name) of a module: its longest listed prefix's."""
    rows = [(len(prefix), rank, layer) for rank, (layer, prefixes) in enumerate(LAYERS) for prefix in prefixes
            if name == prefix or name.startswith(prefix + ".")]
    if not rows:
        raise LookupError(f"{name} is in no layer: add it to LAYERS")
    _length, rank, layer = max(rows)
    return rank, layer


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a higher layer's module from a lower layer's, one sentence each."""
    out = []
    for name in sorted(graph):
        low, low_name = layer_of(name)
        for target in sorted(graph[name]):
            high, high_name = layer_of(target)
            if high > low:
                out.append(f"{name} ({low_name}) imports {target} ({high_name}): a lower layer imports a higher one")
    return out


def test_every_module_has_a_layer_and_every_row_names_modules():
    for name in MODULES:
        layer_of(name)
    for layer, prefixes in LAYERS:
        for prefix in prefixes:
            assert any(n == prefix or n.startswith(prefix + ".") for n in MODULES), f"{layer}: no module {prefix}"


def test_imports_go_down_the_layers_only():
    assert upward_imports(GRAPH) == []


def test_games_and_money_never_import_tournaments():
    low = [n for n in MODULES if n.split(".")[0] in ("games", "money")]
    assert not [n for n in low if any(t.startswith("tournaments") for t in GRAPH[n])]


def test_tournaments_may_import_clubs_and_clubs_below_the_pages_never_imports_tournaments():
    """A club's tournament (docs/design.md#tournaments): tournaments (above clubs) reads a plan's club and
    its members (clubs.models) and tells its lobby (clubs.live_events); clubs' own layer never imports
    tournaments. Only clubs' live lobby (clubs.live, above both) and its pages show a club's tournaments."""
    assert "clubs.models" in GRAPH["tournaments.services"] and "clubs.models" in GRAPH["tournaments.selectors"]
    assert layer_of("tournaments")[0] > layer_of("clubs")[0]
    clubs_layer = [n for n in MODULES if layer_of(n)[1] == "clubs"]
    assert not [n for n in clubs_layer if any(t.startswith("tournaments") for t in GRAPH[n])]
    assert any(t.startswith("tournaments") for t in GRAPH["clubs.live.fanout"])


def test_an_upward_import_is_named():
    graph = {"games.selectors": {"games.live.fanout", "games.models"}, "games.live.fanout": set(), "games.models": set()}
    assert upward_imports(graph) == ["games.selectors (game data) imports games.live.fanout (live): "
                                     "a lower layer imports a higher one"]
    assert layer_of("games.clock.deadlines") == (2, "game data") and layer_of("games.clock.tick")[1] == "clock"


@pytest.mark.parametrize("package", ["games", "games.live", "games.clock", "games.play", "games.rooms", "games.pages",
                                     "money", "clubs", "tournaments"])
def test_each_layers_package_says_what_it_owns_and_may_import(package):
    doc = ast.get_docstring(ast.parse(MODULES[package].read_text(encoding="utf-8"))) or ""
    assert len(doc) > 200 and ("May import" in doc or "import only downwards" in doc), package


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("games.rules")))
def test_outside_the_engine_only_its_public_api_is_imported(name):
    from games import rules

    for target in GRAPH[name]:
        if target.startswith("games.rules."):
            sub = target.removeprefix("games.rules.")
            assert sub in rules.__all__, f"{name} imports {target}: use `from games.rules import …`"
