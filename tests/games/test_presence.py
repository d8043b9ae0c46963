"""Presence (issue 22.4): a coin table's person whose pages all closed after playing a hand (the lobby
link, the back button, a closed tab) does not play the next one: its deal frees the seat for another
person or a bot, and a table left to bots ends and leaves the lobby's "now playing". A person with a
page open, or one who never opened it, is dealt in as before."""
import pytest

from games import selectors
from games import reads
from games import play
from games import rooms
from games.clock import tick
from games.models import Seat, Table
from games.play import seat_presence

from .tablekit import WIN_SEED, deal_seed, play_out  # noqa: F401

pytestmark = pytest.mark.django_db


def _at_table(make_user, deal_seed, names):
    """These people quick-match into one 天门山 table (bots in the other seats) and play hand 1 out."""
    deal_seed(WIN_SEED)
    table = None
    for name in names:
        table = rooms.quick_match(user=make_user(name))
    if len(names) < table.player_count:
        tick.table_tick(table_id=table.pk, now=table.fill_at)  # bots take the empty seats
    people = {s.position: s.user for s in table.seats.filter(user__isnull=False)}
    for user in people.values():
        seat_presence(table_id=table.pk, user=user, opened=True)
    hand = play_out(table, people)
    table.refresh_from_db()
    return table, people, hand


def _seat(table, user) -> Seat:
    return Seat.objects.get(table=table, user=user)


def test_pages_are_counted_and_the_last_to_close_notes_when(defaults, make_user, deal_seed):
    table, people, _ = _at_table(make_user, deal_seed, ["ann"])
    ann = next(iter(people.values()))
    seat_presence(table_id=table.pk, user=ann, opened=True)  # a second page (a reload's new one first)
    seat_presence(table_id=table.pk, user=ann, opened=False)
    assert (_seat(table, ann).sockets, _seat(table, ann).left_at) == (1, None)
    seat_presence(table_id=table.pk, user=ann, opened=False)
    seat_presence(table_id=table.pk, user=ann, opened=False)  # never below none
    assert _seat(table, ann).sockets == 0 and _seat(table, ann).left_at is not None
    seat_presence(table_id=table.pk, user=ann, opened=True)
    assert (_seat(table, ann).sockets, _seat(table, ann).left_at) == (1, None)


def test_a_guest_who_left_two_bots_after_a_hand_is_not_dealt_in_and_the_table_ends(defaults, make_user, deal_seed):
    table, people, hand = _at_table(make_user, deal_seed, ["ann"])
    ann = next(iter(people.values()))
    assert table.status == Table.Status.PLAYING and selectors.now_playing()
    seat_presence(table_id=table.pk, user=ann, opened=False)  # to the lobby during the countdown
    ann.refresh_from_db()
    coins = ann.coins  # after hand 1
    tick.table_tick(table_id=table.pk, now=hand.deadline)  # NEXT_HAND_WAIT passed
    table.refresh_from_db()
    ann.refresh_from_db()
    assert table.status == Table.Status.FINISHED and not table.seats.filter(user=ann).exists()
    assert selectors.current_hand(table).number == 1 and ann.coins == coins  # no hand played for them
    assert selectors.now_playing() == []  # nor listed, nor watched
    assert rooms.quick_match(user=ann) != table  # a new table for them


def test_a_person_who_left_frees_the_seat_for_a_bot_and_the_others_play_on_without_waiting(
        defaults, make_user, deal_seed):
    table, people, hand = _at_table(make_user, deal_seed, ["ann", "bob", "cyd"])
    ann, bob, cyd = (people[p] for p in sorted(people))
    seat_presence(table_id=table.pk, user=ann, opened=False)
    play.next_ready(table=table, user=bob)
    assert play.next_ready(table=table, user=cyd) is None  # ann is not waited for: the deal unseats her
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING and table.new_series and table.fill_at is not None
    tick.table_tick(table_id=table.pk, now=table.fill_at)  # a bot takes her seat: hand 2
    hand = selectors.current_hand(table)
    assert hand.number == 2 and set(hand.players.all()) == {bob, cyd} and table.seats.filter(is_bot=True).count() == 1


def test_a_departure_after_this_process_read_the_table_is_seen_by_the_last_ready(defaults, make_user, deal_seed):
    """next_ready decides from this process's latest read when it is current; a page closing counts no
    version, so the read still shows the person present: the presence is read anew."""
    table, people, hand = _at_table(make_user, deal_seed, ["ann", "bob", "cyd"])
    ann, bob, cyd = (people[p] for p in sorted(people))
    play.next_ready(table=table, user=bob)
    assert reads.table_read(table.pk).seats  # this process's read, with ann's page open
    seat_presence(table_id=table.pk, user=ann, opened=False)
    play.next_ready(table=table, user=cyd)
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING and not table.seats.filter(user=ann).exists()


def test_a_person_with_a_page_open_or_never_opened_is_dealt_the_next_hand(defaults, make_user, deal_seed):
    table, people, hand = _at_table(make_user, deal_seed, ["ann", "bob"])
    ann, bob = (people[p] for p in sorted(people))
    Seat.objects.filter(table=table, user=bob).update(sockets=0, left_at=None)  # never opened (the tests' players)
    tick.table_tick(table_id=table.pk, now=hand.deadline)
    hand = selectors.current_hand(table)
    assert hand.number == 2 and set(hand.players.all()) == {ann, bob}


def test_a_person_seated_after_the_last_hand_is_dealt_in_before_their_page_opens(defaults, make_user, deal_seed):
    """Their page may not be open yet at the deal: only someone who played the last hand counts as gone."""
    table, people, hand = _at_table(make_user, deal_seed, ["ann", "bob"])
    ann, bob = (people[p] for p in sorted(people))
    rooms.table_leave(table=table, user=bob)
    dan = make_user("dan")
    assert rooms.quick_match(user=dan) == table
    Seat.objects.filter(table=table, user=dan).update(left_at=hand.finished_at)  # as if a page of theirs closed
    table.refresh_from_db()
    tick.table_tick(table_id=table.pk, now=table.fill_at)
    hand = selectors.current_hand(table)
    assert hand.number == 2 and set(hand.players.all()) == {ann, dan}
