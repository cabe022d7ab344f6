"""What all hands of one sheet share, and small strict readers for JSON values."""

from collections.abc import Mapping
from typing import Any

from .errors import ScoringError
from .i18n import _
from .rules import Rules
from .rulesets import RulesetInfo

# refusals that hands of more than one family give
NOT_A_SEAT = _("%(value)s is not a seat at this table (0 to %(last)s)")
DEALER_SITS_OUT = _("%(player)s is the dealer, who sits out this hand")
NO_RENONCE = _("%(ruleset)s scores no Renonce: enter the hand by hand")
NOT_TRICKS = _("%(value)s is not a number of tricks (0 to 12)")


class Table:
    """A ruleset with its resolved options at a table of four or five."""

    __slots__ = (
        "rs",
        "n",
        "labels",
        "options",
        "rules",
        "count_kontras",
        "double_deals",
        "playable",
        "bonus_entries",
        "lines",
    )

    def __init__(
        self, rs: RulesetInfo, n: int, labels: tuple[str, ...], options: Mapping[str, Any] | None
    ) -> None:
        self.rs = rs
        self.n = n
        self.labels = labels
        self.options = resolve_options(rs, options)
        # the ruleset's rules with the ones the table's options set
        self.rules: Rules = rs.rules_with(self.options)
        self.count_kontras = self.rules.kontras.counted
        # how many deals after a Fahren/Trischaken count double (0: none)
        self.double_deals = self.rules.double_stakes.after_trischaken()
        # the contracts a hand may name directly at this table, looked up once per hand
        self.playable = {
            c.key: c
            for c in rs.contracts
            if not c.bei_only and (not c.requires_option or self.options.get(c.requires_option))
        }
        # the hands' bonus entries (frozen, so one per bonus, side, manner, result and Kontra
        # serves every hand of the table: record.bonus_entry() fills it as it meets them)
        self.bonus_entries: dict[tuple[str, bool, bool, bool, int], Any] = {}
        # the same for the game's, the bonuses' and the negative contracts' breakdown lines,
        # keyed by the element (or contract) they score and what decides them: a line is a
        # frozen value whose params nobody changes
        self.lines: dict[tuple[Any, ...], Any] = {}


def double_deals(rs: RulesetInfo, options: Mapping[str, Any] | None) -> int:
    """Return how many deals after a Fahren/Trischaken count double at such a table (0: none)."""
    return rs.rules_with(resolve_options(rs, options)).double_stakes.after_trischaken()


def resolve_options(rs: RulesetInfo, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return the ruleset's options with the given ones applied, refusing unknown ones."""
    resolved: dict[str, Any] = {o.key: o.default for o in rs.options}
    if options is None:
        return resolved
    if not isinstance(options, Mapping):
        raise ScoringError("options", _("must be an object of option names and values"))
    for key, value in options.items():
        info = rs.option_map.get(key)
        if info is None:
            raise ScoringError(
                f"options.{key}",
                _("%(value)s is not an option of %(ruleset)s (options: %(known)s)"),
                value=repr(key),
                ruleset=rs.name,
                known=", ".join(rs.option_map),
            )
        if type(value) is not type(info.default) or value not in info.choices:
            raise ScoringError(
                f"options.{key}",
                _("%(value)s is not one of %(choices)s"),
                value=repr(value),
                choices=tuple(repr(c) for c in info.choices),
            )
        resolved[key] = value
    return resolved


def seat(value: Any, field: str, t: Table, out: int | None) -> int:
    """Return value as an active seat number, or raise ScoringError."""
    if value.__class__ is not int or not 0 <= value < t.n:
        if value is None:
            raise ScoringError(field, _("missing: a seat number is needed"))
        raise ScoringError(field, NOT_A_SEAT, value=repr(value), last=t.n - 1)
    if value == out:
        raise ScoringError(field, DEALER_SITS_OUT, player=t.labels[value])
    return value


def renonce_seats(t: Table, hand: Mapping[str, Any], out: int | None) -> tuple[int, ...] | None:
    """Return who committed the hand's Renonce (one seat, or two where the rules allow it)."""
    value = hand.get("renonce")
    if value is None:
        return None
    rule = t.rules.renonce
    if not rule.scored:
        raise ScoringError("renonce", NO_RENONCE, ruleset=t.rs.name)
    if value.__class__ is not list:
        return (seat(value, "renonce", t, out),)
    if not rule.two:
        raise ScoringError(
            "renonce",
            _("in %(ruleset)s a Renonce is one player's: give one seat"),
            ruleset=t.rs.name,
        )
    if len(value) != 2:
        raise ScoringError("renonce", _("must be one seat, or a list of two seats"))
    first, second = (seat(v, f"renonce[{i}]", t, out) for i, v in enumerate(value))
    if first == second:
        raise ScoringError("renonce[1]", _("the two offenders must be different players"))
    return (first, second)


def flag(hand: Mapping[str, Any], key: str, field: str | None = None) -> bool:
    """Return an optional strict boolean field (missing or null is false)."""
    value = hand.get(key)
    if value is True or value is False:
        return value
    if value is None:
        return False
    if type(value) is not bool:
        raise ScoringError(field or key, _("%(value)s is not true or false"), value=repr(value))
    return value


def level(value: Any, field: str, maximum: int) -> int:
    """Return a kontra level 0..maximum, or raise ScoringError."""
    if type(value) is not int or value < 0:
        raise ScoringError(
            field,
            _("%(value)s is not a Kontra level (0 to %(maximum)s)"),
            value=repr(value),
            maximum=maximum,
        )
    if value > maximum:
        raise ScoringError(
            field,
            _("%(value)s is above the highest Kontra level here (%(maximum)s)"),
            value=value,
            maximum=maximum,
        )
    return value
