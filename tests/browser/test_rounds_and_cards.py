"""In Chromium, as a director in German: a draw while tables are open asks first, a round is
withdrawn, and the printed score cards take one A4 page a table (four and five, long names)."""

import re

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.models import Player, Table
from tests.browser.conftest import screenshot
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [
    "Maximilian Schwarzenbacher-Oberhuber",
    "Anna-Katharina Hinterseer-Edelweißbacher",
    "Leopold Neuhauser von und zu Radstadt",
]
MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "Test"}}


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


@pytest.fixture
def nine(director):
    """Return a tournament of nine players (a table of four and one of five), three long names."""
    tournament = make_tournament(director, players=9)
    for player, name in zip(Player.objects.order_by("pk"), LONG_NAMES, strict=False):
        player.name = name
        player.save()
    return tournament


def pdf_pages(pdf: bytes) -> int:
    # Chromium writes each page as an object of /Type /Page (the tree's root is /Pages).
    return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))


def test_score_cards_print_one_a4_page_a_table(page, phone, live_server, director, nine):
    rounds.draw_round(nine, seed=4)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/cards/")
    expect(page.locator(".score-card")).to_have_count(2)
    screenshot(page, "score-cards")
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/cards/")
    screenshot(phone, "score-cards-phone")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    # How the cards look on paper: print styles at the width of A4 landscape (297 mm at 96 dpi).
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 1123, "height": 794})
    screenshot(page, "score-cards-print")
    assert pdf_pages(pdf) == 2, "a table of four and a table of five should print on two pages"


def test_a_name_too_long_for_its_lines_is_shortened_and_readable_in_full(page, live_server, nine):
    rounds.draw_round(nine, seed=4)
    page.goto(live_server.url + "/t/cup/round/1/cards/")
    # The header's title is the whole name with the player's number ("…, Nr. 100001").
    header = page.locator(f'.card-grid th.player[title^="{LONG_NAMES[0]}, "]')
    expect(header).to_have_count(1)
    cut = header.evaluate(
        "th => { const s = th.querySelector('span'); return s.scrollHeight > s.clientHeight + 1; }"
    )
    assert cut, "a name longer than three lines of its column should be shortened on screen"


def test_a_surname_is_printed_whole_where_two_lines_hold_it(page, live_server, nine):
    Player.objects.filter(pk=Player.objects.order_by("pk")[3].pk).update(
        name="Walter Gstrein-Hofmann"
    )
    rounds.draw_round(nine, seed=4)
    page.goto(live_server.url + "/t/cup/round/1/cards/")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 1123, "height": 794})
    names = page.locator('.card-grid [title="Walter Gstrein-Hofmann"] .name')
    expect(names.first).to_be_visible()
    cut = names.evaluate_all(
        "spans => spans.filter(s => s.scrollHeight > s.clientHeight + 1 "
        "|| s.scrollWidth > s.clientWidth + 1).length"
    )
    screenshot(page, "score-cards-print-long-name")
    assert cut == 0, f"{cut} of the cards' 'Walter Gstrein-Hofmann' should not be cut"


def test_a_draw_with_open_tables_asks_and_a_round_is_withdrawn(
    page, phone, live_server, director, nine
):
    rounds.draw_round(nine, seed=4)
    sheets.save_hand(Table.objects.get(number=1), MANUAL)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/")
    screenshot(page, "tournament")
    page.click("#draw-round")
    expect(page.locator("#confirm")).to_contain_text("Tisch 1 (1/16), Tisch 2 (0/20)")
    screenshot(page, "draw-confirm")
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/")
    phone.click("#draw-round")
    screenshot(phone, "draw-confirm-phone")
    page.click("#confirm-button")
    expect(page.locator("h1")).to_contain_text("Runde 2")
    expect(page.locator(".messages")).to_contain_text("Runde 2 ausgelost.")
    screenshot(page, "round")
    phone.goto(live_server.url + "/t/cup/round/2/")
    screenshot(phone, "round-phone")

    page.click("#withdraw-round")
    expect(page.locator("#confirm")).to_contain_text("Verlauf")
    page.click("#confirm-button")
    expect(page.locator(".messages")).to_contain_text("Runde 2 zurückgenommen.")
    assert nine.rounds.count() == 1, "round 2 should be gone and round 1 kept"


def test_a_late_arrival_is_seated_from_the_round_page(page, phone, live_server, director, nine):
    rounds.draw_round(nine, seed=4)
    late = Player.objects.create(name="Zenzi Spät")
    nine.registrations.create(player=late, checked_in=True)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/")
    expect(page.locator("#late-arrivals")).to_contain_text("Zenzi Spät")
    screenshot(page, "round-late")
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/")
    screenshot(phone, "round-late-phone")
    page.click("#seat-late")
    expect(page.locator(".messages")).to_contain_text("Zenzi Spät an Tisch 1")


def test_closing_a_table_early_asks_and_a_closed_table_takes_no_hand(
    page, phone, live_server, director, nine
):
    rounds.draw_round(nine, seed=4)
    sheets.save_hand(Table.objects.get(number=1), MANUAL)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/table/1/")
    page.click("#close-table")
    expect(page.locator("#confirm")).to_contain_text("Erst 1 von 16 Spielen")
    page.click("#confirm-button")
    expect(page.locator(".messages")).to_contain_text("nach 1 von 16 Spielen abgeschlossen")
    expect(page.locator("#entry-refused")).to_be_visible()
    screenshot(page, "table-closed")
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/table/1/")
    screenshot(phone, "table-closed-phone")
    page.click("#reopen-table")
    expect(page.locator("#confirm")).to_contain_text("wieder eingetragen")
    page.click("#confirm-button")
    expect(page.locator("#save-hand")).to_be_visible()
