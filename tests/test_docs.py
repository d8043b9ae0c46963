"""The documents in docs/ are the ones code and tests point at: every `docs/<file>.md#<section>` named
anywhere in the repository exists (a section is a heading, by its GitHub anchor), no pointer is left to
a design or rule file outside the repository, and every rule number the code and tests cite (R6.3 in a
comment, test_r6_3_… as a test's name) is a section or an item of docs/rules.md."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCE_DIRS = ("accounts", "bench", "bin", "clubs", "docs", "games", "money", "paohuzi_site", "static", "templates",
               "tests")
SUFFIXES = {".py", ".js", ".html", ".css", ".md", ".txt", ""}  # "": bin/serve
TOP_FILES = ("README.md", "Makefile")

DOC_REF = re.compile(r"docs/([\w/-]+\.md)(?:#([\w-]+))?")
LINK_IN_DOC = re.compile(r"\]\(([\w/-]+\.md)?(?:#([\w-]+))?\)")  # [text](protocol.md#section) inside docs/
ELSEWHERE = re.compile(r"\bDESIGN\b|\bRULES\.md\b")  # the files the comments used to name, not in the repository
RULE = re.compile(r"(?<![\w.])R(\d{1,2})(?:\.(\d{1,2}))?(?![\w])")
TEST_NAME_RULE = re.compile(r"(?:\btest|_)_?r(\d{1,2})(?:_(\d{1,2}))?(?=_|\b)")
RULE_HEADING = re.compile(r"^#{2,4} R(\d{1,2})(?:\.(\d{1,2}))?[.\s]", re.MULTILINE)
PATH_IN_DOC = re.compile(r"`((?:%s)/[\w/.-]*[\w/])`" % "|".join(SOURCE_DIRS + ("locale",)))


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped (letters of any script, digits, `_`
    and `-` stay), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@lru_cache(maxsize=None)
def sections(doc: Path) -> frozenset[str]:
    """The anchors of a document's headings (a repeated heading gets -1, -2 … as on GitHub)."""
    seen: dict[str, int] = {}
    out = set()
    in_code = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and (m := re.match(r"#{1,6} (.+)", line)):
            slug = anchor(m.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return frozenset(out)


def sources() -> list[Path]:
    files = [ROOT / name for name in TOP_FILES]
    for top in SOURCE_DIRS:
        files += [p for p in (ROOT / top).rglob("*") if p.is_file() and p.suffix in SUFFIXES
                  and "__pycache__" not in p.parts]
    return files


def _where(path: Path, text: str, at: int) -> str:
    return f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, at) + 1}"


def cited_rules() -> dict[tuple[int, int | None], str]:
    """Every rule number cited in the sources → where it is first cited."""
    found: dict[tuple[int, int | None], str] = {}
    for path in sources():
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in RULE.finditer(text):
            found.setdefault((int(m[1]), m[2] and int(m[2])), _where(path, text, m.start()))
        if path.suffix == ".py" and "tests" in path.relative_to(ROOT).parts[:1]:
            names = [path.stem] + re.findall(r"def (test_\w+)", text)
            for name in names:
                for m in TEST_NAME_RULE.finditer(name):
                    found.setdefault((int(m[1]), m[2] and int(m[2])), f"{path.relative_to(ROOT)}: {name}")
    return found


def rule_entries() -> set[tuple[int, int | None]]:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    return {(int(m[1]), m[2] and int(m[2])) for m in RULE_HEADING.finditer(text)}


def test_anchor_is_githubs():
    assert anchor("One move, end to end") == "one-move-end-to-end"
    assert anchor("Timers, deadlines and the sweeper") == "timers-deadlines-and-the-sweeper"
    assert anchor("R6.3 Bi (比), the must-match rule") == "r63-bi-比-the-must-match-rule"


def test_every_docs_reference_names_a_section_that_exists():
    missing = []
    for path in sources():
        text = path.read_text(encoding="utf-8", errors="replace")
        refs = [(m, DOCS / m[1]) for m in DOC_REF.finditer(text)]
        if path.parent == DOCS:
            refs += [(m, DOCS / m[1] if m[1] else path) for m in LINK_IN_DOC.finditer(text)]
        for m, doc in refs:
            if not doc.is_file():
                missing.append(f"{_where(path, text, m.start())}: no file {doc.relative_to(ROOT)}")
            elif m[2] and m[2] not in sections(doc):
                missing.append(f"{_where(path, text, m.start())}: no section #{m[2]} in {doc.relative_to(ROOT)}")
    assert not missing, "\n".join(missing)


def test_no_reference_to_a_document_outside_the_repository():
    stale = []
    for path in sources():
        if path == Path(__file__).resolve():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        stale += [f"{_where(path, text, m.start())}: {m[0]}" for m in ELSEWHERE.finditer(text)]
    assert not stale, "point at docs/design.md#<section> or docs/rules.md instead:\n" + "\n".join(stale)


def test_rules_md_keeps_the_sections_r1_to_r11():
    assert {section for section, item in rule_entries() if item is None} == set(range(1, 12))


def test_every_cited_rule_number_is_in_rules_md():
    entries = rule_entries()
    missing = [f"{where}: R{s}{'' if i is None else f'.{i}'}" for (s, i), where in sorted(
        cited_rules().items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)) if (s, i) not in entries]
    assert not missing, "cited, but not a heading of docs/rules.md:\n" + "\n".join(missing)


def test_every_path_the_documents_name_exists():
    """A module that moves leaves its old name in docs/ behind: this names it (paths written with a
    wildcard or a placeholder, `templates/games/_*.html`, are not checked)."""
    gone = []
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        gone += [f"{_where(doc, text, m.start())}: {m[1]}" for m in PATH_IN_DOC.finditer(text)
                 if not (ROOT / m[1]).exists()]
    assert not gone, "\n".join(gone)


@pytest.mark.parametrize("doc", ["design.md", "protocol.md", "rules.md"])
def test_the_documents_exist(doc):
    assert sections(DOCS / doc)
