"""The hand-entry step both audiences share: `sheets.enter_hand` previews, saves, or tells of a
sheet moved on since the page showed it (with who moved it); nothing else is saved."""

import pytest

from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

RUFER = {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"}
DREIER = {"contract": "dreier", "declarer": 0, "points": "20"}
NO_SUCH_DECLARER = {"contract": "rufer", "declarer": 9, "partner": 0, "points": "40"}
NEW_HAND = {"expected": 1, "version": None}


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def enter(table, hand, *, number=None, seen=NEW_HAND, by=None, save=True):
    return sheets.enter_hand(table, hand, number, seen, by, save)


def test_a_hand_not_to_be_saved_is_previewed_with_its_scores(table):
    outcome = enter(table, RUFER, save=False)
    assert isinstance(outcome, sheets.Preview) and outcome.scores is not None, outcome


def test_a_previewed_hand_is_not_saved(table):
    enter(table, RUFER, save=False)
    assert not table.hands.exists(), "a preview must not store the hand"


def test_a_hand_to_be_saved_is_saved(table, director):
    outcome = enter(table, RUFER, by=director)
    assert isinstance(outcome, sheets.Saved) and outcome.hand.data == RUFER, outcome


def test_a_hand_saved_as_it_was_is_saved_unchanged(table, director):
    enter(table, RUFER, by=director)
    outcome = enter(table, RUFER, number=1, seen={"expected": None, "version": 1}, by=director)
    assert isinstance(outcome, sheets.Saved) and outcome.unchanged, outcome


def test_a_hand_the_engine_refuses_is_previewed_with_the_error_in_the_hand(table):
    outcome = enter(table, NO_SUCH_DECLARER)
    assert isinstance(outcome, sheets.Preview) and outcome.error and outcome.in_hand, outcome


def test_a_hand_the_engine_refuses_is_not_saved(table):
    enter(table, NO_SUCH_DECLARER)
    assert not table.hands.exists(), "a refused hand must not be stored"


def test_without_a_hand_only_the_sheets_freshness_is_judged(table):
    assert enter(table, None) == sheets.Preview(), "no hand: an empty preview"


@pytest.mark.parametrize(
    ("by_director", "author"),
    [(True, "direktor"), (False, "a phone at table 1")],
    ids=["director", "table's phone"],
)
def test_a_sheet_moved_on_gives_the_conflict_naming_who_moved_it(
    table, director, by_director, author
):
    enter(table, RUFER, by=director if by_director else None)
    outcome = enter(table, DREIER, by=director)
    assert isinstance(outcome, sheets.Conflict) and outcome.author == author, outcome


def test_a_sheet_moved_on_saves_nothing(table, director):
    enter(table, RUFER, by=director)
    enter(table, DREIER, by=director)
    assert list(table.hands.values_list("data", flat=True)) == [RUFER], "only the first hand"
