"""Pages: the lobby, joining a private room, the table, standings, replays. Thin: services change data,
selectors read it; live play happens over the table's websocket (games.live.consumers)."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from accounts import throttles
from accounts.views import guest_sign_in
from clubs.selectors import my_clubs
from money.selectors import signin_offer, today_tasks
from money.selectors import relief_offer
from paohuzi_site.compression import keep_uncompressed, uncompressed

from games import fairness, selectors
from games.live import chat, fragments, spectator_count
from games.pages import extras, now_playing
from games.templatetags.games_numbers import signed
from money import tiers
from games import errors
from games import play
from games import rooms
from games.pages.forms import JoinForm, PrivateRoomForm
from games.models import Hand, RoomTier, Table


def lobby(request, private_form=None, join_form=None):
    my_tables = selectors.my_tables(request.user)
    page = render(request, "games/lobby.html", {
        "tiers": selectors.lobby_tiers(request.user),
        "best": tiers.tier_for(request.user.coins) if request.user.is_authenticated else None,
        "relief": relief_offer(request.user),
        "signin": signin_offer(request.user), "tasks": today_tasks(request.user),
        "my_tables": my_tables, "my_clubs": my_clubs(request.user),
        "now_playing": now_playing.render(), "extras": extras.panels("lobby", request),
        "private_form": private_form or PrivateRoomForm(),
        "join_form": join_form or JoinForm(),
    })
    return keep_uncompressed(page) if any(t.invite_code for t in my_tables) else page


@require_POST
@login_required
def quick_match(request):
    tier = get_object_or_404(RoomTier, pk=request.POST["tier"]) if request.POST.get("tier") else None
    try:
        table = rooms.quick_match(user=request.user, tier=tier, address=throttles.seat_address(request),
                                  client_seed=_client_seed(request))
    except errors.Refused as e:
        messages.error(request, str(e))
        return _go(request, reverse("games:lobby"))
    return _go(request, reverse("games:table", args=[table.pk]))


def _client_seed(request) -> str:
    """The seed the page's fair.js put in its seating form (games/_fair_seed.html), for a seat that may
    deal the next hand (R2)."""
    return request.POST.get("client_seed", "")


def _go(request, target: str):
    """Redirect; an htmx request (a button in a live fragment) is sent to the page with HX-Redirect."""
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@require_POST
@login_required
def private_create(request):
    form = PrivateRoomForm(request.POST)
    if not form.is_valid():
        return lobby(request, private_form=form)
    try:
        table = rooms.private_create(owner=request.user, address=throttles.seat_address(request),
                                     **form.cleaned_data)
    except errors.Refused as e:
        messages.error(request, str(e))
        return redirect("games:lobby")
    return redirect("games:table", table.pk)


def join_code(request):
    form = JoinForm(request.GET)
    if not form.is_valid():
        return lobby(request, join_form=form)
    return redirect("games:join", form.cleaned_data["code"])


@uncompressed
def join(request, code: str):
    """The share link: shows the room and its rules; joining is a POST, one tap for a person not signed
    in too (a guest account is made and seated in the same request). Look-ups are
    INVITE_LOOKUPS_PER_IP_PER_MINUTE from one address, so codes cannot be guessed by trying them all."""
    if not throttles.invite_lookup(throttles.client_ip(request)):
        return _too_many_codes(request)
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404(_("No room has this invite code."))
    if selectors.seat_position(table.pk, request.user) is not None:
        return redirect("games:table", table.pk)
    if request.method == "POST" and (request.user.is_authenticated or (
            table.status == Table.Status.WAITING and guest_sign_in(request))):
        try:
            rooms.seat_join(table=table, user=request.user, address=throttles.seat_address(request),
                            client_seed=_client_seed(request))
        except errors.Refused as e:
            messages.error(request, str(e))
        else:
            return redirect("games:table", table.pk)
    names = [selectors.seat_name(s) for s in table.seats.select_related("user")]
    return render(request, "games/join.html", {"room": table, "names": names,
                                               "fair": fairness.committed(table, None, playing=False)})


def _too_many_codes(request):
    messages.error(request, _("Too many invite codes tried: wait a minute, then try again."))
    return redirect("games:lobby")


@uncompressed
@login_required
def table(request, table_id: int):
    """A seat's page. Anyone else is sent away: a private room is joined by its code or link only, never
    by its table id (ids are sequential), so this page never names or links a room's code to a stranger."""
    position = selectors.seat_position(table_id, request.user)
    if position is None:
        room = get_object_or_404(Table.objects.select_related("tier"), pk=table_id)
        if room.kind == Table.Kind.COIN and room.hands.filter(players=request.user).exists():
            return render(request, "games/unseated.html", {"u": tiers.unseated(room, request.user)})
        messages.error(request, _("You do not have a seat at this table."))
        return redirect("games:lobby")
    snap = selectors.snapshot(table_id, position, request.build_absolute_uri("/").rstrip("/"))
    parts = {fid.replace("-", "_"): part for fid, part in fragments.render_all(snap).items()}
    return render(request, "games/table.html", {"room": snap.table, "f": parts, "chat": chat.choices(),
                                                "chat_seconds": settings.CHAT_SECONDS,
                                                "extras": extras.panels("table", request, table_id=table_id),
                                                "watchers": spectator_count.count(table_id)})


