"""Counting a fanout's reads (with their queries) and renders (their languages), for the tests of a page
whose sockets share one read and one render per language per change (games.live.group_fanout)."""
from django.db import connection
from django.test.utils import CaptureQueriesContext


def count_reads_and_renders(monkeypatch, module) -> tuple[list[int], list[str]]:
    """Replace `module.read` and `module.render` by counting ones: (queries of each read, each render's
    language), filled as the fanout runs."""
    reads, renders, real_read, real_render = [], [], module.read, module.render

    def counted_read(key):
        with CaptureQueriesContext(connection) as queries:
            out = real_read(key)
        reads.append(len(queries))
        return out

    monkeypatch.setattr(module, "read", counted_read)
    monkeypatch.setattr(module, "render", lambda data, language: renders.append(language) or real_render(data, language))
    return reads, renders
