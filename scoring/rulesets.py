"""The rulesets, one data file each (scoring/<key>.toml), registered by key.

Like python-chess's variants: one object per ruleset, looked up by name. Everything a ruleset
is, its numbers included, is in its data file; the rules it names come from the closed
registry in `rules`. The files are read and checked once, when the package loads: a mistake in
one raises `RulesetDataError`, naming the file and the field.

A reading or rule text never writes in a number a tariff can change: it names it
(`%(valat.announced)s`, `%(contracts.sechserdreier.lost)s`, see `RulesetInfo.number`), so the
page of a tariff reads the tariff's numbers and a built-in ruleset's page its data's.
"""

import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from .errors import ScoringError
from .i18n import _
from .points import INDIVIDUAL, PACK_TOTAL, THIRDS, parse_points
from .rules import DEFAULT_RULES, RULES, Rule, Rules
from .standings import TIE_BREAKERS


class Family(StrEnum):
    """How a contract is played and paid."""

    RUFER = "rufer"
    ALONE = "positive-alone"
    NEGATIVE = "negative"
    TRISCHAKEN = "trischaken"


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractInfo:
    """One contract of a ruleset: its game values and what it allows."""

    key: str
    name: str
    won: int
    lost: int
    lost_by_vorhand: int | None = None
    family: Family
    calls_king: bool = False
    vorhand_only: bool = False
    talon: str
    bonus_factor: int = 1
    bonuses: tuple[str, ...] = ()
    mandatory_birds: tuple[str, ...] = ()
    can_surrender: bool = False
    tricks: int | None = None
    bei: tuple[str, ...] = ()
    bei_only: bool = False
    requires_option: str | None = None
    # the called King, when it lay in the talon, is never played and nobody knows of it: the
    # hand's Kontras are void and no King ultimo can be made (the Upper Austrian Solorufer)
    hidden_talon_king: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusInfo:
    """One bonus: silent and announced values (None where it cannot be scored that way)."""

    key: str
    name: str
    silent: int | None = None
    announced: int | None = None
    kind: str  # "material" or "trick"
    # "partner": only with a partner; "partner_or_talon": also with the called King in the
    # talon; None: in any contract that allows it
    needs: str | None = None
    # the only side that can score it ("declarer" or "defenders"), or None for either
    side: str | None = None
    can_fail: bool = True
    bird: bool = False
    # A Sack or Grammeln: made exactly when its side's card points reach this many thirds, so
    # its result follows from the points.
    threshold: int | None = None
    # A threshold bonus the base allows only announced, to which a tariff may give a silent
    # value (the Tirol cup's Säcke since 2020/21): made silently exactly when its side's card
    # points reach the threshold, so the engine adds it from the points, never as failed.
    silent_from_points: bool = False

    def tariff_may_set(self, manner: str) -> bool:
        """Return whether a tariff may give this bonus a "silent" or "announced" value: one the
        base scores, or a silent value the card points decide."""
        if manner == "silent":
            return self.silent is not None or self.silent_from_points
        return self.announced is not None

    @property
    def derives_silent(self) -> bool:
        """Return whether the engine adds this bonus, made silently, from the card points."""
        return self.silent_from_points and self.silent is not None

    @property
    def needs_king(self) -> bool:
        """Return whether the bonus needs a called King."""
        return self.needs is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionInfo:
    """One ruleset option with its default, the values it takes and the rules each sets."""

    key: str
    name: str
    default: bool | str
    choices: tuple[bool | str, ...] = (False, True)
    # per value (as the data file writes it: "true", "false" or the choice), the rules it sets
    rules: dict[str, dict[str, Rule]] = field(default_factory=dict, compare=False)

    def rules_for(self, value: bool | str) -> dict[str, Rule]:
        """Return the rules this option sets when it has the given value."""
        return self.rules.get(_choice_key(value), {})


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesetInfo:
    """Everything a form, a rules page or the engine needs to know about a ruleset."""

    key: str
    order: int
    name: str
    source_note: str
    counting: str
    max_kontra: int
    contracts: tuple[ContractInfo, ...]
    bonuses: tuple[BonusInfo, ...]
    options: tuple[OptionInfo, ...]
    readings: tuple[str, ...]
    rules: Rules
    # Hands per round at a table of four and of five: a tournament's default (four Radl each).
    hands_four: int = 16
    hands_five: int = 20
    # The cup's tie-breakers, a new tournament's default (keys of standings.TIE_BREAKERS).
    tie_breakers: tuple[str, ...] = ("best_round", "lots")
    pack_total: int = field(init=False)
    win_threshold: str = field(init=False)
    pack_thirds: int = field(init=False, repr=False, compare=False)
    threshold_thirds: int = field(init=False, repr=False, compare=False)
    contract_map: dict[str, ContractInfo] = field(init=False, repr=False, compare=False)
    bonus_map: dict[str, BonusInfo] = field(init=False, repr=False, compare=False)
    option_map: dict[str, OptionInfo] = field(init=False, repr=False, compare=False)
    # per contract key, the bonuses a hand of it may record (Valat has its own fields)
    allowed_bonuses: dict[str, dict[str, BonusInfo]] = field(init=False, repr=False, compare=False)
    # per contract key, the bonuses the engine adds made silently from the card points
    derived_bonuses: dict[str, tuple[BonusInfo, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        total = PACK_TOTAL[self.counting]
        # individual counting wins with 36 of 71; counting in threes with 35 points and 2 cards
        threshold = 108 if self.counting == INDIVIDUAL else 107
        setattr_ = object.__setattr__
        setattr_(self, "pack_total", total)
        setattr_(self, "pack_thirds", total * 3)
        setattr_(self, "threshold_thirds", threshold)
        setattr_(self, "win_threshold", "36" if threshold == 108 else "35/2")
        setattr_(self, "contract_map", {c.key: c for c in self.contracts})
        setattr_(self, "bonus_map", {b.key: b for b in self.bonuses})
        setattr_(self, "option_map", {o.key: o for o in self.options})
        allowed = {c.key: {k: self.bonus_map[k] for k in c.bonuses} for c in self.contracts}
        setattr_(self, "allowed_bonuses", allowed)
        derived = {
            key: tuple(b for b in bonuses.values() if b.derives_silent)
            for key, bonuses in allowed.items()
        }
        setattr_(self, "derived_bonuses", derived)

    @property
    def renonce(self) -> bool:
        """Return whether a Renonce is scored by rule (elsewhere it is entered by hand)."""
        return self.rules.renonce.scored

    @property
    def trischaken_entry(self) -> tuple[str, ...]:
        """Return what a Fahren/Trischaken hand records for each player."""
        return self.rules.trischaken.entry

    @property
    def trischaken_dealer_plays(self) -> bool:
        """Return whether the dealer of a table of five plays a Fahren/Trischaken."""
        return self.rules.trischaken.dealer_plays

    def contract(self, key: object) -> ContractInfo:
        """Return the contract with this key, or raise ScoringError."""
        c = self.contract_map.get(key) if isinstance(key, str) else None
        if c is None:
            raise ScoringError(
                "contract",
                _("%(value)s is not a contract in %(ruleset)s"),
                value=repr(key),
                ruleset=self.name,
            )
        return c

    def texts(self) -> tuple[str, ...]:
        """Return every text of the data file the pages show, for the translation catalogue."""
        out = [self.name, self.source_note, *self.readings[len(COMMON_READINGS) :]]
        for c in self.contracts:
            out += (c.name, c.talon)
        out += (b.name for b in self.bonuses)
        rules = [getattr(self.rules, f.name) for f in fields(self.rules)]
        for o in self.options:
            out.append(o.name)
            for set_rules in o.rules.values():
                rules += set_rules.values()
        out += (r.text for r in rules if r.text)
        return tuple(dict.fromkeys(out))

    def number(self, name: str) -> int | None:
        """Return the ruleset's number that a text's placeholder names (names joined by * are
        multiplied), None where it has none (a contract or bonus a tariff removed); KeyError
        for a name that is no number of a ruleset.

        Names: valat.silent, valat.announced, kontra_max, contracts.KEY.won (.lost,
        .lost_by_vorhand), bonuses.KEY.silent (.announced). Texts quote numbers by these names
        so that a tariff's page reads its own numbers.
        """
        product: int | None = 1
        for part in name.split("*"):
            value = self._one_number(part)
            product = None if value is None or product is None else product * value
        return product

    def _one_number(self, name: str) -> int | None:
        if name == "kontra_max":
            return self.max_kontra
        kind, _dot, rest = name.partition(".")
        if kind == "valat" and rest in ("silent", "announced"):
            value: int | None = getattr(self.rules.valat, rest)
            return value
        key, _dot, attr = rest.partition(".")
        if kind == "contracts" and attr in ("won", "lost", "lost_by_vorhand"):
            item: ContractInfo | BonusInfo | None = self.contract_map.get(key)
        elif kind == "bonuses" and attr in ("silent", "announced"):
            item = self.bonus_map.get(key)
        else:
            raise KeyError(name)
        return None if item is None else getattr(item, attr)

    def text_numbers(self, text: str) -> dict[str, int | str]:
        """Return the ruleset's numbers a text names by placeholder ("—" for one it lacks)."""
        out: dict[str, int | str] = {}
        for name in _PLACEHOLDER.findall(text):
            if "." in name or name == "kontra_max":
                value = self.number(name)
                out[name] = "—" if value is None else value
        return out

    def rules_with(self, options: dict[str, Any]) -> Rules:
        """Return the ruleset's rules with the given (resolved) option values applied."""
        overrides: dict[str, Any] = {}  # rules by slot; the loader checked each slot's kind
        for o in self.options:
            overrides.update(o.rules_for(options[o.key]))
        return replace(self.rules, **overrides) if overrides else self.rules


KONTRA_NAMES = (
    _("no Kontra"),
    _("Kontra"),
    _("Rekontra"),
    _("Subkontra"),
    _("Hirschkontra"),
    _("Mordkontra"),
)

# what every ruleset reads the same way; a data file's readings follow these on its page
COMMON_READINGS = (
    _("At a table of five the dealer sits out the hand and scores 0."),
    _(
        "Kontra is given only on the game and on bonuses announced in the hand; each level "
        "doubles that element alone."
    ),
    _(
        "In negative contracts the declarer plays alone and Kontra is personal: each defender's "
        "Kontra multiplies only the payment between that defender and the declarer."
    ),
    _(
        "A hand may be entered by hand, one score per seat adding up to 0 with a reason, for a "
        "dispute the rules do not settle or a game the director struck (all 0)."
    ),
    _("Card points are kept exactly (in thirds); Fahren and Trischaken compare exact points."),
    _(
        "A side that took no trick (the other side made Valat) cannot make a bonus won in a "
        "trick: one recorded as made for it is refused."
    ),
    _(
        "Each bonus involves at most one side in a hand: the sheet records, per bonus, the side, "
        "whether it was announced and whether it was made."
    ),
    _(
        "Not covered: the Königrufen of the Mariage family (32 or 24 cards, a called Ace, aces "
        "and tens count 10) is a different game that shares the name."
    ),
)


# --- the loader -------------------------------------------------------------------------------


class RulesetDataError(ValueError):
    """A ruleset's data file that the loader refuses, naming the file and the field."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        super().__init__(f"{file}: {field}: {reason}")


_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
# a rule's own number (%(silent)s), or the ruleset's by name (%(contracts.dreier.won)s)
_PLACEHOLDER = re.compile(r"%\(([\w.*]+)\)")
_FAMILIES = {f.value: f for f in Family}


class _Reader:
    """Reads one table of a data file, refusing unknown fields and wrong types."""

    def __init__(self, file: str, path: str, table: Any) -> None:
        self.file = file
        self.path = path
        if not isinstance(table, dict):
            raise self.error("", "must be a table")
        self.table: dict[str, Any] = table
        self.read: set[str] = set()

    def error(self, key: str, reason: str) -> RulesetDataError:
        """Return the error for one field of this table."""
        where = f"{self.path}.{key}" if self.path and key else self.path or key
        return RulesetDataError(self.file, where, reason)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """Return the field, checked against its type; missing fields take the default."""
        self.read.add(key)
        if key not in self.table:
            if default is ...:
                raise self.error(key, "missing")
            return default
        value = self.table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # a bool is an int to Python, never to a data file
        if isinstance(value, bool) and bool not in kinds:
            raise self.error(key, f"{value!r} is not {_kind_names(kinds)}")
        if not isinstance(value, kinds):
            raise self.error(key, f"{value!r} is not {_kind_names(kinds)}")
        return value

    def number(self, key: str, default: Any = ..., low: int = 0) -> Any:
        """Return a whole-number field of at least `low`."""
        value = self.get(key, int, default)
        if value is not None and value is not default and value < low:
            raise self.error(key, f"{value} is below {low}")
        return value

    def text(self, key: str, default: Any = ...) -> Any:
        """Return a non-empty text field."""
        value = self.get(key, str, default)
        if key in self.table and not value.strip():
            raise self.error(key, "is empty")
        return value

    def keys(self, key: str, known: dict[str, Any], what: str) -> tuple[str, ...]:
        """Return a list field of keys, each one of `known`."""
        value = self.get(key, list, [])
        for i, item in enumerate(value):
            if item not in known:
                raise self.error(f"{key}[{i}]", f"{item!r} is not {what} of this ruleset")
        if len(set(value)) != len(value):
            raise self.error(key, "names a key twice")
        return tuple(value)

    def choice(self, key: str, choices: tuple[str, ...], default: Any = ...) -> Any:
        """Return a text field that must be one of `choices`."""
        value = self.get(key, str, default)
        if value is not default and value not in choices:
            raise self.error(key, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def done(self) -> None:
        """Refuse any field the loader did not read."""
        extra = [k for k in self.table if k not in self.read]
        if extra:
            raise self.error(extra[0], "is not a field here")


def _kind_names(kinds: tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list"}
    names[dict] = "a table"
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _choice_key(value: bool | str) -> str:
    # how a data file writes an option's value as a key: true, false or the choice itself
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _rule(file: str, path: str, slot: str, table: Any) -> Rule:
    """Return the rule a data file names for a slot, with its numbers."""
    r = _Reader(file, path, table)
    registry = RULES[slot]
    name = r.choice("rule", tuple(registry))
    cls = registry[name]
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "text":
            continue
        if f.type in ("int", int):
            values[f.name] = r.number(f.name, low=1)
        elif f.type in ("bool", bool):
            values[f.name] = r.get(f.name, bool)
        else:
            values[f.name] = r.choice(f.name, cls.choices[f.name])
    text = r.text("text", "")
    r.done()
    # the page shows the rule's numbers from the text's placeholders: each must be one of them,
    # and every number must be shown (so no number is written into the text by hand)
    numbers = {k for k, v in values.items() if type(v) is int}
    # names with a dot are the ruleset's numbers, checked once the ruleset is read
    used = {name for name in _PLACEHOLDER.findall(text) if "." not in name}
    if used - values.keys():
        raise r.error("text", f"%({sorted(used - values.keys())[0]})s is not a number of the rule")
    if text and numbers - used:
        raise r.error("text", f"does not show %({sorted(numbers - used)[0]})s")
    return cls(text=text, **values)


def _rules(file: str, table: Any) -> Rules:
    r = _Reader(file, "rules", table)
    chosen: dict[str, Any] = {}  # rules by slot, each of its slot's kind
    for slot in RULES:
        given = r.get(slot, dict, None)
        if given is None:
            if slot not in DEFAULT_RULES:
                raise r.error(slot, "missing: every ruleset names its rule")
            given = {"rule": DEFAULT_RULES[slot]}
        chosen[slot] = _rule(file, f"rules.{slot}", slot, given)
    r.done()
    for slot in ("valat", "trischaken"):
        if not chosen[slot].text:
            raise RulesetDataError(file, f"rules.{slot}.text", "missing: the rules page shows it")
    return Rules(**chosen)


def _bonus(file: str, key: str, table: Any, pack: int, counting: str) -> BonusInfo:
    r = _Reader(file, f"bonuses.{key}", table)
    threshold = r.text("threshold", None)
    if threshold is not None:
        try:
            thirds = parse_points(threshold, counting)
        except ScoringError as e:
            raise r.error("threshold", e.reason) from None
        if not 0 < thirds <= pack:
            raise r.error("threshold", f"{threshold!r} is not within the pack")
    info = BonusInfo(
        key=key,
        name=r.text("name"),
        silent=r.number("silent", None),
        announced=r.number("announced", None),
        kind=r.choice("kind", ("trick", "material")),
        needs=r.choice("needs", ("partner", "partner_or_talon"), None),
        side=r.choice("side", ("declarer", "defenders"), None),
        can_fail=r.get("can_fail", bool, True),
        bird=r.get("bird", bool, False),
        threshold=None if threshold is None else thirds,
        silent_from_points=r.get("silent_from_points", bool, False),
    )
    r.done()
    if info.silent_from_points and (info.threshold is None or info.silent is not None):
        raise r.error(
            "silent_from_points", "only a threshold bonus without a silent value may have it"
        )
    if info.silent is None and info.announced is None:
        raise r.error("silent", "missing: a bonus has a silent or an announced value")
    return info


def _contract(
    file: str, key: str, table: Any, bonuses: dict[str, BonusInfo], options: dict[str, OptionInfo]
) -> ContractInfo:
    r = _Reader(file, f"contracts.{key}", table)
    family = _FAMILIES[r.choice("family", tuple(_FAMILIES))]
    positive = family is Family.RUFER or family is Family.ALONE
    c = ContractInfo(
        key=key,
        name=r.text("name"),
        family=family,
        won=r.number("won", low=1),
        lost=r.number("lost", low=1),
        lost_by_vorhand=r.number("lost_by_vorhand", None, low=1),
        calls_king=r.get("calls_king", bool, False),
        vorhand_only=r.get("vorhand_only", bool, False),
        talon=r.text("talon"),
        bonus_factor=r.number("bonus_factor", 1, low=1),
        bonuses=r.keys("bonuses", bonuses, "a bonus"),
        mandatory_birds=r.keys("mandatory_birds", bonuses, "a bonus"),
        can_surrender=r.get("can_surrender", bool, False),
        tricks=r.number("tricks", None),
        bei=tuple(r.get("bei", list, [])),
        bei_only=r.get("bei_only", bool, False),
        requires_option=r.choice("requires_option", tuple(options), None),
        hidden_talon_king=r.get("hidden_talon_king", bool, False),
    )
    r.done()
    if positive and c.tricks is not None:
        raise r.error("tricks", f"{c.name} is won by card points, not tricks")
    if family is Family.NEGATIVE and c.tricks is None:
        raise r.error("tricks", "missing: a negative contract names the declarer's tricks")
    if not positive and (c.bonuses or c.calls_king or c.mandatory_birds or c.can_surrender):
        raise r.error("family", f"a {family.value} contract has no bonuses and calls no King")
    if c.hidden_talon_king and not c.calls_king:
        raise r.error("hidden_talon_king", "only a contract that calls a King has one")
    if c.calls_king != (family is Family.RUFER):
        raise r.error("calls_king", "exactly the Rufer family calls a King")
    for bird in c.mandatory_birds:
        info = bonuses[bird]
        if bird not in c.bonuses or not info.bird or info.announced is None:
            raise r.error("mandatory_birds", f"{bird!r} is not a bird of it")
    for bonus in c.bonuses:
        if bonuses[bonus].needs and not c.calls_king:
            raise r.error("bonuses", f"{bonus!r} needs a called King, and {key} calls none")
    if c.requires_option and type(options[c.requires_option].default) is not bool:
        raise r.error("requires_option", f"{c.requires_option!r} is not an on/off option")
    return c


def _option(file: str, key: str, table: Any) -> OptionInfo:
    r = _Reader(file, f"options.{key}", table)
    default = r.get("default", (bool, str))
    if isinstance(default, bool):
        choices: tuple[bool | str, ...] = tuple(r.get("choices", list, [False, True]))
    else:
        choices = tuple(r.get("choices", list))
    if default not in choices or any(type(c) is not type(default) for c in choices):
        raise r.error("default", f"{default!r} is not one of the choices {list(choices)}")
    when = _Reader(file, f"options.{key}.when", r.get("when", dict, {}))
    named = {_choice_key(c): c for c in choices}
    rules: dict[str, dict[str, Rule]] = {}
    for value in when.table:
        if value not in named:
            raise when.error(value, f"{value!r} is not a value of the option")
        slots = _Reader(file, f"options.{key}.when.{value}", when.get(value, dict))
        rules[value] = {
            slot: _rule(file, f"{slots.path}.{slot}", slot, slots.get(slot, dict))
            for slot in list(slots.table)
            if _known_slot(slots, slot)
        }
        slots.done()
    when.done()
    info = OptionInfo(key=key, name=r.text("name"), default=default, choices=choices, rules=rules)
    r.done()
    return info


def _known_slot(r: _Reader, slot: str) -> bool:
    if slot not in RULES:
        raise r.error(slot, f"{slot!r} is not a rule ({', '.join(RULES)})")
    return True


def _check_named_numbers(file: str, info: RulesetInfo) -> None:
    """Refuse a reading or rule text that names a number the ruleset does not have."""
    texts = [
        (f"readings[{i}]", text) for i, text in enumerate(info.readings[len(COMMON_READINGS) :])
    ]
    rules = [(f"rules.{f.name}", getattr(info.rules, f.name)) for f in fields(info.rules)]
    for o in info.options:
        for value, set_rules in o.rules.items():
            rules += [(f"options.{o.key}.when.{value}.{k}", v) for k, v in set_rules.items()]
    texts += [(f"{where}.text", rule.text) for where, rule in rules if rule.text]
    for where, text in texts:
        try:
            numbers = info.text_numbers(text)
        except KeyError as e:
            raise RulesetDataError(
                file, where, f"%({e.args[0]})s is not a number of a ruleset"
            ) from None
        if "—" in numbers.values():
            missing = next(k for k, v in numbers.items() if v == "—")
            raise RulesetDataError(file, where, f"%({missing})s: the ruleset has no such number")


def load_ruleset(path: Path) -> RulesetInfo:
    """Return the ruleset of one data file, checked; raise RulesetDataError naming the field."""
    file = path.name
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise RulesetDataError(file, "", f"not valid TOML: {e}") from None
    r = _Reader(file, "", data)
    key = r.text("key")
    if key != path.stem or not _KEY.match(key):
        raise r.error("key", f"{key!r} must be the file's name, {path.stem!r}")
    counting = r.choice("counting", (INDIVIDUAL, THIRDS))
    pack = PACK_TOTAL[counting] * 3
    options_t = _Reader(file, "options", r.get("options", dict, {}))
    options = {k: _option(file, k, options_t.get(k, dict)) for k in list(options_t.table)}
    bonuses_t = _Reader(file, "bonuses", r.get("bonuses", dict, {}))
    bonuses = {
        k: _bonus(file, k, bonuses_t.get(k, dict), pack, counting) for k in list(bonuses_t.table)
    }
    contracts_t = _Reader(file, "contracts", r.get("contracts", dict))
    contracts = {
        k: _contract(file, k, contracts_t.get(k, dict), bonuses, options)
        for k in list(contracts_t.table)
    }
    _check_keys_and_bei(r, (*options, *bonuses, *contracts), contracts)
    readings = _readings(r)
    rules = _rules(file, r.get("rules", dict))
    info = RulesetInfo(
        key=key,
        order=r.number("order"),
        name=r.text("name"),
        source_note=r.text("source"),
        counting=counting,
        max_kontra=r.number("kontra_max"),
        hands_four=r.number("hands_four", 16, low=1),
        hands_five=r.number("hands_five", 20, low=1),
        tie_breakers=_tie_breakers(r),
        contracts=tuple(contracts.values()),
        bonuses=tuple(bonuses.values()),
        options=tuple(options.values()),
        readings=COMMON_READINGS + readings,
        rules=rules,
    )
    r.done()
    _check_loaded(r, info)
    return info


def _check_keys_and_bei(
    r: "_Reader", keys: tuple[str, ...], contracts: dict[str, ContractInfo]
) -> None:
    """Raise for a malformed key, or a bei that is no bei contract or hangs on a positive one."""
    for k in keys:
        if not _KEY.match(k):
            raise r.error(k, "a key is lower-case letters, digits and _")
    for c in contracts.values():
        for i, bei in enumerate(c.bei):
            if bei not in contracts or not contracts[bei].bei_only:
                raise r.error(f"contracts.{c.key}.bei[{i}]", f"{bei!r} is not a bei contract")
        if c.bei and c.family is not Family.NEGATIVE:
            raise r.error(f"contracts.{c.key}.bei", "only a negative contract has a bei")


def _readings(r: "_Reader") -> tuple[str, ...]:
    """Return the file's own readings of the rules, each checked to be text."""
    readings = r.get("readings", list, [])
    for i, reading in enumerate(readings):
        if not isinstance(reading, str) or not reading.strip():
            raise r.error(f"readings[{i}]", "must be text")
    return tuple(readings)


def _check_loaded(r: "_Reader", info: RulesetInfo) -> None:
    """Raise where the loaded ruleset's numbers or options do not hold together."""
    _check_named_numbers(r.file, info)
    if not 0 <= info.max_kontra < len(KONTRA_NAMES):
        raise r.error("kontra_max", f"{info.max_kontra} is not 0 to {len(KONTRA_NAMES) - 1}")
    if "double_stakes" not in info.option_map:
        raise r.error("options.double_stakes", "missing: every ruleset lets a tournament set it")


def _tie_breakers(r: "_Reader") -> tuple[str, ...]:
    """Return the data file's default tie-breakers, each a known one and none twice."""
    chosen = r.get("tie_breakers", list)
    for i, key in enumerate(chosen):
        if not isinstance(key, str) or key not in TIE_BREAKERS:
            known = ", ".join(TIE_BREAKERS)
            raise r.error(f"tie_breakers[{i}]", f"{key!r} is not one of {known}")
        if chosen.index(key) != i:
            raise r.error(f"tie_breakers[{i}]", f"{key!r} is named twice")
    return tuple(chosen)


def load_rulesets(folder: Path) -> dict[str, RulesetInfo]:
    """Return every ruleset of the folder's data files, in their order, by key."""
    loaded = sorted((load_ruleset(p) for p in folder.glob("*.toml")), key=lambda rs: rs.order)
    orders = [rs.order for rs in loaded]
    if len(set(orders)) != len(orders):
        twice = next(rs for rs in loaded if orders.count(rs.order) > 1)
        raise RulesetDataError(f"{twice.key}.toml", "order", f"{twice.order} is used twice")
    return {rs.key: rs for rs in loaded}


RULESETS: dict[str, RulesetInfo] = load_rulesets(Path(__file__).parent)


def get_ruleset(key: object) -> RulesetInfo:
    """Return the ruleset registered under key, or raise ScoringError."""
    rs = RULESETS.get(key) if isinstance(key, str) else None
    if rs is None:
        raise ScoringError("ruleset", _("%(value)s is not a ruleset"), value=repr(key))
    return rs


def rulesets() -> tuple[RulesetInfo, ...]:
    """Return every registered ruleset in a stable order."""
    return tuple(RULESETS.values())
