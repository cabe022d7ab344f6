"""The money at the end of the day: a table's settlement, entry fees and prizes, in euro cents.

A table plays for a value per point. Each player receives (or, negative, pays) the written score
times the value. Kontras that the written score leaves out (a ruleset's `count_kontras` off) are
money all the same: the money account (the sheet scored with kontras) less the written score is
each player's kontra money. Either it goes to the players, or each player pays every hand's
kontra loss into a charity box and wins nothing from kontras. A table then adds up to zero, or to
minus what went into the box. A paper table has only its totals: those times the value.

Amounts are whole euro cents, never floats.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import FieldError
from .i18n import _
from .rulesets import get_ruleset
from .sheet import score_sheet

__all__ = [
    "KONTRAS",
    "KONTRAS_TO_BOX",
    "KONTRAS_TO_PLAYERS",
    "Payout",
    "SettlementError",
    "TableMoney",
    "Terms",
    "check_prizes",
    "field_prizes",
    "payout",
    "settle_hands",
    "settle_paper",
    "settle_sheet",
]

KONTRAS_TO_PLAYERS = "players"
KONTRAS_TO_BOX = "box"
KONTRAS = (KONTRAS_TO_PLAYERS, KONTRAS_TO_BOX)

# the ranks the field-size rule pays: ⌊(n−1)/2⌋ · (4 − rank) · X
FIELD_RULE_RANKS = 3


class SettlementError(FieldError):
    """Settlement terms or a prize table that cannot be used, naming the field."""


@dataclass(frozen=True, slots=True)
class Terms:
    """What a point is worth in cents, and where the kontras' money goes."""

    cents: int
    kontras: str = KONTRAS_TO_PLAYERS

    def __post_init__(self) -> None:
        if type(self.cents) is not int or self.cents < 0:
            raise SettlementError(
                "cents", _("%(value)s is not a value in cents (0 or more)"), value=repr(self.cents)
            )
        if self.kontras not in KONTRAS:
            raise SettlementError(
                "kontras",
                _("%(value)s is not one of %(choices)s"),
                value=repr(self.kontras),
                choices=KONTRAS,
            )


@dataclass(frozen=True, slots=True)
class TableMoney:
    """One table's settlement, in seat order.

    `written`: the written score; `kontras`: the kontra points beyond it (money less written);
    `box`: the cents each seat paid into the charity box; `amounts`: the cents each seat receives
    (negative: pays) in all, box payments included. `sum(amounts) == -box_total`.
    """

    written: tuple[int, ...]
    kontras: tuple[int, ...]
    box: tuple[int, ...]
    amounts: tuple[int, ...]

    @property
    def box_total(self) -> int:
        """Return what the table put into the charity box, in cents."""
        return sum(self.box)


def settle_hands(
    written: Sequence[Sequence[int]], money: Sequence[Sequence[int]], terms: Terms
) -> TableMoney:
    """Return the settlement of a table's hands: each hand's written and money scores by seat."""
    if len(written) != len(money):
        raise SettlementError("money", _("must have one entry per hand"))
    seats = len(written[0]) if written else 0
    totals = [0] * seats
    kontras = [0] * seats
    losses = [0] * seats
    for number, (plain, with_kontras) in enumerate(zip(written, money, strict=True), start=1):
        if len(plain) != seats or len(with_kontras) != seats:
            raise SettlementError(f"hands[{number}]", _("must have one score per seat"))
        for seat, (w, m) in enumerate(zip(plain, with_kontras, strict=True)):
            totals[seat] += w
            kontras[seat] += m - w
            # a kontra lost in this hand is paid into the box, whatever later hands bring
            losses[seat] += max(0, w - m)
    return _money(totals, kontras, losses, terms)


