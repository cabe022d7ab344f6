"""A table's round from a paper block: the players' round totals, the hands played and a note.

When a table kept only its paper block, a director records what the block says instead of its
hands. These totals are data, not scoring: this module checks that they are a possible round
(they add up to 0, no seat won or lost more than every hand could give, no more hands than the
round plays) and says how many of the hands each seat played.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ScoringError
from .i18n import _
from .jsontext import checked_text
from .record import MAX_SCORE
from .sheet import dealer_of

__all__ = ["MAX_NOTE", "PAPER_KEYS", "Paper", "check_paper", "seat_hands"]

PAPER_KEYS = frozenset(("totals", "hands", "note"))
MAX_NOTE = 200


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper block's round: the totals in seat order, the hands played, the director's note."""

    totals: tuple[int, ...]
    hands: int
    note: str

    def to_json(self) -> dict[str, Any]:
        """Return the record as it is stored and written in a sheet's "paper" field."""
        return {"totals": list(self.totals), "hands": self.hands, "note": self.note}


def check_paper(data: Any, seats: int, due: int) -> Paper:  # noqa: C901
    """Return the paper record of a table of `seats` that plays `due` hands a round.

    Raises ScoringError naming the field when the record is not a possible round.
    """
    if not isinstance(data, Mapping):
        raise ScoringError("paper", _("must be an object with totals, hands and note"))
    if not PAPER_KEYS.issuperset(data):
        extra = sorted(str(key) for key in data if key not in PAPER_KEYS)[0]
        raise ScoringError(f"paper.{extra}", _("is not a field of a paper block's round"))
    hands = data.get("hands")
    if type(hands) is not int or hands < 1:
        raise ScoringError(
            "paper.hands", _("%(value)s is not a number of hands played"), value=repr(hands)
        )
    if hands > due:
        raise ScoringError(
            "paper.hands",
            _("%(value)s hands: this round plays %(due)s at this table"),
            value=hands,
            due=due,
        )
    totals = data.get("totals")
    if (
        not isinstance(totals, list | tuple)
        or len(totals) != seats
        or any(type(total) is not int for total in totals)
    ):
        raise ScoringError("paper.totals", _("must be %(n)s whole numbers, one per seat"), n=seats)
    # No hand scores more than MAX_SCORE for a seat, so no round can total more than that
    # many times its hands either way.
    bound = MAX_SCORE * hands
    for seat, total in enumerate(totals):
        if not -bound <= total <= bound:
            raise ScoringError(
                f"paper.totals[{seat}]",
                _("%(value)s is more than %(hands)s hands can score (at most %(max)s either way)"),
                value=total if -(10**15) < total < 10**15 else "…",
                hands=hands,
                max=bound,
            )
    if sum(totals):
        raise ScoringError(
            "paper.totals", _("the totals add up to %(sum)s, not 0"), sum=sum(totals)
        )
    note = data.get("note", "")
    if note is None:
        note = ""
    if not isinstance(note, str):
        raise ScoringError("paper.note", _("must be a text"))
    return Paper(tuple(totals), hands, checked_text(note, "paper.note", MAX_NOTE))


def seat_hands(seats: int, first_dealer: int, hands: int) -> tuple[int, ...]:
    """Return how many of the round's first `hands` hands each seat played.

    At a table of five the dealer sits out, and the deal moves one seat a hand. (A paper block
    does not say which hands were a Lungau Fahren, where the dealer plays too: it counts as
    sitting out.)
    """
    if seats != 5:
        return (hands,) * seats
    dealt = [0] * seats
    for index in range(hands):
        dealt[dealer_of(index, first_dealer, seats)] += 1
    return tuple(hands - count for count in dealt)
