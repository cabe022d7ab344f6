"""In Chromium on a 390 px phone and a laptop: the rules page of the new ruleset stmk, in German
and in English, shows its 18 contracts and its own rules without scrolling sideways."""

import pytest

from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@pytest.mark.parametrize(
    ("prefix", "heading", "contract"),
    [("", "Steiermark 2/2020", "Quapilrufer"), ("/en", "Steiermark 2/2020", "Zwiccolo ouvert")],
    ids=["de", "en"],
)
def test_the_stmk_rules_page_fits_a_phone(prefix, heading, contract, phone, live_server):
    phone.goto(f"{live_server.url}{prefix}/rules/stmk/")
    phone.get_by_role("heading", name=heading).first.wait_for()
    assert phone.get_by_text(contract).count() > 0, f"the page should list {contract}"
    name = f"stmk-rules-phone{prefix.replace('/', '-') or '-de'}"
    screenshot(phone, name)
    screenshot(phone, f"{name}-top", full_page=False)
    phone.get_by_role("heading", name="Trischaken").first.scroll_into_view_if_needed()
    screenshot(phone, f"{name}-trischaken", full_page=False)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"the stmk rules page is {width} px wide on a 390 px phone"


def test_the_stmk_rules_page_on_a_laptop(page, live_server):
    page.goto(f"{live_server.url}/rules/stmk/")
    page.get_by_role("heading", name="Steiermark 2/2020").first.wait_for()
    screenshot(page, "stmk-rules-laptop-de")
    assert page.get_by_text("Topf").count() > 0, "the German page should explain the pot"
