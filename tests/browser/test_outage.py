"""In Chromium, in German, on a 390 px phone, while the server cannot reach its database: the
table's link page says so as soon as a preview finds it, keeps a hand saved then on the phone
and sends it by itself once the database is back (tests/browser/test_offline_table.py has the
rest of that); on the director's table page the typed hand stays when Save is pressed, and an
outage that begins just before Save, and a phone without a script, get the 503 page, which
fits the phone and says to go back."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand
from tests.browser.a11y import page_width
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_table_link import fill_by_hand
from tests.factories import make_table, make_tournament
from tests.test_outage import database_down

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
SCORES = ["3", "-1", "-1", "-1"]
GO_BACK = "mit der Zurück-Taste des Browsers zurückgehen"


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


@pytest.fixture
def link(live_server, table):
    return live_server.url + f"/table/{table.token}/"


@pytest.fixture
def directors_page(phone, live_server, table):
    """Return the director's page of the table, the director logged in on the phone."""
    log_in(phone, live_server.url)
    return live_server.url + table.get_absolute_url()


def typed(phone):
    return [phone.input_value(f"#id_manual_{seat}") for seat in range(4)]


def test_a_hand_saved_during_an_outage_waits_and_is_saved_afterwards(phone, link, table):
    phone.goto(link)
    with database_down():
        fill_by_hand(phone, SCORES)
        expect(phone.locator("#hand-outage")).to_be_visible()  # a preview found the outage
        phone.click("#save-hand")
        expect(phone.locator("#queue-list")).to_contain_text("wartet auf Verbindung")
        screenshot(phone, "phone-outage-hand-kept")
    # Sent again by the page itself (after 5 s), then the page is loaded anew.
    with phone.expect_navigation(timeout=30_000):
        pass
    assert Hand.objects.filter(table=table).count() == 1, "saved once the database is back"


def test_a_hand_typed_on_the_directors_page_during_an_outage_stays(phone, directors_page, table):
    phone.goto(directors_page)
    with database_down():
        fill_by_hand(phone, SCORES)
        expect(phone.locator("#hand-outage")).to_be_visible()
        phone.click("#save-hand")
        expect(phone.locator("#hand-outage")).to_be_in_viewport()
        assert typed(phone) == SCORES, "the page and the typed hand stay"
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert Hand.objects.filter(table=table).count() == 1, "saved once the database is back"


def test_the_message_goes_once_a_preview_finds_the_database_back(phone, link):
    phone.goto(link)
    with database_down():
        fill_by_hand(phone, SCORES)
        expect(phone.locator("#hand-outage")).to_be_visible()
    phone.fill("#id_manual_reason", "Schiedsspruch der Turnierleitung")  # a new preview
    expect(phone.locator("#hand-outage")).to_be_hidden()


def outage_just_before_save(phone, link):
    """Type a hand (its preview answered), then press Save as the database goes down."""
    phone.goto(link)
    fill_by_hand(phone, SCORES)
    expect(phone.locator("#preview .preview-scores")).to_contain_text("3")
    with database_down(), phone.expect_navigation():
        phone.click("#save-hand")


def test_an_outage_just_before_save_gets_the_page_saying_to_go_back(phone, directors_page):
    outage_just_before_save(phone, directors_page)
    expect(phone.locator("main")).to_contain_text(GO_BACK)


def test_back_from_the_outage_page_finds_the_hand_as_typed(phone, directors_page, table):
    outage_just_before_save(phone, directors_page)
    phone.go_back()
    expect(phone.locator("#id_manual_0")).to_have_value(SCORES[0])
    kept = (typed(phone), phone.input_value("#id_manual_reason"))
    assert kept == (SCORES, "Schiedsspruch"), "every typed field is back"
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert Hand.objects.filter(table=table).count() == 1, "saved once the database is back"


def test_a_page_opened_anew_does_not_bring_back_an_old_draft(phone, directors_page):
    outage_just_before_save(phone, directors_page)
    phone.goto(directors_page)
    expect(phone.locator("#id_contract")).to_have_value("")


@pytest.fixture
def phone_without_script(browser):
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, locale="de-AT", java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def test_without_a_script_the_outage_page_fits_the_phone_and_says_to_go_back(
    phone_without_script, link
):
    phone = phone_without_script
    phone.goto(link)
    phone.select_option("#id_contract", "manual")
    with database_down(), phone.expect_navigation():
        phone.click("#save-hand")
    screenshot(phone, "phone-outage-page")
    expect(phone.locator("main")).to_contain_text(GO_BACK)
    assert page_width(phone) <= PHONE_WIDTH
