"""Cup points: what one final rank (or tournament score) of a tournament is worth in the season.

Three methods, each a small frozen type registered by its name in METHODS; a method checks its
own numbers when it is made, naming them as the season's JSON does (`points.max`).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from ..i18n import _
from .errors import SeasonError
from .numbers import (
    MAX_EXPONENT,
    MAX_POINTS,
    MAX_SCORE,
    Number,
    Points,
    exact,
    points_by_rank,
    show,
    whole,
)
from .words import RANK, SCORE, Examples, Explanation, Sentence

# The size of the tournament whose points the power method's description lists.
EXAMPLE_PLAYERS = 20


def _check_rank(rank: int, players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise SeasonError("players", _("must be a whole number of at least 1"))
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= players:
        raise SeasonError(
            "rank", _("%(rank)s is not a place among %(n)s players"), rank=show(rank), n=players
        )


@dataclass(frozen=True)
class PowerPoints:
    """The Tirol formula: M × ((N − r) / (N − 1))^E by final rank r of N, halves rounded up."""

    max: Number
    exponent: Number
    method: ClassVar[str] = "power"
    needs_scores: ClassVar[bool] = False
    _max: Fraction = field(init=False, repr=False, compare=False)
    _exponent: Points = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        m = exact(self.max, "points.max", above=0, at_most=MAX_POINTS)
        e = exact(self.exponent, "points.exponent", above=0, at_most=MAX_EXPONENT)
        object.__setattr__(self, "_max", Fraction(m))
        object.__setattr__(self, "_exponent", e)

    def points(self, rank: int, players: int, score: Number | None = None) -> int:
        """Return the cup points of final rank `rank` among `players` (the score is not used)."""
        _check_rank(rank, players)
        if players == 1:  # the formula's 0/0: the only player is the winner
            above, below = 1, 1
        else:
            above, below = players - rank, players - 1
        if isinstance(self._exponent, int):
            # exactly in whole numbers, so a value of exactly x.5 is seen as one and goes up
            e: int = self._exponent
            top: int = self._max.numerator * above**e
            bottom: int = self._max.denominator * below**e
            return (2 * top + bottom) // (2 * bottom)
        value: float = float(self._max) * (above / below) ** float(self._exponent)
        return math.floor(value + 0.5)

    def ranking_points(self, scores: Sequence[Number | None]) -> list[Points]:
        """Return the cup points of each place of a ranking of len(scores) players."""
        n = len(scores)
        if n < 2 or not isinstance(self._exponent, int):
            return [self.points(rank, n) for rank in range(1, n + 1)]
        # points() for every rank, with the parts common to all ranks worked out once
        e = self._exponent
        bottom: int = self._max.denominator * (n - 1) ** e
        top = self._max.numerator
        return [(2 * top * (n - rank) ** e + bottom) // (2 * bottom) for rank in range(1, n + 1)]

    def explain(self) -> Explanation:
        """Return the formula in words, with every rank's points in a tournament of 20."""
        n = EXAMPLE_PLAYERS
        return Explanation(
            (
                Sentence(
                    _(
                        "Cup points by final rank: of N ranked players, rank r gets "
                        "%(max)s × ((N − r) / (N − 1))^%(exponent)s, rounded to a whole number "
                        "(halves up). The winner gets %(max)s, the last 0."
                    ),
                    {"max": self._max, "exponent": self._exponent},
                ),
            ),
            Examples(
                Sentence(_("For example, in a tournament of %(n)s players:"), {"n": n}),
                RANK,
                tuple(enumerate(self.ranking_points([None] * n), 1)),
            ),
        )


@dataclass(frozen=True)
class TablePoints:
    """Fixed points by final rank (the Upper Austrian Fixpunkte); ranks beyond the list get 0."""

    points_by_rank: tuple[int, ...]
    method: ClassVar[str] = "table"
    needs_scores: ClassVar[bool] = False

    def __post_init__(self) -> None:
        checked = points_by_rank(self.points_by_rank, "points.points", at_most=MAX_POINTS)
        object.__setattr__(self, "points_by_rank", checked)

    def points(self, rank: int, players: int, score: Number | None = None) -> int:
        """Return the points listed for final rank `rank`, or 0 beyond the list."""
        _check_rank(rank, players)
        return self.points_by_rank[rank - 1] if rank <= len(self.points_by_rank) else 0

    def ranking_points(self, scores: Sequence[Number | None]) -> list[Points]:
        """Return the cup points of each place of a ranking of len(scores) players."""
        n = len(scores)
        return [*self.points_by_rank[:n], *[0] * (n - len(self.points_by_rank))]

    def explain(self) -> Explanation:
        """Return the rule in words, with the whole list."""
        last = len(self.points_by_rank)
        return Explanation(
            (
                Sentence(
                    _(
                        "Cup points by final rank, from a fixed list; every rank after %(last)s "
                        "gets 0."
                    ),
                    {"last": last},
                ),
            ),
            Examples(
                Sentence(_("Points by rank:")), RANK, tuple(enumerate(self.points_by_rank, 1))
            ),
        )


