"""Drawing, withdrawing and editing a round's seating (the draw itself is `seating.draw`)."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tarock_cup.tournaments import history, seating
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Round,
    Seat,
    Table,
    Tournament,
    new_seed,
)


class RoundError(ValueError):
    """A change of a round that cannot be made; the message says why (nothing was changed)."""


class NeedsConfirmation(Exception):  # noqa: N818 - a question to the director, not an error
    """Drawing the next round now needs the director's explicit confirmation."""

    def __init__(self, number: int, concerns: list[str]) -> None:
        super().__init__("; ".join(concerns))
        self.number = number
        self.concerns = concerns


def _past_tables(tournament: Tournament, before: int | None = None) -> list[list[int]]:
    """Return the players of every table drawn so far (of rounds before `before` when given)."""
    seats = Seat.objects.filter(round__tournament=tournament)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    past: dict[int, list[int]] = {}
    for table_id, player_id in seats.order_by("table_id", "position").values_list(
        "table_id", "player_id"
    ):
        past.setdefault(table_id, []).append(player_id)
    return list(past.values())


def _fives(past: Sequence[Sequence[int]]) -> Counter[int]:
    return Counter(p for table in past if len(table) == 5 for p in table)


def _present(tournament: Tournament) -> list[int]:
    return list(
        tournament.registrations.filter(checked_in=True, withdrawn=False).values_list(
            "player_id", flat=True
        )
    )


def _next_number(tournament: Tournament) -> int:
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def open_tables(round_: Round) -> list[str]:
    """Return the round's tables that are not closed, each as "Table 3 (9/16)"."""
    tables = round_.tables.with_hands_entered().with_seats_counted()
    return [
        _("Table %(t)s (%(n)s/%(due)s)")
        % {"t": table.number, "n": table.played(), "due": table.hands_due()}
        for table in tables.filter(finished=False).order_by("number")
    ]


def draw_concerns(tournament: Tournament) -> list[str]:
    """Return why drawing the next round now needs the director's confirmation (none: draw)."""
    concerns = []
    last = tournament.rounds.order_by("-number").first()
    if last is not None and (still_open := open_tables(last)):
        concerns.append(
            ngettext(
                "A table of round %(r)s is still open: %(tables)s.",
                "Tables of round %(r)s are still open: %(tables)s.",
                len(still_open),
            )
            % {"r": last.number, "tables": ", ".join(still_open)}
        )
    number = _next_number(tournament)
    if number > tournament.rounds_planned:
        concerns.append(
            ngettext(
                "The cup is planned for %(planned)s round; this would be round %(n)s.",
                "The cup is planned for %(planned)s rounds; this would be round %(n)s.",
                tournament.rounds_planned,
            )
            % {"planned": tournament.rounds_planned, "n": number}
        )
    return concerns


@transaction.atomic
def draw_round(
    tournament: Tournament,
    seed: int | None = None,
    user: Any = None,
    *,
    confirmed: int | None = None,
) -> int:
    """Draw the next round's tables from the checked-in players; return the round number.

    When tables of the last round are still open, or the planned rounds are all drawn,
    NeedsConfirmation is raised unless `confirmed` is the number of the round to be drawn (so
    a confirmation given for round 3 never draws round 4).
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    number = _next_number(tournament)
    concerns = draw_concerns(tournament)
    if concerns and confirmed != number:
        raise NeedsConfirmation(number, concerns)
    past = _past_tables(tournament)
    seed = new_seed() if seed is None else seed
    tables = seating.draw(_present(tournament), seed, past_tables=past, fives=_fives(past))
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed)
    for table_number, table_players in enumerate(tables, start=1):
        table = Table.objects.create(
            round=round_,
            number=table_number,
            totals=[0] * len(table_players),
            hands_played=[0] * len(table_players),
        )
        _seat(round_, table, table_players, 0, user)
    return number


def _seat(round_: Round, table: Table, players: Sequence[int], first: int, user: Any) -> None:
    """Seat the players at the table from position `first` on, recorded in the history."""
    Seat.objects.bulk_create(
        Seat(round=round_, table=table, position=position, player_id=player_id)
        for position, player_id in enumerate(players, start=first)
    )
    for seat in Seat.objects.filter(table=table, position__gte=first):
        history.record(
            round_.tournament_id,
            Change.Kind.SEAT,
            seat.pk,
            Change.Action.CREATE,
            None,
            history.seat_state(seat),
            user,
        )


@dataclass(frozen=True)
class Repeats:
    """How many pairs of a round meet again, and whether that could be avoided."""

    second: int  # pairs meeting for the second time
    third: int  # pairs meeting for the third time or more
    unavoidable: bool

    @property
    def pairs(self) -> int:
        """Return how many pairs met in an earlier round."""
        return self.second + self.third


def repeats(round_: Round) -> Repeats:
    """Return the round's repeated pairs and whether the field made them unavoidable."""
    seats = Seat.objects.filter(
        round__tournament_id=round_.tournament_id, round__number__lte=round_.number
    ).order_by("round__number", "table_id", "position")
    by_table: dict[tuple[int, int], list[int]] = {}
    for number, table_id, player_id in seats.values_list("round__number", "table_id", "player_id"):
        by_table.setdefault((number, table_id), []).append(player_id)
    tables = [table for (number, _table_id), table in by_table.items() if number == round_.number]
    earlier: dict[int, list[list[int]]] = {}
    for (number, _table_id), table in by_table.items():
        if number < round_.number:
            earlier.setdefault(number, []).append(table)
    past = [table for round_tables in earlier.values() for table in round_tables]
    players = [p for table in tables for p in table]
    second, third = seating.meetings(tables, past)
    return Repeats(second, third, seating.repeats_unavoidable(players, list(earlier.values())))


