"""Who played what in each hand of a sheet: the facts a player's statistics are counted from.

The engine's own reader (`record.read_hand`) reads each hand, so a role here is exactly what the
scoring saw: the declarer and partner, the side that took every trick, the Trischaken mayors.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from .record import read_hand
from .record.values import ManualHand, NegativeHand, PositiveHand, TrischakenHand
from .rulesets import get_ruleset
from .sheet import dealer_of
from .table import Table
from .trischaken import MAYOR


class Roles(NamedTuple):
    """What one hand was, seat by seat (seats counted from 0)."""

    contract: str | None  # the contract's key; None for a hand entered by hand
    declarer: int | None  # None in a Trischaken and a hand entered by hand
    partner: int | None
    valat_by_declarer: bool  # the declarer's side took every trick
    mayors: tuple[int, ...]  # in a Trischaken: the seats that took 35/2 points or more
    trischaken: bool


def sheet_roles(sheet: Mapping[str, Any]) -> list[Roles]:
    """Return the roles of each of the sheet's hands (a sheet as `docs/sheet-format.md`)."""
    players = sheet["players"]
    n = len(players)
    table = Table(get_ruleset(sheet["ruleset"]), n, tuple(players), sheet.get("options"))
    first = sheet.get("first_dealer", 0)
    return [
        hand_roles(read_hand(table, hand, dealer_of(i, first, n)))
        for i, hand in enumerate(sheet["hands"])
    ]


def hand_roles(hand: Any) -> Roles:
    """Return the roles of one hand as the engine read it."""
    if isinstance(hand, ManualHand):
        return Roles(None, None, None, False, (), False)
    if isinstance(hand, TrischakenHand):
        mayors = tuple(seat for seat, points in enumerate(hand.points) if points >= MAYOR)
        return Roles(hand.contract.key, None, None, False, mayors, True)
    if isinstance(hand, NegativeHand):
        return Roles(hand.contract.key, hand.declarer, None, False, (), False)
    positive: PositiveHand = hand
    valat = positive.valat is not None and positive.valat.side == "declarer"
    return Roles(positive.contract.key, positive.declarer, positive.partner, valat, (), False)
