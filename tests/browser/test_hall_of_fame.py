"""In Chromium: a cup's hall of fame on a 390 px phone (German, English, 200 % text) and on a
laptop: it fits the screen without sideways scrolling, axe-core finds nothing, and it shows the
hand-worked winners and the shared record (tests/cups/hall_world.py)."""

import pytest

from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import screenshot
from tests.cups import hall_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CASES = [
    ("phone", "", 100),
    ("phone", "/en", 100),
    ("phone", "", 200),
    ("page", "", 100),
]


@pytest.fixture
def seasons(director, other_user):
    return hall_world.build(director, other_user)


@pytest.mark.parametrize(("device", "prefix", "text"), CASES)
def test_the_hall_of_fame_fits_and_is_clean(request, live_server, seasons, device, prefix, text):
    page = request.getfixturevalue(device)
    if text != 100:
        set_text_size(page, text)
    page.goto(f"{live_server.url}{prefix}/cups/tirol-2024-25/hall-of-fame/")
    page.wait_for_selector("#best_round li")
    name = f"hall-of-fame-{device}{prefix.replace('/', '-')}-{text}"
    screenshot(page, name, full_page=text == 100)
    width = page.viewport_size["width"]
    assert page_width(page) <= width, f"the hall fits {width} px at {text} % without scrolling"
    violations = run_axe(page)
    assert violations == [], describe(violations)


def test_the_phone_shows_the_winners_and_the_shared_record(phone, live_server, seasons):
    phone.goto(live_server.url + "/cups/tirol-2025-26/")
    phone.click("text=Ruhmeshalle")
    phone.wait_for_selector("#season-winners")
    winners = phone.locator("#season-winners li").all_inner_texts()
    best_round = phone.locator("#best_round li").count()
    assert (len(winners), "Cora L." in winners[1], best_round) == (3, True, 3), (
        "three public seasons, Cora by her public name, the best round shared by three"
    )
