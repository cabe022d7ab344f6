"""In Chromium: an organiser merges two records of one person (side by side, choosing which
stays) and undoes the merge, on a laptop and on a 390 px phone; a stranger is refused."""

import pytest

from tarock_cup.tournaments.models import Player
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import log_in, screenshot
from tests.cups.helpers import imported, make_cup, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cup(director):
    a = played(director, "zirl", {"Anna Huber": 50, "Bert Moser": 30})
    b = played(director, "hall", {"Huber Anna": 40, "Bert Moser": 20}, day=8)
    paper = imported(director, "papier", ["Bert Moser", "Huber Anna"], day=9)
    return make_cup(director, [a, b, paper])


def merge_and_undo(page, name):
    """On the comparison page: keep Anna Huber, merge, then undo it from the record's log."""
    page.check("#confirm input[type=radio] >> nth=0")
    screenshot(page, f"{name}-compare")
    with page.expect_navigation():
        page.click("#confirm-button")
    screenshot(page, f"{name}-merged")
    assert "wurde mit diesem Eintrag zusammengeführt" in page.inner_text(".messages"), (
        "the merge is confirmed on the record kept"
    )
    assert "Huber Anna" in page.inner_text("#record-log"), "the record's log names the merge"
    page.click("text=Diese Zusammenführung rückgängig machen")
    page.wait_for_selector("#confirm-button")
    screenshot(page, f"{name}-undo-confirm")
    with page.expect_navigation():
        page.click("#confirm-button")
    screenshot(page, f"{name}-undone")
    assert "rückgängig gemacht" in page.inner_text(".messages"), "the undo is confirmed"


def test_an_organiser_merges_and_unmerges_from_the_cups_duplicates_on_a_laptop(
    page, live_server, cup
):
    log_in(page, live_server.url)
    page.goto(live_server.url + "/cups/tirol/")
    with page.expect_navigation():
        page.click("text=„Huber Anna“ mit „Anna Huber“ zusammenführen")
    assert "Papierturnier papier" in page.inner_text(".cards"), "both records side by side"
    merge_and_undo(page, "register-merge-1280")
    assert page.inner_text("h1").startswith("Huber Anna"), "the dropped record is back"
    assert Player.objects.filter(name__in=["Anna Huber", "Huber Anna"]).count() == 2, (
        "two records again"
    )


def test_an_organiser_finds_merges_and_unmerges_on_a_phone(phone, live_server, cup):
    anna = Player.objects.get(name="Anna Huber")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/players/{anna.number}/")
    screenshot(phone, "register-record-390")
    phone.click("text=Mit einem anderen Eintrag zusammenführen")
    phone.fill("#id_q", "huber")
    with phone.expect_navigation():
        phone.click("#merge-search button")
    screenshot(phone, "register-merge-search-390")
    with phone.expect_navigation():
        phone.click("#candidates a")
    assert page_width(phone) <= 390, "the comparison fits a 390 px phone"
    merge_and_undo(phone, "register-merge-390")
    assert page_width(phone) <= 390, "the record fits a 390 px phone"


def test_the_record_page_in_english_on_a_phone(phone, live_server, cup):
    anna, other = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/en/players/{anna.number}/merge/?other={other.number}")
    screenshot(phone, "register-compare-en-390")
    assert "Which record stays?" in phone.inner_text("main"), "the English comparison"


def test_a_stranger_is_refused(phone, live_server, cup, other_user):
    anna = Player.objects.get(name="Anna Huber")
    log_in(phone, live_server.url, "fremd")
    phone.goto(f"{live_server.url}/players/{anna.number}/merge/")
    screenshot(phone, "register-stranger-refused-390")
    assert "Anna Huber" not in phone.inner_text("body"), "the record does not exist for a stranger"
    assert Player.objects.filter(name__in=["Anna Huber", "Huber Anna"]).count() == 2, (
        "nothing merged"
    )


def test_a_correction_waits_for_the_other_organiser_and_is_logged_on_a_phone(
    phone, live_server, cup, other_user
):
    anna = Player.objects.get(name="Anna Huber")
    played(other_user, "fremd", {"Anna Huber": 5}, day=20)
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/players/{anna.number}/edit/")
    phone.fill("#id_name", "Anna Hubert")
    screenshot(phone, "register-edit-390")
    with phone.expect_navigation():
        phone.click("main button[type=submit]")
    screenshot(phone, "register-proposed-390")
    assert "fremd" in phone.inner_text("#proposals"), "the record shows whom the change waits for"
    log_in(phone, live_server.url, "fremd")
    phone.goto(live_server.url + "/players/proposals/")
    screenshot(phone, "register-proposals-390")
    assert page_width(phone) <= 390, "the proposals fit a 390 px phone"
    with phone.expect_navigation():
        phone.click("#waiting button[value=accept]")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/players/{anna.number}/")
    assert "Anna Huber (Innsbruck)" in phone.inner_text(".formerly"), "the earlier name is shown"
    phone.goto(live_server.url + "/cups/tirol/")
    phone.click("text=Spieler-Protokoll")
    phone.wait_for_selector("#cup-log")
    screenshot(phone, "register-cup-log-390")
    assert "Anna Hubert" in phone.inner_text("#cup-log"), "the cup's log lists the correction"


@pytest.mark.parametrize("where", ["record", "compare", "search"])
def test_axe_finds_no_serious_fault_on_the_register_pages(phone, live_server, cup, where):
    anna, other = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    path = {
        "record": f"/players/{anna.number}/",
        "compare": f"/players/{anna.number}/merge/?other={other.number}",
        "search": f"/players/{anna.number}/merge/?q=huber",
    }[where]
    log_in(phone, live_server.url)
    phone.goto(live_server.url + path)
    violations = run_axe(phone)
    assert violations == [], describe(violations)
