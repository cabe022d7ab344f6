"""Score whole sheets and single hands: dealer rotation, stakes and running totals."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import lines as L
from .errors import ScoringError
from .hand import score_negative, score_positive
from .i18n import _
from .jsontext import bad_character
from .lines import Line, line
from .rulesets import Family, get_ruleset
from .table import NOT_A_SEAT, Table
from .tariff import apply_tariff
from .trischaken import score_trischaken

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
MANUAL_KEYS = frozenset(("scores", "reason"))
# What one hand can score for a seat, and the length of the reason of a hand entered by hand:
# far beyond any real hand, and small enough for every page, export and database column.
MAX_SCORE = 100_000
MAX_REASON = 200
# reading a member off the enum class costs a lookup each time
_TRISCHAKEN = Family.TRISCHAKEN
_NEGATIVE = Family.NEGATIVE


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
    n = t.n
    out = dealer if n == 5 else None
    # JSON gives exact dicts: test for them before the slower abstract-class check
    if hand.__class__ is not dict and not isinstance(hand, Mapping):
        raise ScoringError("hand", _("must be an object"))
    if not HAND_KEYS.issuperset(hand):
        extra = sorted(k for k in hand if k not in HAND_KEYS)[0]
        raise ScoringError(str(extra), _("is not a field of a hand"))
    manual = hand.get("manual")
    if manual is not None:
        scores, reason = _manual(t, hand, manual, out)
        return scores, [line(L.MANUAL, {"reason": reason}, "manual", 0)], True, False, out
    rs = t.rs
    key = hand.get("contract")
    c = t.playable.get(key) if key.__class__ is str else None
    if c is None:
        # not a contract one may name here: find out why, for the message
        c = rs.contract(key)
        if c.bei_only:
            raise ScoringError(
                "contract",
                _("%(contract)s is only played beside another contract: give it in bei"),
                contract=c.name,
            )
        if c.requires_option and not t.options.get(c.requires_option):
            raise ScoringError(
                "contract",
                _("%(contract)s needs the option %(option)s"),
                contract=c.name,
                option=c.requires_option,
            )
    family = c.family
    fahren = family is _TRISCHAKEN
    if fahren and t.rules.trischaken.dealer_plays:
        out = None  # the dealer of a five-table joins a Lungau Fahren
    # the scorer of the contract's family (identity tests: cheaper than hashing an enum member)
    if fahren:
        scorer = score_trischaken
    else:
        scorer = score_negative if family is _NEGATIVE else score_positive
    scores, lines = scorer(t, c, hand, vorhand_of(dealer, n), out)
    return scores, lines, False, fahren, out


def _manual(
    t: Table, hand: Mapping[str, Any], manual: Any, out: int | None
) -> tuple[list[int], str]:
    if len(hand) != 1:
        raise ScoringError("manual", _("a hand entered by hand has no other fields"))
    if manual.__class__ is not dict and not isinstance(manual, Mapping):
        raise ScoringError("manual", _("must be an object with scores and reason"))
    if not MANUAL_KEYS.issuperset(manual):
        extra = sorted(str(k) for k in manual if k not in MANUAL_KEYS)[0]
        raise ScoringError(f"manual.{extra}", _("is not a field of a hand entered by hand"))
    scores = manual.get("scores")
    if (
        (
            scores.__class__ is not list
            and (not isinstance(scores, Sequence) or isinstance(scores, str))
        )
        or len(scores) != t.n
        or any(type(s) is not int for s in scores)
    ):
        raise ScoringError("manual.scores", _("must be %(n)s whole numbers, one per seat"), n=t.n)
    for seat, s in enumerate(scores):
        if not -MAX_SCORE <= s <= MAX_SCORE:
            raise ScoringError(
                f"manual.scores[{seat}]",
                _("%(value)s is more than a hand can score (at most %(max)s either way)"),
                # str() of a number of thousands of digits raises: show such a number as "…"
                value=s if -(10**15) < s < 10**15 else "…",
                max=MAX_SCORE,
            )
    if out is not None and scores[out]:
        raise ScoringError(f"manual.scores[{out}]", _("the dealer sits out this hand: give 0"))
    if sum(scores):
        raise ScoringError(
            "manual.scores", _("the scores add up to %(sum)s, not 0"), sum=sum(scores)
        )
    reason = manual.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ScoringError("manual.reason", _("missing: say why the hand is entered by hand"))
    if len(reason) > MAX_REASON:
        raise ScoringError("manual.reason", _("longer than %(max)s characters"), max=MAX_REASON)
    bad = bad_character(reason)
    if bad is not None:
        raise ScoringError("manual.reason", _("has the control character %(code)s"), code=bad)
    return list(scores), reason.strip()


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
        vorhand_of(dealer, t.n),
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
