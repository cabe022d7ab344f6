"""In Chromium: the cup's organiser corrects an imported ranking.

On a laptop the organiser finds the correction from the cup page, fixes a score (and is told
why a score above the better rank's is refused); on a 390 px phone adds a forgotten row, in
German and in English; the season table follows each correction. A signed-in player without
rights is offered no correction and is refused at its address.
"""

import pytest

from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_cup_season_with_imported_ranking import season_on_page
from tests.cups.helpers import imported, make_cup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEINE = {"method": "score", "full": 100, "cap": 200}
NAMES = ["Anna Huber", "Bert Moser", "Cilli Egger", "Dora Ried"]


@pytest.fixture
def cup(director):
    paper = imported(director, "papier", NAMES, day=19, scores=[120, 80, 40, 20])
    return make_cup(director, [paper], points=HEINE)


PASSWORD = "geheim-123"  # the test users' password (tests/conftest.py's director's)


def ranking_on_page(page):
    """Return the edit page's rows as (rank, name, score) texts."""
    rows = page.locator("table.ranking-edit tbody tr")
    return [
        (
            rows.nth(i).locator("td.rank").inner_text(),
            rows.nth(i).locator("td.player").inner_text(),
            rows.nth(i).locator("td.total").inner_text(),
        )
        for i in range(rows.count())
    ]


def test_the_organiser_fixes_a_score_on_a_laptop(page, live_server, cup):
    url = live_server.url
    log_in(page, url)
    page.goto(url + "/cups/tirol/")
    screenshot(page, "ranking-edit-cup-page-1280")
    with page.expect_navigation():
        page.click("ul.cup-tournaments >> text=korrigieren")
    screenshot(page, "ranking-edit-1280")
    with page.expect_navigation():
        page.click("[aria-label='Platz 3 korrigieren (Cilli Egger)']")
    page.fill("#id_score", "100")
    with page.expect_navigation():
        page.click("main button:text('Speichern')")
    screenshot(page, "ranking-edit-refused-1280")
    assert "mehr Punkten (100) als Bert Moser auf Platz 2 (80)" in page.inner_text("main"), (
        "a score above the better rank's is refused with the reason"
    )
    page.fill("#id_score", "60")
    with page.expect_navigation():
        page.click("main button:text('Speichern')")
    screenshot(page, "ranking-edit-saved-1280")
    assert ranking_on_page(page)[2] == ("3", "Cilli Egger", "60"), "rank 3 now shows 60"
    page.goto(url + "/cups/tirol/")
    assert season_on_page(page)["Cilli Egger"] == 60, "the season table follows the score"


def test_the_organiser_adds_a_forgotten_row_on_a_phone(phone, live_server, cup):
    url = live_server.url
    log_in(phone, url)
    phone.goto(url + "/cups/tirol/ranking/papier/")
    with phone.expect_navigation():
        phone.click("text=Endergebnis korrigieren")
    screenshot(phone, "ranking-edit-390")
    assert page_width(phone) <= 390, "the edit page fits a 390 px phone"
    phone.fill("#id_rank", "4")
    phone.fill("#id_player", "Egon Neu")
    phone.fill("#id_club", "Hall")
    phone.fill("#id_score", "30")
    phone.check("#id_new")
    with phone.expect_navigation():
        phone.click("main button:text('Zeile einfügen')")
    screenshot(phone, "ranking-edit-added-390")
    assert "Egon Neu auf Platz 4 eingefügt." in phone.inner_text("main"), "the row is confirmed"
    assert [row[1] for row in ranking_on_page(phone)] == [
        "Anna Huber",
        "Bert Moser",
        "Cilli Egger",
        "Egon Neu",
        "Dora Ried",
    ], "Egon takes rank 4 and Dora moves down to 5"
    with phone.expect_navigation():
        phone.click("[aria-label='Platz 4 korrigieren (Egon Neu)']")
    screenshot(phone, "ranking-edit-place-390")
    assert page_width(phone) <= 390, "a row's page fits a 390 px phone"
    phone.goto(url + "/t/papier/")
    screenshot(phone, "ranking-edit-history-390")
    assert "Platz 4: Egon Neu eingefügt · 1 weitere Zeile um einen Platz verschoben" in (
        phone.inner_text("#place-history")
    ), "the tournament's history names the added row and the row it moved"
    assert page_width(phone) <= 390, "the history fits a 390 px phone"
    phone.goto(url + "/cups/tirol/")
    screenshot(phone, "ranking-edit-cup-page-390")
    assert season_on_page(phone)["Egon Neu"] == 30, "the season table counts the added row"
    assert page_width(phone) <= 390, "the cup page with its correction link fits a phone"


def test_the_pages_fit_a_phone_in_english(phone, live_server, cup):
    url = live_server.url
    log_in(phone, url)
    phone.goto(url + "/en/cups/tirol/ranking/papier/edit/")
    phone.fill("#id_rank", "9")
    phone.fill("#id_player", "Egon Neu")
    phone.fill("#id_score", "5")
    with phone.expect_navigation():
        phone.click("main button:text('Add the row')")
    screenshot(phone, "ranking-edit-refused-en-390")
    assert "The rank must be between 1 and 5." in phone.inner_text("main"), "told in English"
    assert page_width(phone) <= 390, "the English page fits a 390 px phone"


def test_a_player_without_rights_is_offered_no_correction(
    phone, live_server, cup, django_user_model
):
    django_user_model.objects.create_user("spieler", password=PASSWORD)
    url = live_server.url
    log_in(phone, url, "spieler")
    phone.goto(url + "/cups/tirol/ranking/papier/")
    screenshot(phone, "ranking-player-390")
    assert phone.locator("text=Endergebnis korrigieren").count() == 0, "no correction offered"
    response = phone.goto(url + "/cups/tirol/ranking/papier/edit/")
    assert response.status == 403, "the edit page refuses a player without rights"


@pytest.mark.parametrize("path", ["edit/", "row"])
def test_axe_finds_no_serious_fault_on_the_edit_pages(phone, live_server, cup, path):
    log_in(phone, live_server.url)
    if path == "row":
        place = cup.entries.get().tournament.imported_ranking.places.get(rank=1)
        path = f"edit/{place.pk}/"
    phone.goto(live_server.url + "/cups/tirol/ranking/papier/" + path)
    violations = run_axe(phone)
    assert violations == [], describe(violations)
