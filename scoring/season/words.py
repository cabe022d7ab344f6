"""A season's rules in words: marked English templates with params, which the web translates.

Each cup-point method says how it gives points (its `explain` hook, with a few examples worked
out by the method itself); `describe_season` adds what the season does with them: the results
that count, the final's factor and the qualification places.
"""

from typing import NamedTuple

from ..i18n import _
from .numbers import Points


class Sentence(NamedTuple):
    """One sentence: a marked template and its params (numbers, shown as they are)."""

    template: str
    params: dict[str, Points | int | float] = {}


class Examples(NamedTuple):
    """Worked examples of a method: what it gives for each rank or score listed."""

    heading: Sentence  # "For example, in a tournament of 20 players:"
    given: str  # the marked name of what is given: "Rank" or "Score"
    pairs: tuple[tuple[Points, Points], ...]  # (rank or score, cup points)


class Explanation(NamedTuple):
    """How a method gives cup points: in sentences, then examples."""

    sentences: tuple[Sentence, ...]
    examples: Examples


RANK = _("Rank")
SCORE = _("Tournament score")
