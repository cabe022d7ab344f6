"""Read a hand entered by hand: the scores per seat and why."""

from collections.abc import Mapping
from typing import Any

from ..errors import ScoringError
from ..i18n import _
from ..jsontext import checked_text
from ..table import Table
from .fields import is_list, is_mapping
from .values import ManualHand

MANUAL_KEYS = frozenset(("scores", "reason"))
# What one hand can score for a seat (the one limit of a score entered by hand, in the hand
# form and in every file alike), and the length of the reason of a hand entered by hand. The
# largest hands of the built-in rulesets score a few thousand for a seat, so 10,000 is far beyond
# any real hand and still refuses a score typed with a digit too many.
MAX_SCORE = 10_000
MAX_REASON = 200


def read_manual(table: Table, hand: Mapping[str, Any], manual: Any, out: int | None) -> ManualHand:
    """Return a hand entered by hand as a checked value, or raise ScoringError."""
    if len(hand) != 1:
        raise ScoringError("manual", _("a hand entered by hand has no other fields"))
    if not is_mapping(manual):
        raise ScoringError("manual", _("must be an object with scores and reason"))
    if not MANUAL_KEYS.issuperset(manual):
        extra = sorted(str(key) for key in manual if key not in MANUAL_KEYS)[0]
        raise ScoringError(f"manual.{extra}", _("is not a field of a hand entered by hand"))
    scores = _scores(table, manual.get("scores"), out)
    return ManualHand(out, scores, _reason(manual.get("reason")))


def _scores(table: Table, scores: Any, out: int | None) -> tuple[int, ...]:
    if not is_list(scores) or len(scores) != table.n or any(type(s) is not int for s in scores):
        raise ScoringError(
            "manual.scores", _("must be %(n)s whole numbers, one per seat"), n=table.n
        )
    for seat, score in enumerate(scores):
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise ScoringError(
                f"manual.scores[{seat}]",
                _("%(value)s is more than a hand can score (at most %(max)s either way)"),
                # str() of a number of thousands of digits raises: show such a number as "…"
                value=score if -(10**15) < score < 10**15 else "…",
                max=MAX_SCORE,
            )
    if out is not None and scores[out]:
        raise ScoringError(f"manual.scores[{out}]", _("the dealer sits out this hand: give 0"))
    if sum(scores):
        raise ScoringError(
            "manual.scores", _("the scores add up to %(sum)s, not 0"), sum=sum(scores)
        )
    return tuple(scores)


def _reason(reason: Any) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise ScoringError("manual.reason", _("missing: say why the hand is entered by hand"))
    return checked_text(reason, "manual.reason", MAX_REASON)
