"""In Chromium: the live preview shows the reply to the form's latest state, even when an older
reply arrives after a newer one (a busy server answers out of order)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_hand_form import open_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# Marks the held reply read once the page's own handling of it is over: the page reads a reply's
# text and then only chains promises on it, and those all run before the timeout queued here.
MARK_HELD_REPLY_READ = """
const text = Response.prototype.text;
Response.prototype.text = function () {
  const held = this.headers.get("x-held") === "1";
  return text.call(this).then((body) => {
    if (held) { setTimeout(() => { document.body.dataset.heldReplyRead = "true"; }, 0); }
    return body;
  });
};
"""


def test_a_late_reply_to_an_older_preview_does_not_replace_the_newer_one(
    page, live_server, director
):
    page.add_init_script(MARK_HELD_REPLY_READ)
    open_table(page, live_server, director)
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/preview/**", hold_the_first)
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_partner", "3")
    # the declarer's side loses: this request is held
    with page.expect_request("**/preview/**"):
        page.fill("#id_points", "20")
    page.fill("#id_points", "41")  # the declarer's side wins: answered at once
    preview = page.locator("#preview")
    expect(preview).to_contain_text("von der Spielerseite gewonnen")
    reply = held[0].fetch()
    assert "verloren" in reply.text(), "the held reply should preview the lost game"
    held[0].fulfill(response=reply, headers={**reply.headers, "x-held": "1"})
    expect(page.locator("body")).to_have_attribute("data-held-reply-read", "true")
    assert "gewonnen" in preview.inner_text(), "an older reply replaced the newer"
