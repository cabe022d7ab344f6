"""In Chromium, in German, on a 390 px phone: a table types its code, enters its hands through
its own link with the engine's preview, and signs its sheet; the director sees it signed on the
round page and accepts it, after which the link says the table is closed."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import links, sheets
from tarock_cup.tournaments.models import Change, Tournament
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


@pytest.fixture
def table(director):
    tournament = make_tournament(director)
    tournament.hands_four = 2
    tournament.save()
    return make_table(tournament)


@pytest.fixture
def second(browser):
    """Another phone at the table: its own browser context, in German, 390 px wide."""
    other = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 844}, locale="de-AT")
    yield other.new_page()
    other.close()


def fill_by_hand(phone, scores):
    """Fill in a hand entered by hand, not saved yet."""
    phone.select_option("#id_contract", "manual")
    for seat, score in enumerate(scores):
        phone.fill(f"#id_manual_{seat}", score)
    phone.fill("#id_manual_reason", "Schiedsspruch")


def enter_by_hand(phone, scores):
    fill_by_hand(phone, scores)
    # the engine's preview before saving (its minus is the typographic one)
    expect(phone.locator("#preview .preview-scores")).to_contain_text(scores[0].replace("-", "−"))
    with phone.expect_navigation():
        phone.click("#save-hand")


def enter_the_round(phone, live_server, table):
    """Open the table's link and enter both hands of the round."""
    phone.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    enter_by_hand(phone, ["-3", "1", "1", "1"])


def test_a_table_enters_and_signs_its_sheet_on_a_phone(phone, page, live_server, table):
    phone.goto(live_server.url + "/table/")
    code = table.code.lower()
    phone.fill("#id_code", f"{code[:3]} {code[3:]}")
    screenshot(phone, "table-code-phone")
    with phone.expect_navigation():
        phone.click("#open-table")
    assert phone.url.endswith(f"/table/{table.token}/"), "the code should open the table's link"

    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    expect(phone.locator("#sheet tbody tr")).to_have_count(1)
    # The saved hand is told once, beside the Save button, not in the box at the top too.
    expect(phone.get_by_text("Spiel 1 gespeichert")).to_have_count(1)
    expect(phone.locator("#hand-form .saved[role=status]")).to_contain_text("Spiel 1 gespeichert")
    screenshot(phone, "table-link-phone")
    assert page_width(phone) <= PHONE_WIDTH, "the table's page should fit a phone"
    enter_by_hand(phone, ["-3", "1", "1", "1"])
    # The round's last hand: no form is left, and the hand is told once, in the entry section.
    expect(phone.get_by_text("Spiel 2 gespeichert")).to_have_count(1)
    expect(phone.locator("#entry .saved[role=status]")).to_contain_text("Spiel 2 gespeichert")
    screenshot(phone, "table-link-last-hand-saved-phone")

    for box in phone.locator("#sign-off input[type=checkbox]").all():
        box.check()
    screenshot(phone, "table-link-sign-phone")
    assert page_width(phone) <= PHONE_WIDTH, "the sign-off should fit a phone"
    violations = run_axe(phone)
    assert not violations, describe(violations)
    with phone.expect_navigation():
        phone.click("#sign-sheet")
    expect(phone.locator("#signed-status")).to_be_visible()

    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/")
    expect(page.locator("#table-state-1")).to_contain_text("vom Tisch")
    screenshot(page, "round-signed")
    with page.expect_navigation():
        page.click("#accept-1")
    expect(page.locator("#reopen-1")).to_be_visible()

    phone.reload()
    expect(phone.locator("#link-closed")).to_be_visible()
    screenshot(phone, "table-link-closed-phone")
    entries = list(Change.objects.filter(kind=Change.Kind.HAND).values_list("by_table", flat=True))
    assert entries == [True, True], "both hands should be recorded as entered by the table"


