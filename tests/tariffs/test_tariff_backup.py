"""A tournament's backup carries its tariff, so a restore anywhere scores the same."""

import pytest

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Hand, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

TIROL_2012 = {"valat": {"silent": 15, "announced": 30}}
VALAT = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}


@pytest.fixture
def document(director):
    first = Tariff.objects.create(name="Tirol 2012", ruleset="tirol_cup", owner=director)
    tariff = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers=TIROL_2012,
        owner=director,
        version=2,
        first=first,
    )
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    sheets.save_hand(make_table(tournament), VALAT)
    return backup.loads(backup.dumps(backup.backup(tournament)))


def test_the_backup_holds_the_tariff_and_its_first_version(document):
    tariffs = [
        o["fields"]["version"] for o in document["objects"] if o["model"] == "tariffs.tariff"
    ]
    assert tariffs == [1, 2]


def test_a_restore_where_the_tariff_is_unknown_brings_it_back(document):
    Tournament.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    restored = backup.restore(document)
    assert restored.tariff.sheet_tariff() == {"name": "Tirol 2012", **TIROL_2012}


def test_a_restore_beside_the_tariff_uses_it_as_it_is(document):
    Tournament.objects.all().delete()
    backup.restore(document)
    assert Tariff.objects.count() == 2


def test_the_restored_hands_keep_the_tariffs_scores(document):
    Tournament.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    backup.restore(document)
    # the Rufer 1 + silent Valat 15 = 16 from each defender
    assert list(Hand.objects.get().scores) == [-16, 16, -16, 16]


def test_a_version_whose_numbers_differ_here_is_refused(document):
    # A version's numbers never change once hands were scored: the file's or this server's
    # are not what they were, and neither can say which.
    Tournament.objects.all().delete()
    Tariff.objects.filter(version=2).update(numbers={"valat": {"silent": 12, "announced": 24}})
    with pytest.raises(backup.BackupError, match=r"version 2: the file's numbers .*\(valat differ"):
        backup.restore(document)
    assert Tariff.objects.count() == 2, "no tariff version should be added"
