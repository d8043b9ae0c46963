"""Django's template engine or Jinja2 for the table's fragments (docs/design.md#templates-and-fragments)?
Figures for the choice.

What a table frame carries on a move is markup built in Python (games.live.fragment_html); the fragments
still templates change between hands: the room's line, the fairness box, the full log, the result
panel. This plays hands in-process as bench/bench_table.py does (its play_hands: SQLite in a temporary
folder, three guests at a private room, every seat playing games.bots' choice), keeps each distinct
fairness box the table showed (the next
deal's commitment while a hand is played, its seeds revealed when it ends), then renders all of them
with Django's engine as the site does (the cached loader) and with Jinja2 through Django's backend (the
same markup, ported below with the same messages, checked equal), rounds interleaved A B A B, in
Chinese and in English. Prints the median time per render of each engine, the ratio with its spread
over the rounds, and the share of the moves' server time that Django's template rendering takes at all
(the most any engine could save).

    .venv/bin/python bench/bench_templates.py [--hands 8] [--rounds 5]
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))

from bench.bench_table import play_hands  # noqa: E402  (sets DJANGO_SETTINGS_MODULE)

# games/_fair_box.html with games/_fair.html in Jinja2's syntax: the same elements and messages.
FAIR_BOX_JINJA2 = """<div id="fair-box" class="fair-box"{% if oob %} hx-swap-oob="true"{% endif %}>{% set f = d %}{% if f.server_seed %}<details class="fair revealed" id="fair-revealed">
  <summary>{{ _("Fair deal: the server seed is revealed") }}</summary>
  <dl>
    <div><dt>{{ _("server seed") }}</dt><dd><code id="fair-server-seed">{{ f.server_seed }}</code></dd></div>
    <div><dt>{{ _("commitment (SHA-256 of the server seed)") }}</dt><dd><code>{{ f.commitment }}</code></dd></div>
    <div><dt>{{ _("client seeds, in seat order") }}</dt><dd>{% for c in f.client_seeds %}<code>{{ c }}</code>{% if not loop.last %}, {% endif %}{% endfor %}</dd></div>
  </dl>
  <a href="{{ f.link }}" id="fair-check-link">{{ _("Check this deal") }}</a>
</details>{% elif f.commitment %}<details class="fair" id="fair-commitment" data-fair-next="{{ f.next }}">
  <summary>{% if f.playing %}{{ _("This hand's commitment") }}{% else %}{{ _("Next hand's commitment") }}{% endif %}{{ pgettext("after a label", ": ") }}<code>{{ f.commitment[:12] }}…</code></summary>
  <p><code id="fair-commitment-hash">{{ f.commitment }}</code></p>
  <p>{{ _("Your browser's seed for the next hand") }}{{ pgettext("after a label", ": ") }}<code data-fair-mine></code> · <a href="{{ url("games:fair") }}">{{ _("How the deal is checked") }}</a></p>
</details>{% endif %}</div>"""


def environment(**options):
    """The Jinja2 environment of the comparison: Django's translations and URLs."""
    import jinja2
    from django.urls import reverse
    from django.utils.translation import gettext, ngettext, pgettext

    env = jinja2.Environment(**options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    env.globals.update(pgettext=pgettext, url=reverse)
    return env


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    try:
        import jinja2  # noqa: F401
    except ImportError:
        print("Jinja2 is not installed (requirements.txt lists it: make setup)")
        return 1

    seen: dict = {}

    def keep_fair_box(table, hand) -> None:
        """The fairness box as the table shows it now (games.live.fragments.build), and its seeds once revealed."""
        from games import fairness, selectors
        from games.live import fragments

        snap = selectors.snapshot(table.pk, 0, "http://localhost", None)
        data = fairness.committed(snap.table, snap.hand, fragments._playing(snap))
        seen.setdefault(fragments.key(data), data)
        if hand.finished:
            seen.setdefault(hand.pk, fairness.revealed(hand))

    figures = play_hands(args.hands, keep_fair_box)  # sets Django up
    from django.template.backends.jinja2 import Jinja2
    from django.template.loader import get_template
    from django.utils import translation

    datas = [d for d in seen.values() if d]
    jinja = Jinja2({"NAME": "jinja2", "DIRS": [], "APP_DIRS": False,
                    "OPTIONS": {"environment": "bench.bench_templates.environment",
                                "extensions": ["jinja2.ext.i18n"]}}).from_string(FAIR_BOX_JINJA2)
    django_template = get_template("games/_fair_box.html")
    engines = {"django": lambda d: django_template.render({"d": d, "oob": True}),
               "jinja2": lambda d: jinja.render({"d": d, "oob": True})}
    for language in ("zh-hans", "en"):
        with translation.override(language):
            for d in datas:  # the same page either way (whitespace and the escaping of ' aside)
                a, b = (re.sub(r"\s+", " ", render(d)).replace("> <", "><").strip()
                        .replace("&#39;", "'").replace("&#x27;", "'") for render in engines.values())
                if a != b:
                    print(f"the two engines' markup differs ({language}):\n{a}\n{b}")
                    return 1
    per_render = {name: [] for name in engines}
    for _round in range(args.rounds):
        for name, render in engines.items():
            t0 = time.perf_counter()
            for language in ("zh-hans", "en"):
                with translation.override(language):
                    for d in datas:
                        render(d)
            per_render[name].append((time.perf_counter() - t0) / (2 * len(datas)))
    print(f"{len(datas)} distinct fairness boxes from {args.hands} hands, each rendered in zh-hans and en, "
          f"{args.rounds} rounds per engine, interleaved")
    for name, times in per_render.items():
        print(f"{name:7s} median {1e6 * statistics.median(times):6.1f} µs a render  "
              f"(spread {1e6 * min(times):.1f}–{1e6 * max(times):.1f})")
    ratios = [j / d for d, j in zip(per_render["django"], per_render["jinja2"])]
    print(f"jinja2 / django: {statistics.median(ratios):.2f}× (spread {min(ratios):.2f}–{max(ratios):.2f})")
    print(f"Django template rendering in the moves (action_submit and the three sockets' frames, as "
          f"bench/bench_table.py measures them): {sum(figures['templates']) / sum(figures['move']):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
