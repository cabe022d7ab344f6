"""What the readers of every family share: refusals given in more than one place, and small
checks of a record's fields."""

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ScoringError
from ..i18n import _
from ..rulesets import ContractInfo
from ..table import Table, seat

SIDES = ("declarer", "defenders")

NOT_A_SIDE = _("%(value)s is not 'declarer' or 'defenders'")
NOT_A_BONUS = _("%(value)s is not a bonus in %(ruleset)s")
NO_BONUSES = _("%(contract)s has no bonuses")
KONTRA_NOT_OBJECT = _("must be an object of element names and levels")
VORHAND_ONLY = _("%(contract)s may be played by Vorhand only (%(player)s)")
NO_KONTRA = _("there is no Kontra in %(contract)s")


def is_mapping(value: Any) -> bool:
    """Return whether a JSON value is an object."""
    # JSON gives exact dicts: test for them before the slower abstract-class check
    return value.__class__ is dict or isinstance(value, Mapping)


def is_list(value: Any) -> bool:
    """Return whether a JSON value is a list (text is a sequence too, but not a list)."""
    return value.__class__ is list or (isinstance(value, Sequence) and not isinstance(value, str))


def read_declarer(
    table: Table, contract: ContractInfo, hand: Mapping[str, Any], vorhand: int, out: int | None
) -> int:
    """Return the declarer's seat, refusing one who may not play the contract."""
    declarer = seat(hand.get("declarer"), "declarer", table, out)
    if contract.vorhand_only and declarer != vorhand:
        raise ScoringError(
            "declarer", VORHAND_ONLY, contract=contract.name, player=table.labels[vorhand]
        )
    return declarer
