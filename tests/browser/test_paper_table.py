"""In Chromium, as a director in German: a table's round recorded from its paper block, a wrong
sum refused with its message, the standings counting the paper totals; on a laptop and a phone."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import sheets
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = "/t/cup/round/1/table/1/"


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


def fill_totals(page, totals):
    for seat, total in enumerate(totals):
        page.fill(f"#id_total_{seat}", str(total))


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def test_a_director_records_a_paper_table_and_the_standings_count_it(page, live_server, table):
    log_in(page, live_server)
    page.goto(live_server.url + TABLE)
    page.click("#paper-record")
    expect(page.locator("#id_hands")).to_have_value("16")
    fill_totals(page, [120, -40, -40, -10])
    page.fill("#id_note", "Block von allen vier unterschrieben")
    screenshot(page, "paper-form")
    page.click("#paper-save")
    expect(page.locator("#paper-form")).to_contain_text("die Summen ergeben zusammen 30, nicht 0")
    screenshot(page, "paper-form-refused")
    page.fill("#id_total_3", "-40")
    page.click("#paper-save")
    expect(page.locator(".messages")).to_contain_text("Die Summen des Papierblocks sind erfasst")
    expect(page.locator("#paper-totals")).to_contain_text("+120")
    screenshot(page, "paper-table")
    page.goto(live_server.url + "/t/cup/standings/")
    expect(page.locator("#paper-tables")).to_contain_text("Runde 1, Tisch 1")
    screenshot(page, "paper-standings")
    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td.total")).to_have_text("120")


def test_on_a_phone_the_paper_form_and_the_table_page_fit(phone, live_server, table):
    log_in(phone, live_server)
    phone.goto(live_server.url + TABLE + "paper/")
    fill_totals(phone, [120, -40, -40, -40])
    phone.fill("#id_note", "Block von allen vier unterschrieben")
    screenshot(phone, "paper-form-phone")
    wide = phone.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide, "the paper form should not scroll sideways at 390 px"
    phone.click("#paper-save")
    expect(phone.locator("#paper-totals")).to_contain_text("+120")
    screenshot(phone, "paper-table-phone")
    wide = phone.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide, "the table page of a paper table should not scroll sideways at 390 px"
    phone.goto(live_server.url + "/t/cup/standings/")
    expect(phone.locator("#paper-tables")).to_contain_text("Runde 1, Tisch 1")
    screenshot(phone, "paper-standings-phone")


def test_replacing_the_paper_totals_shows_the_difference_first(phone, live_server, table):
    sheets.record_paper(table, {"totals": [120, -40, -40, -40], "hands": 16, "note": "Block"})
    for _ in range(16):
        sheets.save_hand(table, {"manual": {"scores": [1, -1, 0, 0], "reason": "nachgetragen"}})
    log_in(phone, live_server)
    phone.goto(live_server.url + TABLE)
    phone.click("#paper-replace")
    expect(phone.locator("#confirm")).to_contain_text("Anna: Papierblock +120")
    screenshot(phone, "paper-replace-confirm-phone")
    phone.click("#confirm-button")
    expect(phone.locator(".messages")).to_contain_text("Jetzt zählen die eingegebenen Spiele")
    expect(phone.locator("#paper")).to_have_count(0)
