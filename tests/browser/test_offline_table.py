"""In Chromium, in German, on a 390 px phone: the table's link without a connection. Hands saved
offline wait on the phone ("wartet auf Verbindung"), survive a reload offline (the service
worker keeps the page) and are sent once, in order, when the connection is back; a hand another
phone saved meanwhile comes back as a conflict for correction; a hand refused by a rule keeps its
number and is corrected in its place before the hands after it (or discarded, and they move up);
a server that answers 503 for a while, or an answer lost on the way, never makes a hand twice."""

import os
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand
from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import SCREENS, screenshot
from tests.browser.test_table_link import fill_by_hand
from tests.factories import make_table, make_tournament
from tests.test_outage import database_down

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
FIRST = ["3", "-1", "-1", "-1"]
SECOND = ["-2", "2", "1", "-1"]
THIRD = ["1", "1", "-1", "-1"]
# Scores that do not add up to 0: the server refuses the hand (a rule), the phone cannot tell.
UNBALANCED = ["3", "-1", "-1", "0"]
WAITING = "wartet auf Verbindung"
# The steps as the closing note shows them (a folder of the session's own).
SHOTS = Path(os.environ.get("OFFLINE_SHOTS_DIR", SCREENS / "offline"))
# Sent again after 5, 10, 20 s: a condition met within that is waited for, never a fixed time.
RESEND_MS = 40_000


@pytest.fixture(autouse=True)
def server_idle_afterwards(phone):
    """After each test, close the phone (its polls, its queue's retries and the connections it
    keeps open) and wait until the live server has answered what was already under way: the
    database is emptied for the next test, and a request still reading it would find it locked."""
    yield
    phone.context.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
        "process_request_thread" in thread.name for thread in threading.enumerate()
    ):
        time.sleep(0.05)


@pytest.fixture
def table(director):
    tournament = make_tournament(director)
    tournament.hands_four = 4
    tournament.save()
    return make_table(tournament)


@pytest.fixture
def link(live_server, table):
    return live_server.url + f"/table/{table.token}/"


@pytest.fixture
def second(browser):
    """Another phone at the table, online all along."""
    other = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 844}, locale="de-AT")
    page = other.new_page()
    page.set_default_timeout(10_000)
    yield page
    other.close()


