"""In Chromium on a 390 px phone (issue 33): a live page just loaded sends its own validator with
its first poll, so it is answered 304 until the page changes, then the change comes in."""

import pytest

from tarock_cup.tournaments import sheets
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MANUAL = {"manual": {"scores": [3, -1, -1, -1], "reason": "test"}}


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def next_poll(phone, path):
    """Return the page's next poll of itself (the script's fetch), waiting for it."""
    with phone.expect_response(
        lambda r: r.url.endswith(path) and r.request.resource_type == "fetch", timeout=10_000
    ) as polled:
        pass
    return polled.value


@pytest.mark.parametrize("language", ["", "/en"])
def test_the_first_poll_of_a_link_page_just_loaded_is_a_304(phone, live_server, table, language):
    path = f"{language}/table/{table.token}/"
    phone.goto(live_server.url + path)
    screenshot(phone, f"h6-link-page-held-validator{language.replace('/', '-') or '-de'}")
    assert next_poll(phone, path).status == 304, "an unchanged page is not sent again"


def test_a_hand_saved_at_the_table_elsewhere_comes_in_with_the_next_poll(phone, live_server, table):
    path = f"/table/{table.token}/"
    phone.goto(live_server.url + path)
    next_poll(phone, path)
    sheets.save_hand(table, MANUAL)
    assert next_poll(phone, path).status == 200, "a page that changed is sent whole"


def test_the_first_poll_of_the_projector_just_loaded_is_a_304(page, live_server, table):
    page.goto(live_server.url + "/t/cup/projector/")
    screenshot(page, "h6-projector-held-validator")
    assert next_poll(page, "/t/cup/projector/").status == 304, "an unchanged projector is a 304"
