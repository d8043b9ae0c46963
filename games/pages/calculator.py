"""/calculator/: anyone scores a hand (no log-in) with a variant the site plays, through the admin's try
box's code path (games.pages.holdings_form): win or why not, and a win's breakdown as the table's result panel
shows it (games.breakdown: the split with each group's hu-xi, grade, patterns with fans, base, formula). A GET form, so a calculation is a link (its inputs in the query); htmx
swaps in the result as the inputs change, and static/js/calculator.js adds a card picker and a group
picker (kind buttons, then the cards; /calculator/group/ asks the engine before a group's chip is shown).
Without JavaScript the groups are typed."""
from __future__ import annotations

from django import forms
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from games.pages.holdings_form import PICK_KINDS, HoldingsForm, outcome, picked_group, typed_chips
from games.models import Variant
from games.reasons import text
from games.rules import BadInput
from games.rules import cards as C


class CalculatorForm(HoldingsForm):
    variant = forms.ModelChoiceField(Variant.objects.filter(active=True), to_field_name="slug", empty_label=None,
                                     label=_("Variant"))
    field_order = ["variant", "hand", "card", "source", "groups", "last_card", "heavenly"]


def calculator(request):
    form = CalculatorForm(request.GET or None, initial={"variant": Variant.objects.filter(active=True).first()})
    result = form.score(form.cleaned_data["variant"]) if form.is_bound and form.is_valid() else None
    context = {"form": form, "result": result, **outcome(form, result),
               "link": request.build_absolute_uri() if form.is_bound else "",
               "picker": [C.char(k) for k in C.KINDS], "kinds": [(k, name, n) for k, (name, n) in PICK_KINDS.items()]}
    context["chips"], context["chips_all"] = typed_chips(request.GET.get("groups", ""))
    template = "games/_calculator_result.html" if request.htmx else "games/calculator.html"
    return render(request, template, context)


def calculator_group(request):
    """The group picker's check: the kind and cards tapped, beside the groups, hand and card entered
    (their texts in the query). {"line", "chip"} (its markup) when the engine takes it, else {"error"}
    in the page's language."""
    q = request.GET
    try:
        chip = picked_group(q.get("kind", ""), q.get("cards", ""), q.get("groups", ""), q.get("hand", ""),
                            q.get("card", ""))
    except BadInput as e:
        return JsonResponse({"error": text(e)})
    return JsonResponse({"line": chip["line"], "chip": render_to_string("games/_group_chip.html", {"chip": chip})})
