"""In Chromium: the national ranking's polled pages as served from their shared copy: the
projector in English on a laptop and a phone, the ranking on a laptop in German, and a page
asked again with the validator it holds gets a 304 (no sideways scrolling on any of them)."""

import pytest

from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.national import world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def oef(django_user_model):
    from tarock_cup.national.ranking import forget_rankings

    forget_rankings()
    return world.build(django_user_model)


@pytest.mark.parametrize(("viewport", "name"), [((1280, 720), "laptop"), ((390, 844), "phone")])
def test_the_english_projector_fits(browser, live_server, oef, viewport, name):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    projector = context.new_page()
    projector.goto(f"{live_server.url}/en/national/oef/projector/?from=the-hall")
    projector.wait_for_selector("#podium tr")
    screenshot(projector, f"national-projector-en-{name}", full_page=False)
    heading = projector.inner_text("#board-title")
    wide = page_width(projector)
    context.close()
    assert heading == "National ranking", f"the projector speaks English on the {name}"
    assert wide <= viewport[0], f"no sideways scrolling on the {name}"


def test_the_german_ranking_on_a_laptop(page, live_server, oef):
    page.goto(f"{live_server.url}/national/oef/")
    page.wait_for_selector("#national-ranking tbody tr")
    screenshot(page, "national-laptop-de")
    assert page_width(page) <= 1280, "no sideways scrolling on a laptop"


def test_the_projector_asked_again_is_a_304(page, live_server, oef):
    page.goto(f"{live_server.url}/national/oef/projector/")
    page.wait_for_selector("#podium tr")
    status = page.evaluate(
        """async () => {
            const first = await fetch(location.href, {cache: "no-store"});
            const etag = first.headers.get("ETag");
            const again = await fetch(location.href,
                {cache: "no-store", headers: {"If-None-Match": etag}});
            return again.status;
        }"""
    )
    assert status == 304, "the projector's poll of an unchanged ranking is a 304"
