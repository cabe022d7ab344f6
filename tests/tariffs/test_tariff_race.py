"""A tariff edit at the very moment a tournament's first hand is saved by its version, with two
real database connections on PostgreSQL: the edit waits for the save, sees the hand and makes
a new version, so the hand keeps the numbers it was scored by."""

import threading

import pytest
from django.db import connection, transaction

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_pages import TIROL_2012, make_tariff

pytestmark = pytest.mark.django_db(transaction=True)

HAND = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}
WAIT = 10  # seconds any step may take; a blocked edit is seen well within the pause below
PAUSE = 0.5  # how long the edit is given to run while the save is still open


@pytest.fixture
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (SQLite serialises every writer); CI runs it there")


def edit_during_first_hand(director):
    """Save a tournament's first hand and, before its transaction commits, edit the tariff from
    another connection. Return the tariff, what the edit returned, and whether the edit had
    finished while the save was still open."""
    tariff = make_tariff(director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    saved, release = threading.Event(), threading.Event()
    result: dict[str, object] = {}

    def save() -> None:
        try:
            with transaction.atomic():
                sheets.save_hand(table, HAND)
                saved.set()
                release.wait(WAIT)
        finally:
            connection.close()

    def edit() -> None:
        try:
            result["edited"] = Tariff.objects.get(pk=tariff.pk).edit("Tirol", "", {})
        finally:
            connection.close()

    saver = threading.Thread(target=save)
    saver.start()
    assert saved.wait(WAIT), "the first hand was not saved"
    editor = threading.Thread(target=edit)
    editor.start()
    editor.join(PAUSE)
    finished_early = not editor.is_alive()
    release.set()
    saver.join(WAIT)
    editor.join(WAIT)
    return tariff, result.get("edited"), finished_early


def test_an_edit_waits_for_a_first_hand_being_saved(director, postgres_only):
    _, _, finished_early = edit_during_first_hand(director)
    assert not finished_early, "the edit went ahead while the first hand's save was still open"


def test_the_version_a_first_hand_was_scored_by_stays_as_it_was(director, postgres_only):
    tariff, _, _ = edit_during_first_hand(director)
    assert Tariff.objects.get(pk=tariff.pk).numbers == TIROL_2012


def test_an_edit_during_a_first_hand_makes_the_next_version(director, postgres_only):
    tariff, edited, _ = edit_during_first_hand(director)
    assert getattr(edited, "version", None) == tariff.version + 1
