"""In Chromium, in German, on a laptop and a 390 px phone: a director imports a list with
"Franz Pichlr", is offered Franz Pichler of Schwaz, picks him and confirms; no second Franz is
made. The same for a cup's imported ranking."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tarock_cup.cups.models import ImportedPlace
from tarock_cup.tournaments.models import Player, Registration
from tests.browser.conftest import screenshot
from tests.cups.helpers import make_cup
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIST = b"Name;Verein\nFranz Pichlr;Schwaz\nZita Zangerl;Wien\n"
RANKING = b"Platz;Name;Verein\n1;Zita Zangerl;Wien\n2;Franz Pichlr;Schwaz\n"


def log_in(page, url):
    page.goto(url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.keyboard.press("Enter")


def upload(page, url, data, name, fields=None):
    page.goto(url)
    for selector, value in (fields or {}).items():
        page.fill(selector, value)
    page.set_input_files("#id_file", files=[{"name": name, "mimeType": "text/csv", "buffer": data}])
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def pick_franz(page, pichler, shot):
    offer = page.get_by_label(f"Franz Pichler (Schwaz), Nr. {pichler.number}")
    expect(offer).not_to_be_checked()  # a typo is left to the director
    offer.check()
    screenshot(page, shot)
    with page.expect_navigation():
        page.click("button[name=confirm]")


@pytest.mark.parametrize("device", ["page", "phone"], ids=["laptop", "phone"])
def test_a_director_fixes_franz_pichlr_on_a_player_import(request, device, live_server, director):
    page = request.getfixturevalue(device)
    tournament = make_tournament(director, players=0)
    pichler = Player.objects.create(name="Franz Pichler", club="Schwaz")
    log_in(page, live_server.url)
    upload(page, live_server.url + reverse("players_import", args=["cup"]), LIST, "liste.csv")
    expect(page.locator("#choose")).to_contain_text("Wer ist Franz Pichlr?")
    pick_franz(page, pichler, f"import-finds-franz-{device}")
    expect(page.locator("main")).to_contain_text("2 Spieler angemeldet")
    screenshot(page, f"import-finds-franz-done-{device}")
    registered = set(
        Registration.objects.filter(tournament=tournament).values_list("player__name", flat=True)
    )
    assert registered == {"Franz Pichler", "Zita Zangerl"}, "Franz Pichler is registered"
    assert not Player.objects.filter(name="Franz Pichlr").exists(), "no second Franz is made"


@pytest.mark.parametrize("device", ["page", "phone"], ids=["laptop", "phone"])
def test_an_organiser_fixes_franz_pichlr_on_a_ranking_import(
    request, device, live_server, director
):
    page = request.getfixturevalue(device)
    cup = make_cup(director, [])
    pichler = Player.objects.create(name="Franz Pichler", club="Schwaz")
    log_in(page, live_server.url)
    fields = {"#id_name": "Papierturnier Schwaz", "#id_date": "2026-10-03"}
    url = live_server.url + reverse("cup_ranking_import", args=[cup.slug])
    upload(page, url, RANKING, "rangliste.csv", fields)
    pick_franz(page, pichler, f"ranking-import-finds-franz-{device}")
    expect(page.locator("main")).to_contain_text("Endergebnis von Papierturnier Schwaz")
    assert ImportedPlace.objects.get(rank=2).player == pichler, "second place is Franz Pichler"
