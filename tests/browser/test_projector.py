"""In Chromium, in German: the projector (1920 x 1080) takes in a saved hand without reloading,
its clock counts down and says when time is up; the director runs the clock from the round
page on a phone and closes the table still playing."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tarock_cup.tournaments import clock, rounds, sheets
from tarock_cup.tournaments.models import Round, Table, Tournament
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
def projector(browser):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-AT")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def drawn(director):
    tournament = make_tournament(director, players=40)
    rounds.draw_round(tournament, seed=7)
    return Round.objects.get()


def test_the_projector_shows_a_saved_hand_without_reloading(projector, live_server, drawn):
    projector.goto(live_server.url + "/t/cup/projector/")
    projector.evaluate("window.notReloaded = true")
    table = Table.objects.select_related("round__tournament").get(round=drawn, number=1)
    sheets.save_hand(table, HAND)
    expect(projector.locator("#podium tr").first).to_contain_text("+30")
    assert projector.evaluate("window.notReloaded === true"), "the page should not have reloaded"


def test_the_podium_stays_on_screen_while_the_rest_of_the_field_scrolls(
    projector, live_server, drawn
):
    table = Table.objects.select_related("round__tournament").get(round=drawn, number=1)
    sheets.save_hand(table, HAND)
    projector.goto(live_server.url + "/t/cup/projector/")
    expect(projector.locator("#podium tr")).to_have_count(3)
    expect(projector.locator("#board tr")).to_have_count(37)
    # As if the slow scroll had reached the end of the field.
    projector.locator("[data-autoscroll]").evaluate("box => { box.scrollTop = box.scrollHeight; }")
    expect(projector.locator("#board tr").last).to_be_in_viewport()
    leader = projector.locator("#podium tr").first
    expect(leader, "the leader should stay on screen").to_be_in_viewport()
    expect(leader).to_contain_text("+30")
    screenshot(projector, "projector-1920-scrolled", full_page=False)


def test_the_projector_lists_the_tables_still_playing(projector, live_server, drawn):
    projector.goto(live_server.url + "/t/cup/projector/")
    sheets.close_table(Table.objects.get(round=drawn, number=1), early=True)
    expect(projector.locator("#playing li")).to_have_count(9)


def test_the_projector_clock_counts_down_and_says_when_time_is_up(projector, live_server, drawn):
    clock.act(drawn, "start", 90)
    projector.goto(live_server.url + "/t/cup/projector/")
    time = projector.locator("#clock [data-clock-time]")
    first = time.inner_text()
    expect(time, "the clock should count down in the browser").not_to_have_text(first)
    screenshot(projector, "projector-1920", full_page=False)
    # The round's end is moved to two seconds from now, as if 90 minutes had passed.
    Round.objects.filter(pk=drawn.pk).update(clock_ends_at=timezone.now() + timedelta(seconds=2))
    Tournament.bump_version(drawn.tournament_id)
    expect(time).to_have_text("Zeit abgelaufen", timeout=15_000)
    screenshot(projector, "projector-1920-time-up", full_page=False)


def test_a_director_runs_the_clock_and_closes_the_late_tables_on_a_phone(phone, live_server, drawn):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/")
    phone.fill("#clock-minutes", "45")
    with phone.expect_navigation():
        phone.click("#clock-start")
    expect(phone.locator("#clock")).to_have_attribute("data-state", "running")
    screenshot(phone, "round-clock-phone")
    screenshot(phone, "round-clock-phone-top", full_page=False)
    with phone.expect_navigation():
        phone.click("#clock-pause")
    expect(phone.locator("#clock")).to_have_attribute("data-state", "paused")
    with phone.expect_navigation():
        phone.click("#close-open-tables")
    screenshot(phone, "round-close-open-phone")
    with phone.expect_navigation():
        phone.click("main form button[type=submit]")
    expect(phone.locator(".messages")).to_contain_text("Tisch 10 nach 0 von 16 Spielen")
    assert not Table.objects.filter(finished=False).exists(), "every table should be closed"
