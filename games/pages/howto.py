"""How to play (玩法说明): the rules written for players, and each variant's page with its hu-xi and
pattern tables as the admin has set them (Variant, VariantPattern rows). Plain pages: no JavaScript."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.models import HUXI_LABELS, Variant
from games.rules import PatternSpec

# The hu-xi rows a player reads (R4, R10.3), in the order of docs/rules.md; red rows only where a
# variant values red groups apart.
HUXI_ROWS = (("peng", "peng_red"), ("kan", "kan_red"), ("pao", "pao_red"), ("ti", "ti_red"),
             ("s123", None), ("s2710", None))


def huxi_rows(variant: Variant) -> list[dict]:
    """Each group's hu-xi (small, big) under this variant, a red row where it differs."""
    table = variant.huxi_table()
    rows = []
    for name, red in HUXI_ROWS:
        rows.append({"label": HUXI_LABELS[name], "small": getattr(table, name)[0], "big": getattr(table, name)[1]})
        if red and getattr(table, red) != getattr(table, name):
            rows.append({"label": HUXI_LABELS[red], "small": getattr(table, red)[0], "big": getattr(table, red)[1]})
    return rows


def counts_text(spec: PatternSpec) -> str:
    """A row's counts in words: "4, 7 or 11–12", "13 or more", "none"."""
    parts = []
    for low, high in spec.ranges():
        if high >= 99:
            parts.append(_("%(low)s or more") % {"low": low})
        elif low == high:
            parts.append(_("none") if low == 0 else str(low))
        else:
            parts.append(f"{low}–{high}")
    return _(" or ").join(parts)


def pattern_when(spec: PatternSpec, shown: dict[str, str] | None = None) -> str:
    """When a pattern row applies, in the page's language (R8.2, R10); `shown`: the variant's pattern
    names as the page reads them, for a combination's parts."""
    step = spec.step
    if spec.code in ("red_count", "big_count", "small_count"):
        what = {"red_count": _("red cards: %(counts)s"), "big_count": _("big cards: %(counts)s"),
                "small_count": _("small cards: %(counts)s")}[spec.code] % {"counts": counts_text(spec)}
        if step:
            what += _("; %(step)s more fan for each card above the lowest count") % {"step": step}
        return what
    if spec.code == "last_card":
        text = _("won on the last card of the stock")
        if spec.alone_fan is not None:
            text += _("; %(fan)s fan when the hand has no other pattern") % {"fan": spec.alone_fan}
        return text
    if spec.code == "combo":
        return _("all of %(names)s at once: this fan replaces theirs") % {"names": _(" and ").join(
            (shown or {}).get(part, part) for part in spec.parts())}
    return {"all_sets": _("no sentence and no jiao: every group is three or four of a kind"),
            "heavenly": _("a heavenly hu"),
            "earthly": _("the dealer's next player wins on the dealer's first discard")}.get(spec.code, spec.code)


def _offered():
    return Variant.objects.filter(active=True).prefetch_related("pattern_rows")


def how_to_play(request):
    variants = list(_offered())
    standard = variants[0] if variants else None
    return render(request, "games/how_to_play.html", {
        "variants": variants, "huxi": huxi_rows(standard) if standard else [], "standard": standard})


def variant_rules(request, slug: str):
    variant = get_object_or_404(_offered(), slug=slug)
    rows = list(variant.pattern_rows.all())
    shown = {row.name: row.shown for row in rows}
    patterns = [{"name": row.shown, "fan": row.fan, "when": pattern_when(row.to_spec(), shown)} for row in rows]
    return render(request, "games/variant_rules.html", {
        "variant": variant, "huxi": huxi_rows(variant), "patterns": patterns,
        "counts": variant.player_counts.replace(",", " / ")})
