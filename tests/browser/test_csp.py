"""In Chromium: the main pages work under the Content-Security-Policy without a violation."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand, Player
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Reports every violation to the console, where the test collects it with Chromium's own
# "Refused to ..." messages. A stand-in for window.print records the call instead of opening
# the print dialog.
WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + e.blockedURI);
});
window.print = function () { window.printed = true; };
"""
PAGES = [
    "/",
    "/en/",
    "/rules/",
    "/rules/tirol_cup/",
    "/t/new/",
    "/t/cup/",
    "/t/cup/edit/",
    "/t/cup/players/",
    "/t/cup/player/{player}/",
    "/t/cup/players/import/",
    "/t/cup/standings/",
    "/t/cup/round/1/",
    "/t/cup/round/1/cards/",
    "/t/cup/round/1/table/1/sheet/upload/",
    "/admin/",
]


def _watch(page):
    messages = []
    page.add_init_script(WATCH)
    page.on("console", lambda message: messages.append(message.text))
    return messages


def _violations(messages):
    return [m for m in messages if "CSP violation" in m or "Content Security Policy" in m]


def _log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("button[type=submit]")


def _enter_a_rufer(page):
    # Bert (Vorhand, chosen at once) calls Dora and makes 41 points: +1 for the two of them.
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_partner", "3")
    page.fill("#id_points", "41")
    expect(page.locator("#preview")).to_contain_text("+1")


@pytest.fixture
def table(director):
    return make_table(make_tournament(director, "tirol_cup"))


def test_the_main_pages_and_the_hand_form_run_without_a_violation(page, live_server, table):
    messages = _watch(page)
    _log_in(page, live_server)
    player = Player.objects.order_by("pk").first()
    for path in PAGES:
        page.goto(live_server.url + path.format(player=player.pk))
    page.goto(live_server.url + table.get_absolute_url())
    _enter_a_rufer(page)
    screenshot(page, "csp-hand-form")
    assert _violations(messages) == [], "a page broke the Content-Security-Policy"


def test_the_hand_form_previews_on_a_phone_without_a_violation(phone, live_server, table):
    messages = _watch(phone)
    _log_in(phone, live_server)
    phone.goto(live_server.url + table.get_absolute_url())
    _enter_a_rufer(phone)
    screenshot(phone, "csp-hand-form-phone")
    assert _violations(messages) == [], "the hand form broke the Content-Security-Policy"


@pytest.mark.parametrize("path", ["/t/cup/standings/", "/t/cup/round/1/", "/t/cup/round/1/cards/"])
def test_the_print_buttons_print(page, live_server, table, path):
    _watch(page)
    _log_in(page, live_server)
    page.goto(live_server.url + path)
    page.click("button[data-print]")
    assert page.evaluate("window.printed === true"), f"the print button on {path} did not print"


def test_deleting_a_hand_asks_first_and_no_keeps_it(page, live_server, table):
    _log_in(page, live_server)
    page.goto(live_server.url + table.get_absolute_url())
    _enter_a_rufer(page)
    with page.expect_navigation():
        page.click("#save-hand")
    page.goto(live_server.url + table.get_absolute_url() + "hand/1/")
    # Listening last (on the window), this marks the page with whether the submit was let
    # through: a form is sent only when no listener prevented its submit event.
    page.evaluate(
        "window.addEventListener('submit', e => {"
        " document.body.dataset.submitPrevented = e.defaultPrevented; })"
    )
    page.on("dialog", lambda dialog: dialog.dismiss())
    page.click("form[data-confirm] button[type=submit]")
    expect(page.locator("body"), "the form was sent although the answer was no").to_have_attribute(
        "data-submit-prevented", "true"
    )
    assert Hand.objects.count() == 1, "the hand was deleted although the director answered no"
