"""Drawing and editing a round's seating (the draw itself is `seating.draw`)."""

from collections import Counter
from typing import Any

from django.db import transaction

from tarock_cup.tournaments import history, seating
from tarock_cup.tournaments.models import Change, Round, Seat, Table, Tournament, new_seed


@transaction.atomic
def draw_round(tournament: Tournament, seed: int | None = None, user: Any = None) -> int:
    """Draw the next round's tables from the checked-in players; return the round number."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    players = list(
        tournament.registrations.filter(checked_in=True, withdrawn=False).values_list(
            "player_id", flat=True
        )
    )
    past: dict[int, list[int]] = {}
    for table_id, player_id in Seat.objects.filter(round__tournament=tournament).values_list(
        "table_id", "player_id"
    ):
        past.setdefault(table_id, []).append(player_id)
    fives = Counter(p for table in past.values() if len(table) == 5 for p in table)
    seed = new_seed() if seed is None else seed
    tables = seating.draw(players, seed, past_tables=list(past.values()), fives=fives)
    number = (
        tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed)
    for table_number, table_players in enumerate(tables, start=1):
        table = Table.objects.create(
            round=round_,
            number=table_number,
            totals=[0] * len(table_players),
            hands_played=[0] * len(table_players),
        )
        Seat.objects.bulk_create(
            Seat(round=round_, table=table, position=position, player_id=player_id)
            for position, player_id in enumerate(table_players)
        )
        for seat in Seat.objects.filter(table=table):
            history.record(
                tournament.pk,
                Change.Kind.SEAT,
                seat.pk,
                Change.Action.CREATE,
                None,
                history.seat_state(seat),
                user,
            )
    return number


@transaction.atomic
def swap_players(round_: Round, first: int, second: int, user: Any = None) -> None:
    """Exchange the seats of two players of a round that has no hands yet."""
    seats = {s.player_id: s for s in Seat.objects.select_for_update().filter(round=round_)}
    a, b = seats[first], seats[second]
    before = [history.seat_state(a), history.seat_state(b)]
    # Both places are unique, and a table of five has no free position to pass through:
    # take both players up and seat them again.
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    moved = [
        Seat.objects.create(
            round=round_, table_id=b.table_id, position=b.position, player_id=first
        ),
        Seat.objects.create(
            round=round_, table_id=a.table_id, position=a.position, player_id=second
        ),
    ]
    for seat, old in zip(moved, before, strict=True):
        history.record(
            round_.tournament_id,
            Change.Kind.SEAT,
            seat.pk,
            Change.Action.UPDATE,
            old,
            history.seat_state(seat),
            user,
        )
