"""In Chromium on a 390 px phone, in German (the form in English too): the tariff form's errors
at the top, each a link to its field; one's own tariff imported again, linking the one there; a
move to a version that refuses an entered hand, naming it by round, table and hand; the table
page naming the version moved to. Each fits the phone and passes axe."""

import json

import pytest
from playwright.sync_api import expect

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RUFER = {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"}


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")


def fits(page):
    return (page_width(page), describe(run_axe(page)))


@pytest.fixture
def tariff(director):
    return Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=director,
    )


@pytest.mark.parametrize(
    ("lang", "link", "text"),
    [
        ("", "Valat still", "Valat still: Einen Wert von 1 bis 100 eingeben."),
        ("/en", "Valat silent", "Valat silent: Give a value from 1 to 100."),
    ],
)
def test_the_forms_errors_stand_at_the_top_and_lead_to_their_field(
    phone, live_server, tariff, lang, link, text
):
    log_in(phone, live_server)
    phone.goto(live_server.url + f"{lang}/tariffs/{tariff.pk}/edit/")
    phone.fill("#id_valat_silent", "")
    phone.click("main button[type=submit]")
    summary = phone.locator("#form-errors")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text(text)
    screenshot(phone, "tariff-form-errors" + lang.replace("/", "-"), full_page=False)
    assert fits(phone) == (390, "")
    summary.get_by_role("link", name=link).click()
    expect(phone.locator("#id_valat_silent")).to_be_in_viewport()


def test_ones_own_tariff_imported_again_links_the_one_there(phone, live_server, tariff, tmp_path):
    log_in(phone, live_server)
    file = tmp_path / "tirol-2012-version-1.json"
    file.write_text(json.dumps(tariff.to_json()), encoding="utf-8")
    phone.goto(live_server.url + "/tariffs/import/")
    phone.set_input_files("#id_file", str(file))
    phone.click("main button[type=submit]")
    notice = phone.locator("#tariff-already-here")
    expect(notice).to_contain_text(
        "schon vorhanden: Tirol 2012 (Version 1). Es wurde nichts importiert."
    )
    screenshot(phone, "tariff-import-again")
    assert (fits(phone), Tariff.objects.count()) == ((390, ""), 1)
    notice.get_by_role("link").click()
    expect(phone.locator("h1")).to_have_text("Tirol 2012 (Version 1)")


@pytest.fixture
def played(director, tariff):
    tournament = make_tournament(director, "tirol_cup", players=12)
    tournament.tariff = tariff
    tournament.save()
    names = [reg.player.name for reg in tournament.registrations.order_by("pk")]
    for number in (1, 2, 3):
        table = make_table(
            tournament, table_number=number, names=names[4 * number - 4 : 4 * number]
        )
    sheets.save_hand(table, RUFER)
    return table


def test_a_move_the_entered_hands_refuse_names_the_hand(phone, live_server, director, played):
    no_rufer = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"contracts": {"rufer": None}},
        owner=director,
        version=2,
        first=played.round.tournament.tariff,
    )
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/edit/")
    phone.select_option("#id_tariff", str(no_rufer.pk))
    phone.click("main button[type=submit]")
    errors = phone.locator(".errorlist")
    expect(errors.first).to_contain_text("Runde 1, Tisch 3, Spiel 1: ")
    screenshot(phone, "tariff-move-refused-hand")
    assert fits(phone) == (390, "")


def test_the_table_page_names_the_version_moved_to(phone, live_server, director, played):
    newer = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 12, "announced": 24}},
        owner=director,
        version=2,
        first=played.round.tournament.tariff,
    )
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/round/1/table/3/")
    expect(phone.locator("#table-status")).to_contain_text("Tirol 2012 (Version 1)")
    phone.goto(live_server.url + "/t/cup/edit/")
    phone.select_option("#id_tariff", str(newer.pk))
    phone.click("main button[type=submit]")
    phone.goto(live_server.url + "/t/cup/round/1/table/3/")
    expect(phone.locator("#table-status")).to_contain_text("Tirol 2012 (Version 2)")
    screenshot(phone, "tariff-table-after-move")
    assert fits(phone) == (390, "")
