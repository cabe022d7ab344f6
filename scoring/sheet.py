"""Score whole sheets and single hands: dealer rotation, stakes and running totals."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import lines as L
from .errors import ScoringError
from .hand import score_negative, score_positive
from .i18n import _
from .lines import Line, line
from .record import ManualHand, NegativeHand, PositiveHand, TrischakenHand, read_hand
from .rulesets import get_ruleset
from .table import NOT_A_SEAT, Table
from .tariff import apply_tariff
from .trischaken import score_trischaken

# the scorer of each kind of hand record
SCORERS: dict[type, Callable[[Table, Any], tuple[list[int], list[Line]]]] = {
    PositiveHand: score_positive,
    NegativeHand: score_negative,
    TrischakenHand: score_trischaken,
}


class ScoredHand(NamedTuple):
    """One scored hand: scores per seat with the stake applied, and how they came about.

    Immutable (a named tuple, built cheaply in the scoring hot path).
    """

    number: int
    dealer: int
    vorhand: int
    sitting_out: int | None
    scores: tuple[int, ...]
    stake: int
    double_left: int
    running: tuple[int, ...]
    lines: tuple[Line, ...]
    manual: bool
    fahren: bool

    def to_json(self) -> dict[str, Any]:
        """Return the hand as the sheet format's output shows it."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "vorhand": self.vorhand,
            "scores": list(self.scores),
            "stake": self.stake,
            "double_left": self.double_left,
            "running": list(self.running),
            "manual": self.manual,
            "lines": [line.template % line.params for line in self.lines],
        }


