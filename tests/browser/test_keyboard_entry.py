"""In Chromium: a director enters a hand from the keyboard alone, without the mouse."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused(page):
    return page.evaluate("document.activeElement.id")


def test_a_director_enters_a_rufer_with_ten_keystrokes(page, live_server, director):
    table = make_table(make_tournament(director, "tirol_cup"))  # Anna deals, Bert is Vorhand
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.goto(live_server.url + table.get_absolute_url())

    # The contract has the focus; the declarer is Vorhand already. R(ufer), Tab to the
    # declarer, Tab to the partner, D(ora), Tab over the two King boxes to the points, 41, Enter.
    trail = [focused(page)]
    for key in ["r", "Tab", "Tab", "d", "Tab", "Tab", "Tab", "4", "1"]:
        page.keyboard.press(key)
        trail.append(focused(page))
    with page.expect_navigation():
        page.keyboard.press("Enter")

    expect(page.locator("#hand-1")).to_be_visible()
    hand = Hand.objects.get()
    assert (trail[::3], hand.data["contract"], hand.data["partner"], hand.data["points"]) == (
        ["id_contract", "id_partner", "id_surrendered", "id_points"],
        "rufer",
        3,
        "41",
    )
    assert (hand.scores, focused(page)) == ([-1, 1, -1, 1], "id_contract")  # ready for hand 2
