"""In Chromium on a 390 px phone, German and English: the settings page listing a move to
another tariff version, and the pages of a stored tariff the engine refuses (the tariff's own,
the tournament's, a table's) fit the phone and pass axe."""

import pytest

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import history, sheets
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VALAT = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")


@pytest.fixture
def moved(director):
    first = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=director,
    )
    second = Tariff.objects.create(
        name="Tirol 2012", ruleset="tirol_cup", owner=director, version=2, first=first
    )
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = second
    tournament.save()
    sheets.save_hand(make_table(tournament), VALAT)
    history.record_tariff_move(tournament, first, 1, director)
    # then stored refused, as no page would save it
    Tariff.objects.filter(pk=second.pk).update(numbers={"contracts": {"skat": None}})
    return second


@pytest.mark.parametrize("lang", ["", "/en"])
@pytest.mark.parametrize(
    "path, mark",
    [
        ("/t/cup/edit/", "#tariff-history"),
        ("/tariffs/{pk}/", "#tariff-refused"),
        ("/t/cup/", "#tariff-not-applicable"),
        ("/t/cup/round/1/table/1/", "#tariff-not-applicable"),
    ],
)
def test_the_page_fits_a_phone_and_passes_axe(phone, live_server, moved, lang, path, mark):
    log_in(phone, live_server)
    phone.goto(live_server.url + lang + path.format(pk=moved.pk))
    phone.wait_for_selector(mark)
    name = "tariff-move" + (lang + path).replace("/", "-").replace("{pk}", "").rstrip("-")
    screenshot(phone, name)
    violations = run_axe(phone)
    assert (page_width(phone), describe(violations)) == (390, "")
