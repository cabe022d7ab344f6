"""The season ranking: each tournament's cup points, the results that count, and the table.

A Season checks itself when it is made, naming each refused field by its path in the season's
JSON (`tournaments[2].ranking`, counted from 0), so a Season that exists can always be ranked.
"""

import datetime
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..i18n import _
from .cup_points import METHODS, CupPoints, PowerPoints, ScorePoints, TablePoints
from .errors import SeasonError
from .fields import new_id, sequence, text
from .numbers import (
    MAX_COUNT,
    MAX_FACTOR,
    MAX_SCORE,
    Number,
    Points,
    exact,
    show,
    tidy,
    whole,
)


# Placing and Result are named tuples, not dataclasses: a season holds thousands of them, and a
# named tuple is made several times faster (a frozen dataclass sets each field through object).
class Placing(NamedTuple):
    """A player's place in a tournament's final ranking, with the tournament score if known."""

    player: str
    score: Number | None = None


@dataclass(frozen=True)
class Tournament:
    """One tournament of the season: its final ranking, winner first."""

    id: str
    ranking: tuple[Placing, ...]
    final: bool = False
    name: str | None = None
    date: datetime.date | None = None

    def __post_init__(self) -> None:
        if isinstance(self.ranking, list):
            object.__setattr__(self, "ranking", tuple(self.ranking))


@dataclass(frozen=True)
class Season:
    """A cup's season: how cup points are given, which count, and its tournaments in order."""

    points: CupPoints
    tournaments: tuple[Tournament, ...]
    best: int | None = None
    final_factor: Number = 1
    qualify: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.tournaments, list):
            object.__setattr__(self, "tournaments", tuple(self.tournaments))
        _check_season(self)

    @property
    def factor(self) -> Points:
        """Return the final's factor exactly."""
        return exact(self.final_factor, "final_factor", above=0, at_most=MAX_FACTOR)


class Result(NamedTuple):
    """A player's result in one tournament: final rank, cup points, and whether they count."""

    tournament: str
    rank: int
    points: Points
    counted: bool
    final: bool = False


@dataclass(frozen=True)
class Standing:
    """A player's line in the season ranking."""

    rank: int
    player: str
    points: Points
    participations: int
    podiums: tuple[int, int, int]
    best_rank: int
    qualified: bool | None  # None when the cup names no qualification places
    results: tuple[Result, ...]


@dataclass(frozen=True)
class SeasonRanking:
    """The season ranking: every ranked player, by season points."""

    name: str | None
    standings: tuple[Standing, ...]

    def standing(self, player: str) -> Standing | None:
        """Return the player's line, or None if they are not ranked in any tournament."""
        return next((s for s in self.standings if s.player == player), None)


def tournament_points(season: Season, tournament: Tournament) -> list[Points]:
    """Return the cup points of each place of a tournament's ranking (the final's × its factor)."""
    points = season.points.ranking_points([p.score for p in tournament.ranking])
    factor = season.factor
    if tournament.final and factor != 1:
        points = [tidy(Fraction(p) * factor) for p in points]
    return points


def before_factor(season: Season, result: Result) -> Points:
    """Return a result's cup points as the method gave them, before the final's factor."""
    if not result.final or season.factor == 1:
        return result.points
    return tidy(Fraction(result.points) / season.factor)


def rank_season(season: Season) -> SeasonRanking:
    """Return the season ranking of a (checked) season."""
    # per player: (tournament, rank, cup points, is the final), in season order
    played: dict[str, list[tuple[str, int, Points, bool]]] = {}
    for t in season.tournaments:
        points = tournament_points(season, t)
        for rank, placing in enumerate(t.ranking, 1):
            played.setdefault(placing.player, []).append((t.id, rank, points[rank - 1], t.final))
    lines = [_line(player, results, season.best) for player, results in played.items()]
    # by points, highest first; equal points in the order of the player string
    lines.sort(key=lambda line: (-line[1], line[0]))
    standings: list[Standing] = []
    for i, (player, total, results) in enumerate(lines):
        # equal points share the rank of the first of them (1, 2, 2, 4)
        rank = standings[-1].rank if standings and standings[-1].points == total else i + 1
        ranks = [r.rank for r in results]
        standings.append(
            Standing(
                rank=rank,
                player=player,
                points=total,
                participations=len(results),
                podiums=(ranks.count(1), ranks.count(2), ranks.count(3)),
                best_rank=min(ranks),
                qualified=None if season.qualify is None else rank <= season.qualify,
                results=results,
            )
        )
    return SeasonRanking(season.name, tuple(standings))


