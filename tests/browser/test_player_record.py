"""In Chromium: a player's record page on a 390 px phone at twice the text size, without
sideways scrolling and axe-core clean, in German and English; its filters by season and cup.
Screenshots of the page (laptop and phone, de and en) also go to /work/shots/h1/ when it exists.
"""

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Player
from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import SCREENS, screenshot
from tests.register.record_fixture import two_tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
SHOTS = Path("/work/shots/h1")


@pytest.fixture
def record_url(director, live_server):
    two_tournaments(director)
    two_tournaments(director, cup_slug="alt", season="2025/26")
    anna = Player.objects.get(name="Anna Huber")
    return f"{live_server.url}{{prefix}}/players/{anna.number}/"


def keep(name):
    """Copy the test's screenshot to the helper's folder of screenshots, if there is one."""
    if SHOTS.is_dir():
        shutil.copy(SCREENS / f"{name}.png", SHOTS / f"{name}.png")


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_record_fits_a_phone_at_twice_the_text_size(phone, record_url, prefix):
    phone.goto(record_url.format(prefix=prefix))
    expect(phone.locator("h1")).to_be_visible()
    screenshot(phone, f"player-record-phone{prefix.replace('/', '-')}")
    keep(f"player-record-phone{prefix.replace('/', '-')}")
    set_text_size(phone, 200)
    expect(phone.locator("h1")).to_be_visible()
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"the page is {width} px wide at 200 % text: it scrolls sideways"


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_record_is_axe_clean(page, record_url, prefix):
    page.goto(record_url.format(prefix=prefix))
    expect(page.locator("svg.score-chart")).to_be_visible()
    screenshot(page, f"player-record-laptop{prefix.replace('/', '-')}")
    keep(f"player-record-laptop{prefix.replace('/', '-')}")
    violations = run_axe(page)
    assert violations == [], describe(violations)


def test_the_season_filter_shows_that_seasons_tournaments(phone, record_url):
    phone.goto(record_url.format(prefix="/en"))
    phone.select_option("#record-season", "2025/26")
    phone.click(".record-filters button[type=submit]")
    expect(phone.locator("#record-results")).to_contain_text("Turnier ALT-A")
    expect(phone.locator("#record-results")).not_to_contain_text("Turnier TIROL-A")
    screenshot(phone, "player-record-filtered-phone-en")
    keep("player-record-filtered-phone-en")
