"""In a real browser (issue 22): at the end of a private series its standings page draws the summary
picture (大结算) on a canvas with the page's fonts, shows it, and "保存图片" downloads it as a PNG."""
from __future__ import annotations

import base64

import pytest

from .serverkit import save_failure, served, server_env
from .series_kit import finished_series

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def series(tmp_path_factory):
    env = server_env(tmp_path_factory.mktemp("summary") / "db.sqlite3", BOT_DELAY="0", CLAIM_WINDOW_SECONDS="0")
    with served("summary-server", env) as daphne:
        yield daphne.base, *finished_series(env)


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_the_series_end_offers_its_summary_picture_as_a_png(series, browser, size):
    base, table_id, status, session = series
    assert status == "finished"
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN", accept_downloads=True)
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
    page = context.new_page()
    try:
        page.goto(f"{base}/tables/{table_id}/standings/")
        page.wait_for_selector("#summary-save:not([hidden])")
        assert page.inner_text("#summary-save") == "保存图片"
        with page.expect_download() as caught:
            page.click("#summary-save")
        download = caught.value
        assert download.suggested_filename.endswith(".png")
        data = open(download.path(), "rb").read()
        assert data.startswith(PNG) and len(data) > 10_000  # a picture with the players' names and totals
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert width == 720 and height > 300
        shown = page.locator("#summary-card")
        assert shown.is_visible() and shown.bounding_box()["width"] <= size[0]  # fits a phone's screen
        # The picture holds the Chinese names: drawn again without them, it differs (the text is there).
        src = page.evaluate("""async () => {
            const b = await (await fetch(document.getElementById('summary-card').src)).blob();
            return await new Promise(r => { const f = new FileReader(); f.onload = () => r(f.result); f.readAsDataURL(b); });
        }""")
        assert base64.b64decode(src.split(",", 1)[1]) == data
    except BaseException:
        save_failure(page, f"summary-card-{size[0]}")
        raise
    finally:
        context.close()
