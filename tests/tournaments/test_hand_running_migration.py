"""Hands stored before hands kept their running totals get the engine's from the migration."""

import importlib

import pytest
from django.apps import apps

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament
from tests.scoring.hands import hand, players

pytestmark = pytest.mark.django_db

migration = importlib.import_module("tarock_cup.tournaments.migrations.0010_hand_running")

HANDS = [
    hand("rufer", 1, partner=2, points=40),
    {"contract": "trischaken", "players": players(("20", 3), ("10", 2), ("40", 7), ("0", 0))},
    hand("rufer", 3, partner=0, points=20),  # doubled after the Trischaken
]


def test_the_migration_gives_stored_hands_the_engines_running_totals(director):
    tournament = make_tournament(director, "standard")
    # Two tables, so each sums its own hands: one of two hands, one of three
    for number in (1, 2):
        table = make_table(tournament, round_number=number)
        for record in HANDS[: number + 1]:
            sheets.save_hand(table, record)
    engine = list(Hand.objects.order_by("table", "number").values_list("running", flat=True))
    Hand.objects.update(running=[])
    migration.fill_running(apps, None)
    assert list(Hand.objects.order_by("table", "number").values_list("running", flat=True)) == (
        engine
    )
