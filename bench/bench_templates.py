"""Django's template engine or Jinja2 for the table's fragments (DESIGN: templates)? Figures for the choice.

What a table frame carries on a move is markup built in Python (games.fragment_html); the fragments
still templates change between hands: the room's line, the fairness box, the full log, the result
panel. This plays hands in-process (SQLite in a temporary folder, three guests at a private room,
every seat playing games.bots' choice), keeps each distinct fairness box a seat was shown (the next
deal's commitment while a hand is played, its seeds revealed when it ends), then renders all of them
with Django's engine as the site does (the cached loader) and with Jinja2 through Django's backend (the
same markup, ported below with the same messages, checked equal), rounds interleaved A B A B, in
Chinese and in English. Prints the median time per render of each engine, the ratio with its spread
over the rounds, and the share of a move's server time that Django's template rendering takes at all
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
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.test")
os.environ.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))

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

    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    from django.template.backends.jinja2 import Jinja2
    from django.template.loader import get_template
    from django.utils import translation

    datas, template_share = _fair_boxes_shown(args.hands)
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
    print(f"Django template rendering in the move path (action_submit and the three seats' update): "
          f"{template_share:.1%} of its server time")
    return 0


def _fair_boxes_shown(hands: int) -> tuple[list[dict], float]:
    """Each distinct fairness box a seat was shown over `hands` hands (games.fairness: committed while
    a hand is played, revealed once it ends), and the share of the moves' server time spent in Django's
    template rendering (as bench/bench_table.py measures it)."""
    from django.template.backends.django import Template

    from accounts.services import account_create
    from games import bots, fairness, fragments, live, messages, selectors, services
    from games.consumers import OPS, TableConsumer
    from games.models import Table, Variant
    from games.services import notify

    notify._HELD.set([])  # as a socket's request: the events are kept, not sent (no event loop here)
    spent = [0.0]
    render = Template.render

    def timed(self, *a, **k):
        t0 = time.perf_counter()
        try:
            return render(self, *a, **k)
        finally:
            spent[0] += time.perf_counter() - t0

    Template.render = timed
    users = [account_create(username=f"tpl{i}-{time.time_ns()}", password=None) for i in range(3)]
    variant = Variant.objects.filter(active=True).first()
    table = services.private_create(owner=users[0], variant=variant, planned_hands=16, player_count=3)
    for user in users[1:]:
        services.seat_join(table=table, user=user)
    sockets = []
    for seat in Table.objects.get(pk=table.pk).seats.all():  # as consumers.TableConsumer, without a socket
        socket = TableConsumer()
        socket.scope, socket.user = {"query_string": b""}, seat.user
        socket.table_id, socket.position = table.pk, seat.position
        socket._socket_state("http://localhost")
        socket._frame(None)
        sockets.append(socket)
    by_position = {s.position: s for s in sockets}
    seen, move_time = {}, 0.0
    for _hand in range(hands):
        hand = selectors.current_hand(table)
        while not hand.finished:
            state = live.parsed_state(hand)
            seat = state.to_act[0]
            msg = messages.parse('{"op": "act", "action": "%s", "move_no": %d}'
                                 % (bots.choose_action(state, seat).text, hand.move_no))
            t0 = time.perf_counter()
            by_position[seat]._perform(OPS["act"], msg, sockets)
            move_time += time.perf_counter() - t0
            snap = selectors.snapshot(table.pk, 0, "http://localhost", None)
            data = fairness.committed(snap.table, snap.hand, fragments._playing(snap))
            seen.setdefault(fragments.key(data), data)
            hand = selectors.current_hand(table)
        seen.setdefault(hand.pk, fairness.revealed(hand))
        spent_before = spent[0]
        for socket in sockets:
            socket._perform(OPS["next"], messages.parse('{"op": "next"}'), sockets)
        spent[0] = spent_before  # the next hand's deal is not a move
    Template.render = render
    return [d for d in seen.values() if d], spent[0] / move_time


if __name__ == "__main__":
    sys.exit(main())
