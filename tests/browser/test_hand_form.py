"""In Chromium, in German, at 1280 and 390 px: the hand form asks only what it needs, derives a
Sack from the points, puts a player's error on that player's row and confirms a save beside
the Save button."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_table(page, live_server, director):
    table = make_table(make_tournament(director, "tirol_cup"))  # Anna deals, Bert is Vorhand
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.goto(live_server.url + table.get_absolute_url())
    return table


@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_rufer_with_a_sack_takes_its_result_from_the_points(
    request, live_server, director, device
):
    page = request.getfixturevalue(device)
    open_table(page, live_server, director)
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_partner", "3")
    page.fill("#id_points", "40")
    page.select_option("#id_b_sack_side", "declarer")
    page.check("#id_b_sack_announced")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("1. Sack (45/2 oder mehr) angesagt, verfehlt")
    screenshot(page, f"hand-form-rufer-sack-{device}")
    with page.expect_navigation():
        page.click("#save-hand")
    saved = page.locator("#hand-form .saved")
    expect(saved).to_contain_text("Spiel 1 gespeichert (+1 / −1 / +1 / −1)")
    screenshot(page, f"hand-form-saved-{device}")


@pytest.mark.parametrize("device", ["page", "phone"])
def test_trischaken_says_at_once_that_the_points_do_not_add_up(
    request, live_server, director, device
):
    page = request.getfixturevalue(device)
    open_table(page, live_server, director)
    page.select_option("#id_contract", "trischaken")
    expect(page.locator("#id_p0_kontra")).to_be_hidden()  # no Kontra in a Trischaken
    for seat, points in enumerate(["20", "20", "20", "15"]):
        page.fill(f"#id_p{seat}_points", points)
    expect(page.locator("#preview")).to_contain_text("75 statt 70")
    page.fill("#id_p2_points", "dreißig")
    row = page.locator("tr[data-seat='2']")
    expect(row.locator(".live-error")).to_contain_text("keine Kartenpunkte")
    screenshot(page, f"hand-form-trischaken-{device}")


@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_valat_asks_no_card_points(request, live_server, director, device):
    page = request.getfixturevalue(device)
    open_table(page, live_server, director)
    page.select_option("#id_contract", "dreier")
    page.select_option("#id_declarer", "2")  # a Dreier is anyone's: no declarer is chosen for it
    expect(page.locator("#id_points")).to_be_visible()
    page.select_option("#id_valat", "declarer")
    expect(page.locator("#id_points")).to_be_hidden()
    expect(page.locator("#preview")).to_contain_text("Valat")
    screenshot(page, f"hand-form-valat-{device}")