@uncompressed
def watch(request, table_id: int):
    """The table's public view for a spectator, live over /ws/watch/ (games.live.spectators): coin tables from
    the lobby, private rooms by their invite link (?code=) when the owner lets friends watch (each such
    visit is an invite look-up: the page would confirm a guessed code)."""
    if selectors.seat_position(table_id, request.user) is not None:
        return redirect("games:table", table_id)
    try:
        snap = selectors.snapshot(table_id, None)
    except Table.DoesNotExist:
        raise Http404 from None
    code = request.GET.get("code", "")
    if snap.table.kind == Table.Kind.PRIVATE and not throttles.invite_lookup(throttles.client_ip(request)):
        return _too_many_codes(request)
    if not selectors.may_watch(snap.table, snap.seats.values(), code):
        messages.error(request, _("This table cannot be watched."))
        return redirect("games:lobby")
    parts = {fid.replace("-", "_"): part for fid, part in fragments.render_all(snap).items()}
    return render(request, "games/watch.html", {"room": snap.table, "f": parts, "code": code,
                                                "watchers": spectator_count.count(table_id)})


@require_POST
@login_required
def leave(request, table_id: int):
    try:
        rooms.table_leave(table=get_object_or_404(Table, pk=table_id), user=request.user)
    except errors.Refused as e:
        messages.error(request, str(e))
        return _go(request, reverse("games:table", args=[table_id]))
    return _go(request, reverse("games:lobby"))  # the result panel's button posts with htmx


@require_POST
@login_required
def tier_move(request, table_id: int):
    """R11: the player's coins no longer fit the room: to a table of the tier they allow, or to the lobby
    when no tier admits them (the result panel's button posts here with htmx, which follows the redirect)."""
    target = reverse("games:table", args=[table_id])
    try:
        moved = rooms.tier_move(table=get_object_or_404(Table, pk=table_id), user=request.user,
                                address=throttles.seat_address(request), client_seed=_client_seed(request))
    except errors.Refused as e:
        messages.error(request, str(e))
    else:
        if moved:
            target = reverse("games:table", args=[moved.pk])
        else:
            target = reverse("games:lobby")
            messages.info(request, _("You have %(coins)s coins: no room admits so few.")
                          % {"coins": intcomma(request.user.coins)})
    return _go(request, target)


@uncompressed
@login_required
def standings(request, table_id: int):
    room = get_object_or_404(Table.objects.select_related("variant"), pk=table_id)
    if selectors.seat_position(table_id, request.user) is None and not request.user.is_staff:
        raise Http404
    rows = selectors.standings(room)
    hand_numbers = range(1, len(rows[0]["changes"]) + 1) if rows else ()
    ended = room.status in (Table.Status.FINISHED, Table.Status.DISSOLVED) and hand_numbers
    return render(request, "games/standings.html", {"room": room, "rows": rows, "hand_numbers": hand_numbers,
                                                    "card": _summary_card(room, rows) if ended else None})