def shot(phone, name):
    screenshot(phone, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def stored(table):
    return [list(map(int, h.scores)) for h in Hand.objects.filter(table=table).order_by("number")]


def open_kept(phone, link):
    """Open the link and wait until the service worker keeps the page for an offline reload."""
    phone.goto(link)
    phone.wait_for_function(
        "() => navigator.serviceWorker.controller !== null && "
        "caches.match(location.href).then(kept => !!kept)"
    )
    phone.wait_for_function("async () => !!(await caches.match(location.href))")


def queue_offline(phone, scores):
    fill_by_hand(phone, scores)
    count = phone.locator("#queue-list li").count()
    phone.click("#save-hand")
    expect(phone.locator("#queue-list li")).to_have_count(count + 1)


def test_two_hands_saved_offline_survive_a_reload_and_are_saved_once(phone, link, table):
    open_kept(phone, link)
    shot(phone, "offline-0-sheet-before")
    phone.context.set_offline(True)
    fill_by_hand(phone, FIRST)
    # The preview needs the server; the page says so, and that saving works without it.
    expect(phone.locator("#hand-outage")).to_be_visible()
    expect(phone.locator("#hand-outage")).to_contain_text("Vorschau braucht die Verbindung")
    shot(phone, "offline-1-preview-needs-connection")
    phone.click("#save-hand")
    expect(phone.locator("#sheet tr.queued")).to_have_count(1)
    queue_offline(phone, SECOND)
    expect(phone.locator("#sheet tr.queued")).to_have_count(2)
    expect(phone.locator("#queue-list")).to_contain_text(WAITING)
    expect(phone.locator("#queue-intro-waiting")).to_be_visible()
    expect(phone.locator("#queue-intro-refused")).to_be_hidden()
    expect(phone.locator("#entry-heading h2")).to_contain_text("3")
    shot(phone, "offline-2-two-hands-waiting")
    assert page_width(phone) <= PHONE_WIDTH, "the waiting hands fit the phone"

    reloaded = phone.reload()
    assert reloaded is not None and reloaded.from_service_worker, "the worker kept the page"
    expect(phone.locator("#sheet tr.queued")).to_have_count(2)
    shot(phone, "offline-3-reloaded-offline")
    assert stored(table) == [], "nothing reached the server while offline"

    with phone.expect_navigation(timeout=RESEND_MS):
        phone.context.set_offline(False)
    expect(phone.locator("#sheet tbody tr:not(.queued)")).to_have_count(2)
    expect(phone.locator("#queue")).to_be_hidden()
    # Each saved hand is told once, beside the Save button, not in the box at the top too.
    expect(phone.get_by_text("Spiel 1 gespeichert")).to_have_count(1)
    expect(phone.get_by_text("Spiel 2 gespeichert")).to_have_count(1)
    expect(phone.locator(".actions .saved[role=status]")).to_have_count(2)
    expect(phone.locator("ul.messages li")).to_have_count(0)
    shot(phone, "offline-4-back-online-both-saved")
    assert stored(table) == [[3, -1, -1, -1], [-2, 2, 1, -1]], "both saved once, in order"


def test_a_hand_another_phone_saved_meanwhile_comes_back_as_a_conflict(phone, second, link, table):
    open_kept(phone, link)
    phone.context.set_offline(True)
    queue_offline(phone, FIRST)
    second.goto(link)
    fill_by_hand(second, THIRD)
    with second.expect_navigation():
        second.click("#save-hand")
    phone.context.set_offline(False)
    refused = phone.locator("#queue-list li.refused")
    expect(refused).to_contain_text("nicht gespeichert", timeout=RESEND_MS)
    expect(refused).to_contain_text("Spiel 1 wurde soeben")
    shot(phone, "offline-5-conflict-comes-back")
    assert stored(table) == [[1, 1, -1, -1]], "the other phone's hand alone is saved"
    violations = run_axe(phone)
    assert violations == [], describe(violations)

    # Corrected: the kept hand goes back into the form and is saved as the next hand.
    phone.click("#queue-list li.refused button >> nth=0")
    expect(phone.locator("#id_manual_0")).to_have_value("3")
    expect(phone.locator("#queue")).to_be_hidden()
    shot(phone, "offline-6-conflict-in-the-form")
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert stored(table) == [[1, 1, -1, -1], [3, -1, -1, -1]], "corrected and saved once"


def refused_first_hand_held_second(phone, link):
    """Two hands kept offline; once online the first is refused by a rule, the second waits."""
    open_kept(phone, link)
    phone.context.set_offline(True)
    queue_offline(phone, UNBALANCED)
    queue_offline(phone, SECOND)
    phone.context.set_offline(False)
    expect(phone.locator("#queue-list li.refused")).to_contain_text(
        "nicht gespeichert", timeout=RESEND_MS
    )
    expect(phone.locator("#queue-list li").nth(1)).to_contain_text("wartet auf das Spiel darüber")
    # The intro no longer says the phone sends them by itself: the refused hand needs the players.
    expect(phone.locator("#queue-intro-refused")).to_contain_text("nicht gespeichert")
    expect(phone.locator("#queue-intro-waiting")).to_be_hidden()


def test_a_hand_refused_by_a_rule_is_corrected_in_its_place_before_the_next(phone, link, table):
    refused_first_hand_held_second(phone, link)
    shot(phone, "offline-6b-refused-by-a-rule-the-next-waits")
    phone.click("#queue-list li.refused button >> nth=0")
    expect(phone.locator("#id_manual_0")).to_have_value("3")
    expect(phone.locator("#entry-heading h2")).to_contain_text("Spiel 1")
    expect(phone.locator("#queue-list li").nth(0)).to_contain_text("unten im Formular korrigiert")
    expect(phone.locator("#queue-list li").nth(0)).to_contain_text("zusammen 1 statt 0")
    expect(phone.locator("#queue-list li").nth(1)).to_contain_text("wartet auf das Spiel darüber")
    shot(phone, "offline-6c-refused-hand-corrected-in-its-place")
    assert stored(table) == [], "the hand after it waits while the first is corrected"
    phone.fill("#id_manual_3", "-1")
    with phone.expect_navigation(timeout=RESEND_MS):
        phone.click("#save-hand")
    assert stored(table) == [[3, -1, -1, -1], [-2, 2, 1, -1]], "corrected first, then the next"


def test_a_hand_refused_by_a_rule_and_discarded_gives_its_number_to_the_next(phone, link, table):
    refused_first_hand_held_second(phone, link)
    phone.on("dialog", lambda dialog: dialog.accept())
    with phone.expect_navigation(timeout=RESEND_MS):
        phone.click("#queue-list li.refused button >> nth=1")
    assert stored(table) == [[-2, 2, 1, -1]], "the hand after it is saved as hand 1, once"


def test_a_save_while_the_server_answers_503_waits_and_is_saved_once(phone, link, table):
    answered = []
    phone.on(
        "response", lambda r: answered.append(r.status) if r.url.endswith("/queued/") else None
    )
    phone.goto(link)
    fill_by_hand(phone, FIRST)
    expect(phone.locator("#preview .preview-scores")).to_contain_text("3")
    with database_down():
        phone.click("#save-hand")
        expect(phone.locator("#queue-list")).to_contain_text(WAITING)
        shot(phone, "offline-7-server-down-waiting")
        # Down for more than 10 s: until the phone has tried twice more and found it still down
        # (its tries come about 5 and 15 s after the save).
        while answered.count(503) < 3:
            phone.wait_for_event("response", timeout=RESEND_MS)
        assert 200 not in answered, "nothing saved while the server is down"
    with phone.expect_navigation(timeout=RESEND_MS):
        pass
    expect(phone.locator("#queue")).to_be_hidden()
    shot(phone, "offline-7b-server-back-saved")
    assert stored(table) == [[3, -1, -1, -1]], "saved once the server is back"


def test_an_answer_lost_on_the_way_is_sent_again_and_saved_once(phone, link, table):
    lost = []

    def lose_first_answer(route):
        if lost:
            route.continue_()
            return
        lost.append(route.fetch().status)  # the server saved it; the phone never hears so
        route.abort("connectionreset")

    phone.context.route("**/queued/", lose_first_answer)
    phone.goto(link)
    fill_by_hand(phone, FIRST)
    expect(phone.locator("#preview .preview-scores")).to_contain_text("3")
    phone.click("#save-hand")
    expect(phone.locator("#queue-list")).to_contain_text(WAITING)
    with phone.expect_navigation(timeout=RESEND_MS):
        pass
    assert (lost, stored(table)) == ([200], [[3, -1, -1, -1]]), "the same key saved it once"


def test_the_waiting_hands_fit_a_phone_at_twice_the_text_size(phone, link):
    open_kept(phone, link)
    phone.context.set_offline(True)
    queue_offline(phone, FIRST)
    set_text_size(phone, 200)
    screenshot(phone, "offline-waiting-200", full_page=False)
    phone.screenshot(path=str(SHOTS / "offline-8-waiting-200-percent.png"))
    assert page_width(phone) <= PHONE_WIDTH, "no sideways scrolling at 200 % text"


@pytest.fixture
def english_phone(browser):
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, locale="en-GB"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_in_english_a_hand_kept_offline_is_waiting_for_connection(
    english_phone, live_server, table
):
    phone = english_phone
    open_kept(phone, live_server.url + f"/en/table/{table.token}/")
    phone.context.set_offline(True)
    queue_offline(phone, FIRST)
    expect(phone.locator("#sheet tr.queued")).to_contain_text("waiting for connection")
    expect(phone.locator("#queue-intro-waiting")).to_contain_text("this phone sends them")
    expect(phone.locator("#queue-intro-refused")).to_be_hidden()
    shot(phone, "offline-9-english-phone")
    phone.context.set_offline(False)
    # Back online, the hand is sent and the page told "Hand 1 saved" once, beside Save.
    expect(phone.get_by_text("Hand 1 saved")).to_have_count(1, timeout=RESEND_MS)
    expect(phone.locator(".actions .saved[role=status]")).to_have_count(1)
    shot(phone, "offline-9b-english-phone-saved")
    assert page_width(phone) <= PHONE_WIDTH, "the English page fits the phone"
    violations = run_axe(phone)
    assert violations == [], describe(violations)


def test_on_a_laptop_the_kept_hands_show_on_the_sheet(page, link):
    open_kept(page, link)
    page.context.set_offline(True)
    queue_offline(page, FIRST)
    queue_offline(page, SECOND)
    shot(page, "offline-10-laptop")
    violations = run_axe(page)
    assert violations == [], describe(violations)