@dataclass(frozen=True, slots=True)
class ScoredSheet:
    """A scored table sheet."""

    ruleset: str
    players: tuple[str, ...]
    hands: tuple[ScoredHand, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the sheet in the sheet format's output shape."""
        return {
            "ruleset": self.ruleset,
            "players": list(self.players),
            "hands": [h.to_json() for h in self.hands],
            "totals": list(self.totals),
        }


def _core(t: Table, hand: Any, dealer: int) -> tuple[list[int], list[Line], bool, bool, int | None]:
    """Return raw scores, lines, manual?, fahren? and the sitting-out seat of one hand."""
    h = read_hand(t, hand, dealer)
    if type(h) is ManualHand:
        lines = [line(L.MANUAL, {"reason": h.reason}, "manual", 0)]
        return list(h.scores), lines, True, False, h.out
    scores, lines = SCORERS[h.__class__](t, h)
    return scores, lines, False, h.__class__ is TrischakenHand, h.out


def _scored(
    number: int,
    dealer: int,
    t: Table,
    raw: tuple[list[int], list[Line], bool, bool, int | None],
    stake: int,
    double_left: int,
    running: list[int],
) -> ScoredHand:
    scores, lines, manual, fahren, out = raw
    if stake != 1 and not manual:
        scores = [s * stake for s in scores]
    for i, s in enumerate(scores):
        running[i] += s
    return ScoredHand(
        number,
        dealer,
        vorhand_of(dealer, t.n),
        out,
        tuple(scores),
        stake,
        double_left,
        tuple(running),
        tuple(lines),
        manual,
        fahren,
    )


# score_hand's tables (seat labels, no names) never change once built: one per ruleset, size
# and options
_TABLES: dict[tuple[Any, ...], Table] = {}
_OPTION_TYPES = (bool, str)


def _table(
    ruleset: Any, n: Any, options: Mapping[str, Any] | None, labels: tuple[str, ...] | None = None
) -> Table:
    if labels is not None:
        return _new_table(ruleset, n, options, labels)
    key = _table_key(ruleset, n, options)
    t = _TABLES.get(key)
    if t is None:
        t = _new_table(ruleset, n, options or None, None)
        if key:
            _TABLES[key] = t
    return t


def _table_key(ruleset: Any, n: Any, options: Mapping[str, Any] | None) -> tuple[Any, ...]:
    """Return the key of score_hand's cached table, or () where caching could mix tables up."""
    # exactly str and int: 4.0 == 4 would find the table of four, a list cannot be a key
    if ruleset.__class__ is not str or n.__class__ is not int:
        return ()
    if not options:
        return (ruleset, n)
    # only bool and str option values: 1 == True would find the table of another option
    if options.__class__ is dict and all(v.__class__ in _OPTION_TYPES for v in options.values()):
        return (ruleset, n, frozenset(options.items()))
    return ()


def _new_table(
    ruleset: Any,
    n: Any,
    options: Mapping[str, Any] | None,
    labels: tuple[str, ...] | None,
    tariff: Any = None,
) -> Table:
    rs = get_ruleset(ruleset)
    if tariff is not None:
        rs = apply_tariff(rs, tariff)
    if type(n) is not int or n not in (4, 5):
        raise ScoringError("players", _("%(n)s: a table has 4 or 5 players"), n=repr(n))
    return Table(rs, n, _seat_labels(n) if labels is None else labels, options)


def _seat_labels(n: int) -> tuple[str, ...]:
    return tuple(f"seat {i}" for i in range(n))


def dealer_of(index: int, first_dealer: int, n: int) -> int:
    """Return the seat that deals hand `index` (0-based): the deal moves one seat each hand."""
    return (first_dealer + index) % n


def vorhand_of(dealer: int, n: int) -> int:
    """Return Vorhand, the seat after the dealer."""
    return (dealer + 1) % n


def score_hand(
    ruleset: str,
    hand: Mapping[str, Any],
    *,
    players: int = 4,
    dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    stake: int = 1,
    tariff: Mapping[str, Any] | None = None,
) -> ScoredHand:
    """Return one hand scored as hand 1 of a table (stake 2 doubles all but a Fahren)."""
    try:
        # the usual call: no options, and a table of this ruleset and size built before (exact
        # types: 4.0 == 4 would find the table of four, and a list cannot be a key)
        t = None
        if tariff is not None:
            # a tariff is checked each time: it is the caller's data, not a cached ruleset
            t = _new_table(ruleset, players, options, None, tariff)
        elif options is None and ruleset.__class__ is str and players.__class__ is int:
            t = _TABLES.get((ruleset, players))
        if t is None:
            t = _table(ruleset, players, options)
        if type(dealer) is not int or not 0 <= dealer < t.n:
            raise ScoringError(
                "dealer", _("%(value)s is not a seat at this table"), value=repr(dealer)
            )
        if stake not in (1, 2) or type(stake) is not int:
            raise ScoringError("stake", _("%(value)s is not 1 or 2"), value=repr(stake))
        scores, lines, manual, fahren, out = _core(t, hand, dealer)
    except ScoringError as e:
        raise e.in_hand(1) from None
    left = 0
    if fahren:
        stake = 1
        left = t.double_deals
    elif stake != 1 and not manual:
        scores = [s * stake for s in scores]
    final = tuple(scores)
    # hand 1 of its table: the running totals are its scores
    return ScoredHand(
        1,
        dealer,
        (dealer + 1) % t.n,  # Vorhand
        out,
        final,
        stake,
        left,
        final,
        tuple(lines),
        manual,
        fahren,
    )


def score_sheet(sheet: Mapping[str, Any]) -> ScoredSheet:
    """Return a whole table sheet (the sheet format's input) scored hand by hand."""
    if not isinstance(sheet, Mapping):
        raise ScoringError("sheet", _("must be an object with ruleset, players and hands"))
    names = sheet.get("players")
    if (
        not isinstance(names, Sequence)
        or isinstance(names, str)
        or any(not isinstance(p, str) or not p.strip() for p in names)
    ):
        raise ScoringError("players", _("must be a list of 4 or 5 player names"))
    labels = tuple(p.strip() for p in names)
    t = _new_table(
        sheet.get("ruleset"), len(labels), sheet.get("options"), labels, sheet.get("tariff")
    )
    n = t.n
    first = sheet.get("first_dealer", 0)
    if first is None:
        first = 0
    if type(first) is not int or not 0 <= first < n:
        raise ScoringError("first_dealer", NOT_A_SEAT, value=repr(first), last=n - 1)
    hands = sheet.get("hands")
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise ScoringError("hands", _("must be a list of hands"))
    running = [0] * n
    scored: list[ScoredHand] = []
    counter = 0
    deals = t.double_deals
    for i, hand in enumerate(hands):
        dealer = dealer_of(i, first, n)
        try:
            raw = _core(t, hand, dealer)
        except ScoringError as e:
            raise e.in_hand(i + 1) from None
        stake = 1
        if deals:
            # a Fahren adds its doubled deals and is scored single
            if raw[3]:
                counter += deals
            elif counter:
                stake = 2
                counter -= 1
        scored.append(_scored(i + 1, dealer, t, raw, stake, counter, running))
    return ScoredSheet(t.rs.key, labels, tuple(scored), tuple(running))
