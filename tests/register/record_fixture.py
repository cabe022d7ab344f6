"""Two small tournaments with hands, for the record's statistics (numbers worked by hand in
tests/register/test_statistics.py)."""

import datetime

from tarock_cup.cups.models import Cup
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player, Registration, Round, Seat, Table, Tournament
from tests.cups.helpers import make_cup

NAMES = ["Anna Huber", "Bert Moser", "Cilli Egger", "Dora Wolf"]

# Seat 0 is Anna. The first dealer is seat 3, so Vorhand is seat 0, then 1, then 2.
HANDS_A = [
    {"contract": "rufer", "declarer": 0, "partner": 2, "points": "40"},
    {"contract": "dreier", "declarer": 1, "points": "30"},
    {
        "contract": "trischaken",
        "players": [
            {"points": "40", "tricks": 6},
            {"points": "10", "tricks": 2},
            {"points": "10", "tricks": 2},
            {"points": "10", "tricks": 2},
        ],
    },
]
HANDS_B = [
    {"contract": "dreier", "declarer": 0, "points": "40"},
    {"contract": "rufer", "declarer": 1, "partner": 0, "valat": "declarer"},
    {"contract": "rufer", "declarer": 2, "partner": 0, "points": "30"},
]


def tournament_with_hands(owner, slug, day, hands, *, public=True):
    """Return a finished one-round tournament of the four players at one table."""
    tournament = Tournament.objects.create(
        name=f"Turnier {slug.upper()}",
        slug=slug,
        date=datetime.date(2026, 9, day),
        ruleset="tirol_cup",
        owner=owner,
        public=public,
        rounds_planned=1,
        lot_seed=1,
    )
    round_ = Round.objects.create(tournament=tournament, number=1)
    table = Table.objects.create(
        round=round_, number=1, first_dealer=3, totals=[0] * 4, hands_played=[0] * 4
    )
    for position, name in enumerate(NAMES):
        player = Player.objects.get_or_create(name=name, defaults={"club": "Wattens"})[0]
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
        Seat.objects.create(round=round_, table=table, position=position, player=player)
    for hand in hands:
        sheets.save_hand(table, hand, user=owner)
    Round.objects.filter(pk=round_.pk).update(finished=True)
    Table.objects.filter(pk=table.pk).update(finished=True)
    tournament.refresh_from_db()
    return tournament


def two_tournaments(owner, *, cup_slug="tirol", season="2026/27"):
    """Return tournaments A (1 Sept) and B (8 Sept) in one cup (10, 6, 3 cup points)."""
    a = tournament_with_hands(owner, f"{cup_slug}-a", 1, HANDS_A)
    b = tournament_with_hands(owner, f"{cup_slug}-b", 8, HANDS_B)
    cup = make_cup(owner, [a, b], slug=cup_slug)
    Cup.objects.filter(pk=cup.pk).update(season=season)
    return a, b