@dataclass(frozen=True)
class ScorePoints:
    """The Heinewertung, from the tournament score s: 0 up to 0, s up to F, F + ⌊(s − F)/2⌋ above,
    at most C."""

    full: int
    cap: int
    method: ClassVar[str] = "score"
    needs_scores: ClassVar[bool] = True

    def __post_init__(self) -> None:
        full = whole(self.full, "points.full", at_least=1, at_most=MAX_POINTS)
        cap = whole(self.cap, "points.cap", at_least=1, at_most=MAX_POINTS)
        if full > cap:
            raise SeasonError(
                "points.full", _("%(full)s is more than the cap %(cap)s"), full=full, cap=cap
            )
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "cap", cap)

    def points(self, rank: int, players: int, score: Number | None = None) -> Points:
        """Return the cup points of tournament score `score` (the rank is not used)."""
        _check_rank(rank, players)
        if score is None:
            raise SeasonError(
                "score", _("missing; the score method needs every player's tournament score")
            )
        s = exact(score, "score", at_least=-MAX_SCORE, at_most=MAX_SCORE)
        return self._points(s)

    def _points(self, s: Points) -> Points:
        if s <= 0:
            return 0
        if s <= self.full:
            return s  # not rounded: a whole score gives whole points
        return min(self.cap, self.full + (s - self.full) // 2)

    def ranking_points(self, scores: Sequence[Number | None]) -> list[Points]:
        """Return the cup points of each place of a ranking by the scores given."""
        n = len(scores)
        # a whole score in range (nearly always) needs no converting
        return [
            self._points(s)
            if type(s) is int and -MAX_SCORE <= s <= MAX_SCORE
            else self.points(rank, n, s)
            for rank, s in enumerate(scores, 1)
        ]

    def explain(self) -> Explanation:
        """Return the formula in words, with the points of a few scores up to beyond the cap."""
        full, over = self.full, 2 * (self.cap - self.full)  # `over` above F reaches the cap
        scores = sorted({0, full // 2, full, full + over // 2, full + over, 2 * full + over})
        return Explanation(
            (
                Sentence(
                    _(
                        "Cup points from the tournament score s, whatever the rank: 0 for a "
                        "score of 0 or less; s up to %(full)s; above %(full)s, %(full)s plus "
                        "half of what is over %(full)s (rounded down); never more than %(cap)s."
                    ),
                    {"full": self.full, "cap": self.cap},
                ),
            ),
            Examples(
                Sentence(_("For example:")),
                SCORE,
                tuple((s, self._points(s)) for s in scores),
            ),
        )


CupPoints = PowerPoints | TablePoints | ScorePoints

# The methods by the name the season's JSON gives them.
METHODS: dict[str, type[CupPoints]] = {m.method: m for m in (PowerPoints, TablePoints, ScorePoints)}


@dataclass(frozen=True)
class ReadyMade:
    """A real cup's way of giving points, offered ready-made to an organiser."""

    key: str
    label: str
    rule: CupPoints


READY_MADE: tuple[ReadyMade, ...] = (
    ReadyMade(
        "tirol_power",
        _("Tirol formula (Tiroler Tarockcup until 2019/20)"),
        PowerPoints(max=200, exponent=3),
    ),
    ReadyMade(
        "ooe_fixpunkte",
        _("Fixpunkte (Upper Austrian cups)"),
        TablePoints(
            (
                223,
                198,
                180,
                168,
                156,
                147,
                138,
                131,
                124,
                117,
                110,
                105,
                100,
                95,
                90,
                85,
                80,
                76,
                72,
                68,
                64,
                60,
                56,
                52,
                49,
                46,
                43,
                40,
                37,
                34,
                31,
                28,
                26,
                24,
                22,
                20,
                18,
                16,
                14,
                12,
                10,
                9,
                8,
                7,
                6,
                5,
                4,
                3,
                2,
                1,
            )
        ),
    ),
    ReadyMade(
        "heinewertung",
        _("Heinewertung (Styria, Vienna, Carinthia, Tirol since 2020/21)"),
        ScorePoints(full=100, cap=200),
    ),
)
