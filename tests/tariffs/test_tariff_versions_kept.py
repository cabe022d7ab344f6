"""A tariff version by which hands have ever been scored never changes (RULES.md section 11):
also once its tournament moved to another version, or its hands were deleted. Editing it makes
the next version; a version no hand was scored by still changes in place."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_history import SETTINGS, VALAT
from tests.tariffs.test_tariff_pages import form_data

pytestmark = pytest.mark.django_db

# The Rufer with a silent Valat of the declarer's side (VALAT) wins 1 + the silent Valat from
# each defender: +60 by the first version, +13 by the second, +51 had the first been changed.
FIRST = {"valat": {"silent": 59, "announced": 100}}
SECOND = {"valat": {"silent": 12, "announced": 24}}
CHANGED = {"valat_silent": "50", "valat_announced": "100"}
MIGRATION = importlib.import_module("tarock_cup.tariffs.migrations.0004_tariff_scored_hands")


def move(client, tariff):
    """Move the tournament to the tariff on its settings page, confirming its one hand."""
    data = {**SETTINGS, "tariff": tariff.pk, "confirm": "1"}
    return client.post(reverse("tournament_edit", args=["cup"]), data)


def edit(client, tariff):
    return client.post(reverse("tariff_edit", args=[tariff.pk]), form_data(**CHANGED))


def declarers_score():
    return Hand.objects.get().scores[1]


@pytest.fixture
def first(director):
    return Tariff.objects.create(
        name="Tirol 2012", ruleset="tirol_cup", numbers=FIRST, owner=director
    )


@pytest.fixture
def table(director, first):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = first
    tournament.save()
    return make_table(tournament)


@pytest.fixture
def moved_away(director_client, table, first):
    """Return the first version after its tournament scored a hand by it and moved to the
    second version (the issue's scenario)."""
    sheets.save_hand(table, VALAT)
    move(director_client, first.edit("Tirol 2012", "", SECOND))
    return first


def test_the_hand_is_scored_by_the_second_version_after_the_move(moved_away):
    assert declarers_score() == 13, "the move should score the hand by the second version"


def test_editing_the_version_moved_away_from_makes_version_3(director_client, moved_away):
    edit(director_client, moved_away)
    versions = sorted(Tariff.objects.filter(shipped="").values_list("version", flat=True))
    assert versions == [1, 2, 3], "the change should be the next version"


def test_editing_the_version_moved_away_from_keeps_its_numbers(director_client, moved_away):
    edit(director_client, moved_away)
    moved_away.refresh_from_db()
    assert moved_away.numbers == FIRST, "version 1 should not change"


def test_the_change_is_saved_as_version_3_with_its_numbers(director_client, moved_away):
    edit(director_client, moved_away)
    assert Tariff.objects.get(version=3).numbers == {"valat": {"silent": 50, "announced": 100}}


def test_moving_back_scores_the_hand_as_before(director_client, moved_away):
    edit(director_client, moved_away)
    move(director_client, moved_away)
    assert declarers_score() == 60, "moving back should score +60 again, not +51"


def test_a_version_whose_hands_were_deleted_never_changes(director_client, table, first):
    sheets.save_hand(table, VALAT)
    sheets.delete_hand(table, 1)
    edit(director_client, first)
    first.refresh_from_db()
    assert first.numbers == FIRST, "a version that scored a hand should not change"


def test_a_version_no_hand_was_scored_by_changes_in_place(director_client, table, first):
    edit(director_client, first)
    assert list(Tariff.objects.values_list("version", "numbers")) == [
        (1, {"valat": {"silent": 50, "announced": 100}})
    ], "a version only chosen, with no hand scored, should change in place"


def test_a_move_marks_the_new_version_even_when_no_score_changes(
    director_client, director, table, first
):
    sheets.save_hand(table, VALAT)
    same = first.edit("Tirol 2012", "", FIRST)
    move(director_client, same)
    same.refresh_from_db()
    assert same.scored_hands, "the hands are scored by the new version from the move on"


def test_a_version_moved_to_without_hands_stays_changeable(director_client, table, first):
    later = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers=SECOND,
        owner=first.owner,
        version=2,
        first=first,
    )
    move(director_client, later)
    later.refresh_from_db()
    assert not later.scored_hands, "no hand was scored by it"


def test_a_refused_hand_marks_nothing(table, first):
    with pytest.raises(sheets.scoring.ScoringError):
        sheets.save_hand(table, {"contract": "rufer", "declarer": 1, "partner": 1})
    first.refresh_from_db()
    assert not first.scored_hands, "a hand that was not stored scored nothing"


# -- the migration marks the versions of a database made before the mark ----------------------


def unmark_all():
    Tariff.objects.update(scored_hands=False)


def test_the_migration_marks_the_version_a_tournament_moved_away_from(moved_away):
    unmark_all()
    assert moved_away.pk in MIGRATION.versions_that_scored_hands(apps)


def test_the_migration_marks_the_version_moved_to(moved_away):
    unmark_all()
    second = Tariff.objects.get(version=2)
    assert second.pk in MIGRATION.versions_that_scored_hands(apps)


def test_the_migration_marks_a_version_whose_hands_were_deleted(table, first):
    sheets.save_hand(table, VALAT)
    sheets.delete_hand(table, 1)
    unmark_all()
    assert MIGRATION.versions_that_scored_hands(apps) == {first.pk}


def test_the_migration_leaves_a_version_only_chosen_unmarked(director, table, first):
    assert MIGRATION.versions_that_scored_hands(apps) == set(), "no hand was ever scored"
