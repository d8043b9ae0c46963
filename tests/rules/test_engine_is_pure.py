"""The engine is pure Python: no module under games/rules imports Django
(docs/design.md#the-engine-is-pure-python)."""
import ast
from pathlib import Path

import games.rules

RULES_DIR = Path(games.rules.__file__).parent


def _imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            roots.add(str(node.args[0].value).split(".")[0])
    return roots


def test_engine_modules_exist_to_scan():
    assert {"cards.py", "groups.py", "variants.py", "winning.py", "scoring.py"} <= {
        p.name for p in RULES_DIR.rglob("*.py")}


def test_no_module_under_games_rules_imports_django():
    offenders = {str(p.relative_to(RULES_DIR)): sorted(_imported_roots(p) & {"django", "channels"})
                 for p in RULES_DIR.rglob("*.py")}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_scan_sees_django_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom django.db import models\nimport importlib\n"
                      "importlib.import_module('channels.layers')\n", encoding="utf-8")
    assert {"django", "channels"} <= _imported_roots(sample)
