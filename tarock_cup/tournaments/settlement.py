"""The day's money for a tournament that settles it: each table's, each player's, the box's and
the payout of entry fees against prizes. The arithmetic is scoring.settlement's; this module
reads the tables and players it needs and converts euros at the edges.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch
from django.utils.formats import number_format

import scoring
from scoring import settlement as money
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand, Settlement, Table, Tournament
from tarock_cup.tournaments.naming import shown_name
from tarock_cup.tournaments.standings import standings

CENT = Decimal("0.01")


def euro(cents: int) -> str:
    """Return an amount of cents as euros in the active language (12,30 / 12.30), signed."""
    sign = "−" if cents < 0 else ""
    return f"{sign}{number_format(Decimal(abs(cents)) * CENT, 2, force_grouping=True)} €"


def cents_of(euros: Decimal | None) -> int:
    """Return an amount in euros (at most two decimals) as whole cents (None: 0)."""
    return int((euros or Decimal(0)) * 100)


def settlement_of(tournament: Tournament) -> Settlement | None:
    """Return the tournament's settlement settings, or None where it settles no money."""
    try:
        return tournament.settlement
    except Settlement.DoesNotExist:
        return None


def terms_of(settings: Settlement) -> money.Terms:
    """Return the engine's terms of the settings."""
    return money.Terms(settings.cents, settings.kontras)


def shows_money(table: Table, hands: int) -> bool:
    """Return whether the table's round is over for its money: closed, all hands in, or paper."""
    return table.finished or table.paper is not None or hands >= table.hands_due()


def table_money(
    table: Table, terms: money.Terms, hands: Sequence[Hand] | None = None, seats: int = 0
) -> money.TableMoney | None:
    """Return the table's settlement (None if its hands cannot be scored now); a caller holding
    the hands and the number of seats gives them."""
    if table.paper is not None:
        return money.settle_paper(table.paper["totals"], terms)
    if hands is None:
        hands = list(table.hands.order_by("number"))
    names = [f"seat {n}" for n in range(seats or table.seat_count())]
    try:
        return money.settle_sheet(sheets.sheet_for(table, [h.data for h in hands], names), terms)
    except scoring.ScoringError:
        return None


@dataclass(frozen=True)
class SeatMoney:
    """One seat's line of a table's settlement, for the pages."""

    name: str
    written: int
    kontras: int
    box: int
    amount: int


def seat_lines(names: Sequence[str], table: money.TableMoney) -> list[SeatMoney]:
    """Return the settlement's lines in seat order, with the players' names."""
    return [
        SeatMoney(name, w, k, b, a)
        for name, w, k, b, a in zip(
            names, table.written, table.kontras, table.box, table.amounts, strict=False
        )
    ]


@dataclass
class PlayerDay:
    """One player's money of the day: written score, cents received (negative: paid), box."""

    name: str
    written: int = 0
    amount: int = 0
    box: int = 0


@dataclass
class Day:
    """The day's money: each player's, the box's, and tables not settled (hands unscorable)."""

    players: list[PlayerDay] = field(default_factory=list)
    box: int = 0
    unsettled: list[Table] = field(default_factory=list)


def day_money(tournament: Tournament, settings: Settlement, full_names: bool) -> Day:
    """Return the day's money of every table played so far, by player (best amount first)."""
    terms = terms_of(settings)
    tables = Table.objects.filter(round__tournament=tournament).prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number")), "seats__player", "round"
    )
    players: dict[int, PlayerDay] = {}
    day = Day()
    for table in tables:
        seats = list(table.seats.all())
        result = table_money(table, terms, list(table.hands.all()), len(seats))
        if result is None:
            day.unsettled.append(table)
            continue
        for seat in seats:
            line = players.setdefault(
                seat.player_id, PlayerDay(shown_name(seat.player, full_names))
            )
            if seat.position < len(result.amounts):
                line.written += result.written[seat.position]
                line.amount += result.amounts[seat.position]
                line.box += result.box[seat.position]
        day.box += result.box_total
    day.players = sorted(players.values(), key=lambda p: (-p.amount, p.name))
    return day


def prize_table(settings: Settlement, players: int) -> tuple[int, ...]:
    """Return the prizes by place, in cents, for a field of `players`."""
    if settings.prize_rule == Settlement.Prizes.FIELD:
        return money.field_prizes(players, settings.prize_x)
    if settings.prize_rule == Settlement.Prizes.FIXED:
        return tuple(settings.prizes)
    return ()


@dataclass(frozen=True)
class PayoutRow:
    """A place of the payout list: the player, their fee and their prize."""

    rank: int
    name: str
    total: int
    fee: int
    prize: int


@dataclass(frozen=True)
class PayoutList:
    """The director's payout list: a row per player in the final order, and the balance."""

    rows: list[PayoutRow]
    payout: money.Payout
    allowed: bool

    @property
    def over_budget(self) -> bool:
        """Return whether the prizes pay more than the fees without the director's say-so."""
        return self.payout.balance < 0 and not self.allowed


def payout_list(tournament: Tournament, settings: Settlement, full_names: bool) -> PayoutList:
    """Return the payout list by the tournament's standings: a prize for each paid place."""
    rows = standings(tournament, full_names=full_names)
    fee = cents_of(tournament.entry_fee)
    day = money.payout(len(rows), fee, prize_table(settings, len(rows)))
    return PayoutList(
        [
            PayoutRow(
                row.rank,
                row.player.name,
                row.total,
                fee,
                day.prizes[place] if place < len(day.prizes) else 0,
            )
            for place, row in enumerate(rows)
        ],
        day,
        settings.prizes_exceed_fees,
    )


def money_context(table: Table, full_names: bool) -> dict[str, object]:
    """Return what a table's page shows of its money: its lines once its round is over for it,
    else nothing (also where the tournament settles no money)."""
    settings = settlement_of(table.round.tournament)
    if settings is None:
        return {}
    hands = list(table.hands.order_by("number"))
    if not shows_money(table, len(hands)):
        return {}
    names = sheets.seat_names(table, full_names)
    result = table_money(table, terms_of(settings), hands, len(names))
    if result is None:
        return {}
    return {
        "money_settings": settings,
        "money_lines": seat_lines(names, result),
        "money_box": result.box_total,
    }
