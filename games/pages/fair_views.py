"""/fair/: anyone checks a finished hand's deal (R2, commit–reveal) without logging in or JavaScript:
a GET form takes the revealed server seed, the client seeds and the commitment shown before the deal,
checks the hash and re-deals, showing the 80 cards in order and each seat's cards (by its player's
name when the seeds are a finished hand's here)."""
from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from games import reasons, selectors
from games.rules import FairError, deal_verify, split_deck
from games.rules import cards as C


class FairCheckForm(forms.Form):
    server_seed = forms.CharField(label=_("Server seed (revealed after the hand)"), max_length=100)
    client_seeds = forms.CharField(label=_("Client seeds, in seat order, separated by commas"), max_length=400,
                                   required=False, strip=False,
                                   help_text=_("A bot's seed, or a player's whose browser sent none, is empty: "
                                               "three empty seeds are written “,,”."))
    commitment = forms.CharField(label=_("Commitment (shown before the deal)"), max_length=100)
    dealer = forms.TypedChoiceField(label=_("Dealer's seat"), coerce=int, initial=0, required=False,
                                    choices=[(n, n) for n in range(4)], empty_value=0)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        clients = data["client_seeds"].split(",")
        try:
            data["deck"] = deal_verify(data["server_seed"], clients, data["commitment"])
        except FairError as e:
            raise forms.ValidationError(reasons.text(e)) from None
        if data["dealer"] >= len(clients):
            raise forms.ValidationError(_("The dealer must be one of the %(n)s seats."), params={"n": len(clients)})
        data["players"] = len(clients)
        return data


def fair(request):
    form = FairCheckForm(request.GET or None)
    deal = None
    if form.is_bound and form.is_valid():
        deck, dealer = form.cleaned_data["deck"], form.cleaned_data["dealer"]
        hands, stock, removed = split_deck(deck, dealer=dealer, players=form.cleaned_data["players"])
        names = selectors.revealed_hand_names(form.cleaned_data["server_seed"],
                                              form.cleaned_data["client_seeds"].split(","))
        deal = {"deck": [{"n": n, "card": C.char(k)} for n, k in enumerate(deck, 1)],
                "seats": [{"seat": s, "name": names[s] if names else None, "dealer": s == dealer,
                           "cards": C.fmt(h)} for s, h in enumerate(hands)],
                "stock": C.fmt(stock), "removed": C.fmt(removed)}
    return render(request, "games/fair.html", {"form": form, "deal": deal})
