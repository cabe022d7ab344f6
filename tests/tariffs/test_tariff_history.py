"""A tournament's move to another tariff version is kept in its history (who, when, from which
version to which), shown on its settings page, and carried by its backup."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Change, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-28",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}
VALAT = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}


@pytest.fixture
def first(director):
    tariff = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=director,
    )
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    sheets.save_hand(make_table(tournament), VALAT)
    return tariff


@pytest.fixture
def second(director, first):
    return Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 12, "announced": 24}},
        owner=director,
        version=2,
        first=first,
    )


def move(client, tariff, confirm="1"):
    data = {**SETTINGS, "tariff": "" if tariff is None else tariff.pk, "confirm": confirm}
    return client.post(reverse("tournament_edit", args=["cup"]), data)


def tariff_moves():
    return list(Change.objects.filter(kind=Change.Kind.TARIFF))


def test_a_confirmed_move_is_recorded_once(director_client, second):
    move(director_client, second)
    assert len(tariff_moves()) == 1


@pytest.mark.parametrize(
    "state, expected",
    [
        ("before", {"name": "Tirol 2012", "version": 1}),
        ("after", {"name": "Tirol 2012", "version": 2, "hands": 1}),
    ],
)
def test_the_record_names_the_versions_and_the_hands_scored_anew(
    director_client, second, state, expected
):
    move(director_client, second)
    kept = getattr(tariff_moves()[0], state)
    assert {k: v for k, v in kept.items() if k != "tariff"} == expected


def test_the_record_names_who_moved_it(director_client, director, second):
    move(director_client, second)
    assert tariff_moves()[0].user == director


def test_the_record_is_of_the_tournament(director_client, second):
    move(director_client, second)
    assert tariff_moves()[0].object_id == Tournament.objects.get().pk


def test_a_move_not_yet_confirmed_records_nothing(director_client, second):
    move(director_client, second, confirm="")
    assert tariff_moves() == []


def test_saving_the_settings_with_the_same_tariff_records_no_move(director_client, first):
    move(director_client, first)
    assert tariff_moves() == []


def test_leaving_the_tariff_for_the_rulesets_own_numbers_is_recorded(director_client, first):
    move(director_client, None)
    assert tariff_moves()[0].after == {"tariff": None, "hands": 1}


@pytest.mark.parametrize(
    "lang, text",
    [
        ("en", "Tariff changed: Tirol 2012, version 1 → Tirol 2012, version 2; 1 hand scored anew"),
        ("de", "Tarif gewechselt: Tirol 2012, Version 1 → Tirol 2012, Version 2; 1 Spiel neu"),
    ],
)
def test_the_settings_page_lists_the_move(director_client, second, lang, text):
    move(director_client, second)
    with translation.override(lang):
        page = director_client.get(reverse("tournament_edit", args=["cup"])).content.decode()
    assert text in page


def test_the_settings_page_names_who_moved_it(director_client, second):
    move(director_client, second)
    page = director_client.get(reverse("tournament_edit", args=["cup"])).content.decode()
    assert "direktor" in page.split('id="tariff-history"')[1]


@pytest.fixture
def restored(director_client, second):
    move(director_client, second)
    document = backup.loads(backup.dumps(backup.backup(Tournament.objects.get())))
    Tournament.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    return backup.restore(document)


def test_the_backup_holds_the_version_moved_from(director_client, second):
    move(director_client, second)
    document = backup.backup(Tournament.objects.get())
    versions = [
        o["fields"]["version"] for o in document["objects"] if o["model"] == "tariffs.tariff"
    ]
    assert versions == [1, 2]


def test_a_restore_keeps_the_move_in_the_history(restored):
    assert [(c.object_id, c.user.username) for c in tariff_moves()] == [(restored.pk, "direktor")]


@pytest.mark.parametrize("state, version", [("before", 1), ("after", 2)])
def test_a_restored_move_names_the_restored_versions(restored, state, version):
    pk = getattr(tariff_moves()[0], state)["tariff"]
    assert Tariff.objects.get(pk=pk).version == version
