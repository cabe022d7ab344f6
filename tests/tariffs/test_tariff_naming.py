"""A tariff is named the same everywhere, with its version: version 1 too, every page of a
tournament after it moved to another version, its JSON file's name; and one's own tariff
imported again is the one already there, not a copy."""

import io
import json

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_messages import form_data

pytestmark = pytest.mark.django_db

TIROL_2012 = {"valat": {"silent": 15, "announced": 30}}
NEWER = {"valat": {"silent": 12, "announced": 24}}
RUFER = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}
SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-21",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}


def make_tariff(owner, numbers=TIROL_2012, name="Tirol 2012", version=1, first=None):
    return Tariff.objects.create(
        name=name, ruleset="tirol_cup", numbers=numbers, owner=owner, version=version, first=first
    )


@pytest.mark.parametrize(
    ("lang", "version", "name"),
    [
        ("en", 1, "Tirol 2012 (version 1)"),
        ("de", 1, "Tirol 2012 (Version 1)"),
        ("en", 2, "Tirol 2012 (version 2)"),
        ("de", 2, "Tirol 2012 (Version 2)"),
    ],
)
def test_every_version_is_named_with_its_number(director, lang, version, name):
    tariff = make_tariff(director, version=version)
    with translation.override(lang):
        assert str(tariff) == name, "version 1 is labelled as every later version is"


def test_the_tariff_list_labels_the_first_version(client, director):
    first = make_tariff(director)
    make_tariff(director, NEWER, version=2, first=first)
    with translation.override("en"):
        page = client.get(reverse("tariff_list")).content.decode()
    assert ("Tirol 2012 (version 1)" in page, "Tirol 2012 (version 2)" in page) == (True, True)


# --- the JSON file's name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "version", "header"),
    [
        ("Tirol 2012", 2, 'attachment; filename="tirol-2012-version-2.json"'),
        ("Tirol 2012", 1, 'attachment; filename="tirol-2012-version-1.json"'),
        # an umlaut travels encoded (RFC 6266), never as raw bytes in the header
        ("Wörgl Cup", 1, "attachment; filename*=utf-8''w%C3%B6rgl-cup-version-1.json"),
        ('Cup "A"/B', 3, 'attachment; filename="cup-ab-version-3.json"'),
    ],
)
def test_the_download_is_named_by_the_tariff_and_its_version(
    client, director, name, version, header
):
    tariff = make_tariff(director, name=name, version=version)
    response = client.get(reverse("tariff_json", args=[tariff.pk]))
    assert response["Content-Disposition"] == header


# --- one's own export imported again ----------------------------------------------------------


def upload(client, data, lang="en"):
    with translation.override(lang):
        url = reverse("tariff_import")
    content = json.dumps(data).encode()
    return client.post(url, {"file": SimpleUploadedFile("t.json", content)})


def export(client, tariff):
    return json.loads(client.get(reverse("tariff_json", args=[tariff.pk])).content)


def test_importing_ones_own_export_again_makes_nothing_new(director_client, director):
    tariff = make_tariff(director)
    upload(director_client, export(director_client, tariff))
    assert Tariff.objects.count() == 1, "the tariff is already there: no second copy"


def test_importing_an_export_of_a_later_version_again_makes_nothing_new(director_client, director):
    first = make_tariff(director)
    second = make_tariff(director, NEWER, version=2, first=first)
    upload(director_client, export(director_client, second))
    assert Tariff.objects.count() == 2, "version 2 is already there: no 'Tirol 2012 (version 2)'"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", 'This tariff is already here as <a href="{url}">Tirol 2012 (version 2)</a>'),
        (
            "de",
            "Dieser Tarif ist mit denselben Werten schon vorhanden: "
            '<a href="{url}">Tirol 2012 (Version 2)</a>.',
        ),
    ],
)
def test_importing_it_again_says_where_it_is_and_links_it(director_client, director, lang, text):
    first = make_tariff(director)
    second = make_tariff(director, NEWER, version=2, first=first)
    response = upload(director_client, export(director_client, second), lang)
    with translation.override(lang):
        url = second.get_absolute_url()
    assert text.format(url=url) in response.content.decode()