def _line(
    player: str, played: list[tuple[str, int, Points, bool]], best: int | None
) -> tuple[str, Points, tuple[Result, ...]]:
    # The best `best` regular results count, an earlier one before a later one of equal points;
    # the final counts in addition.
    regular = [i for i, r in enumerate(played) if not r[3]]
    if best is not None and len(regular) > best:
        regular = sorted(regular, key=lambda i: -played[i][2])[:best]
    counted = {*regular, *(i for i, r in enumerate(played) if r[3])}
    results = tuple(
        Result(t, rank, points, i in counted, final)
        for i, (t, rank, points, final) in enumerate(played)
    )
    total = tidy(sum(played[i][2] for i in counted))
    return player, total, results


def _check_season(season: Season) -> None:  # noqa: C901
    if not isinstance(season.points, PowerPoints | TablePoints | ScorePoints):
        raise SeasonError(
            "points", _("must be a cup-point method (%(methods)s)"), methods=tuple(METHODS)
        )
    if season.name is not None:
        text(season.name, "name")
    if season.best is not None:
        object.__setattr__(
            season, "best", whole(season.best, "best", at_least=1, at_most=MAX_COUNT)
        )
    if season.qualify is not None:
        object.__setattr__(
            season, "qualify", whole(season.qualify, "qualify", at_least=1, at_most=MAX_COUNT)
        )
    season.factor  # noqa: B018 -- checks final_factor
    ids: dict[str, int] = {}
    final: int | None = None
    for i, t in enumerate(sequence(season.tournaments, "tournaments")):
        where = f"tournaments[{i}]"
        if not isinstance(t, Tournament):
            raise SeasonError(where, _("must be a tournament"))
        new_id(t.id, f"{where}.id", ids, i, "tournaments")
        if t.name is not None:
            text(t.name, f"{where}.name")
        if t.date is not None and not isinstance(t.date, datetime.date):
            raise SeasonError(f"{where}.date", _("must be a date"))
        if not isinstance(t.final, bool):
            raise SeasonError(f"{where}.final", _("must be true or false"))
        if t.final:
            if final is not None:
                raise SeasonError(
                    f"{where}.final",
                    _("only one tournament can be the final, and tournaments[%(other)s] is"),
                    other=final,
                )
            final = i
        _check_ranking(season.points, t.ranking, f"{where}.ranking")


def _check_ranking(rule: CupPoints, ranking: object, where: str) -> None:
    seen: set[str] = set()
    above: tuple[Points, object] | None = None  # the last score given, exactly and as written
    for k, placing in enumerate(sequence(ranking, where)):
        if not isinstance(placing, Placing):
            raise SeasonError(f"{where}[{k}]", _("must be a player's placing"))
        text(placing.player, f"{where}[{k}]", blank=False)
        if placing.player in seen:
            raise SeasonError(where, _("%(player)s appears twice"), player=repr(placing.player))
        seen.add(placing.player)
        if placing.score is None:
            if rule.needs_scores:
                raise SeasonError(
                    f"{where}[{k}].score",
                    _("missing; the score method needs every player's tournament score"),
                )
            continue
        s = exact(placing.score, f"{where}[{k}].score", at_least=-MAX_SCORE, at_most=MAX_SCORE)
        if above is not None and s > above[0]:
            raise SeasonError(
                f"{where}[{k}].score",
                _("%(score)s is more than the %(above)s of a better rank"),
                score=show(placing.score),
                above=show(above[1]),
            )
        above = (s, placing.score)
