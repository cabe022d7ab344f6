"""Drawing a round's seating through the site, swapping players, and the seating list."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import rounds
from tarock_cup.tournaments.models import Hand, Round, Seat, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(4, [4]), (5, [5]), (8, [4, 4]), (13, [4, 4, 5]), (17, [4, 4, 4, 5])],
    ids=["4", "5", "8", "13", "17"],
)
def test_drawing_a_round_seats_every_checked_in_player_once(
    director_client, director, players, sizes
):
    tournament = make_tournament(director, players=players)
    director_client.post(reverse("round_draw", args=["cup"]))
    tables = Table.objects.filter(round__tournament=tournament).order_by("number")
    seated = list(
        Seat.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    assert ([t.seats.count() for t in tables], len(seated), len(set(seated))) == (
        sizes,
        players,
        players,
    )


def test_withdrawn_and_absent_players_are_not_seated(director):
    tournament = make_tournament(director, players=6)
    regs = list(tournament.registrations.order_by("pk"))
    regs[0].withdrawn = True
    regs[0].save()
    regs[1].checked_in = False
    regs[1].save()
    rounds.draw_round(tournament, seed=1)
    seated = set(Seat.objects.values_list("player_id", flat=True))
    assert seated == {r.player_id for r in regs[2:]}


def test_fewer_than_four_players_are_refused_with_a_message(director_client, director):
    make_tournament(director, players=3)
    response = director_client.post(reverse("round_draw", args=["cup"]), follow=True)
    messages = [str(m) for m in response.context["messages"]]
    assert (Round.objects.count(), any("4" in m for m in messages)) == (0, True)


def test_the_draw_is_reproducible_from_its_stored_seed(director):
    tournament = make_tournament(director, players=13)
    rounds.draw_round(tournament, seed=99)
    first = list(
        Seat.objects.order_by("table__number", "position").values_list("player_id", flat=True)
    )
    Round.objects.all().delete()
    rounds.draw_round(tournament, seed=99)
    again = list(
        Seat.objects.order_by("table__number", "position").values_list("player_id", flat=True)
    )
    assert first == again


def test_the_second_round_avoids_players_who_already_met(director):
    tournament = make_tournament(director, players=16)
    rounds.draw_round(tournament, seed=5)
    rounds.draw_round(tournament, seed=6)
    tables = {}
    for round_number, table_id, player_id in Seat.objects.values_list(
        "round__number", "table_id", "player_id"
    ):
        tables.setdefault((round_number, table_id), set()).add(player_id)
    first = [t for (r, _), t in tables.items() if r == 1]
    second = [t for (r, _), t in tables.items() if r == 2]
    repeats = sum(len(a & b) >= 2 for a in first for b in second)
    assert repeats == 0


def test_two_players_can_be_swapped_before_play(director_client, director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=3)
    a = Seat.objects.get(table__number=1, position=0)
    b = Seat.objects.get(table__number=2, position=3)
    director_client.post(
        reverse("round_swap", args=["cup", 1]), {"first": a.player_id, "second": b.player_id}
    )
    moved = (Seat.objects.get(player_id=a.player_id), Seat.objects.get(player_id=b.player_id))
    assert [(s.table.number, s.position) for s in moved] == [(2, 3), (1, 0)]


def test_swapping_is_refused_once_hands_are_entered(director_client, director):
    table = make_table(make_tournament(director, players=4))
    Hand.objects.create(
        table=table, number=1, data={"manual": {"scores": [0, 0, 0, 0], "reason": "x"}}
    )
    a, b = table.seats.all()[:2]
    director_client.post(
        reverse("round_swap", args=["cup", 1]), {"first": a.player_id, "second": b.player_id}
    )
    a.refresh_from_db()
    assert a.position == 0


def test_the_seating_list_prints_every_table(client, director):
    tournament = make_tournament(director, players=9)
    rounds.draw_round(tournament, seed=4)
    body = client.get(reverse("round", args=["cup", 1])).content.decode()
    assert all(f"P{i}" in body for i in range(9)) and "print.css" in body


def test_score_cards_number_the_rows_and_show_who_deals(client, director):
    tournament = make_tournament(director, players=9)
    rounds.draw_round(tournament, seed=4)
    response = client.get(reverse("score_cards", args=["cup", 1]))
    cards = response.context["cards"]
    four, five = cards
    # A table of four plays 16 hands, of five 20; the deal moves one seat each hand.
    assert (
        [len(c["rows"]) for c in cards],
        [row["dealer"].position for row in four["rows"][:6]],
        [row["dealer"].position for row in five["rows"][:6]],
    ) == ([16, 20], [0, 1, 2, 3, 0, 1], [0, 1, 2, 3, 4, 0])