def _summary_card(room: Table, rows: list[dict]) -> dict:
    """What the series' summary picture (大结算, static/js/summary_card.js) shows, in the page's language."""
    last = room.hands.exclude(finished_at=None).order_by("-finished_at").values_list("finished_at", flat=True).first()
    best = rows[0]["total"]
    return {"title": _("Final standings"), "room": f'{_("Private room")} {room.invite_code}',
            "variant": str(room.variant), "date": date_format(timezone.localtime(last or room.created_at), "Y-m-d"),
            "hands": _("%(n)s hands") % {"n": len(rows[0]["changes"])}, "winner": _("Winner"),
            "site": _("Paohuzi Online"), "file": f"paohuzi-{room.invite_code}.png",
            "rows": [{"name": r["name"], "total": signed(r["total"]), "won": r["total"] == best and best > 0}
                     for r in rows]}


REPLAY_SPEEDS = (1, 2, 4)  # the replay player's speeds: moves a second


@uncompressed
def replay(request, hand_id: int):
    """A finished hand move by move, re-played from its seed and action log. It shows every hand, so
    only the hand's players and admins may see it, or anyone once every person at the hand allowed
    public replays. An htmx step (the player's links, auto-play) gets only the board."""
    hand = get_object_or_404(Hand.objects.select_related("table__variant", "table__tier"), pk=hand_id)
    if not hand.finished:
        raise Http404
    insider, public = selectors.replay_insider(request.user, hand), selectors.replay_public(hand)
    if not (insider or public):  # a friend's shared link: why it does not open, not a bare "not found"
        return render(request, "games/replay_private.html", status=404)
    context = selectors.replay_context(hand, request.GET.get("step"), insider=insider)
    if request.htmx:
        return render(request, "games/_replay_board.html", context)
    player = request.user.is_authenticated and hand.players.filter(pk=request.user.pk).exists()
    return render(request, "games/replay.html", {
        **context, **selectors.analysis_context(hand), "public": public, "speeds": REPLAY_SPEEDS, "player": player,
        "others_private": _names(selectors.replay_private_to(hand, besides=request.user)) if player else "",
        "share": request.build_absolute_uri(reverse("games:replay", args=[hand.pk]))})


def replay_analysis(request, hand_id: int):
    """The replay's analysis box (htmx): a POST asks for the hard bot's analysis (computed by the
    sweeper's worker, never here); a GET shows its progress, then what the bot would have played at
    each decision. Whoever may see the replay may see it."""
    hand = get_object_or_404(Hand.objects.select_related("table"), pk=hand_id)
    if not hand.finished or not (selectors.replay_insider(request.user, hand) or selectors.replay_public(hand)):
        raise Http404
    if request.method == "POST":
        play.analysis_request(hand=hand)
    return render(request, "games/_analysis.html", selectors.analysis_context(hand))


def _names(names: list[str]) -> str:
    return pgettext("between names", ", ").join(names)


@require_POST
@login_required
def replay_share(request, hand_id: int):
    """The replay page's share button, once the player confirmed: this hand's replay made public, or
    why it cannot be yet (another person at the hand keeps replays private)."""
    hand = get_object_or_404(Hand, pk=hand_id)
    try:
        play.replay_share(hand=hand, user=request.user)
    except errors.Refused as e:
        messages.error(request, str(e))
    else:
        private_to = selectors.replay_private_to(hand)
        if private_to:
            messages.error(request, _("Not public yet: %(names)s keep their replays private, so only this "
                                      "hand's players can open the link.") % {"names": _names(private_to)})
        else:
            messages.info(request, _("This replay is public now: anyone with the link can watch it."))
    return redirect("games:replay", hand_id)