def _money(totals: list[int], kontras: list[int], losses: list[int], terms: Terms) -> TableMoney:
    cents = terms.cents
    if terms.kontras == KONTRAS_TO_BOX:
        box = tuple(loss * cents for loss in losses)
        amounts = tuple(t * cents - b for t, b in zip(totals, box, strict=True))
    else:
        box = (0,) * len(totals)
        amounts = tuple((t + k) * cents for t, k in zip(totals, kontras, strict=True))
    return TableMoney(tuple(totals), tuple(kontras), box, amounts)


def settle_paper(totals: Sequence[int], terms: Terms) -> TableMoney:
    """Return the settlement of a paper table: its totals times the value (no kontras known)."""
    seats = len(totals)
    return _money(list(totals), [0] * seats, [0] * seats, terms)


def settle_sheet(sheet: Mapping[str, Any], terms: Terms) -> TableMoney:
    """Return the settlement of a sheet (the sheet format's input): scored as given for the
    written score, and with its ruleset's `count_kontras` on for the money account."""
    written = score_sheet(sheet)
    options = dict(sheet.get("options") or {})
    counted = dict(options, count_kontras=True)
    money = written
    if options != counted and "count_kontras" in get_ruleset(sheet.get("ruleset")).option_map:
        money = score_sheet(dict(sheet, options=counted))
    return settle_hands([h.scores for h in written.hands], [h.scores for h in money.hands], terms)


def field_prizes(players: int, x_cents: int) -> tuple[int, ...]:
    """Return the prizes of ranks 1–3 by the field-size rule ⌊(n−1)/2⌋ · (4 − rank) · X."""
    if type(x_cents) is not int or x_cents < 0:
        raise SettlementError(
            "x", _("%(value)s is not a value in cents (0 or more)"), value=repr(x_cents)
        )
    base = max(0, (players - 1) // 2)
    return tuple(base * (FIELD_RULE_RANKS + 1 - rank) * x_cents for rank in range(1, 4))


def check_prizes(entries: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Return a fixed prize table, given as (rank, cents) pairs, as amounts for ranks 1, 2, …

    Refused: a rank below 1, a rank listed twice, a gap, a negative amount, and a rank paid more
    than the one before it.
    """
    amounts: dict[int, int] = {}
    for index, (rank, cents) in enumerate(entries):
        field = f"prizes[{index}]"
        if type(rank) is not int or rank < 1:
            raise SettlementError(field, _("%(value)s is not a rank (1 or more)"), value=repr(rank))
        if rank in amounts:
            raise SettlementError(field, _("rank %(rank)s is listed twice"), rank=rank)
        if type(cents) is not int or cents < 0:
            raise SettlementError(
                field, _("%(value)s is not an amount in cents (0 or more)"), value=repr(cents)
            )
        amounts[rank] = cents
    table: list[int] = []
    for rank in range(1, len(amounts) + 1):
        if rank not in amounts:
            raise SettlementError("prizes", _("rank %(rank)s is missing"), rank=rank)
        if table and amounts[rank] > table[-1]:
            raise SettlementError(
                "prizes",
                _("rank %(rank)s would get more than rank %(better)s: prizes must not increase"),
                rank=rank,
                better=rank - 1,
            )
        table.append(amounts[rank])
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Payout:
    """The day's entry fees against its prizes: each prize by place, and the balance."""

    prizes: tuple[int, ...]
    fees: int
    paid: int

    @property
    def balance(self) -> int:
        """Return what the fees leave after the prizes, in cents (negative: prizes cost more)."""
        return self.fees - self.paid


def payout(players: int, fee_cents: int, prizes: Sequence[int]) -> Payout:
    """Return the payout of a field of `players` paying `fee_cents` each: the prizes of the
    places there are players for, by place in the final order."""
    if type(fee_cents) is not int or fee_cents < 0:
        raise SettlementError(
            "fee", _("%(value)s is not an amount in cents (0 or more)"), value=repr(fee_cents)
        )
    paid = tuple(prizes[: max(0, players)])
    return Payout(paid, players * fee_cents, sum(paid))