def test_a_save_by_another_phone_appears_on_the_link_page(phone, second, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    phone.evaluate("window.notReloaded = true")
    second.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(second, ["3", "-1", "-1", "-1"])
    expect(phone.locator("#sheet tbody tr")).to_have_count(1, timeout=15_000)
    assert phone.evaluate("window.notReloaded === true"), "the page should not reload"


def test_the_number_of_the_hand_being_corrected_shows_on_a_phone(phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    phone.goto(live_server.url + f"/table/{table.token}/hand/1/")
    number = phone.locator("#hand-1 td").first
    expect(number).to_have_text("1")
    box = number.bounding_box()
    on_top = phone.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).textContent.trim()",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top == "1", "the highlighted row's hand cell covers the hand's number"


def test_the_heading_and_dealer_move_on_when_another_phone_saves(phone, second, live_server, table):
    table.round.tournament.hands_four = 4
    table.round.tournament.save()
    phone.goto(live_server.url + f"/table/{table.token}/")
    heading = phone.locator("#entry-heading")
    expect(heading.locator("h2")).to_have_text("Spiel 1 eintragen")
    dealers = heading.locator("p").inner_text()
    phone.evaluate("window.notReloaded = true")
    second.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(second, ["3", "-1", "-1", "-1"])
    expect(heading.locator("h2")).to_have_text("Spiel 2 eintragen", timeout=15_000)
    assert heading.locator("p").inner_text() != dealers, "the next hand has the next dealer"
    assert phone.evaluate("window.notReloaded === true"), "the page should not reload"
    screenshot(phone, "table-link-heading-live-phone")


def test_the_sign_off_appears_when_another_phone_enters_the_last_hand(
    phone, second, live_server, table
):
    phone.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    phone.evaluate("window.notReloaded = true")
    expect(phone.locator("#sign-off")).to_have_count(0)
    second.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(second, ["-3", "1", "1", "1"])
    expect(phone.locator("#sign-off")).to_be_visible(timeout=15_000)
    assert phone.evaluate("window.notReloaded === true"), "the page should not reload"
    screenshot(phone, "table-link-sign-live-phone")
    assert page_width(phone) <= PHONE_WIDTH, "the sign-off should fit a phone"
    # The form that came in through the poll signs the sheet (its token is this phone's).
    for box in phone.locator("#sign-off input[type=checkbox]").all():
        box.check()
    with phone.expect_navigation():
        phone.click("#sign-sheet")
    expect(phone.locator("#signed-status")).to_be_visible()


def test_ticks_on_the_sign_off_stay_when_the_page_comes_back_with_the_same_sheet(
    phone, live_server, table
):
    enter_the_round(phone, live_server, table)
    phone.locator("#sign-off input[type=checkbox]").first.check()
    phone.evaluate("window.notReloaded = true")
    # A change elsewhere in the tournament: the page's next poll brings the whole page again.
    with phone.expect_response(
        lambda response: response.url.endswith(f"/table/{table.token}/") and response.status == 200,
        timeout=15_000,
    ):
        Tournament.bump_version(table.round.tournament_id)
    # The page asks again only once it has put that reply's regions in place.
    phone.wait_for_event(
        "request",
        lambda request: (
            request.url.endswith(f"/table/{table.token}/") and request.resource_type == "fetch"
        ),
        timeout=15_000,
    )
    assert phone.evaluate("window.notReloaded === true"), "the page should not reload"
    tick = phone.locator("#sign-off input[type=checkbox]").first
    assert tick.is_checked(), "the tick should stay when the sheet is the same"


def test_a_second_phone_saving_the_same_hand_hears_of_the_first(second, phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    second.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    fill_by_hand(second, ["6", "-2", "-2", "-2"])
    with second.expect_navigation():
        second.click("#save-hand")
    message = second.locator("#entry-errors")
    expect(message).to_contain_text("einem Handy an Tisch 1")
    # above the form and focused: the phone shows it, not the entry it typed
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()
    screenshot(second, "table-link-conflict-phone")
    assert links.table_for_token(table.token).hands.count() == 1, "one hand saved, not two"


def test_an_entry_refused_because_the_last_hand_came_in_says_so(second, phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    enter_by_hand(phone, ["3", "-1", "-1", "-1"])
    second.goto(live_server.url + f"/table/{table.token}/")
    fill_by_hand(second, ["6", "-2", "-2", "-2"])
    enter_by_hand(phone, ["-3", "1", "1", "1"])  # the round's last hand
    with second.expect_navigation():
        second.click("#save-hand")
    # the table is complete, so no form is shown: the message still is
    expect(second.locator("#hand-form")).to_have_count(0)
    message = second.locator("#entry-errors")
    expect(message).to_contain_text("Die Eingabe wurde nicht gespeichert")
    expect(message).to_be_in_viewport()
    screenshot(second, "table-link-conflict-complete-phone")
    assert links.table_for_token(table.token).hands.count() == 2, "two hands saved, not three"


def test_the_form_comes_back_when_a_hand_of_a_complete_sheet_is_deleted_elsewhere(
    phone, live_server, table
):
    enter_the_round(phone, live_server, table)
    expect(phone.locator("#hand-form")).to_have_count(0)
    sheets.delete_hand(table, 2)
    expect(phone.locator("#entry-heading h2")).to_have_text("Spiel 2 eintragen", timeout=15_000)
    expect(phone.locator("#hand-form")).to_be_visible()


def test_an_open_link_page_turns_into_the_closed_page_when_the_table_is_closed(
    phone, live_server, table
):
    enter_the_round(phone, live_server, table)
    sheets.close_table(table)
    expect(phone.locator("#link-closed")).to_be_visible(timeout=15_000)
    expect(phone.locator("#hand-form")).to_have_count(0)


@pytest.mark.parametrize("path", ["/en/table/", "/en/table/{token}/", "/table/"])
def test_the_code_and_link_pages_fit_a_phone_in_both_languages(phone, live_server, table, path):
    phone.goto(live_server.url + path.format(token=table.token))
    screenshot(phone, "table-link" + path.replace("/", "-").replace("{token}", "token"))
    assert page_width(phone) <= PHONE_WIDTH


def test_the_link_page_is_in_english_under_en(phone, live_server, table):
    phone.goto(live_server.url + f"/en/table/{table.token}/")
    expect(phone.locator("h1")).to_contain_text("Round 1, table 1")


def test_the_code_page_passes_the_accessibility_checks(phone, live_server, table):
    phone.goto(live_server.url + "/table/")
    phone.fill("#id_code", "AAAAAA")
    with phone.expect_navigation():
        phone.click("#open-table")
    violations = run_axe(phone)
    assert not violations, describe(violations)
