"""In Chromium on a 390 px phone: a director gives the Tirol cup's Säcke a silent value in a
tariff (the Tiroler Tarockcup since 2020/21), and a tournament playing it previews and stores a
Dreier with 46 points with the silent 1st Sack the engine adds from the points."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments.models import Hand, Tournament
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.browser.test_tariffs import log_in
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_gives_the_sacks_a_silent_value_on_a_phone(phone, live_server, director):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/tariffs/new/?ruleset=tirol_cup")
    phone.fill("#id_name", "Tirol 2020/21")
    phone.fill("#id_b_sack_silent", "1")
    phone.fill("#id_b_sack2_silent", "1")
    phone.locator("#id_b_sack_silent").scroll_into_view_if_needed()
    screenshot(phone, "tariff-silent-sacks-form", full_page=False)
    phone.click("main button[type=submit]")
    expect(phone.locator(".messages")).to_contain_text("Tarif gespeichert")
    screenshot(phone, "tariff-silent-sacks")
    tariff = Tariff.objects.get()
    assert tariff.numbers["bonuses"]["sack"] == {"silent": 1, "announced": 2}, (
        "the tariff should keep the 1st Sack's new silent value beside its announced one"
    )
    assert page_width(phone) <= 390, "the tariff page should not scroll sideways on a phone"
    tournament = make_tournament(director)
    Tournament.objects.filter(pk=tournament.pk).update(tariff=tariff)
    make_table(tournament)
    # hand 1: dealer seat 0, Vorhand seat 1; a Dreier of seat 1 with 46 points: 5 + silent
    # 1st Sack 1 = 6 from each defender
    phone.goto(live_server.url + "/t/cup/round/1/table/1/")
    phone.select_option("#id_contract", "dreier")
    phone.select_option("#id_declarer", "1")
    phone.fill("#id_points", "46")
    expect(phone.locator("#preview")).to_contain_text("+18")
    screenshot(phone, "tariff-silent-sacks-hand", full_page=False)
    phone.click("#save-hand")
    expect(phone.locator("#hand-1")).to_be_visible()
    assert list(Hand.objects.get().scores) == [-6, 18, -6, -6], (
        "the stored hand should carry the silent 1st Sack the points make"
    )
