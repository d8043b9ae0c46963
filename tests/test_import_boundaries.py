"""The project's import graph, read from the source with an AST walk (imports inside functions too):
no import cycle anywhere; services never import views, consumers or fragments; selectors never import
services; outside games/rules the engine is entered only through `games.rules` (its public API)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "accounts", "paohuzi_site")


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
    assert "games.services.ledger" in GRAPH["games.services"]
    assert "games.selectors" in GRAPH["games.fragments"]
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


@pytest.mark.parametrize("service", sorted(n for n in MODULES if n.startswith("games.services")))
def test_services_never_import_the_web_edge(service):
    edge = {"games.views", "games.consumers", "games.fragments", "games.routing", "accounts.views"}
    assert not _reach(service) & edge


def test_selectors_never_import_services():
    for name in ("games.selectors", "accounts.selectors"):
        assert not any(m.startswith(("games.services", "accounts.services")) for m in _reach(name)), name


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("games.rules")))
def test_outside_the_engine_only_its_public_api_is_imported(name):
    from games import rules

    for target in GRAPH[name]:
        if target.startswith("games.rules."):
            sub = target.removeprefix("games.rules.")
            assert sub in rules.__all__, f"{name} imports {target}: use `from games.rules import …`"
