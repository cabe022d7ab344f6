"""A small played tournament to export: two rounds, tables of four and five, every kind of row."""

import pytest

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player
from tests.factories import make_table, make_tournament

RUFER = {
    "contract": "rufer",
    "declarer": 1,
    "partner": 3,
    "points": "41",
    "kontra": {"game": 1, "pagat": 1},
    "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"}],
}
TRISCHAKEN_4 = {
    "contract": "trischaken",
    "players": [
        {"points": "20", "tricks": 3},
        {"points": "10", "tricks": 2},
        {"points": "25", "tricks": 4},
        {"points": "15", "tricks": 3},
    ],
}
DREIER = {"contract": "dreier", "declarer": 0, "points": "35/2"}
TRISCHAKEN_5 = {
    "contract": "trischaken",
    "players": [
        None,
        {"points": "10", "tricks": 2},
        {"points": "25", "tricks": 4},
        {"points": "20", "tricks": 3},
        {"points": "15", "tricks": 3},
    ],
}
MANUAL = {"manual": {"scores": [3, -1, 0, -1, -1], "reason": "Schiedsrichter"}}
PICCOLO = {"contract": "piccolo", "declarer": 0, "tricks": 1, "kontra_by_seat": [0, 1, 0, 0, 0]}
VALAT = {"contract": "rufer", "declarer": 2, "partner": 3, "valat": "declarer"}


@pytest.fixture
def cup(director):
    """Round 1: a table of four (3 hands) and one of five (4 hands); round 2: one table of four.

    Standard rules with doubled deals after a Trischaken; names with umlauts, and a player whose
    name starts with "=" (which must stay text, never become a formula)."""
    tournament = make_tournament(
        director, "standard", options={"double_stakes": True}, players=9, slug="herbst"
    )
    players = list(Player.objects.order_by("pk"))
    players[0].name, players[0].club = "Jörg Überall", "Wörgl"
    players[5].name = "=1+1"
    for player in (players[0], players[5]):
        player.save()
    names = [p.name for p in players]
    first = make_table(tournament, 4, 1, 1, names=names[:4])
    for hand in (RUFER, TRISCHAKEN_4, DREIER):
        sheets.save_hand(first, hand)
    second = make_table(tournament, 5, 1, 2, names=names[4:9])
    for hand in (TRISCHAKEN_5, RUFER | {"declarer": 2, "partner": 0}, MANUAL, PICCOLO):
        sheets.save_hand(second, hand)
    third = make_table(tournament, 4, 2, 1, names=[names[i] for i in (4, 0, 8, 2)])
    for hand in (DREIER | {"declarer": 1, "points": "20"}, VALAT):
        sheets.save_hand(third, hand)
    return tournament
