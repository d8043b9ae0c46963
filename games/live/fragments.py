"""The table page's fragments: one seat's view cut into parts with fixed ids
(docs/design.md#templates-and-fragments).

Each fragment is (id, template, data): `data` is plain JSON-able data derived from a selectors.Snapshot.
A spectator's snapshot (position None) is the public view (games.rules.public_view): the same fragments
but the seat's own (its hand, its moves), seat 0 at the bottom, and nothing to click. The page includes
every fragment; the consumer re-renders only those whose data changed since it last
sent them (the data is the cache key), and sends them with hx-swap-oob.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import lru_cache

from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from money.levels import level_table, rank

from games import breakdown, fairness, hand_columns, play, selectors
from games.live import fragment_html
from money import tiers
from games.hints import hand_hints
from games.models import Table
from games.rules import Action
from games.rules import cards as C
from games.selectors import Snapshot
from money.settlement import held_back

FOURS = ("pao", "ti")
SEATS = 4  # fixed ids seat-0 … seat-3; a table of fewer players sends its empty ones blank


def _time(value) -> str | None:
    return value.isoformat() if value else None


def _playing(snap: Snapshot) -> bool:
    return snap.state is not None and not snap.state.finished and snap.table.status == Table.Status.PLAYING


def info(snap: Snapshot) -> dict:
    """The room's line: what changes between hands at most (the status, below it, changes every move)."""
    t, state = snap.table, snap.state
    d = {"table": t.pk, "kind": t.kind, "room": t.tier.shown if t.tier_id else t.invite_code,
         "variant": t.variant.shown, "planned": t.planned_hands, "timer": t.turn_seconds,
         "shared_address": [[snap.name(p) for p in group]
                            for group in selectors.shared_address(t, snap.seats.values())]}
    if state is not None:
        d.update(hand_no=snap.hand.number, multiplier=snap.hand.multiplier, multiplier_was=snap.multiplier_was,
                 finished=state.finished)
    return d


def status(snap: Snapshot) -> dict:
    """The middle of the table: the dealer, the stock, the card shown or just played, whose move and
    its countdown, or what the table waits for."""
    t, state, view = snap.table, snap.state, snap.view
    d = {"status": t.status, "seated": len(snap.seats), "players": t.player_count, "fill_at": _time(t.fill_at),
         "dealing": _dealing(snap)}
    if state is None:
        return d
    current = view["current"]
    d.update(hand_no=snap.hand.number, dealer=snap.name(state.dealer),
             stock=view["stock_left"], shown=view["shown_card"], finished=state.finished,
             current=current and {"card": current["card"], "from": snap.name(current["from"]),
                                  "how": current["how"]},
             turn=snap.name(state.turn), my_turn=view.get("to_act", False), waiting=waiting(view),
             deadline=_time(snap.hand.turn_deadline) if _playing(snap) and not claims_hidden(view) else None)
    return d


def waiting(view: dict) -> str:
    """R3, R7 claim privacy: what every seat not asked now reads while a card waits for claims: one
    sentence for all (not asked, decided, the card's owner) that names nobody and no claim."""
    return _("Waiting for the card to be settled…") if claims_hidden(view) else ""


def claims_hidden(view: dict) -> bool:
    """A card waits for claims and this seat is not asked: it sees neither who is nor their countdown."""
    return view["claims_pending"] and not view.get("to_act", False)  # a spectator is never asked


def relative(snap: Snapshot, position: int) -> str:
    """Where a seat sits on the viewer's screen: the viewer (a spectator: seat 0) at the bottom, the 下家
    to the right (R2)."""
    n = snap.table.player_count
    step = (position - (snap.position or 0)) % n
    if step == 0:
        return "bottom"
    if n == 2 or (n == 4 and step == 2):
        return "top"
    return "right" if step == 1 else "left"


