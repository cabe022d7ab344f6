"""Read one hand's JSON record into a small frozen value, with every check and its message.

Scoring (hand.py, trischaken.py) starts from these values and never looks at JSON again: what
a hand says is decided here, what it is worth there. Each family has its reader: positive.py
(with bonuses.py), negative.py, trischaken.py and manual.py; values.py holds what they return.
"""

from typing import Any, NoReturn

from ..errors import ScoringError
from ..i18n import _
from ..rulesets import Family
from ..table import Table
from .fields import is_mapping
from .manual import MAX_REASON, MAX_SCORE, read_manual
from .negative import read_negative
from .positive import read_positive
from .trischaken import read_trischaken
from .values import (
    BonusEntry,
    Hand,
    ManualHand,
    NegativeHand,
    PositiveHand,
    TrischakenHand,
    ValatCall,
    bonus_entry,
)

__all__ = [
    "HAND_KEYS",
    "MAX_REASON",
    "MAX_SCORE",
    "BonusEntry",
    "Hand",
    "ManualHand",
    "NegativeHand",
    "PositiveHand",
    "TrischakenHand",
    "ValatCall",
    "bonus_entry",
    "read_hand",
]

HAND_KEYS = frozenset(
    (
        "contract",
        "declarer",
        "partner",
        "king_in_talon",
        "surrendered",
        "points",
        "tricks",
        "valat",
        "valat_announced",
        "valat_announced_by",
        "kontra",
        "kontra_by_seat",
        "bonuses",
        "players",
        "bei",
        "renonce",
        "manual",
    )
)


def read_hand(table: Table, hand: Any, dealer: int) -> Hand:
    """Return a hand's JSON record as a checked value, or raise ScoringError naming the field."""
    n = table.n
    out = dealer if n == 5 else None
    vorhand = (dealer + 1) % n
    if not is_mapping(hand):
        raise ScoringError("hand", _("must be an object"))
    if not HAND_KEYS.issuperset(hand):
        extra = sorted(key for key in hand if key not in HAND_KEYS)[0]
        raise ScoringError(str(extra), _("is not a field of a hand"))
    manual = hand.get("manual")
    if manual is not None:
        return read_manual(table, hand, manual, out)
    key = hand.get("contract")
    contract = table.playable.get(key) if key.__class__ is str else None
    if contract is None:
        _refuse_unplayable(table, key)
    family = contract.family
    if family is Family.TRISCHAKEN:
        if table.rules.trischaken.dealer_plays:
            out = None  # the dealer of a five-table joins a Lungau Fahren
        return read_trischaken(table, contract, hand, vorhand, out)
    if family is Family.NEGATIVE:
        return read_negative(table, contract, hand, vorhand, out)
    return read_positive(table, contract, hand, vorhand, out)


def _refuse_unplayable(table: Table, key: Any) -> NoReturn:
    """Refuse a contract one may not name here, saying why."""
    contract = table.rs.contract(key)  # raises for a contract the ruleset does not know
    if contract.bei_only:
        raise ScoringError(
            "contract",
            _("%(contract)s is only played beside another contract: give it in bei"),
            contract=contract.name,
        )
    raise ScoringError(
        "contract",
        _("%(contract)s needs the option %(option)s"),
        contract=contract.name,
        option=contract.requires_option or "",
    )
