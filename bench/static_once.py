"""The static files a served site (DEBUG off) names, collected once for every process of a run that serves
them: tests/browser and tests/faults (tests/browser/serverkit.py), bench/load.py, bench/page_weight.py.

They share STATIC_ROOT. A collectstatic deletes and rewrites the hashed files it post-processes (every
.js and .css), so a Daphne starting meanwhile in another process found a file gone between WhiteNoise
listing the folder and reading it (FileNotFoundError, seen in CI: bench/load.py's smoke test collected
beside a browser test's server). Hence one lock, and a collection only when the sources changed since
the last one (a fingerprint kept in test-artifacts) or there is no manifest: once collected, nobody
rewrites the files under a starting server."""
from __future__ import annotations

import fcntl
import hashlib
from collections.abc import Callable
from pathlib import Path


def static_sources(root: Path) -> str:
    """A fingerprint of what collectstatic copies: the project's static files (name, size, time) and
    the installed packages' (admin, htmx), which change only with requirements.txt."""
    files = sorted(p for pattern in ("static/**/*", "*/static/**/*") for p in root.glob(pattern) if p.is_file())
    parts = [f"{p.relative_to(root)} {p.stat().st_size} {p.stat().st_mtime_ns}" for p in files]
    parts.append((root / "requirements.txt").read_text())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def collect_once(root: Path, collect: Callable[[], None]) -> None:
    """Run `collect` (a collectstatic for the checkout at `root`) under the run's lock, unless the files
    collected last are still those of today's sources."""
    artifacts = root / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    stamp, manifest = artifacts / "collectstatic.sources", root / "staticfiles" / "staticfiles.json"
    with (artifacts / "collectstatic.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        sources = static_sources(root)
        if not (manifest.is_file() and stamp.is_file() and stamp.read_text() == sources):
            collect()
            stamp.write_text(sources)