def test_a_changed_export_imports_as_a_tariff_of_its_own(director_client, director):
    tariff = make_tariff(director)
    data = export(director_client, tariff)
    data["tariff"]["valat"] = {"silent": 16, "announced": 32}
    upload(director_client, data)
    assert Tariff.objects.count() == 2, "other numbers are another tariff"


def test_another_organisers_identical_tariff_does_not_stop_an_import(client, director, other_user):
    tariff = make_tariff(director)
    data = export(client, tariff)
    client.force_login(other_user)
    upload(client, data)
    assert Tariff.objects.filter(owner=other_user).count() == 1, "theirs is not the importer's"


# --- every page names the version a tournament moved to ----------------------------------------


@pytest.fixture
def moved(director, director_client):
    """A tournament that played version 1 and moved to version 2 (the same name)."""
    first = make_tariff(director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = first
    tournament.save()
    table = make_table(tournament)
    sheets.save_hand(table, RUFER)
    second = make_tariff(director, NEWER, version=2, first=first)
    return table, second


def pages(table):
    slug, r, t = "cup", table.round.number, table.number
    return {
        "table": reverse("table", args=[slug, r, t]),
        "tournament": reverse("tournament", args=[slug]),
        "score cards": reverse("score_cards", args=[slug, r]),
        "table link": reverse("table_link", args=[table.token]),
    }


def move(director_client, second):
    edit = reverse("tournament_edit", args=["cup"])
    director_client.post(edit, {**SETTINGS, "tariff": second.pk, "confirm": "1"})


@pytest.mark.parametrize("page", ["table", "tournament", "score cards", "table link"])
def test_after_a_move_the_page_names_the_new_version(director_client, moved, page):
    table, second = moved
    with translation.override("en"):
        url = pages(table)[page]
    visitor = Client()  # not logged in: served the copy the server keeps for every visitor
    visitor.get(url)  # seen before the move: a kept copy must not outlive it
    move(director_client, second)
    body = visitor.get(url).content.decode()
    assert ("Tirol 2012 (version 2)" in body, "Tirol 2012 (version 1)" in body) == (True, False)


def test_after_a_move_the_workbook_names_the_new_version(director_client, moved):
    table, second = moved
    move(director_client, second)
    with translation.override("en"):
        response = director_client.get(reverse("export_tournament_xlsx", args=["cup"]))
    content = b"".join(response.streaming_content)
    sheet = openpyxl.load_workbook(io.BytesIO(content))["Tariff"]
    assert str(sheet["A1"].value).endswith("Tirol 2012 (version 2)")


# --- a tariff changed in place ------------------------------------------------------------------


@pytest.fixture
def unused(director):
    """A tournament playing a version no hand has been scored by yet (it changes in place)."""
    tariff = make_tariff(director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    return make_table(tournament), tariff


def rename(director_client, tariff, name):
    with translation.override("en"):
        url = reverse("tariff_edit", args=[tariff.pk])
    data = form_data(name=name, valat_silent="15", valat_announced="30")
    # followed: the tariff page shows "saved", so no message waits to bypass the live pages
    director_client.post(url, data, follow=True)


@pytest.mark.parametrize("page", ["table", "tournament", "score cards", "table link"])
def test_a_tariff_renamed_in_place_is_renamed_on_the_pages_seen_before(
    director_client, unused, page
):
    table, tariff = unused
    visitor = Client()  # not logged in: served the copy the server keeps for every visitor
    with translation.override("en"):
        url = pages(table)[page]
    visitor.get(url)
    rename(director_client, tariff, "Tirol 2013")
    body = visitor.get(url).content.decode()
    assert "Tirol 2013 (version 1)" in body, "the kept copy names the tariff as it is now"
