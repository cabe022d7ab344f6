"""In Chromium: the demo day's money. A table's settlement, the day's totals, the payout list and
the settings read on a 390 px phone at normal and twice the text size, in German and English,
without sideways scrolling; axe-core finds no serious fault; a director sets the money up."""

import shutil
from pathlib import Path

import pytest

from tarock_cup.tournaments import demo
from tests.browser.a11y import describe, outside_viewport, page_width, run_axe, set_text_size
from tests.browser.conftest import SCREENS, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
# where this change's screenshots are looked at besides the test run's own folder
SHOTS = Path("/work/shots/h6")

PAGES = [
    ("table", "/t/demo/round/1/table/1/"),
    ("table-en", "/en/t/demo/round/1/table/1/"),
    ("day", "/t/demo/settlement/"),
    ("day-en", "/en/t/demo/settlement/"),
    ("payout", "/t/demo/settlement/payout/"),
    ("payout-en", "/en/t/demo/settlement/payout/"),
    ("settings", "/t/demo/settlement/edit/"),
]


@pytest.fixture
def day(director):
    """The demo day (10 cents a point, kontras into a charity box, prizes by field size)."""
    return demo.load_demo(owner=director)


def keep(page, name, full_page=True):
    """Save the screenshot in the test run's folder, and a copy where it is reviewed."""
    screenshot(page, name, full_page=full_page)
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(SCREENS / f"{name}.png", SHOTS / f"{name}.png")


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path"), PAGES)
def test_the_money_pages_fit_a_phone(name, path, text, phone, live_server, day):
    set_text_size(phone, text)
    log_in(phone, live_server.url)
    phone.goto(live_server.url + path)
    phone.wait_for_selector("main h1")
    width = page_width(phone)
    keep(phone, f"h6-{name}-phone-{text}", full_page=text == 100)
    assert width <= PHONE_WIDTH, f"{name} at {text} % text is {width} px wide on a 390 px phone"


def test_every_amount_of_a_tables_money_is_on_screen(phone, live_server, day):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/t/demo/round/1/table/1/")
    phone.locator("#table-money").scroll_into_view_if_needed()
    keep(phone, "h6-table-money-phone", full_page=False)
    off = outside_viewport(phone, "#table-money td")
    assert off == [], f"amounts reaching past the phone's screen: {off}"


@pytest.mark.parametrize(("name", "path"), PAGES)
def test_axe_finds_no_serious_fault(name, path, page, live_server, day):
    log_in(page, live_server.url)
    page.goto(live_server.url + path)
    page.wait_for_selector("main h1")
    keep(page, f"h6-{name}-laptop")
    violations = run_axe(page)
    assert violations == [], f"axe on {name}:\n{describe(violations)}"


def test_a_director_refused_a_rising_prize_table_sees_why(phone, live_server, day):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/t/demo/settlement/edit/")
    phone.get_by_label("feste Beträge nach Rang").check()
    phone.get_by_label("feste Preise (Euro)").fill("1 = 10\n2 = 20")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Speichern").click()
    keep(phone, "h6-settings-refused-phone")
    message = phone.locator(".errorlist").first.inner_text()
    assert "Rang 2 bekäme mehr als Rang 1" in message, f"the refusal should say why: {message}"
