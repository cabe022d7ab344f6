"""In Chromium, in German, on a 390 px phone: the live preview says nothing while only the
contract is chosen (no "fehlt: …" before anything was typed), and a Piccolo offers no Kontra row
to its declarer."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Counts the page's requests for a preview and the previews put on the page, so that "none was
# sent" is read, and "every reply is shown" waited for, rather than a time.
COUNT_PREVIEWS = """
window.previewsSent = 0;
window.previewsShown = 0;
const fetchOriginal = window.fetch;
window.fetch = function (url, options) {
  if (String(url).includes("preview")) { window.previewsSent += 1; }
  return fetchOriginal.call(this, url, options);
};
document.addEventListener("DOMContentLoaded", function () {
  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.id === "preview") { window.previewsShown += 1; }
      });
    });
  }).observe(document.body, { childList: true, subtree: true });
});
"""
EVERY_REPLY_SHOWN = "window.previewsShown >= window.previewsSent"
DEBOUNCE_PASSED = 1000  # ms of the page's own (installed) clock: past the preview's 250 ms wait


def open_table(phone, live_server, director):
    table = make_table(make_tournament(director, "tirol_cup"))  # Anna deals, Bert is Vorhand
    phone.goto(live_server.url + "/login/")
    phone.fill("#id_username", "direktor")
    phone.fill("#id_password", "geheim-123")
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.add_init_script(COUNT_PREVIEWS)
    phone.clock.install()
    phone.goto(live_server.url + table.get_absolute_url())
    return table


def previews_sent(phone):
    return phone.evaluate("window.previewsSent")


def test_choosing_a_contract_alone_asks_no_preview(phone, live_server, director):
    open_table(phone, live_server, director)
    phone.select_option("#id_contract", "rufer")
    expect(phone.locator("#id_partner")).to_be_visible()
    phone.clock.run_for(DEBOUNCE_PASSED)
    assert previews_sent(phone) == 0, "a contract chosen alone should not ask for a preview"


@pytest.mark.parametrize("contract", ["rufer", "piccolo", "trischaken"])
def test_choosing_a_contract_alone_shows_no_complaint(phone, live_server, director, contract):
    open_table(phone, live_server, director)
    phone.select_option("#id_contract", contract)
    phone.clock.run_for(DEBOUNCE_PASSED)
    phone.wait_for_function(EVERY_REPLY_SHOWN)
    screenshot(phone, f"hand-form-{contract}-alone-phone")
    # No "fehlt: …" nor any other message before anything beyond the contract was chosen.
    expect(phone.locator("#hand-form .errorlist:visible")).to_have_count(0)


def test_once_a_field_is_touched_the_preview_says_what_is_missing(phone, live_server, director):
    open_table(phone, live_server, director)
    phone.select_option("#id_contract", "rufer")
    phone.select_option("#id_partner", "3")
    phone.clock.run_for(DEBOUNCE_PASSED)
    expect(phone.locator("#preview")).to_contain_text("fehlt: die Kartenpunkte")


def test_saving_a_contract_alone_says_what_is_missing(phone, live_server, director):
    open_table(phone, live_server, director)
    phone.select_option("#id_contract", "piccolo")
    with phone.expect_navigation():
        phone.click("#save-hand")
    expect(phone.locator("#hand-form")).to_contain_text("fehlt:")


def test_a_piccolo_offers_no_kontra_row_to_its_declarer(phone, live_server, director):
    open_table(phone, live_server, director)
    phone.select_option("#id_contract", "piccolo")
    phone.select_option("#id_kontra_seat_0", "1")
    phone.select_option("#id_declarer", "0")
    expect(phone.locator("#hand-fields .seat[data-seat='0']")).to_be_hidden()
    screenshot(phone, "hand-form-piccolo-declarer-phone")
    expect(phone.locator("#id_kontra_seat_0")).to_have_value("0")
