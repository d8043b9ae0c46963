"""Club pages: my clubs (create, join by number), the invite link, the club lobby with its one tap per
rule set, the manage page, records and standings, one's own records across clubs. Members only: anyone
else gets a 404, not the club."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import throttles
from clubs import selectors, services
from clubs.forms import ClubForm, ClubJoinForm, ClubTournamentForm, RuleSetForm
from clubs.live import fanout
from games.errors import Refused
from tournaments import services as tournament_services


def _mine(request, number: str):
    found = selectors.membership(number, request.user)
    if found is None:
        raise Http404
    return found


@login_required
def home(request, form=None, join_form=None):
    return render(request, "clubs/home.html", {"memberships": selectors.my_clubs(request.user),
                                               "form": form or ClubForm(), "join_form": join_form or ClubJoinForm()})


@require_POST
@login_required
def create(request):
    form = ClubForm(request.POST)
    if not form.is_valid():
        return home(request, form=form)
    try:
        club = services.club_create(owner=request.user, **form.cleaned_data)
    except Refused as e:
        messages.error(request, str(e))
        return redirect("clubs:home")
    return redirect("clubs:manage", club.number)


@require_POST
@login_required
def join(request):
    form = ClubJoinForm(request.POST)
    if not form.is_valid():
        return home(request, join_form=form)
    return _join(request, form.cleaned_data["number"])


@login_required
def invite(request, number: str):
    """The invite link: a POST joins (or asks to); the GET shows only a button, never the club's data."""
    if selectors.membership(number, request.user):
        return redirect("clubs:lobby", number)
    if request.method == "POST":
        return _join(request, number)
    return render(request, "clubs/invite.html", {"number": number})


def _join(request, number: str):
    try:
        outcome = services.join(number=number, user=request.user, ip=throttles.client_ip(request))
    except Refused as e:
        messages.error(request, str(e))
        return redirect("clubs:home")
    if outcome == "asked":
        messages.info(request, _("Your request to join is waiting for the club's managers."))
        return redirect("clubs:home")
    return redirect("clubs:lobby", number)


def lobby(request, number: str):
    """The club lobby, live over its socket (clubs.live) from the same fragments. A disabled club's
    lobby says so, and offers no tap, no table, no invite and no socket."""
    mine = _mine(request, number)
    club = mine.club
    return render(request, "clubs/lobby.html", {
        **fanout.lobby_of(club), "mine": mine,
        "invite": request.build_absolute_uri(f"/clubs/join/{club.number}/")})


@require_POST
def tap(request, number: str, rule_set_id: int):
    club = _mine(request, number).club
    try:
        table = services.tap(club=club, user=request.user, rule_set_id=rule_set_id,
                             address=throttles.seat_address(request), client_seed=request.POST.get("client_seed", ""))
    except Refused as e:
        messages.error(request, str(e))
        return redirect("clubs:lobby", number)
    return redirect("games:table", table.pk)


@require_POST
def leave(request, number: str):
    club = _mine(request, number).club
    try:
        services.leave(club=club, user=request.user)
    except Refused as e:
        messages.error(request, str(e))
        return redirect("clubs:lobby", number)
    return redirect("clubs:home")


MANAGE_ACTIONS = {
    "approve": lambda club, user, p: services.decide(club=club, user=user, request_id=int(p["request"]), approve=True),
    "refuse": lambda club, user, p: services.decide(club=club, user=user, request_id=int(p["request"]), approve=False),
    "remove": lambda club, user, p: services.member_remove(club=club, user=user, member_id=int(p["member"])),
    "role": lambda club, user, p: services.role_set(club=club, user=user, member_id=int(p["member"]), role=p["role"]),
    "hand_over": lambda club, user, p: services.hand_over(club=club, user=user, to_user_id=int(p["member"])),
    "rule_set_delete": lambda club, user, p: services.rule_set_delete(club=club, user=user,
                                                                      rule_set_id=int(p["rule_set"])),
}


def manage(request, number: str):
    """Owner and managers: requests, members and roles, a club tournament (a free points one, of one of
    the club's rule sets: tournaments.services.club_tournament_open); the owner also edits the club and
    its rule sets, hands it over or dissolves it."""
    mine = _mine(request, number)
    club = mine.club
    if not mine.manages or club.disabled:  # a disabled club changes no more
        raise Http404
    form, rule_form = ClubForm(instance=club), RuleSetForm()
    rule_sets = list(club.rule_sets.select_related("variant"))
    tournament_form = ClubTournamentForm(rule_sets=rule_sets)
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "edit":
                form = ClubForm(request.POST, instance=club)
                if form.is_valid():
                    services.club_edit(club=club, user=request.user, **form.cleaned_data)
                    return redirect("clubs:manage", number)
            elif action == "rule_set":
                rule_form = RuleSetForm(request.POST)
                if rule_form.is_valid():
                    services.rule_set_save(club=club, user=request.user, **rule_form.cleaned_data)
                    return redirect("clubs:manage", number)
            elif action == "tournament":
                tournament_form = ClubTournamentForm(request.POST, rule_sets=rule_sets)
                if tournament_form.is_valid():
                    data = tournament_form.cleaned_data
                    tournament = tournament_services.club_tournament_open(
                        club=club, user=request.user, rule_set_id=data["rule_set"], entrants=data["entrants"],
                        name=data["name"])
                    return redirect("tournaments:detail", tournament.pk)
            elif action == "dissolve":
                services.dissolve(club=club, user=request.user)
                return redirect("clubs:home")
            elif action in MANAGE_ACTIONS:
                MANAGE_ACTIONS[action](club, request.user, request.POST)
                return redirect("clubs:manage", number)
        except (Refused, KeyError, ValueError) as e:
            messages.error(request, str(e) if isinstance(e, Refused) else _("This request was not understood."))
            return redirect("clubs:manage", number)
    return render(request, "clubs/manage.html", {
        "club": club, "mine": mine, "form": form, "rule_form": rule_form,
        "rule_sets": rule_sets, "tournament_form": tournament_form, "requests": selectors.pending_requests(club),
        "members": selectors.members(club)})


@login_required
def my_records(request):
    """The person's own 战绩 across clubs."""
    return render(request, "clubs/my_records.html", {"series": selectors.person_records(request.user)})


def records(request, number: str):
    """战绩 with the member and day filters, and 积分榜 for today and the week."""
    club = _mine(request, number).club
    day = request.GET.get("day") if request.GET.get("day") in selectors.DAYS else None
    member = request.GET.get("member", "")
    member_id = int(member) if member.isdigit() else None
    return render(request, "clubs/records.html", {
        "club": club, "series": selectors.records(club, member_id=member_id, day=day), "day": day,
        "member_id": member_id, "members": selectors.members(club),
        "today": selectors.standings(club, "today"), "week": selectors.standings(club, "week")})
