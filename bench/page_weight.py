"""What a first visit to the table page transfers: the page and every stylesheet and script it names, as
a browser with an empty cache fetches them, per encoding the browser accepts (Brotli, gzip, none).

Starts the site as `make serve` does (collectstatic, Daphne with DEBUG off) on a fresh database of its
own (bench.load's set-up), seats a guest at a quick-match coin table (bots take the other seats, the hand is dealt), and fetches the table page and its
assets with each Accept-Encoding; prints the totals (bodies as sent, and headers) and, with Brotli and gzip,
each file's body, Content-Encoding and Cache-Control. The lobby is weighed the same way. Chromium offers
Brotli only over HTTPS (gzip over plain HTTP).

    .venv/bin/python bench/page_weight.py
"""
from __future__ import annotations

import os
import re
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import ROOT, Guest, Servers, database, manage, server_env  # noqa: E402
from bench.static_once import collect_once  # noqa: E402

ENCODINGS = {"br": "br, gzip, deflate", "gzip": "gzip, deflate", "none": "identity"}
DEALT = re.compile(r'id="my-hand"[^>]*data-hand="\d')
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="([^"]+)"')


def fetch(opener, url: str, accept: str) -> tuple[int, int, str, str]:
    """(body bytes as sent, header bytes, Content-Encoding, Cache-Control) of one GET."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with opener.open(request, timeout=60) as r:
        body = r.read()
        head = sum(len(k) + len(v) + 4 for k, v in r.headers.items()) + 17
        return len(body), head, r.headers.get("Content-Encoding", ""), r.headers.get("Cache-Control", "")


def weigh(guest: Guest, path: str) -> None:
    _, page = guest.get(path)
    assets = ASSET.findall(page)
    print(f"{path}: the page and {len(assets)} assets")
    for name, accept in ENCODINGS.items():
        total_body = total_head = 0
        rows = []
        for url in [path, *assets]:
            body, head, encoding, cache = fetch(guest.opener, guest.base + url, accept)
            total_body, total_head = total_body + body, total_head + head
            rows.append(f"    {body:>7} B {encoding or '-':<4} {url}  {cache or '-'}")
        print(f"  Accept-Encoding {name:<4}: {total_body / 1000:6.1f} KB bodies + {total_head / 1000:4.1f} KB headers"
              f" = {(total_body + total_head) / 1000:6.1f} KB over {1 + len(assets)} requests")
        if name != "none":
            print("\n".join(rows))


def main() -> int:
    env = server_env({k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")})
    env["QUICK_MATCH_BOT_WAIT"] = "0"  # bots take the empty seats at once (and then wait an hour to move)
    with tempfile.TemporaryDirectory(prefix="paohuzi-weight-") as tmp, database(env, Path(tmp)):
        servers = Servers(env, 1, Path(tmp))
        try:
            manage(env, "manage.py", "migrate", "--noinput")
            collect_once(ROOT, lambda: manage(env, "manage.py", "collectstatic", "--noinput"))
            servers.start()
            guest = Guest(f"http://127.0.0.1:{servers.ports[0]}")
            lobby = guest.page("/play/")
            url, _ = guest.post("/play/quick/", lobby, {})
            table = urllib.parse.urlsplit(url).path
            for _ in range(100):  # until the sweeper has seated the bots and the hand is dealt
                if DEALT.search(guest.get(table)[1]):
                    break
                time.sleep(0.2)
            weigh(guest, table)
            weigh(guest, "/play/")
        finally:
            servers.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
