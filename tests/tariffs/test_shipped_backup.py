"""A tournament under a shipped tariff restores onto any server: the shipped tariff's version is
the same everywhere, whatever its row's key there."""

import pytest

from tarock_cup.tariffs import shipped
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# Vorhand (seat 1) plays a Dreier with 46 points: 5 + silent 1st Sack 1 from each defender
DREIER = {"contract": "dreier", "declarer": 1, "points": "46"}


@pytest.fixture
def document(director):
    shipped.sync()
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = Tariff.objects.get(shipped="tirol_2020_21")
    tournament.save()
    sheets.save_hand(make_table(tournament), DREIER)
    return backup.loads(backup.dumps(backup.backup(tournament)))


def test_a_restore_where_the_shipped_row_has_another_key_uses_that_row(document):
    Tournament.objects.all().delete()
    Tariff.objects.filter(shipped="tirol_2020_21").delete()
    shipped.sync()  # the row again, under a new key: as on another server
    here = Tariff.objects.get(shipped="tirol_2020_21")
    restored = backup.restore(document)
    assert restored.tariff == here, "the restore should take the server's shipped row"


def test_a_restore_before_the_shipped_row_exists_brings_it_and_sync_adds_none(document):
    Tournament.objects.all().delete()
    Tariff.objects.filter(shipped="tirol_2020_21").delete()
    backup.restore(document)
    shipped.sync()
    rows = Tariff.objects.filter(shipped="tirol_2020_21").count()
    assert rows == 1, "one row for the shipped version, whoever made it first"


def test_the_restored_hand_keeps_its_silent_sack(document):
    Tournament.objects.all().delete()
    Tariff.objects.filter(shipped="tirol_2020_21").delete()
    shipped.sync()
    tournament = backup.restore(document)
    hand = tournament.rounds.get().tables.get().hands.get()
    assert hand.scores == [-6, 18, -6, -6]
