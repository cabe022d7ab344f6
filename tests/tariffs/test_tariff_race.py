"""A tariff edit at the very moment a version gets its first scored hands, with two real
database connections on PostgreSQL: the edit waits for the save, sees the hands and makes a new
version, so the hands keep the numbers they were scored by.

A version gets its first hands in four ways: a table's first hand entered, the same while
another table's only hand is deleted, a table's first hands uploaded as a sheet, and a
tournament with hands moved to a version nobody uses yet.
"""

import threading
from collections.abc import Callable

import pytest
from django.db import connection, transaction

from tarock_cup.imports import sheets_json
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
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


def first_hand(director, tariff):
    """A tournament on the tariff with no hand: its table's first hand is entered."""
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    return (lambda: sheets.save_hand(table, HAND)), None


def first_hand_while_another_is_deleted(director, tariff):
    """As first_hand, while the only hand of another table of the tournament is deleted (once
    the save has begun, before the edit)."""
    enter, _ = first_hand(director, tariff)
    tournament = tariff.tournaments.get()
    other = make_table(tournament, round_number=2)
    sheets.save_hand(other, HAND)
    return enter, lambda: Hand.objects.filter(table=other).delete()


def first_hands_uploaded(director, tariff):
    """A tournament on the tariff with no hand: a sheet of hands is uploaded at its table."""
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    return (lambda: sheets_json.replace_hands(table, [HAND])), None


def moved_to_the_version(director, tariff):
    """A tournament with a hand, scored by the ruleset alone, moves to the unused version."""
    tournament = make_tournament(director, "tirol_cup")
    sheets.save_hand(make_table(tournament), HAND)

    def move() -> None:
        tournament.tariff = tariff
        tournament.save()
        sheets.rescore_tournament(tournament)

    return move, None


WAYS = [first_hand, first_hand_while_another_is_deleted, first_hands_uploaded, moved_to_the_version]


def edit_during(director, way: Callable) -> tuple[Tariff, Tariff | None, bool]:
    """Give the tariff its first hands one way and, before that transaction commits, edit the
    tariff from another connection. Return the tariff, what the edit returned, and whether the
    edit had finished while the save was still open."""
    tariff = make_tariff(director)
    step, meanwhile = way(director, tariff)
    saved, release = threading.Event(), threading.Event()
    result: dict[str, Tariff] = {}

    def save() -> None:
        try:
            with transaction.atomic():
                step()
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
    assert saved.wait(WAIT), "the first hands were not saved"
    if meanwhile is not None:
        meanwhile()
    editor = threading.Thread(target=edit)
    editor.start()
    editor.join(PAUSE)
    finished_early = not editor.is_alive()
    release.set()
    saver.join(WAIT)
    editor.join(WAIT)
    return tariff, result.get("edited"), finished_early


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.__name__)
def test_an_edit_waits_and_the_version_keeps_its_numbers(director, postgres_only, way):
    tariff, edited, finished_early = edit_during(director, way)
    assert not finished_early, "the edit went ahead while the first hands' save was still open"
    assert Tariff.objects.get(pk=tariff.pk).numbers == TIROL_2012, (
        "the version the hands were scored by was changed in place"
    )
    assert edited is not None and edited.version == tariff.version + 1, (
        "the edit did not make the next version"
    )
