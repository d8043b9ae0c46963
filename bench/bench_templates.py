"""Django's template engine or Jinja2 for the table's fragments (DESIGN: templates)? Figures for the choice.

What a table frame carries on nearly every move is markup built in Python (games.fragment_html); of
the fragments still templates, the actions bar (games/_actions.html) is rendered most often, about
twice a move. This plays hands in-process (SQLite in a temporary folder, three guests at a private
room, every seat playing games.bots' choice), keeps each distinct actions-bar data a seat was shown,
then renders all of them with Django's engine as the site does (the cached loader) and with Jinja2
through Django's backend (the same markup, ported below with the same messages), rounds interleaved
A B A B, in Chinese and in English. Prints the median time per render of each engine, the ratio with
its spread over the rounds, and the share of a move's server time that Django's template rendering
takes at all (so the most any engine could save).

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

# games/_actions.html in Jinja2's syntax: the same elements, the same messages (so the same catalogue).
ACTIONS_JINJA2 = """<section id="actions" class="actions"{% if oob %} hx-swap-oob="true"{% endif %}>
{% if d.playing %}
  {% if d.hu or d.peng or d.chi or d.pass_ or d.discard %}<div class="moves bar" id="action-bar">{% else %}<div class="moves">{% endif %}
  {% if d.hu %}<form ws-send class="inline">{{ send_fields("act", "hu") }}<button type="submit" class="button primary" id="act-hu">{{ _("Hu") }}</button></form>{% endif %}
  {% if d.peng %}<form ws-send class="inline">{{ send_fields("act", "peng") }}<button type="submit" class="button" id="act-peng">{{ _("Peng") }}</button></form>{% endif %}
  {% if d.chi %}<details class="chi" id="act-chi"><summary class="button">{{ _("Chi") }}</summary>
    <div class="chi-choices">{% for g in d.chi %}<div class="chi-row">
      {% if g.choices|length == 1 and not g.choices[0].bis %}
        <form ws-send class="inline">{{ send_fields("act", g.choices[0].action) }}<button type="submit" class="button chi-group">{{ g.group|cardfaces }}</button></form>
      {% else %}
        <span class="chi-group">{{ g.group|cardfaces }}</span>{% for c in g.choices %}<form ws-send class="inline">{{ send_fields("act", c.action) }}<button type="submit" class="button bi-choice">{{ _("bi") }} {% for b in c.bis %}{{ b|cardfaces }}{% if not loop.last %} + {% endif %}{% endfor %}</button></form>{% endfor %}
      {% endif %}
    </div>{% endfor %}</div>
  </details>{% endif %}
  {% if d.pass_ %}<form ws-send class="inline">{{ send_fields("act", "pass") }}<button type="submit" class="button" id="act-pass">{{ _("Pass") }}</button></form>{% endif %}
  {% if d.discard %}<span class="hint" id="discard-hint">{{ _("Tap a card to choose it, tap it again to discard it.") }}</span>{% endif %}
  </div>
  {% if d.auto %}<form ws-send class="inline">{{ send_fields("autoplay_off") }}<button type="submit" class="button primary" id="im-back">{{ _("I'm back") }}</button></form>
  <span class="hint">{{ _("Auto-play is on: your moves are played for you.") }}</span>
  {% else %}<form ws-send class="inline">{{ send_fields("autoplay_on") }}<button type="submit" class="button" id="auto-play">{{ _("Auto-play") }}</button></form>{% endif %}
{% endif %}
{% if d.invite %}
  <div class="invite">{{ _("Invite code") }}{{ pgettext("after a label", ": ") }}<b id="invite-code">{{ d.invite }}</b> ·
    {{ _("Share this link") }}{{ pgettext("after a label", ": ") }}<input readonly value="{{ d.link }}" id="invite-link" size="36" onclick="this.select()">
    {% if d.owner %}<form ws-send class="inline">{{ send_fields("bots") }}<button type="submit" class="button" id="fill-bots">{{ _("Fill empty seats with bots") }}</button></form>{% endif %}
  </div>
{% endif %}
{% if d.can_vote %}
  <div class="dissolve">
  {% if d.vote_open %}
    {% if d.my_vote %}<span class="hint">{{ _("You agreed to dissolve the room; waiting for the others.") }}</span>
    {% else %}{{ _("A player proposes to dissolve the room.") }}
      <form ws-send class="inline">{{ send_fields("dissolve_yes") }}<button type="submit" class="button" id="dissolve-yes">{{ _("Agree") }}</button></form>
    {% endif %}
    <form ws-send class="inline">{{ send_fields("dissolve_no") }}<button type="submit" class="button" id="dissolve-no">{{ _("Keep playing") }}</button></form>
  {% else %}
    {% for who in d.refused %}<p class="announce" id="dissolve-refused">{% trans who=who %}{{ who }} wants to keep playing: the room is not dissolved.{% endtrans %}</p>{% endfor %}
    <form ws-send class="inline">{{ send_fields("dissolve_yes") }}<button type="submit" class="button link" id="dissolve-propose">{{ _("Propose to dissolve the room") }}</button></form>
  {% endif %}
  </div>
{% endif %}
</section>"""


def environment(**options):
    """The Jinja2 environment of the comparison: Django's translations and the card filters."""
    import jinja2
    from django.utils.translation import gettext, ngettext, pgettext

    from games.templatetags.games_cards import cardfaces, send_fields

    env = jinja2.Environment(**options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    env.globals.update(send_fields=send_fields, pgettext=pgettext)
    env.filters["cardfaces"] = cardfaces
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

    datas, template_share = _actions_shown(args.hands)
    jinja = Jinja2({"NAME": "jinja2", "DIRS": [], "APP_DIRS": False,
                    "OPTIONS": {"environment": "bench.bench_templates.environment",
                                "extensions": ["jinja2.ext.i18n"]}}).from_string(ACTIONS_JINJA2)
    django_template = get_template("games/_actions.html")
    engines = {"django": lambda d: django_template.render({"d": d, "oob": True}),
               "jinja2": lambda d: jinja.render({"d": d, "oob": True})}
    for language in ("zh-hans", "en"):
        with translation.override(language):
            for d in datas:  # the same page either way (whitespace aside)
                a, b = (re.sub(r"\s+", " ", render(d)).strip() for render in engines.values())
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
    print(f"{len(datas)} distinct actions bars from {args.hands} hands, each rendered in zh-hans and en, "
          f"{args.rounds} rounds per engine, interleaved")
    for name, times in per_render.items():
        print(f"{name:7s} median {1e6 * statistics.median(times):6.1f} µs a render  "
              f"(spread {1e6 * min(times):.1f}–{1e6 * max(times):.1f})")
    ratios = [j / d for d, j in zip(per_render["django"], per_render["jinja2"])]
    print(f"jinja2 / django: {statistics.median(ratios):.2f}× (spread {min(ratios):.2f}–{max(ratios):.2f})")
    print(f"Django template rendering in the move path (action_submit and the three seats' update): "
          f"{template_share:.1%} of its server time")
    return 0


def _actions_shown(hands: int) -> tuple[list[dict], float]:
    """Each distinct actions-bar data a seat was shown over `hands` hands, and the share of the move's
    server time spent in Django's template rendering (as bench/bench_table.py measures it)."""
    from django.template.backends.django import Template

    from accounts.services import account_create
    from games import bots, fragments, live, messages, selectors, services
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
            for p in by_position:
                data = fragments.actions(selectors.snapshot(table.pk, p, "http://localhost", None))
                seen.setdefault(fragments.key(data), data)
            hand = selectors.current_hand(table)
        spent_before = spent[0]
        for socket in sockets:
            socket._perform(OPS["next"], messages.parse('{"op": "next"}'), sockets)
        spent[0] = spent_before  # the next hand's deal is not a move
    Template.render = render
    return list(seen.values()), spent[0] / move_time


if __name__ == "__main__":
    sys.exit(main())