def seat(snap: Snapshot, position: int) -> dict:
    """A seat as every viewer sees it alike (one render per change serves all sockets: the page marks
    its own seat's slot instead)."""
    if position >= snap.table.player_count:
        return {"position": position, "absent": True}
    s, state, view = snap.seats.get(position), snap.state, snap.view
    d = {"position": position, "name": snap.name(position),
         "empty": s is None, "bot": bool(s and s.is_bot), "auto": bool(s and s.auto_play),
         "ready": bool(s and s.ready), "vote": s and s.dissolve_vote,
         "coins": s.user.coins if s and s.user_id and snap.table.kind == Table.Kind.COIN else None,
         "points": snap.totals.get(position, 0) if s and snap.table.kind == Table.Kind.PRIVATE else None,
         "title": _title(s)}
    if state is None:
        return d
    groups = [{**g, "backs": (4 if g["kind"] in FOURS else 3) - len(g["cards"])} for g in view["tables"][position]]
    huxi, hidden = selectors.visible_huxi(state.rules, groups)
    d.update(dealer=state.dealer == position, out=position not in state.order, turn=state.turn == position,
             groups=groups, pile=view["piles"][position], hand_size=view["hand_sizes"][position],
             huxi=huxi, hidden=hidden,
             change=snap.hand.scores[position] if snap.hand.scores else None)
    return d


def my_hand(snap: Snapshot) -> dict:
    """The own hand in columns (hand_columns)."""
    view = snap.view
    if view is None:
        return {"columns": [], "text": ""}
    discards = frozenset(a.split()[1] for a in view["legal"] if a.startswith("discard "))
    return {"columns": _hand_cols(view["hand"], discards), "text": view["hand"], "hand": snap.hand.pk,
            "seat": snap.position, "passed": view["passed"], "discard": bool(discards),
            "discards": "".join(sorted(discards)), "hints": hand_hints(snap)}


def _my_hand_key(d: dict) -> str:
    """The hand's key without its columns, which its text and its discards decide (_hand_cols): a
    tenth of the repr of the whole."""
    return key({k: v for k, v in d.items() if k != "columns"})


@lru_cache(maxsize=4096)  # a hand changes on its owner's moves only, and is shown on every move
def _hand_cols(text: str, discards: frozenset[str]) -> list[dict]:
    """The hand's columns, each card marked a kan card or a discard it may make; shared by every call
    with this hand: read it, never change it."""
    return [{"kind": col["kind"],
             "cards": [{"card": C.char(k), "kan": col["kind"] == "kan", "discard": C.char(k) in discards}
                       for k in col["cards"]]}
            for col in hand_columns.columns(C.parse(text))]


def chi_tree(legal: list[str]) -> list[dict]:
    """R6.3: the chi choices as a tree — chi group, then the bi groups that complete it (each leaf is
    one legal action), so the player picks in two or three clicks and sees only completable choices."""
    tree: dict[str, list[dict]] = {}
    for text in legal:
        action = Action.parse(text)
        if action.verb == "chi":
            group, *bis = action.to_wire()[1:]
            tree.setdefault(group, []).append({"bis": bis, "action": text})
    return [{"group": g, "choices": choices} for g, choices in tree.items()]


@lru_cache(maxsize=4096)
def _join_path(invite_code: str) -> str:
    """The room's invite path: the same on every move, and a reverse() costs a tenth of this fragment."""
    return reverse("games:join", args=[invite_code])


def actions(snap: Snapshot) -> dict:
    t, state, view = snap.table, snap.state, snap.view
    me = snap.seats.get(snap.position)
    people = [s for s in snap.seats.values() if s.user_id]
    d = {"table": t.pk, "status": t.status, "kind": t.kind, "auto": bool(me and me.auto_play),
         "kept": bool(me and me.auto_play_kept),
         "owner": t.owner_id == (me.user_id if me else None),
         "invite": t.invite_code if t.status == Table.Status.WAITING else None,
         "link": snap.origin + _join_path(t.invite_code) if t.invite_code else None,
         "vote_open": any(s.dissolve_vote for s in people), "my_vote": me and me.dissolve_vote,
         "refused": [snap.name(s.position) for s in people if s.dissolve_vote is False],
         "can_vote": t.kind == Table.Kind.PRIVATE and t.status in (Table.Status.WAITING, Table.Status.PLAYING)
         and not play.dissolve_forbidden(t.pk),
         "playing": _playing(snap)}
    if state is None:
        return d
    legal = view["legal"]
    d.update(hu="hu" in legal, peng="peng" in legal, pass_="pass" in legal,
             chi=chi_tree(legal), discard=any(a.startswith("discard ") for a in legal),
             can_leave=t.kind == Table.Kind.COIN and (state.finished or t.status != Table.Status.PLAYING))
    return d


