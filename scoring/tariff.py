"""A cup's own tariff: a base ruleset with some of its numbers replaced.

Cups that play a built-in ruleset often change only numbers: a contract's game values, a
bonus's silent and announced values, the Valat's numbers, the highest Kontra. A tariff names
those, and `apply_tariff` returns the base ruleset with them replaced; the engine then scores
it exactly like the base, because every rule reads its numbers from the ruleset it is given.
Counting, bonus factors, Trischaken, Renonce, surrender, double stakes and options stay the
base's. A tariff that names anything else is refused with a `TariffError` naming the field.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .errors import Param, ScoringError
from .i18n import _
from .jsontext import checked_text
from .rulesets import BonusInfo, ContractInfo, Family, RulesetInfo

FIELDS = ("name", "contracts", "bonuses", "valat", "kontra_max")
# a game value or a Valat number: 1..100; a bonus may be worth 0 (recorded, paid nothing)
VALUE_RANGE = (1, 100)
BONUS_RANGE = (0, 100)
MAX_NAME = 80


class TariffError(ScoringError):
    """A tariff the engine refuses; `where` names its field inside the tariff."""

    def __init__(self, where: str, template: str, **params: Param) -> None:
        self.where = where
        # the base ruleset's key, set by apply_tariff: its names describe `where`
        self.ruleset: str | None = None
        # the message reads "tariff: contracts: 'x' is not a contract of tirol_cup"
        super().__init__(f"tariff: {where}" if where else "tariff", template, None, **params)

    def __reduce__(self) -> tuple[object, tuple[str, str, int | None, dict[str, Param]]]:
        return (_rebuild, (self.where, self.template, None, self.params))


def _rebuild(where: str, template: str, _hand: None, params: dict[str, Param]) -> TariffError:
    return TariffError(where, template, **params)


def apply_tariff(base: RulesetInfo, tariff: object) -> RulesetInfo:
    """Return the base ruleset with the tariff's numbers, or raise TariffError naming the field."""
    try:
        return _apply(base, tariff)
    except TariffError as error:
        error.ruleset = base.key
        raise


def _apply(base: RulesetInfo, tariff: object) -> RulesetInfo:
    if not isinstance(tariff, Mapping):
        raise TariffError("", _("must be an object with %(fields)s"), fields=", ".join(FIELDS))
    for key in tariff:
        if key not in FIELDS:
            raise TariffError(
                str(key),
                _("is not a field of a tariff (fields: %(fields)s)"),
                fields=", ".join(FIELDS),
            )
    name = _name(tariff.get("name"))
    bonuses = _bonuses(base, tariff.get("bonuses"))
    contracts = _contracts(base, tariff.get("contracts"), bonuses)
    rules = base.rules
    valat = tariff.get("valat")
    if valat is not None:
        silent, announced = _pair(valat, "valat", ("silent", "announced"), VALUE_RANGE)
        # the Valat rule keeps its shape (failed Valat, the silent-bonus exception, what it
        # drops); only its two numbers change. An option's own Valat rule keeps its numbers.
        rules = replace(rules, valat=replace(rules.valat, silent=silent, announced=announced))
    return replace(
        base,
        name=name,
        contracts=contracts,
        bonuses=bonuses,
        rules=rules,
        max_kontra=_kontra_max(base, tariff.get("kontra_max")),
    )


def _name(value: Any) -> str:
    if value is None:
        raise TariffError("name", _("missing: a tariff has a name"))
    if not isinstance(value, str) or not value.strip():
        raise TariffError("name", _("must be text"))
    return checked_text(value, "name", MAX_NAME, TariffError)


def _number(value: Any, where: str, low: int, high: int) -> int:
    # a bool is an int to Python, never to a tariff
    if type(value) is not int or not low <= value <= high:
        raise TariffError(
            where,
            _("%(value)s is not a whole number from %(low)s to %(high)s"),
            value=repr(value),
            low=low,
            high=high,
        )
    return value


# What a tariff's bonuses or contracts name that its base ruleset does not have.
UNKNOWN = {
    "bonuses": _("%(value)s is not a bonus of %(key)s"),
    "contracts": _("%(value)s is not a contract of %(key)s"),
}


