"""Pages are gzip-compressed unless they carry a secret that BREACH could read (paohuzi_site.compression):
the lobby is, the table page and a lobby listing a private room's invite code are not. Static files as
served (collected, hashed, Brotli and gzip beside them) are in tests/browser/test_compressed_transfer.py."""
import pytest

from games import rooms
from games.models import Variant

pytestmark = pytest.mark.django_db
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_the_lobby_is_compressed_for_a_browser_that_accepts_gzip(client, defaults, make_user):
    client.force_login(make_user("ann"))
    page = client.get("/play/", **GZIP)
    assert page.status_code == 200 and page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page["Vary"]
    assert not client.get("/play/").has_header("Content-Encoding")  # nor for one that does not


def test_pages_with_an_invite_code_or_a_hand_are_never_compressed(client, defaults, make_user):
    ann = make_user("ann")
    room = rooms.private_create(owner=ann, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                player_count=3)
    client.force_login(ann)
    for url in ("/play/", f"/tables/{room.pk}/", f"/join/{room.invite_code}/", f"/tables/{room.pk}/standings/"):
        page = client.get(url, follow=True, **GZIP)
        assert page.status_code == 200 and not page.has_header("Content-Encoding"), url
        assert room.invite_code in page.content.decode(), url