def log(snap: Snapshot) -> dict:
    """The seat's latest events, newest first; a changed floating multiplier (R11) opens the hand."""
    return {"events": _named(snap, selectors.seat_events(snap.hand, snap.position)),
            "multiplier": snap.hand.multiplier if snap.multiplier_was else None}


def _named(snap: Snapshot, events: list[dict]) -> list[dict]:
    return [{**e, "who": snap.name(e["seat"])} for e in reversed(events)]


def _log_update(snap: Snapshot, sent: dict[str, str], make: Callable[[], tuple[dict, str]], language: str) -> str:
    """The log only grows during a hand, so a socket that has this hand's log is sent just the new
    events (added at the top of the list by htmx; CSS shows the latest LOG_LENGTH); otherwise, or when
    a hand starts, the whole fragment (its data made by `make`, as build gives it)."""
    hand = snap.hand
    mark = f"{hand.pk}:{snap.multiplier_was}" if hand else ""
    count = len(hand.events) if hand else 0
    had, _sep, sent_count = sent.get("event-log", "").rpartition("#")
    sent["event-log"] = f"{mark}#{count}"
    if had == mark and mark and int(sent_count) <= count:
        if int(sent_count) == count:
            return ""
        new = selectors.seat_events(hand, snap.position, limit=None, since=int(sent_count))
        return fragment_html.log_new({"events": _named(snap, new)})  # new rows each time: no memo
    data, data_key = make()
    return render("games/_log.html", data, oob=True, data_key=data_key, language=language)


def result(snap: Snapshot) -> dict:
    state, hand = snap.state, snap.hand
    if state is None or not (state.finished or (hand.result or {}).get("dissolved")):
        return {"show": False, "status": snap.table.status}
    r = hand.result or state.result
    players = []
    for p in range(snap.table.player_count):
        players.append({"name": snap.name(p), "groups": snap.view["tables"][p],
                        "hand": (snap.view["hands"] or [""] * (p + 1))[p],
                        "change": hand.scores[p] if hand.scores else 0,
                        "total": snap.totals.get(p) if snap.table.kind == Table.Kind.PRIVATE else None,
                        "out": p not in state.order, "me": p == snap.position,
                        "title": _title(snap.seats.get(p))})
    me = snap.seats.get(snap.position)
    d = {"show": True, "status": snap.table.status, "players": players, "winner": snap.name(r.get("winner")),
         "won": r.get("winner") is not None, "dissolved": bool(r.get("dissolved")), "table": snap.table.pk,
         "coins": snap.table.kind == Table.Kind.COIN, "multiplier": hand.multiplier,
         "next_at": _time(hand.deadline), "hand_id": None if snap.watching else hand.pk,
         "watching": snap.watching, "ready": bool(me and me.ready), "not_ready": _not_ready(snap),
         "vote_open": any(s.dissolve_vote for s in snap.seats.values() if s.user_id),
         "can_dissolve": snap.table.kind == Table.Kind.PRIVATE and not play.dissolve_forbidden(snap.table.pk),
         "fill_at": _time(snap.table.fill_at), "dealing": _dealing(snap), "move": _tier_move(snap, me),
         "level_up": _level_up(snap, me),
         "fair": fairness.revealed(hand)}
    if d["won"]:
        due = r["base"] * hand.multiplier
        d.update(capped=_capped(snap, r["winner"], due), breakdown=breakdown.from_result(
            r, state.rules, pay={"coins": d["coins"], "multiplier": hand.multiplier, "due": due}))
    return d


def _not_ready(snap: Snapshot) -> list[str]:
    """A private room between hands waits for everyone's 准备: who it still waits for, named to all
    (a friend who never taps is seen; the dissolve vote is the way out). Bots and auto-play are ready."""
    if snap.table.kind != Table.Kind.PRIVATE or snap.table.status != Table.Status.PLAYING:
        return []
    return [snap.name(s.position) for s in sorted(snap.seats.values(), key=lambda s: s.position)
            if s.user_id and not (s.ready or s.auto_play)]


