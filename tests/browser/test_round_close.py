"""In Chromium, in German, on a 390 px phone: a director closes a round with a table still
playing (the question names it, one button closes both), and sends a signed sheet back with a
reason that the table's phone shows."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.models import Round, Table
from tests.browser.conftest import screenshot
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = {"manual": {"scores": [30, -10, -10, -10], "reason": "Test"}}


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


@pytest.fixture
def drawn(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=3)
    sheets.save_hand(Table.objects.select_related("round__tournament").get(number=1), HAND)
    return Round.objects.get()


def test_a_director_closes_a_round_with_a_table_still_playing(phone, live_server, drawn):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Runde abschließen").click()
    expect(phone.locator("#confirm")).to_contain_text("Tisch 1 (1/16)")
    screenshot(phone, "round-close-question-phone")
    with phone.expect_navigation():
        phone.click("#confirm-button")
    expect(phone.locator(".messages")).to_contain_text("Tisch 1 nach 1 von 16 Spielen")
    screenshot(phone, "round-closed-phone")
    still_open = list(Table.objects.filter(finished=False).values_list("number", flat=True))
    assert still_open == [], f"tables {still_open} should have closed with the round"


def test_a_sheet_sent_back_shows_the_reason_on_the_table_s_phone(
    phone, browser, live_server, drawn
):
    table = Table.objects.get(number=1)
    Table.objects.filter(pk=table.pk).update(signed_at="2026-11-26T10:00:00Z")
    director = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-AT")
    page = director.new_page()
    phone.goto(live_server.url + f"/table/{table.token}/")
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/")
    with page.expect_navigation():
        page.click("#reopen-1")
    page.fill("#id_reason", "Spiel 1: bitte die Kontra prüfen")
    screenshot(page, "send-back-question-phone")
    with page.expect_navigation():
        page.click("#confirm-button")
    director.close()
    expect(phone.locator("#sent-back")).to_contain_text("bitte die Kontra prüfen")
    screenshot(phone, "sent-back-phone")


def test_a_hand_typed_while_the_director_closes_the_table_is_shown_as_not_saved(
    phone, live_server, drawn
):
    table = Table.objects.get(number=2)
    link = f"/table/{table.token}/"
    phone.goto(live_server.url + link)
    phone.select_option("#id_contract", "manual")
    for seat, score in enumerate(["12", "-4", "-4", "-4"]):
        phone.fill(f"#id_manual_{seat}", score)
    phone.fill("#id_manual_reason", "Schiedsspruch")
    sheets.close_table(table, early=True)
    # The page's next poll sees the closed table; the typing must survive it.
    with phone.expect_response(lambda r: r.url.endswith(link) and r.status == 200):
        pass
    expect(phone.locator("#id_manual_0")).to_have_value("12")
    phone.click("#save-hand")
    expect(phone.locator("#typed-hand")).to_contain_text("nicht gespeichert")
    expect(phone.locator("#typed-hand")).to_contain_text("Schiedsspruch")
    screenshot(phone, "typed-hand-not-saved-phone")
