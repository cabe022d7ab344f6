"""A player's record (register.statistics): figures worked by hand from two small tournaments.

The hands (tests/register/record_fixture.py, tirol_cup, no double stakes; Anna is seat 0):

Tournament A (1 Sept), Vorhand seat 0, 1, 2:
  1. Rufer, Anna declares with Cilli, 40 points: won, game 1 → Anna +1.
  2. Dreier by Bert, 30 points: lost, 5 to each → Anna +5.
  3. Trischaken, Anna 40 points (a mayor: 35/2 or more), all took tricks, Vorhand Cilli:
     the mayor with most points pays 2 to each → Anna −6.
  Anna: 3 hands, 1 + 5 − 6 = 0. Table totals: Anna 0, Bert −14, Cilli 8, Dora 6 → Anna 3rd.
Tournament B (8 Sept):
  1. Dreier by Anna, 40 points: won, 5 from each → Anna +15.
  2. Rufer by Bert with Anna, Valat made silently: game 1 + Valat 10 → Anna +11.
  3. Rufer by Cilli with Anna, 30 points: lost → Anna −1.
  Anna: 3 hands, 15 + 11 − 1 = 25. Totals: Anna 25, Bert 7, Cilli −17, Dora −15 → Anna 1st.
Cup (10, 6, 3 points by rank): Anna 3 (A) + 10 (B) = 13, Dora 6 + 3 = 9, Cilli 10 + 0,
Bert 0 + 6: Anna first.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tarock_cup.register.models import RecordFigures
from tarock_cup.register.statistics import UnknownFilter, player_record
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player, Tournament
from tests.register.record_fixture import two_tournaments

pytestmark = pytest.mark.django_db
PUBLIC = AnonymousUser()


@pytest.fixture
def anna(django_user_model):
    owner = django_user_model.objects.create_user("owner")
    two_tournaments(owner)
    return Player.objects.get(name="Anna Huber")


def figures(record):
    return {
        "hands": record.hands,
        "score": record.score,
        "per_60": record.per_60,
        "valats_declarer": record.valats_declarer,
        "valats_partner": record.valats_partner,
        "trischaken": record.trischaken,
        "mayor": record.mayor,
    }


def test_the_hands_add_up_as_worked_by_hand(anna):
    # 6 hands, score 0 + 25 = 25, per 60 hands 25 × 60 / 6 = 250; a Valat as Bert's partner;
    # one Trischaken, as mayor.
    assert figures(player_record(anna, PUBLIC)) == {
        "hands": 6,
        "score": 25,
        "per_60": 250.0,
        "valats_declarer": 0,
        "valats_partner": 1,
        "trischaken": 1,
        "mayor": 1,
    }, "Anna's statistics"


def test_the_contracts_as_declarer_are_counted(anna):
    # Anna declared the Rufer of A (+1) and the Dreier of B (+15), both won.
    contracts = {c.key: (c.games, c.won, c.score) for c in player_record(anna, PUBLIC).contracts}
    assert contracts == {"rufer": (1, 1, 1), "dreier": (1, 1, 15)}, "Anna's games as declarer"


def test_a_valat_made_as_declarer_counts_for_the_declarer(anna):
    bert = Player.objects.get(name="Bert Moser")
    record = player_record(bert, PUBLIC)
    assert (record.valats_declarer, record.valats_partner) == (1, 0), "Bert declared the Valat"


def test_a_lost_game_is_not_won(anna):
    # Bert's Dreier in A: −15.
    bert = Player.objects.get(name="Bert Moser")
    dreier = next(c for c in player_record(bert, PUBLIC).contracts if c.key == "dreier")
    assert (dreier.games, dreier.won_percent, dreier.average) == (1, 0.0, -15.0), "lost Dreier"


def test_each_tournament_has_rank_score_and_cup_points(anna):
    lines = [
        (line.tournament.slug, line.rank, line.total, [p.points for p in line.cup_points])
        for line in player_record(anna, PUBLIC).tournaments
    ]
    assert lines == [("tirol-b", 1, 25, [10]), ("tirol-a", 3, 0, [3])], "latest first"


def test_the_season_rank_is_the_cups(anna):
    seasons = [(s.cup.slug, s.rank, s.points) for s in player_record(anna, PUBLIC).seasons]
    assert seasons == [("tirol", 1, 13)], "first with 3 + 10 cup points"


def test_best_tournament_and_round(anna):
    record = player_record(anna, PUBLIC)
    best = (record.best_tournament.tournament.slug, record.best_round.score)
    assert best == ("tirol-b", 25), "B's 25 is both the best tournament and round"


def test_the_chart_runs_in_date_order(anna):
    totals = [line.total for line in player_record(anna, PUBLIC).chart()]
    assert totals == [0, 25], "A (1 Sept) before B (8 Sept)"


def test_the_figures_are_kept_and_counted_again_after_a_change(anna, django_user_model):
    player_record(anna, PUBLIC)
    a = Tournament.objects.get(slug="tirol-a")
    table = a.rounds.get().tables.get()
    table.finished = False
    table.save(update_fields=["finished"])
    # A fourth hand: Dora's Rufer (Vorhand is seat 3) with Anna, lost with 30 points → −1.
    sheets.save_hand(table, {"contract": "rufer", "declarer": 3, "partner": 0, "points": "30"})
    record = player_record(anna, PUBLIC)
    assert (record.hands, record.score) == (7, 24), "the changed tournament is counted again"


def queries_of_a_second_look(player):
    """Return the queries a record reads once its figures are counted and kept."""
    player_record(player, PUBLIC)
    with CaptureQueriesContext(connection) as queries:
        player_record(player, PUBLIC)
    return len(queries)


def test_the_figures_are_kept_one_row_a_tournament(anna):
    player_record(anna, PUBLIC)
    assert RecordFigures.objects.filter(player=anna).count() == 2, "one row a tournament"


def test_a_record_reads_as_many_queries_for_two_seasons_as_for_one(anna, django_user_model):
    one_season = queries_of_a_second_look(anna)
    two_tournaments(
        django_user_model.objects.get(username="owner"), cup_slug="alt", season="2025/26"
    )
    assert queries_of_a_second_look(anna) == one_season, "a fixed number of queries"


@pytest.mark.parametrize(
    ("season", "cup", "shown"),
    [
        ("2026/27", None, ["tirol-b", "tirol-a", "alt-b", "alt-a"][:2]),
        ("2025/26", None, ["alt-b", "alt-a"]),
        (None, "alt", ["alt-b", "alt-a"]),
        ("2026/27", "tirol", ["tirol-b", "tirol-a"]),
    ],
)
def test_the_filters_choose_season_and_cup(anna, django_user_model, season, cup, shown):
    two_tournaments(
        django_user_model.objects.get(username="owner"), cup_slug="alt", season="2025/26"
    )
    record = player_record(anna, PUBLIC, season, cup)
    assert [line.tournament.slug for line in record.tournaments] == shown, (season, cup)


@pytest.mark.parametrize(
    ("season", "cup"), [("1999/00", None), (None, "nowhere"), ("2026/27", "nowhere")]
)
def test_an_unknown_filter_is_refused(anna, season, cup):
    with pytest.raises(UnknownFilter):
        player_record(anna, PUBLIC, season, cup)


def test_a_hidden_tournament_stays_out_of_every_figure(anna):
    Tournament.objects.filter(slug="tirol-a").update(public=False)
    record = player_record(anna, PUBLIC)
    seen = ([line.tournament.slug for line in record.tournaments], record.hands, record.mayor)
    assert seen == (["tirol-b"], 3, 0), "A's hands, its Trischaken and its result are hidden"