def _dealing(snap: Snapshot) -> bool:
    """R2: every seat of the waiting table is taken: the hand is dealt at its fill_at, DEAL_WAIT_SECONDS
    after the last join (games.rooms.seating), while the new seat's page sends its client seed."""
    return snap.table.status == Table.Status.WAITING and len(snap.seats) == snap.table.player_count


def _title(seat) -> dict | None:
    """A person's level and title (R11 levels), shown beside their name."""
    return rank(seat.user.experience) if seat is not None and seat.user_id else None


def _level_up(snap: Snapshot, me) -> dict | None:
    """R11: the level the viewer reached with this coin hand, if it was one more. A person plays one coin
    table at a time, so the experience before this hand is today's less the tier's experience per hand."""
    if (me is None or not me.user_id or snap.table.kind != Table.Kind.COIN or not snap.hand.scores
            or me.user_id not in snap.hand.seating):
        return None
    table = level_table()
    now, before = rank(me.user.experience, table), rank(me.user.experience - snap.table.tier.experience_per_hand,
                                                         table)
    return now if now["level"] > before["level"] else None


def _capped(snap: Snapshot, winner: int, due: int) -> list[dict]:
    """R8.4: each player who paid the winner less than base × multiplier, which cap held it back (the
    per-hand cap of the coins carried, or the daily cap of this room, named with its coins) and by how
    much; the viewer is "you"."""
    if snap.table.kind != Table.Kind.COIN or not snap.hand.scores:
        return []
    daily, you = snap.table.tier.daily_cap_in_force(), pgettext("held back by a cap", "you")
    return [{**h, "name": snap.name(h["seat"]), "due": due, "daily": daily,
             "held_name": you if h["held"] == snap.position else snap.name(h["held"])}
            for h in held_back(due, snap.state.order, winner, snap.hand.scores, snap.hand.daily_capped or [])]


def _tier_move(snap: Snapshot, me) -> dict | None:
    """R11: the viewer's coins no longer fit this room: "up" above its upper bound, "down" below its
    coins to enter (they do not play its next hand), with the tier their coins allow (None: no tier)."""
    if me is None or not me.user_id:
        return None
    change = tiers.tier_change(snap.table, me.user.coins)
    if change is None:
        return None
    way, tier = change
    return {"way": way, "tier": tier and tier.shown, "coins": me.user.coins,
            "bound": snap.table.tier.upper_bound, "entry": snap.table.tier.entry_coins}


def version(snap: Snapshot, base: int | None) -> dict:
    """The one small element that changes on every change: the table's version this page shows, the
    version the frame's other fragments were diffed against (None: a full snapshot) and the hand's move
    number, which table.js adds to every move the page sends (so no form carries it): the public one,
    which a held claim window's private steps do not count."""
    return {"version": snap.version, "base": base, "move_no": snap.view["move_no"] if snap.state else None}


def build(snap: Snapshot, language: str) -> Iterator[tuple[str, str | Callable[[dict, bool], str], Callable[[], tuple[dict, str]]]]:
    """Every fragment of this seat's page but the version: (element id, template or games.live.fragment_html
    function, make), where make() gives the fragment's (data, key) when it is needed. What every viewer
    sees alike (the room's line, the fairness box, each seat as the others see it) is made once per read
    of the table and language (`snap.shared`), however many sockets are sent it. `language`: the
    active one (asked once: each ask is a thread-local lookup)."""
    yield "table-info", "games/_info.html", _shared(snap, ("table-info", language), lambda: info(snap))
    yield "table-status", fragment_html.status, _own(lambda: status(snap))
    yield "fair-box", "games/_fair_box.html", _shared(
        snap, ("fair-box", language), lambda: fairness.committed(snap.table, snap.hand, _playing(snap)))
    for p in range(SEATS):  # a seat's own wei and ti show their cards to it alone (views.group_view)
        yield f"seat-{p}", fragment_html.seat, _shared(snap, (p, p == snap.position, language),
                                                      lambda p=p: seat(snap, p))
    if not snap.watching:
        yield "my-hand", fragment_html.my_hand, _own(lambda: my_hand(snap), _my_hand_key)
        yield "actions", fragment_html.actions, _own(lambda: actions(snap))
    yield "event-log", "games/_log.html", _own(lambda: log(snap))  # on a socket, _log_update sends only what is new
    yield "result", "games/_result.html", _own(lambda: result(snap))


