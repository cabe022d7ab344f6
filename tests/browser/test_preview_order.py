"""In Chromium: the live preview shows the reply to the form's latest state, even when an older
reply arrives after a newer one (a busy server answers out of order)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_hand_form import open_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_late_reply_to_an_older_preview_does_not_replace_the_newer_one(
    page, live_server, director
):
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
    page.fill("#id_points", "20")  # the declarer's side loses: this request is held
    page.wait_for_timeout(600)
    page.fill("#id_points", "41")  # the declarer's side wins: answered at once
    preview = page.locator("#preview")
    expect(preview).to_contain_text("von der Spielerseite gewonnen")
    with page.expect_response("**/preview/**"):
        held[0].continue_()
    page.wait_for_timeout(300)
    assert "gewonnen" in preview.inner_text(), "an older reply replaced the newer"
