"""Read a negative contract (Bettler, Piccolo, …) and the bei contract played beside it."""

from collections.abc import Mapping
from typing import Any

from ..errors import ScoringError
from ..i18n import _
from ..rulesets import ContractInfo
from ..table import DEALER_SITS_OUT, NOT_TRICKS, Table, flag, level, renonce_seats, seat
from .fields import KONTRA_NOT_OBJECT, NO_BONUSES, is_list, read_declarer
from .values import NegativeHand

# the fields of most negative hands; only a hand with others looks up each rarer one
PLAIN_NEGATIVE = frozenset(("contract", "declarer", "tricks", "kontra_by_seat", "kontra", "bei"))
# one sentence per field, so that translators see the whole of each
NEGATIVE_HAS_NO = {
    "partner": _("%(contract)s is a negative contract: no partner"),
    "points": _("%(contract)s is a negative contract: no points"),
    "valat": _("%(contract)s is a negative contract: no valat"),
}


def read_negative(
    table: Table, contract: ContractInfo, hand: Mapping[str, Any], vorhand: int, out: int | None
) -> NegativeHand:
    """Return a negative hand as a checked value, or raise ScoringError naming the field."""
    declarer = read_declarer(table, contract, hand, vorhand, out)
    renonce = None
    if not PLAIN_NEGATIVE.issuperset(hand):
        _refuse_positive_fields(contract, hand)
        renonce = renonce_seats(table, hand, out)
    levels, tricks = _element(table, hand, "", declarer, out, renonce)
    bei = hand.get("bei")
    second = None if bei is None else _bei(table, contract, bei, vorhand, out, declarer, renonce)
    # keywords to __new__ itself: a call of the class would gather them into a dict first
    return NegativeHand.__new__(
        NegativeHand,
        contract=contract,
        vorhand=vorhand,
        out=out,
        declarer=declarer,
        tricks=tricks,
        kontra_by_seat=levels,
        bei=second,
        renonce=renonce,
    )


def _refuse_positive_fields(contract: ContractInfo, hand: Mapping[str, Any]) -> None:
    for key in ("partner", "points", "valat"):
        if hand.get(key) is not None:
            raise ScoringError(key, NEGATIVE_HAS_NO[key], contract=contract.name)
    if flag(hand, "king_in_talon") or flag(hand, "surrendered") or flag(hand, "valat_announced"):
        raise ScoringError(
            "contract",
            _("%(contract)s is a negative contract: no King, no surrender, no Valat"),
            contract=contract.name,
        )
    if hand.get("bonuses"):
        raise ScoringError("bonuses", NO_BONUSES, contract=contract.name)


def _bei(
    table: Table,
    contract: ContractInfo,
    bei: Any,
    vorhand: int,
    out: int | None,
    declarer: int,
    renonce: tuple[int, ...] | None,
) -> NegativeHand:
    """Return the bei contract played beside `contract`, checked."""
    if not contract.bei:
        raise ScoringError(
            "bei", _("no bei contract may be played with %(contract)s"), contract=contract.name
        )
    if not isinstance(bei, Mapping):
        raise ScoringError("bei", _("must be an object with contract, declarer and tricks"))
    bei_key = bei.get("contract")
    bei_contract = table.rs.contract_map.get(bei_key) if isinstance(bei_key, str) else None
    if bei_contract is None or bei_key not in contract.bei:
        raise ScoringError(
            "bei.contract",
            _("%(value)s is not a bei contract after %(contract)s (%(allowed)s)"),
            value=repr(bei_key),
            contract=contract.name,
            allowed=contract.bei,
        )
    bei_declarer = seat(bei.get("declarer"), "bei.declarer", table, out)
    if bei_declarer == declarer:
        raise ScoringError("bei.declarer", _("the bei declarer must be another player"))
    levels, tricks = _element(table, bei, "bei.", bei_declarer, out, renonce)
    return NegativeHand(
        contract=bei_contract,
        vorhand=vorhand,
        out=out,
        declarer=bei_declarer,
        tricks=tricks,
        kontra_by_seat=levels,
        bei=None,
        renonce=renonce,
    )


def _element(
    table: Table,
    hand: Mapping[str, Any],
    prefix: str,
    declarer: int,
    out: int | None,
    renonce: tuple[int, ...] | None,
) -> tuple[tuple[int, ...], int | None]:
    """Return the personal Kontra levels per seat and the tricks of one negative contract."""
    raw = hand.get("kontra_by_seat")
    levels = (0,) * table.n if raw is None else _levels(table, raw, prefix, declarer, out)
    kontra = hand.get("kontra")
    if kontra is not None and not isinstance(kontra, Mapping):
        raise ScoringError(prefix + "kontra", KONTRA_NOT_OBJECT)
    if kontra and any(v for v in kontra.values()):
        raise ScoringError(
            prefix + "kontra", _("Kontra is personal in negative contracts: give kontra_by_seat")
        )
    if renonce is not None:
        return levels, None  # not played to the end: no tricks to count
    tricks = hand.get("tricks")
    if type(tricks) is not int or not 0 <= tricks <= 12:
        if tricks is None:
            raise ScoringError(prefix + "tricks", _("missing: the declarer's number of tricks"))
        raise ScoringError(prefix + "tricks", NOT_TRICKS, value=repr(tricks))
    return levels, tricks


def _levels(table: Table, raw: Any, prefix: str, declarer: int, out: int | None) -> tuple[int, ...]:
    """Return each defender's personal Kontra level from kontra_by_seat (0 for the declarer)."""
    n = table.n
    if not is_list(raw) or len(raw) != n:
        raise ScoringError(
            prefix + "kontra_by_seat", _("must be a list of %(n)s Kontra levels"), n=n
        )
    levels = [0] * n
    maximum = table.rs.max_kontra
    for seat_number, given in enumerate(raw):
        if given.__class__ is not int or not 0 <= given <= maximum:
            level(given, f"{prefix}kontra_by_seat[{seat_number}]", maximum)  # raises the refusal
        if given and seat_number == out:
            raise ScoringError(
                f"{prefix}kontra_by_seat[{seat_number}]",
                DEALER_SITS_OUT,
                player=table.labels[seat_number],
            )
        if seat_number != declarer:
            levels[seat_number] = given
    return tuple(levels)
