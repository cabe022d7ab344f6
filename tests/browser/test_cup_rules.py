"""In Chromium: the page "Cups and their rules" and a shipped tariff on a 390 px phone (German and
English, at 200 % text too, axe-core clean), and a director on a laptop copying a shipped tariff
and choosing one for a tournament, the tie-breakers following it."""

import pytest

from tests.browser.a11y import AXE_VERSION, describe, page_width, run_axe, set_text_size
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
CUPS = [
    "Tiroler Tarockcup",
    "Raiffeisen Tarockcup",
    "Hausruckviertler Tarockcup",
    "Sauwald Tarockcup",
    "Steirischer Tarockcup",
    "Wiener Tarockcup",
    "Kärntner Tarockcup",
    "Lungauer Tarockturniere",
    "Tarock-Österreich-Finale",
]


@pytest.mark.parametrize(
    ("prefix", "heading"), [("", "Cups und ihre Regeln"), ("/en", "Cups and their rules")]
)
def test_the_cups_page_lists_every_cup_on_a_phone(prefix, heading, phone, live_server):
    phone.goto(f"{live_server.url}{prefix}/rules/cups/")
    phone.get_by_role("heading", name=heading, level=1).wait_for()
    missing = [c for c in CUPS if phone.get_by_role("heading", name=c).count() == 0]
    screenshot(phone, f"cup-rules-phone{prefix.replace('/', '-') or '-de'}")
    phone.get_by_role("heading", name="Wiener Tarockcup").scroll_into_view_if_needed()
    screenshot(phone, f"cup-rules-phone-vienna{prefix.replace('/', '-') or '-de'}", full_page=False)
    violations = run_axe(phone)
    width = page_width(phone)
    assert (missing, width) == ([], PHONE_WIDTH), f"missing {missing}, {width} px wide"
    assert violations == [], f"axe {AXE_VERSION}:\n" + describe(violations)


@pytest.mark.parametrize("path", ["/rules/cups/", "/en/rules/cups/", "/tariffs/"])
def test_the_shipped_rules_fit_a_phone_at_200_percent_text(path, phone, live_server):
    set_text_size(phone, 200)
    phone.goto(live_server.url + path)
    phone.locator("main h1").wait_for()
    name = "cup-rules-phone-200" if "cups" in path else "tariffs-phone-200"
    screenshot(phone, f"{name}{'-en' if path.startswith('/en') else ''}", full_page=False)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"{path} at 200 % text is {width} px wide on a 390 px phone"


def test_a_shipped_tariffs_page_on_a_phone(phone, live_server):
    phone.goto(live_server.url + "/tariffs/")
    phone.get_by_role("heading", name="Mit dem Programm mitgeliefert").scroll_into_view_if_needed()
    screenshot(phone, "tariffs-shipped-phone-de", full_page=False)
    phone.goto(live_server.url + "/rules/cups/")
    phone.get_by_role("link", name="Tiroler Tarockcup 2014").first.click()
    phone.get_by_role("heading", name="Tiroler Tarockcup 2014 (Version 1)").wait_for()
    screenshot(phone, "shipped-tariff-phone-de")
    screenshot(phone, "shipped-tariff-phone-de-top", full_page=False)
    violations = run_axe(phone)
    third_party = phone.get_by_text("Quelle von dritter Seite:").count()
    assert (third_party, page_width(phone)) == (1, PHONE_WIDTH), "marked, and no sideways scroll"
    assert violations == [], f"axe {AXE_VERSION}:\n" + describe(violations)


def test_a_director_copies_a_shipped_tariff_and_changes_the_copy(page, live_server, director):
    log_in(page, live_server.url)
    page.goto(live_server.url + "/en/tariffs/")
    page.get_by_role("link", name="Tiroler Tarockcup 2020/21").click()
    page.get_by_role("link", name="Copy and edit").click()
    page.get_by_role("heading", name="New tariff").wait_for()
    page.fill("#id_name", "Tirol 2026")
    page.fill("#id_b_sack2_silent", "2")
    screenshot(page, "shipped-tariff-copy-laptop-en")
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    page.get_by_role("heading", name="Tirol 2026 (version 1)").wait_for()
    screenshot(page, "shipped-tariff-copied-laptop-en")
    assert page.get_by_role("link", name="Change").count() == 1, "the copy is the director's own"


def test_choosing_the_tirol_2020_tariff_sets_its_tie_breakers(page, live_server, director):
    log_in(page, live_server.url)
    page.goto(live_server.url + "/en/t/new/")
    page.select_option("#id_ruleset", "tirol_cup")
    page.select_option(
        "#id_tariff", label="Tiroler Tarockcup 2020/21 (version 1) – Tiroler Tarockcup 2019/20"
    )
    third = page.locator("select[name='tie_breakers']").nth(2)
    # the page's script fills them in at once; wait for the third one
    page.wait_for_function(
        "() => document.querySelectorAll(\"select[name='tie_breakers']\")[2].value !== ''"
    )
    screenshot(page, "new-tournament-tirol-2020-laptop-en")
    assert third.input_value() == "third_best_round", "Tirol 2020/21 breaks ties by 3 rounds"


def test_the_cups_page_on_a_laptop(page, live_server):
    page.goto(live_server.url + "/rules/cups/")
    page.get_by_role("heading", name="Kärntner Tarockcup").scroll_into_view_if_needed()
    screenshot(page, "cup-rules-laptop-de-carinthia", full_page=False)
    note = page.get_by_text("Angenommen: wie in der Steiermark.")
    assert note.count() == 1, "Carinthia should be marked as assumed the same as Styria"
