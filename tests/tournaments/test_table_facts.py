"""A table's facts, each asked of the table: the hands it plays and who deals a hand."""

import pytest

from tarock_cup.tournaments.models import Table
from tests.factories import make_table, make_tournament


@pytest.fixture
def tournament(director):
    tournament = make_tournament(director, players=5)
    tournament.hands_four, tournament.hands_five = 16, 20
    tournament.save()
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize(("seats", "due"), [(4, 16), (5, 20)])
def test_a_table_plays_the_tournaments_count_for_its_size(tournament, seats, due):
    table = make_table(tournament, seats=seats)
    assert table.hands_due() == due, f"a table of {seats} plays {due} hands"


@pytest.mark.django_db
def test_a_counted_list_of_tables_answers_hands_due_without_a_query_each(
    tournament, django_assert_num_queries
):
    make_table(tournament, seats=5)
    table = Table.objects.with_seats_counted().select_related("round__tournament").get()
    with django_assert_num_queries(0):
        assert table.hands_due() == 20


# (first dealer's seat, seats, hand number, the seat that deals it)
DEALERS = [
    (0, 4, 1, 0),
    (0, 4, 2, 1),
    (0, 4, 5, 0),
    (2, 4, 1, 2),
    (2, 4, 3, 0),
    (3, 5, 3, 0),
    (4, 5, 6, 4),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "seats", "number", "dealer"), DEALERS)
def test_the_deal_moves_one_seat_a_hand_from_the_first_dealer(
    tournament, first, seats, number, dealer
):
    table = make_table(tournament, seats=seats)
    table.first_dealer = first
    assert table.dealer_of(number) == dealer, (
        f"hand {number} at a table of {seats} first dealt by seat {first} is dealt by {dealer}"
    )