def _own(make: Callable[[], dict], key_of: Callable[[dict], str] | None = None) -> Callable[[], tuple[dict, str]]:
    """A fragment of this viewer's own: made for it alone. `key_of`: a shorter key than key(data) that
    the data still depend on alone."""
    def made() -> tuple[dict, str]:
        data = make()
        return data, (key_of or key)(data)
    return made


def _shared(snap: Snapshot, memo_key: tuple, make: Callable[[], dict]) -> Callable[[], tuple[dict, str]]:
    """A fragment every viewer sees alike: made by the first socket that needs it for this read of the
    table, in this language (the data hold translated words: `memo_key` names the fragment and the
    language), and kept with the read."""
    def made() -> tuple[dict, str]:
        hit = snap.shared.get(memo_key)
        if hit is None:
            data = make()
            hit = snap.shared[memo_key] = (data, key(data))
        return hit
    return made


def key(data: dict) -> str:
    """What a fragment is rendered from, as one string: equal for equal data, which the builders above
    make in a fixed order (data they made in another order only costs a render); half json.dumps's time."""
    return repr(data)


def render(template: str | Callable[[dict, bool], str], data: dict, *, oob: bool,
           data_key: str | None = None, language: str | None = None) -> str:
    """The fragment's HTML — a template's, or a games.live.fragment_html function's (data, oob) — from this
    process's memo when the same data was rendered before in this language (sockets that see a fragment
    alike share one render). `language`: the active one, when the caller asked already."""
    memo_key = (template, language or translation.get_language(), oob, data_key or key(data))
    html = _RENDERED.get(memo_key)
    if html is None:
        if callable(template):  # games.live.fragment_html writes no indentation
            html = template(data, oob)
        else:
            html = fragment_html.squeeze(get_template(template).render({"d": data, "oob": oob}))
        _RENDERED[memo_key] = html
        if len(_RENDERED) > RENDER_MEMO:
            _RENDERED.popitem(last=False)
    return html


RENDER_MEMO = 8192  # fragments kept per process
_RENDERED: OrderedDict[tuple, str] = OrderedDict()


def render_changed(snap: Snapshot, sent: dict, base: int | None, quiet: bool = False) -> str:
    """One websocket frame: the version element, then the fragments whose data differ from what this
    socket was sent (all of them for an empty `sent`); `sent` (fragment id → the digest of its data
    key; the log's hand and row count) is updated in place: what the page holds after this frame. `base` is the
    version the socket showed before (None when `sent` is empty: a full snapshot). `quiet` (a private
    step of a held claim window): no frame at all ("") when no fragment changed. The version element
    differs on every change: made directly, never kept in the memo."""
    language = translation.get_language()
    out = [fragment_html.version(version(snap, base if sent else None), True)]
    for fid, template, make in build(snap, language):
        if fid == "event-log":
            out.append(_log_update(snap, sent, make, language))
            continue
        data, k = make()
        digest = hash(k)  # what `sent` and games.live.history keep: 8 bytes, not the data's repr
        if sent.get(fid) != digest:
            sent[fid] = digest
            out.append(render(template, data, oob=True, data_key=k, language=language))
    return "" if quiet and not any(out[1:]) else "".join(out)


def render_all(snap: Snapshot) -> dict[str, str]:
    """Each fragment by id, for the full page."""
    parts, language = {}, translation.get_language()
    for fid, template, make in build(snap, language):
        data, data_key = make()
        parts[fid] = render(template, data, oob=False, data_key=data_key, language=language)
    parts["version"] = fragment_html.version(version(snap, None), False)  # as render_changed: no memo
    parts["slots"] = [{"place": relative(snap, p) if p < snap.table.player_count else "absent",
                       "me": p == snap.position, "html": parts[f"seat-{p}"]} for p in range(SEATS)]
    return parts
