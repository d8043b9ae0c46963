"""Tournament pages: one tournament (entrants, round, tables with a watch link, standings, the final
ranking and prizes), and the register and withdraw buttons, whose outcome is a message on the page
they return to."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import throttles
from games.errors import Refused
from tournaments import selectors, services
from tournaments.models import Tournament


def lobby_panel(request) -> str:
    """The lobby's tournaments (games.pages.extras)."""
    return render_to_string("tournaments/_lobby.html", {"tournaments": selectors.lobby_list(request.user)},
                            request=request)


def table_panel(request, *, table_id: int, refreshed: bool = False) -> str:
    """At a tournament's table, the person's round, rank and points (games.pages.extras); elsewhere nothing."""
    tour = selectors.at_table(table_id, request.user)
    return render_to_string("tournaments/_at_table.html", {"tour": tour, "table_id": table_id, "refreshed": refreshed},
                            request=request) if tour else ""


def line(request, table_id: int):
    """The line at a tournament table as it stands now: fetched again by the page when a hand ends
    (static/js/tournaments.js); empty for anyone not in a tournament at that table."""
    return HttpResponse(table_panel(request, table_id=table_id, refreshed=True))


def mine_panel(request) -> str:
    """The profile's list of the person's tournaments."""
    return render_to_string("tournaments/_mine.html", {"tournament_entries": selectors.mine(request.user)},
                            request=request)


def _visible(request, tournament_id: int) -> Tournament:
    """The tournament, or a 404: a club's is its members' only, as the club's pages are."""
    tournament = get_object_or_404(Tournament.objects.select_related("plan", "plan__variant"), pk=tournament_id)
    if not selectors.member_of_club(tournament.plan, request.user):
        raise Http404
    return tournament


def detail(request, tournament_id: int):
    tournament = _visible(request, tournament_id)
    context = selectors.page(tournament)
    context["mine"] = request.user.is_authenticated and any(e.user_id == request.user.pk and e.state == "in"
                                                            for e in context["entries"])
    return render(request, "tournaments/detail.html", context)


def _back(request, tournament_id: int):
    return redirect("tournaments:detail" if request.POST.get("back") == "detail" else "games:lobby",
                    *([tournament_id] if request.POST.get("back") == "detail" else []))


@require_POST
@login_required
def register(request, tournament_id: int):
    tournament = _visible(request, tournament_id)
    try:
        entry = services.register(tournament=tournament, user=request.user, address=throttles.seat_address(request))
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("You are registered (fee: %(fee)s coins).") % {"fee": intcomma(entry.fee)}
                         if entry.fee else _("You are registered."))
    return _back(request, tournament_id)


@require_POST
@login_required
def unregister(request, tournament_id: int):
    tournament = _visible(request, tournament_id)
    try:
        refunded = services.unregister(tournament=tournament, user=request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("Your place is given up; %(fee)s coins refunded.") % {"fee": intcomma(refunded)}
                         if refunded else _("Your place is given up."))
    return _back(request, tournament_id)
