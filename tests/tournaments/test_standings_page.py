"""Standings: sums of round scores, the cup's tie-breakers, shared ranks, stable lots."""

import pytest
from django.urls import reverse

from scoring import standings as ranking
from tarock_cup.tournaments.standings import standings
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


def set_totals(table, totals, hands=16):
    table.totals = totals
    table.hands_played = [hands] * len(totals)
    table.save()


@pytest.fixture
def eight(director):
    return make_tournament(director, players=8)


def names(rows):
    return [(row.rank, row.player.name) for row in rows]


def test_players_are_ranked_by_their_total_over_the_rounds(eight):
    players = [r.player.name for r in eight.registrations.order_by("pk")]
    set_totals(make_table(eight, names=players[:4]), [10, -5, 3, -8])
    set_totals(make_table(eight, table_number=2, names=players[4:]), [7, 2, -4, -5])
    set_totals(make_table(eight, round_number=2, names=players[::2]), [1, 1, 1, -3])
    set_totals(
        make_table(eight, round_number=2, table_number=2, names=players[1::2]), [2, 2, -2, -2]
    )
    # P0 10+1=11, P1 -5+2=-3, P2 3+1=4, P3 -8+2=-6, P4 7+1=8, P5 2-2=0, P6 -4-3=-7, P7 -5-2=-7
    rows = standings(eight)
    assert [row.player.name for row in rows[:5]] == ["P0", "P4", "P2", "P5", "P1"]


def test_equal_totals_are_broken_by_the_best_round(director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [5, 5, -5, -5])
    set_totals(make_table(tournament, round_number=2), [1, -1, 0, 0])
    set_totals(make_table(tournament, round_number=3), [-6, -4, 3, 7])
    # Anna 5+1-6=0, Bert 5-1-4=0: Anna's best round 5 = Bert's 5; lots decide.
    # Cilli -5+0+3=-2, Dora -5+0+7=2.
    rows = standings(tournament)
    anna, bert = (r for r in rows if r.player.name in ("Anna", "Bert"))
    lots = {
        p.player.name: ranking.lot_value(tournament.lot_seed, p.player.pk) for p in (anna, bert)
    }
    winner = max(lots, key=lots.get)
    assert (rows[0].player.name, rows[1].player.name, rows[1].decided_by) == (
        "Dora",
        winner,
        "lots",
    )


def test_best_round_decides_before_lots(director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [8, 5, -5, -8])
    set_totals(make_table(tournament, round_number=2), [-8, -5, 5, 8])
    # Anna 0 (best 8), Bert 0 (best 5), Cilli 0 (best 5), Dora 0 (best 8)
    tournament.tie_breakers = ["best_round"]
    tournament.save()
    rows = standings(tournament)
    assert sorted(r.rank for r in rows) == [1, 1, 3, 3]


def test_the_ranking_does_not_change_on_reload(client, director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [0, 0, 0, 0])
    first = client.get(reverse("standings", args=["cup"])).content
    second = client.get(reverse("standings", args=["cup"])).content
    assert first == second and b"Anna" in first


def test_round_standings_show_one_round(client, director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [3, -1, -1, -1])
    set_totals(make_table(tournament, round_number=2), [-9, 3, 3, 3])
    response = client.get(reverse("round_standings", args=["cup", 1]))
    rows = list(response.context["table"].rows)
    assert (rows[0].record.player.name, rows[0].record.total) == ("Anna", 3)


def test_a_withdrawn_player_keeps_the_scores_earned(director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [6, -2, -2, -2])
    reg = tournament.registrations.get(player__name="Anna")
    reg.withdrawn = True
    reg.save()
    rows = standings(tournament)
    assert (rows[0].player.name, rows[0].total) == ("Anna", 6)


def test_a_large_field_is_shown_fifty_at_a_time_and_all_on_request(client, director):
    tournament = make_tournament(director, players=104)
    players = [r.player.name for r in tournament.registrations.order_by("pk")]
    for t in range(26):
        set_totals(
            make_table(tournament, table_number=t + 1, names=players[4 * t : 4 * t + 4]),
            [4 - t, t, -4, 0],
        )
    paged = client.get(reverse("standings", args=["cup"]))
    everyone = client.get(reverse("standings", args=["cup"]) + "?all=1")
    assert (len(paged.context["table"].page.object_list), len(everyone.context["table"].rows)) == (
        50,
        104,
    )
