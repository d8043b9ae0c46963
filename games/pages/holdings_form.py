"""Holdings written in the card notation, scored with one variant's rules: the ONE code path of the
admin's "try it" box and the public hand calculator (/calculator/).

It reads its fields the way `python -m games.rules.cli score` reads a line (that parser checks the
cards, the groups and the copies), then scores with the variant's RuleSet instead of a preset.
"""
from __future__ import annotations

import dataclasses

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import breakdown
from games.models import Variant
from games.reasons import text
from games.rules import PRESETS, BadInput, NoWin, RuleSetError, Source, Win, parse_request, table_group
from games.rules import cards as C

# Chinese names accepted beside the engine's kinds for table groups.
KIND_ALIASES = {"碰": "peng", "偎": "wei", "臭偎": "chouwei", "跑": "pao", "提": "ti", "吃": "chi"}
# The group picker's kinds (those the groups field accepts), their names and how many cards each takes (R3).
PICK_KINDS = {"peng": (_("peng"), 3), "wei": (_("wei"), 3), "chouwei": (_("chou-wei"), 3), "pao": (_("pao"), 4),
              "ti": (_("ti"), 4), "chi": (_("chi"), 3)}
# A typed group may also name the kind a chi makes.
CHIP_NAMES = {**{kind: name for kind, (name, _n) in PICK_KINDS.items()}, "sentence": _("sentence"), "jiao": _("jiao")}
# The rule each NoWin reason comes from, shown to the admin beside the translated reason.
WHY_RULES = {"shape": "R7.1", "huxi": "R7.2", "source": "R7.3"}


class HoldingsForm(forms.Form):
    groups = forms.CharField(
        label=_("Table groups"), required=False, widget=forms.Textarea(attrs={"rows": 3, "cols": 30}),
        help_text=_("One group per line: a kind (peng, wei, chouwei, pao, ti, chi, or 碰 偎 臭偎 跑 提 吃) "
                    "and its cards, e.g. “peng 贰贰贰”."))
    hand = forms.CharField(label=pgettext_lazy("cards held", "Hand"), help_text=_("Cards in hand, e.g. 一二三四五六 or s1 s2 s3."))
    card = forms.CharField(label=_("Winning card"), required=False,
                           help_text=_("Empty: the holdings as they stand."))
    source = forms.ChoiceField(label=_("Source"), required=False, choices=[
        ("", "—"), (Source.OWN_DRAW, _("own draw")), (Source.OTHER_DRAW, _("another player's draw")),
        (Source.DISCARD, _("discard")), (Source.SHOWN, _("the shown card (heavenly hu)"))])
    last_card = forms.BooleanField(label=_("Last card of the stock (海底)"), required=False)
    heavenly = forms.BooleanField(label=_("Mandatory heavenly hu (3 ti or 5 kan)"), required=False)

    def request_line(self) -> dict:
        """The fields as one `cli score` request line."""
        data = self.cleaned_data
        groups = [{"kind": kind, "cards": cards} for kind, cards in group_lines(data["groups"])]
        return {"variant": next(iter(PRESETS)), "groups": groups, "hand": data["hand"],
                "card": data["card"].strip() or None, "source": data["source"] or None,
                "last_card": data["last_card"], "heavenly": data["heavenly"]}

    def score(self, variant: Variant) -> Win | NoWin | None:
        """Score with `variant`'s rules; None (with the reason as a form error) if the input is bad."""
        try:
            # Parsed against a stand-in preset (the parser only knows presets), scored with this variant.
            request = dataclasses.replace(parse_request(self.request_line()), rules=variant.to_ruleset())
        except (BadInput, RuleSetError) as e:
            self.add_error(None, text(e))
            return None
        return request.evaluate()


def group_lines(text: str) -> list[tuple[str, str]]:
    """The groups field's lines as (engine kind, card text); a Chinese kind name read as its kind."""
    lines = []
    for line in text.splitlines():
        if line.strip():
            kind, _sep, cards = line.strip().partition(" ")
            lines.append((KIND_ALIASES.get(kind, kind), cards.strip()))
    return lines


def group_chip(kind: str, cards: str) -> dict:
    """A group as the picker shows it (a chip) and writes it (its line: the kind in the page's language
    where the field reads that name, 碰 on a Chinese page, else the engine's word)."""
    name = str(CHIP_NAMES[kind])
    return {"kind": kind, "name": name, "cards": cards,
            "line": f"{name if KIND_ALIASES.get(name) == kind else kind} {cards}"}


def typed_chips(text: str) -> tuple[list[dict], bool]:
    """The chips of the groups already in the field (a link's), each keeping its line as typed, and
    whether every line made one: a line the engine refuses keeps the field shown, to be corrected."""
    chips, all_read = [], True
    typed = [line.strip() for line in text.splitlines() if line.strip()]
    for n, ((kind, cards), line) in enumerate(zip(group_lines(text), typed)):
        try:
            table_group(kind, cards, n)
        except BadInput:
            all_read = False
            continue
        chips.append({**group_chip(kind, cards), "line": line})
    return chips, all_read


def picked_group(kind: str, cards: str, groups: str, hand: str, card: str) -> dict:
    """The picker's new group, checked by the engine beside what is entered (R3 its shape, R1 no fifth
    copy across the groups, the hand and the winning card): its chip, or BadInput. Unreadable hand or
    card text is left to the form's own check."""
    beside: list[int] = []
    lines = group_lines(groups)
    for n, (k, cs) in enumerate(lines):
        beside += table_group(k, cs, n).cards
    for field in (hand, card):
        try:
            beside += C.parse(field or "")
        except C.CardError:
            pass
    table_group(kind, cards, len(lines), beside)
    return group_chip(kind, cards)


def outcome(form: HoldingsForm, result: Win | NoWin | None) -> dict:
    """The try box's and the calculator's context for a result: a win's breakdown (the result panel's,
    games.breakdown), or a NoWin's reason in the page's language and its rule."""
    if isinstance(result, NoWin):
        return {"why": text(result), "why_rule": WHY_RULES[result.why]}
    if isinstance(result, Win):
        return {"breakdown": breakdown.from_win(result, card=form.cleaned_data["card"].strip())}
    return {}