def _entries(
    value: Any, where: str, known: Mapping[str, object], base: RulesetInfo
) -> Mapping[str, Any]:
    """Return a tariff's entries under `where` by key, each a key of `known` in the base."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TariffError(where, _("must be an object of keys and their numbers"))
    for key in value:
        if key not in known:
            raise TariffError(where, UNKNOWN[where], value=repr(key), key=base.key)
    return value


def _pair(
    value: Any, where: str, keys: tuple[str, str], bounds: tuple[int, int], nullable: bool = False
) -> tuple[Any, Any]:
    """Return the two numbers of an entry such as {"won": W, "lost": L}, each checked."""
    if not isinstance(value, Mapping):
        raise TariffError(where, _("must be an object with %(fields)s"), fields=" and ".join(keys))
    for key in value:
        if key not in keys:
            raise TariffError(
                f"{where}.{key}",
                _("is not a field here (fields: %(fields)s)"),
                fields=", ".join(keys),
            )
    out = []
    for key in keys:
        if key not in value:
            raise TariffError(f"{where}.{key}", _("missing: give a number"))
        v = value[key]
        out.append(None if nullable and v is None else _number(v, f"{where}.{key}", *bounds))
    return out[0], out[1]


def _bonuses(base: RulesetInfo, given: Any) -> tuple[BonusInfo, ...]:
    entries = _entries(given, "bonuses", base.bonus_map, base)
    out = []
    for b in base.bonuses:
        if b.key not in entries:
            out.append(b)
            continue
        entry = entries[b.key]
        if entry is None:
            continue  # removed
        where = f"bonuses.{b.key}"
        silent, announced = _pair(entry, where, ("silent", "announced"), BONUS_RANGE, True)
        # a tariff changes numbers the base uses (or a silent Sack the points decide); it
        # cannot let a bonus be scored a new way
        for manner, value in (("silent", silent), ("announced", announced)):
            if value is not None and not b.tariff_may_set(manner):
                raise TariffError(
                    f"{where}.{manner}",
                    _("%(bonus)s has no %(manner)s value in %(key)s: give null"),
                    bonus=b.name,
                    manner=manner,
                    key=base.key,
                )
        if silent is None and announced is None:
            raise TariffError(
                where, _("give a silent or an announced value, or null to remove the bonus")
            )
        out.append(replace(b, silent=silent, announced=announced))
    return tuple(out)


def _contracts(
    base: RulesetInfo, given: Any, bonuses: tuple[BonusInfo, ...]
) -> tuple[ContractInfo, ...]:
    entries = _entries(given, "contracts", base.contract_map, base)
    kept = {b.key: b for b in bonuses}
    removed = {k for k, v in entries.items() if v is None}
    out = []
    for c in base.contracts:
        if c.key in removed:
            continue
        where = f"contracts.{c.key}"
        if c.key in entries:
            if c.family is Family.TRISCHAKEN:
                raise TariffError(
                    where,
                    _("%(contract)s is paid by its own rule: only null (removing it) is allowed"),
                    contract=c.name,
                )
            won, lost = _pair(entries[c.key], where, ("won", "lost"), VALUE_RANGE)
            # where the base makes Vorhand lose more, the tariff keeps the base's ratio
            by_vorhand = None
            if c.lost_by_vorhand is not None:
                by_vorhand = max(1, round(lost * c.lost_by_vorhand / c.lost))
            c = replace(c, won=won, lost=lost, lost_by_vorhand=by_vorhand)
        # a contract that must announce one of some birds keeps those the tariff keeps
        birds = tuple(k for k in c.mandatory_birds if k in kept and kept[k].announced is not None)
        if c.mandatory_birds and not birds:
            raise TariffError(
                f"bonuses.{c.mandatory_birds[0]}",
                _(
                    "%(contract)s must announce %(bonus)s: keep its announced value, or remove "
                    "the contract too"
                ),
                contract=c.name,
                bonus=tuple(base.bonus_map[k].name for k in c.mandatory_birds),
            )
        c = replace(
            c,
            bonuses=tuple(k for k in c.bonuses if k in kept),
            mandatory_birds=birds,
            bei=tuple(k for k in c.bei if k not in removed),
        )
        out.append(c)
    if not any(not c.bei_only for c in out):
        raise TariffError("contracts", _("a tariff keeps at least one contract"))
    return tuple(out)


def _kontra_max(base: RulesetInfo, value: Any) -> int:
    if value is None:
        return base.max_kontra
    if type(value) is not int or value < 0:
        raise TariffError(
            "kontra_max",
            _("%(value)s is not a Kontra level (0 to %(maximum)s)"),
            value=repr(value),
            maximum=base.max_kontra,
        )
    if value > base.max_kontra:
        raise TariffError(
            "kontra_max",
            _("%(value)s is above the highest Kontra level of %(key)s (%(maximum)s)"),
            value=value,
            key=base.key,
            maximum=base.max_kontra,
        )
    return value
