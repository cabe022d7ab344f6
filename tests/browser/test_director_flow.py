"""End to end in Chromium: a director runs a table; a player follows on a phone."""

import re

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand, Table
from tests.browser.conftest import screenshot
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_of(table, position):
    return table.seats.get(position=position).player.name


def totals_row(page):
    return page.locator("#sheet tfoot th.total").all_inner_texts()


def test_a_director_runs_a_table_and_the_standings_follow(page, phone, live_server, director):
    make_tournament(director, "tirol_cup", options={"count_kontras": True})
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")
    page.goto(live_server.url + "/t/cup/")
    page.click("#draw-round")
    expect(page.locator("h1")).to_contain_text("Runde 1")
    screenshot(page, "seating")
    page.goto(live_server.url + "/t/cup/round/1/table/1/")
    table = Table.objects.get()

    # Hand 1: dealer seat 0, Vorhand seat 1 plays a Rufer with seat 2; Kontra on the game,
    # Pagat announced and made: 1 x 2 + 2 = 4 each way.
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "2")
    page.fill("#id_points", "41")
    page.select_option("#id_kontra_game", "1")
    page.select_option("#id_b_pagat_side", "declarer")
    page.check("#id_b_pagat_announced")
    expect(page.locator("#preview")).to_contain_text("+4")
    screenshot(page, "hand-entry")
    page.click("#save-hand")
    expect(page.locator("#hand-1")).to_be_visible()

    # Hand 2: Trischaken, points 10, 25, 30, 5 → +4, -4, -4, +4 (nobody mayor, Vorhand seat 2
    # has the most... so Vorhand pays 2 to each: see below).
    page.select_option("#id_contract", "trischaken")
    expect(page.locator("#id_points")).to_be_hidden()
    for seat, (points, tricks) in enumerate([(10, 2), (25, 4), (30, 5), (5, 1)]):
        page.fill(f"#id_p{seat}_points", str(points))
        page.select_option(f"#id_p{seat}_tricks", str(tricks))
    page.click("#save-hand")
    expect(page.locator("#hand-2")).to_be_visible()

    # Hand 3: dealer seat 2, Vorhand seat 3 calls a King that lies in the talon and gives up:
    # -3 for the declarer, +1 for each other player.
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_declarer", "3")
    page.select_option("#id_partner", "alone")
    page.check("#id_king_in_talon")
    page.check("#id_surrendered")
    page.click("#save-hand")
    expect(page.locator("#hand-3")).to_be_visible()
    scores = [h.scores for h in Hand.objects.order_by("number")]
    # Hand 2: seat 2 (Vorhand) has the most points (30), not mayor → pays 2 to each.
    assert scores == [[-4, 4, 4, -4], [2, 2, -6, 2], [1, 1, 1, -3]]
    assert totals_row(page) == ["−1", "+7", "−1", "−5"]

    # Correct hand 1: the Pagat failed instead: 2 - 2 = 0.
    page.click("#hand-1 >> text=bearbeiten")
    page.select_option("#id_b_pagat_result", "failed")
    page.click("#save-hand")
    expect(page.locator("#hand-1")).to_be_visible()
    assert totals_row(page) == ["+3", "+3", "−5", "−1"]
    screenshot(page, "table")

    page.goto(live_server.url + "/t/cup/standings/")
    first = page.locator("table.standings tbody tr").first
    expect(first).to_contain_text(re.compile(seat_of(table, 0) + "|" + seat_of(table, 1)))
    expect(first.locator("td.total")).to_have_text("3")
    screenshot(page, "standings")

    phone.goto(live_server.url + "/t/cup/standings/")
    expect(phone.locator("table.standings")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(phone, "standings-phone")
