"""In Chromium, in German: a round played the way a cup day plays it. Two tables enter their
hands on 390 px phones through their own links, a third is recorded from its paper block by the
director; the projector takes in each save without reloading; one table signs and the director
accepts it; the clock runs out and the director closes the table still playing."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tarock_cup.tournaments import rounds
from tarock_cup.tournaments.models import Change, Round, Table, Tournament
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


@pytest.fixture
def drawn(director):
    """Return a drawn round of three tables of four, two hands each."""
    tournament = make_tournament(director, players=12)
    tournament.hands_four = 2
    tournament.save()
    rounds.draw_round(tournament, seed=7)
    return Round.objects.get()


@pytest.fixture
def projector(browser):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-AT")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phones(browser):
    contexts = [browser.new_context(locale="de-AT", **PHONE) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(15_000)
    yield pages
    for context in contexts:
        context.close()


def name_at(table, seat):
    return table.seats.get(position=seat).player.name


def enter_by_hand(phone, scores):
    phone.select_option("#id_contract", "manual")
    for seat, score in enumerate(scores):
        phone.fill(f"#id_manual_{seat}", str(score))
    phone.fill("#id_manual_reason", "Schiedsspruch")
    expect(phone.locator("#preview .preview-scores")).to_be_visible()
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert page_width(phone) <= 390, "the table's page should fit the phone"


def expect_leader(projector, name, total):
    leader = projector.locator("#podium tr").first
    expect(leader).to_contain_text(name)
    expect(leader).to_contain_text(total)


def test_a_round_entered_by_the_tables_with_a_paper_table_and_the_clock(
    page, phones, projector, live_server, drawn
):
    first, second, third = (Table.objects.get(round=drawn, number=n) for n in (1, 2, 3))
    table_one, table_two = phones
    projector.goto(live_server.url + "/t/cup/projector/")
    projector.evaluate("window.notReloaded = true")

    # Table 1 types its code; table 2 scans its QR code (opens its link).
    table_one.goto(live_server.url + "/table/")
    table_one.fill("#id_code", first.code.lower())
    with table_one.expect_navigation():
        table_one.click("#open-table")
    table_two.goto(live_server.url + f"/table/{second.token}/")

    enter_by_hand(table_one, [30, -10, -10, -10])
    expect_leader(projector, name_at(first, 0), "+30")
    enter_by_hand(table_two, [-15, 45, -15, -15])
    expect_leader(projector, name_at(second, 1), "+45")

    # Table 3 played on paper: the director records its totals.
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/round/1/table/3/paper/")
    for seat, total in enumerate([60, -20, -20, -20]):
        page.fill(f"#id_total_{seat}", str(total))
    page.fill("#id_note", "Papierblock")
    with page.expect_navigation():
        page.click("#paper-save")
    expect_leader(projector, name_at(third, 0), "+60")

    enter_by_hand(table_one, [40, -20, -20, 0])
    expect_leader(projector, name_at(first, 0), "+70")
    screenshot(projector, "round-by-tables-projector", full_page=False)

    # Table 1 has played its round and signs; the director accepts it.
    for box in table_one.locator("#sign-off input[type=checkbox]").all():
        box.check()
    with table_one.expect_navigation():
        table_one.click("#sign-sheet")
    screenshot(table_one, "round-by-tables-signed-phone")
    page.goto(live_server.url + "/t/cup/round/1/")
    expect(page.locator("#table-state-1")).to_contain_text("vom Tisch")
    with page.expect_navigation():
        page.click("#accept-1")

    # The clock runs out (moved to two seconds from now, as if the time limit had passed).
    page.fill("#clock-minutes", "90")
    with page.expect_navigation():
        page.click("#clock-start")
    Round.objects.filter(pk=drawn.pk).update(clock_ends_at=timezone.now() + timedelta(seconds=2))
    Tournament.bump_version(drawn.tournament_id)
    expect(projector.locator("#clock [data-clock-time]")).to_have_text("Zeit abgelaufen")
    expect(table_two.locator("#clock [data-clock-time]")).to_have_text("Zeit abgelaufen")

    # The director closes the tables still playing: table 2 after one of its two hands.
    page.goto(live_server.url + "/t/cup/round/1/")
    with page.expect_navigation():
        page.click("#close-open-tables")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Tisch 2 nach 1 von 2 Spielen")
    screenshot(page, "round-by-tables-closed")

    table_two.reload()
    expect(table_two.locator("#link-closed")).to_be_visible()
    expect(projector.locator("#playing li.done")).to_have_count(1)
    assert projector.evaluate("window.notReloaded === true"), "the projector should not reload"
    by_table = Change.objects.filter(kind=Change.Kind.HAND, by_table=True).count()
    assert by_table == 3, "the three hands should be recorded as entered by their tables"
