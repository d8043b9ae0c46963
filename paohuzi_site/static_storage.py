"""The static files' storage: WhiteNoise's hashed names (cache-busting, served as immutable) with
Brotli and gzip copies beside them, compressed once per content.

A hashed name is its content's address, so a compressed copy already beside one is still right: a
`collectstatic` after the first compresses only the files that changed (the first takes ~10 s on two
cores, mostly Brotli over the admin's and django-htmx's scripts; later ones ~2 s), which lets `make serve`,
the served tests and bench/load.py run it every time.
"""
from __future__ import annotations

import os

from whitenoise.storage import CompressedManifestStaticFilesStorage


class CompressedOnceManifestStorage(CompressedManifestStaticFilesStorage):
    def compress_files(self, paths):
        fresh = [p for p in paths if not any(os.path.exists(self.path(p) + end) for end in (".br", ".gz"))]
        yield from super().compress_files(fresh)
