"""In Chromium: an organiser defines "Tirol 2012" (Valat 15/30, Besserrufer 2) on the tariff
page in German, a tournament plays it, and its table's sheet scores the same with
`python -m scoring`; the tariff's pages read in English and fit a 390 px phone."""

import json
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments.models import Hand, Player, Registration, Tournament
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import ROOT, screenshot
from tests.factories import make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")


def define_tirol_2012(page, live_server):
    page.goto(live_server.url + "/tariffs/new/")
    page.select_option("#id_ruleset", "tirol_cup")
    page.click("main button[type=submit]")
    page.fill("#id_name", "Tirol 2012")
    page.fill("#id_c_besserrufer_won", "2")
    page.fill("#id_c_besserrufer_lost", "2")
    page.fill("#id_valat_silent", "15")
    page.fill("#id_valat_announced", "30")
    screenshot(page, "tariff-form")
    page.click("main button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Tarif gespeichert")


def test_an_organiser_defines_a_tariff_and_a_tournament_plays_it(page, live_server, director):
    log_in(page, live_server)
    define_tirol_2012(page, live_server)
    expect(page.locator("#contract-besserrufer mark")).to_have_text(["2", "2"])
    screenshot(page, "tariff")
    page.goto(live_server.url + "/t/new/")
    page.fill("#id_name", "Tiroler Cup 2012")
    page.fill("#id_slug", "cup")
    page.fill("#id_date", "2026-11-28")
    page.select_option("#id_ruleset", "tirol_cup")
    page.select_option("#id_tariff", str(Tariff.objects.get(shipped="").pk))
    page.click("main button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Turnier angelegt")
    tournament = Tournament.objects.get()
    for name in ("Anna", "Bert", "Cilli", "Dora"):
        player = Player.objects.create(name=name)
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    make_table(tournament)
    # the table's page, as the director enters the hands: hand 1 (dealer seat 0, Vorhand seat 1)
    # a Rufer of seat 1 with seat 3 made as Valat: Rufer 1 + Valat 15 silent = 16 each way
    page.goto(live_server.url + "/t/cup/round/1/table/1/")
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.select_option("#id_valat", "declarer")
    expect(page.locator("#preview")).to_contain_text("+16")
    page.click("#save-hand")
    expect(page.locator("#hand-1")).to_be_visible()
    # hand 2 (Vorhand seat 2): a Besserrufer of seat 2 with seat 0, Pagat announced and made,
    # 41 points: Besserrufer 2 (the tariff's; the ruleset's 1) + Pagat announced 2 = 4 each way
    page.select_option("#id_contract", "besserrufer")
    page.select_option("#id_declarer", "2")
    page.select_option("#id_partner", "0")
    page.fill("#id_points", "41")
    page.select_option("#id_b_pagat_side", "declarer")
    page.check("#id_b_pagat_announced")
    expect(page.locator("#preview")).to_contain_text("+4")
    screenshot(page, "tariff-hand-entry")
    page.click("#save-hand")
    expect(page.locator("#hand-2")).to_be_visible()
    sheet = page.request.get(live_server.url + "/t/cup/round/1/table/1/sheet.json").text()
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "-"],
        input=sheet,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    stored = [list(hand.scores) for hand in Hand.objects.order_by("number")]
    assert stored == [[-16, 16, -16, 16], [4, -4, 4, -4]], "the tariff's numbers, hand-worked"
    scored = [hand["scores"] for hand in json.loads(done.stdout)["hands"]]
    assert scored == stored, "python -m scoring scores the downloaded sheet as the page did"


def test_a_bad_number_is_refused_in_the_page(page, live_server, director):
    log_in(page, live_server)
    page.goto(live_server.url + "/tariffs/new/?ruleset=tirol_cup")
    page.fill("#id_name", "Zu viel")
    # the Besserrufer must announce a bird: the engine refuses a tariff without any
    for bird in ("pagat", "uhu", "kakadu", "quapil"):
        page.uncheck(f"#id_b_{bird}_keep")
    page.click("main button[type=submit]")
    expect(page.locator("#bonus-pagat .errorlist")).to_contain_text("Besserrufer muss")
    screenshot(page, "tariff-refused")
    assert Tariff.objects.filter(shipped="").count() == 0, "a refused tariff saves nothing"


@pytest.mark.parametrize("path", ["/en/tariffs/{pk}/", "/en/tariffs/{pk}/edit/", "/tariffs/{pk}/"])
def test_the_tariff_pages_fit_a_phone_and_pass_axe(phone, live_server, director, path):
    tariff = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}, "contracts": {"bettler": None}},
        owner=director,
    )
    log_in(phone, live_server)
    phone.goto(live_server.url + path.format(pk=tariff.pk))
    name = "tariff-phone" + path.replace("/", "-").replace("{pk}", "").rstrip("-")
    screenshot(phone, name)
    violations = run_axe(phone)
    assert (page_width(phone), describe(violations)) == (390, "")
