"""Small explicit builders for tests: a tournament, a table."""

import datetime

from tarock_cup.tournaments.models import Player, Registration, Round, Seat, Table, Tournament

NAMES = ["Anna", "Bert", "Cilli", "Dora", "Erich"]


def make_tournament(
    owner, ruleset="tirol_cup", *, options=None, public=True, slug="cup", players=4
):
    """Return a tournament with `players` checked-in players and nothing drawn."""
    tournament = Tournament.objects.create(
        name="Cup",
        slug=slug,
        date=datetime.date(2026, 11, 21),
        ruleset=ruleset,
        options=options or {},
        owner=owner,
        public=public,
        lot_seed=12345,
    )
    for name in NAMES[:players] if players <= 5 else [f"P{i}" for i in range(players)]:
        player = Player.objects.create(name=name, club="Salzburg")
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    return tournament


def make_table(tournament, seats=4, round_number=1, table_number=1, names=None):
    """Return a table seating the tournament's players in registration order."""
    round_, _ = Round.objects.get_or_create(tournament=tournament, number=round_number)
    table = Table.objects.create(
        round=round_, number=table_number, totals=[0] * seats, hands_played=[0] * seats
    )
    players = [reg.player for reg in tournament.registrations.order_by("pk")]
    if names:
        players = [Player.objects.get(name=name) for name in names]
    for position, player in enumerate(players[:seats]):
        Seat.objects.create(round=round_, table=table, position=position, player=player)
    return table


def sheet_as_shown(table, number=None):
    """Return what the table's entry form posts of the sheet it shows: the number a new hand
    gets, or the version of hand `number`."""
    if number is None:
        return {"expected": str(table.hands.count() + 1)}
    return {"version": str(table.hands.get(number=number).version)}
