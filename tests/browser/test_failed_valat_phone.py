"""In Chromium on a 390 px phone, in German: a failed announced Valat on a table's sheet names the
Valat in the hand's line, and its opened breakdown lists lines that add up to the score, all on
screen (issue 24, point 8)."""

import re

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import sheets
from tests.browser.a11y import outside_viewport, page_width, set_text_size
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# extended: Bert's Dreier (game 4) with an announced Valat that failed: 8 × 4 = -32 a defender.
FAILED_VALAT = {"contract": "dreier", "declarer": 1, "points": 30, "valat_announced": True}


@pytest.mark.parametrize("text", [100, 200])
def test_a_failed_valat_reads_whole_on_a_phone(phone, live_server, director, text):
    table = make_table(make_tournament(director, "extended"))
    sheets.save_hand(table, FAILED_VALAT)
    set_text_size(phone, text)
    phone.goto(live_server.url + "/t/cup/round/1/table/1/")
    hand = phone.locator("#hand-1 td.hand")
    expect(hand).to_contain_text("Valat angesagt, verfehlt")
    hand.locator("summary").click()
    lines = hand.locator("ul.lines li").all_inner_texts()
    amounts = [int(m.group(1).replace("−", "-")) for m in map(re_amount, lines) if m]
    screenshot(phone, f"failed-valat-phone-{text}")
    off = outside_viewport(phone, "#hand-1 td.hand, #hand-1 td.seat")
    assert (sum(amounts), off, page_width(phone) <= 390) == (-32, [], True), lines


def re_amount(line: str) -> re.Match[str] | None:
    return re.search(r"([+\-−]\d+)$", line.strip())