def describe_repeats(round_: Round) -> str:
    """Return what the page says about the round's pairs meeting again, and why ('' in round 1)."""
    if round_.number == 1:
        return ""
    found = repeats(round_)
    if not found.pairs:
        return _("No two players at a table have met in an earlier round.")
    counts = _(
        "Pairs meeting again: %(second)s for the second time, %(third)s for the third time or more."
    ) % {"second": found.second, "third": found.third}
    if found.unavoidable:
        why = _("Too few players for %(r)s rounds without repeats.") % {"r": round_.number}
    else:
        why = _("The draw found no seating without them; you can swap players by hand.")
    return f"{counts} {why}"


def withdrawable(round_: Round) -> str | None:
    """Return why the round cannot be withdrawn, or None when it can."""
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        return _("Only the last round can be withdrawn.")
    # A hand entered and deleted again still has its history at the table.
    if (
        Hand.objects.filter(table__round=round_).exists()
        or Change.objects.filter(table__round=round_, kind=Change.Kind.HAND).exists()
    ):
        return _("Hands have been entered in round %(n)s; it can no longer be withdrawn.") % {
            "n": round_.number
        }
    return None


@transaction.atomic
def withdraw_round(round_: Round, user: Any = None) -> None:
    """Remove a drawn round that has no hands; the history keeps its seating."""
    Tournament.objects.select_for_update().filter(pk=round_.tournament_id).first()
    if (reason := withdrawable(round_)) is not None:
        raise RoundError(reason)
    seating_list = [
        {
            "table": table.number,
            "players": [
                {"player": seat.player_id, "name": seat.player.name}
                for seat in table.seats.select_related("player")
            ],
        }
        for table in round_.tables.order_by("number")
    ]
    history.record(
        round_.tournament_id,
        Change.Kind.ROUND,
        round_.pk,
        Change.Action.DELETE,
        {"number": round_.number, "seed": round_.seed, "tables": seating_list},
        None,
        user,
    )
    # The projector is known by the tournament's version plus its latest round's: with this
    # round gone the round before is the latest, and the sum must still rise (live.py).
    Tournament.objects.filter(pk=round_.tournament_id).update(
        version=F("version") + Round.objects.get(pk=round_.pk).version
    )
    round_.delete()


def late_arrivals(round_: Round) -> list[Player]:
    """Return the checked-in players who have no seat in the round (checked in after the draw)."""
    seated = Seat.objects.filter(round=round_).values("player_id")
    return list(
        Player.objects.filter(
            registrations__tournament_id=round_.tournament_id,
            registrations__checked_in=True,
            registrations__withdrawn=False,
        ).exclude(pk__in=seated)
    )


@transaction.atomic
def seat_late_arrivals(round_: Round, user: Any = None) -> list[tuple[Player, int]]:
    """Seat the late arrivals in a round without hands; return each with its table number.

    Nobody already seated moves (see `seating.seat_late`): four late players make a new table,
    one left over takes the fifth seat at a table of four.
    """
    Tournament.objects.select_for_update().filter(pk=round_.tournament_id).first()
    if Hand.objects.filter(table__round=round_).exists():
        raise RoundError(
            _("Hands have been entered in round %(n)s; nobody can be seated any more.")
            % {"n": round_.number}
        )
    late = late_arrivals(round_)
    if not late:
        return []
    tables = list(round_.tables.order_by("number").prefetch_related("seats"))
    current = [[seat.player_id for seat in table.seats.all()] for table in tables]
    past = _past_tables(round_.tournament, before=round_.number)
    try:
        seated = seating.seat_late(
            current, [p.pk for p in late], past_tables=past, fives=_fives(past)
        )
    except seating.NoSeatLeft as error:
        raise RoundError(
            _(
                "There is no table of four left to take a fifth player, and fewer than four "
                "late arrivals cannot form a table. Withdraw round %(n)s and draw it again to "
                "seat everyone."
            )
            % {"n": round_.number}
        ) from error
    names = {p.pk: p for p in late}
    placed = []
    for index, players in enumerate(seated):
        if index < len(tables):
            table = tables[index]
            new = players[len(current[index]) :]
        else:
            table = Table.objects.create(round=round_, number=index + 1)
            new = players
        if not new:
            continue
        table.totals = [0] * len(players)
        table.hands_played = [0] * len(players)
        table.save(update_fields=["totals", "hands_played"])
        _seat(round_, table, new, len(players) - len(new), user)
        placed += [(names[p], table.number) for p in new]
    return placed


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
