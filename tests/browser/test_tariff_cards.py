"""In Chromium: each ruleset's tariff card and a tariff's card print on one A4 page (rendered to
PDF by Chromium, its pages counted); the cards and the rules page fit a 390 px phone, also at
200 % text, in German and English, with no serious accessibility fault."""

import re

import pytest

import scoring
from tarock_cup.tariffs.models import Tariff
from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
RULESETS = [info.key for info in scoring.rulesets()]


def pages(pdf: bytes) -> int:
    """Return the number of pages of a PDF as Chromium writes it (one page object each)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.fixture
def tariff(director):
    return Tariff.objects.create(
        name="Tirol 2014",
        ruleset="tirol_cup",
        numbers={
            "contracts": {
                "besserrufer": {"won": 2, "lost": 2},
                "piccolo_ouvert": {"won": 7, "lost": 7},
            },
            "valat": {"silent": 15, "announced": 30},
        },
        owner=director,
    )


@pytest.mark.parametrize("prefix", ["", "/en"], ids=["de", "en"])
@pytest.mark.parametrize("key", RULESETS)
def test_a_rulesets_card_prints_on_one_page(page, live_server, key, prefix):
    page.goto(f"{live_server.url}{prefix}/rules/{key}/card/")
    page.locator("#card-rule-trischaken").wait_for()
    count = pages(page.pdf(prefer_css_page_size=True))
    assert count == 1, f"the card of {key}{prefix} prints on {count} pages, not one"


def test_a_tariffs_card_prints_on_one_page(page, live_server, tariff):
    page.goto(f"{live_server.url}/tariffs/{tariff.pk}/card/")
    page.locator("#card-contract-besserrufer").wait_for()
    count = pages(page.pdf(prefer_css_page_size=True))
    assert count == 1, f"the tariff's card prints on {count} pages, not one"


def test_the_printed_card_as_it_looks(page, live_server):
    # A4 landscape inside the print stylesheet's 10 mm margins, in CSS pixels
    page.set_viewport_size({"width": round(277 / 25.4 * 96), "height": round(190 / 25.4 * 96)})
    page.goto(f"{live_server.url}/rules/stmk/card/")
    page.emulate_media(media="print")
    screenshot(page, "tariff-card-stmk-print")
    assert page.locator(".site-header").is_hidden(), "the printed card has no site header"


@pytest.mark.parametrize("prefix", ["", "/en"], ids=["de", "en"])
@pytest.mark.parametrize("path", ["/rules/ooe/card/", "/rules/ooe/"], ids=["card", "rules"])
def test_the_card_and_the_rules_page_fit_a_phone(phone, live_server, path, prefix):
    phone.goto(f"{live_server.url}{prefix}{path}")
    phone.locator("h1").wait_for()
    name = f"ooe-{'card' if 'card' in path else 'rules'}-390{prefix.replace('/', '-') or '-de'}"
    screenshot(phone, name)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"{prefix}{path} is {width} px wide on a 390 px phone"


@pytest.mark.parametrize(
    "path", ["/rules/stmk/card/", "/en/rules/ooe/card/", "/rules/ooe/", "/en/rules/stmk/"]
)
def test_the_card_and_the_rules_page_fit_a_phone_at_200_percent_text(phone, live_server, path):
    phone.goto(live_server.url + path)
    phone.locator("h1").wait_for()
    set_text_size(phone, 200)
    phone.locator("h1").wait_for()
    screenshot(phone, "tariff-card-390-200" + path.replace("/", "-").rstrip("-"), full_page=False)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"{path} at 200 % text is {width} px wide on a phone"


@pytest.mark.parametrize("path", ["/rules/ooe/card/", "/en/rules/stmk/card/"])
def test_the_card_has_no_serious_accessibility_fault(page, live_server, path, tariff):
    page.goto(live_server.url + path)
    page.locator("h1").wait_for()
    screenshot(page, "tariff-card-laptop" + path.replace("/", "-").rstrip("-"))
    violations = run_axe(page)
    assert violations == [], describe(violations)


def test_a_tariffs_card_on_a_laptop(page, live_server, tariff):
    page.goto(f"{live_server.url}/en/tariffs/{tariff.pk}/card/")
    page.locator("#card-contract-besserrufer").wait_for()
    screenshot(page, "tariff-card-tariff-laptop-en")
    violations = run_axe(page)
    assert violations == [], describe(violations)
