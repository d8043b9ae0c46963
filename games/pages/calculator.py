"""/calculator/: anyone scores a hand (no log-in) with a variant the site plays, through the admin's try
box's code path (games.pages.holdings_form): win or why not, and a win's breakdown as the table's result panel
shows it (games.breakdown: the split with each group's hu-xi, grade, patterns with fans, base, formula). A GET form, so a calculation is a link (its inputs in the query); htmx
swaps in the result as the inputs change, and static/js/calculator.js adds a card picker."""
from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from games.pages.holdings_form import HoldingsForm, outcome
from games.models import Variant
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
               "picker": [C.char(k) for k in C.KINDS]}
    template = "games/_calculator_result.html" if request.htmx else "games/calculator.html"
    return render(request, template, context)
