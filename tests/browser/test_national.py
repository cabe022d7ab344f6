"""In Chromium: the national ranking on a laptop, on a 390 px phone (also at 200 % text) and on
the projector, in German and English; the organiser's page on a phone. No sideways scrolling,
no serious axe-core violations."""

import pytest

from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import screenshot
from tests.national import world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def oef(django_user_model):
    from tarock_cup.national.ranking import forget_rankings

    forget_rankings()
    return world.build(django_user_model)


def fits(page, width):
    return page_width(page) <= width


@pytest.mark.parametrize(("prefix", "heading"), [("", "Gesamtwertung"), ("/en", "National")])
def test_the_ranking_fits_a_phone_in_both_languages(phone, live_server, oef, prefix, heading):
    phone.goto(f"{live_server.url}{prefix}/national/oef/")
    phone.wait_for_selector("#national-ranking tbody tr")
    screenshot(phone, f"national-phone{prefix.replace('/', '-') or '-de'}")
    rows = phone.locator("#national-ranking tbody tr").count()
    assert (rows, fits(phone, 390), heading in phone.inner_text("main")) == (6, True, True), (
        f"six players, no sideways scrolling at 390 px, the heading in the language ({prefix})"
    )


def test_the_ranking_has_no_serious_accessibility_faults(phone, live_server, oef):
    phone.goto(f"{live_server.url}/national/oef/")
    phone.wait_for_selector("#national-ranking")
    violations = run_axe(phone)
    assert violations == [], describe(violations)


def test_the_ranking_fits_a_phone_at_200_percent_text(phone, live_server, oef):
    set_text_size(phone, 200)
    phone.goto(f"{live_server.url}/national/oef/")
    phone.wait_for_selector("#national-ranking")
    screenshot(phone, "national-phone-200", full_page=False)
    wide = __import__("tests.browser.a11y", fromlist=["x"]).outside_viewport(phone, "main *")
    assert fits(phone, 390), f"no sideways scrolling at 200 % text: {wide[:5]}"


def test_the_ranking_on_a_laptop_lists_the_qualified(page, live_server, oef):
    page.goto(f"{live_server.url}/en/national/oef/")
    page.wait_for_selector("#cup-tirol .qualified li")
    screenshot(page, "national-laptop-en")
    assert page.locator("#cup-tirol .qualified li").count() == 2, "tirol's two places"


@pytest.mark.parametrize(("viewport", "name"), [((1280, 720), "laptop"), ((390, 844), "phone")])
def test_the_projector_shows_the_ranking_in_large_type(browser, live_server, oef, viewport, name):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    projector = context.new_page()
    projector.goto(f"{live_server.url}/national/oef/projector/")
    projector.wait_for_selector("#podium tr")
    screenshot(projector, f"national-projector-{name}", full_page=False)
    first = projector.inner_text("#podium tr:first-child")
    size = projector.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#podium td')).fontSize)"
    )
    wide = fits(projector, viewport[0])
    context.close()
    assert ("Anna" in first, size >= 20, wide) == (True, True, True), (
        f"Anna first, large type, no sideways scrolling on the {name}"
    )


def test_the_organisers_page_fits_a_phone(phone, live_server, oef):
    from tests.browser.conftest import log_in

    log_in(phone, live_server.url, "final_organiser", "pw-123456")
    phone.goto(f"{live_server.url}/national/oef/manage/")
    phone.wait_for_selector("#invite-form")
    screenshot(phone, "national-manage-phone")
    assert fits(phone, 390), "the settings and the invitation fit 390 px"
