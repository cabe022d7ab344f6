"""The national ranking of the Österreich-Finale: qualifying points from the cups, final points
from the final, and the table of their sums (the ÖF-Modus 2018).

An Oef checks itself when it is made, naming each refused field by its path in the file's JSON
(`cups[1].ranking[4]`, counted from 0), so an Oef that exists can always be ranked. The rules:

- a cup's final season rank r brings the r-th entry of its level's table (0 beyond the table);
  players sharing a rank each bring that rank's points;
- a player ranked in several cups brings the highest of those points (the first cup in input
  order among equal ones is named), not their sum: the points are for the rank in a cup, and a
  sum would reward playing in many cups;
- the final's rank f brings the f-th entry of the final's table (0 beyond it, nothing below 0);
- the total is the sum; equal totals go by the better final rank (a finalist before a player who
  did not play it); players still equal (neither played the final) share the rank;
- the ranking is provisional while a cup's season is open or the final is not yet played.
"""

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..i18n import _
from ..season import SeasonError
from ..season.fields import new_id, sequence, text
from ..season.numbers import points_by_rank, whole
from .errors import OefError

MAX_POINTS = 1_000_000  # an entry of a level's or the final's table
MAX_PLAYERS = 10_000  # the places of one ranking, and a table's length
MAX_CUPS = 100
MAX_LEVELS = 100

PointsTable = tuple[int, ...]


class CupPlace(NamedTuple):
    """A player's final rank in a cup's season ranking (shared ranks are given twice)."""

    player: str
    rank: int


@dataclass(frozen=True)
class Cup:
    """A cup's final season ranking, best first, and the level that prices its ranks."""

    id: str
    level: str
    ranking: tuple[CupPlace, ...]
    name: str | None = None
    provisional: bool = False  # the cup's season is still open


@dataclass(frozen=True)
class Final:
    """The final tournament: points by its rank, and its ranking (distinct ranks, best first)."""

    points: PointsTable
    ranking: tuple[str, ...]


@dataclass(frozen=True)
class Oef:
    """A national final: the levels' tables, the cups' season rankings, and the final if played."""

    levels: Mapping[str, PointsTable]
    cups: tuple[Cup, ...]
    final: Final | None = None
    name: str | None = None
    # each player's rank in the final, worked out once the final is checked
    _final_ranks: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check(self)


class CupResult(NamedTuple):
    """What one cup brings a player: the cup's id, the player's rank there, and its points."""

    cup: str
    rank: int
    points: int


@dataclass(frozen=True)
class NationalStanding:
    """A player's line in the national ranking."""

    rank: int
    player: str
    total: int
    qualifying: int  # the highest points of the player's cups, 0 if none
    from_cup: str | None  # the cup they came from; None for a player ranked in no cup
    final_rank: int | None  # None: did not play the final
    final_points: int
    cups: tuple[CupResult, ...]  # every cup the player is ranked in, in input order


@dataclass(frozen=True)
class NationalRanking:
    """The national ranking: every player ranked in a cup or the final, by total."""

    name: str | None
    provisional: bool
    standings: tuple[NationalStanding, ...]

    def standing(self, player: str) -> NationalStanding | None:
        """Return the player's line, or None if they are ranked nowhere."""
        return next((s for s in self.standings if s.player == player), None)


def points_at(table: PointsTable, rank: int) -> int:
    """Return a table's points for a rank (1-based): its entry, or 0 beyond the table."""
    return table[rank - 1] if rank <= len(table) else 0


def rank_national(oef: Oef) -> NationalRanking:
    """Return the national ranking of a (checked) national final."""
    brought: dict[str, list[CupResult]] = {}
    for cup in oef.cups:
        table = oef.levels[cup.level]
        for place in cup.ranking:
            result = CupResult(cup.id, place.rank, points_at(table, place.rank))
            brought.setdefault(place.player, []).append(result)
    final_ranks = oef._final_ranks
    final_table = () if oef.final is None else oef.final.points
    players = [*brought, *(p for p in final_ranks if p not in brought)]
    lines = [_line(p, tuple(brought.get(p, ())), final_ranks.get(p), final_table) for p in players]
    # by total; then the better final rank, a finalist first; then by the player string
    never = MAX_PLAYERS + 1
    lines.sort(key=lambda s: (-s.total, s.final_rank or never, s.player))
    standings: list[NationalStanding] = []
    for i, line in enumerate(lines):
        last = standings[-1] if standings else None
        # still equal after the final rank (neither played it): the rank of the first of them
        shared = last is not None and (last.total, last.final_rank) == (line.total, None)
        standings.append(replace(line, rank=last.rank if shared and last else i + 1))
    provisional = oef.final is None or any(cup.provisional for cup in oef.cups)
    return NationalRanking(oef.name, provisional, tuple(standings))


def _line(
    player: str, cups: tuple[CupResult, ...], final_rank: int | None, final_table: PointsTable
) -> NationalStanding:
    best: CupResult | None = None
    for result in cups:
        if best is None or result.points > best.points:  # the first among equal points
            best = result
    qualifying = 0 if best is None else best.points
    final_points = 0 if final_rank is None else points_at(final_table, final_rank)
    return NationalStanding(
        rank=0,  # given once the lines are in order
        player=player,
        total=qualifying + final_points,
        qualifying=qualifying,
        from_cup=None if best is None else best.cup,
        final_rank=final_rank,
        final_points=final_points,
        cups=cups,
    )


# --- checks ------------------------------------------------------------------------------------


@contextmanager
def _refused_as_this_file() -> Iterator[None]:
    # the season's readings of numbers and tables, refused as this file's
    try:
        yield
    except SeasonError as e:
        raise OefError(e.field, e.template, **e.params) from None


def _whole(value: object, where: str, *, at_least: int, at_most: int) -> int:
    with _refused_as_this_file():
        return whole(value, where, at_least=at_least, at_most=at_most)


def _text(value: object, where: str) -> str:
    with _refused_as_this_file():
        return text(value, where, blank=False)


def _sequence(value: object, where: str, at_most: int) -> Sequence[object]:
    with _refused_as_this_file():
        return sequence(value, where, at_most)


def points_table(value: object, where: str) -> PointsTable:
    """Return a points table (whole numbers ≥ 0, not increasing, at least one) as a tuple, or
    raise OefError naming the entry that breaks it."""
    with _refused_as_this_file():
        return points_by_rank(value, where, at_most=MAX_POINTS, max_ranks=MAX_PLAYERS)


def _check(oef: Oef) -> None:
    if oef.name is not None and not isinstance(oef.name, str):
        raise OefError("name", _("must be text"))
    object.__setattr__(oef, "levels", _checked_levels(oef.levels))
    cups = _sequence(oef.cups, "cups", MAX_CUPS)
    ids: dict[str, int] = {}
    for i, cup in enumerate(cups):
        _checked_cup_id(cup, f"cups[{i}]", oef.levels, ids)
    object.__setattr__(oef, "cups", tuple(cups))
    object.__setattr__(oef, "_final_ranks", {} if oef.final is None else _final_ranks(oef.final))


def _checked_levels(levels: object) -> dict[str, PointsTable]:
    if not isinstance(levels, Mapping):
        raise OefError("levels", _("must be an object of level names and their points"))
    if not levels:
        raise OefError("levels", _("must name at least one level"))
    if len(levels) > MAX_LEVELS:
        raise OefError(
            "levels", _("names %(n)s levels, more than %(max)s"), n=len(levels), max=MAX_LEVELS
        )
    return {
        _text(name, "levels"): points_table(table, f"levels.{name}")
        for name, table in levels.items()
    }


def _checked_cup_id(
    cup: object, where: str, levels: Mapping[str, PointsTable], ids: dict[str, int]
) -> str:
    if not isinstance(cup, Cup):
        raise OefError(where, _("must be a cup"))
    with _refused_as_this_file():
        new_id(cup.id, f"{where}.id", ids, len(ids), "cups")
    if cup.name is not None and not isinstance(cup.name, str):
        raise OefError(f"{where}.name", _("must be text"))
    if not isinstance(cup.level, str) or cup.level not in levels:
        raise OefError(
            f"{where}.level",
            _("%(level)s is not one of the levels (%(levels)s)"),
            level=repr(cup.level),
            levels=tuple(levels),
        )
    if not isinstance(cup.provisional, bool):
        raise OefError(f"{where}.provisional", _("must be true or false"))
    object.__setattr__(cup, "ranking", _checked_cup_ranking(cup.ranking, f"{where}.ranking"))
    return cup.id


def _checked_cup_ranking(ranking: object, where: str) -> tuple[CupPlace, ...]:
    seen: set[str] = set()
    checked: list[CupPlace] = []
    for k, place in enumerate(_sequence(ranking, where, MAX_PLAYERS)):
        if not isinstance(place, CupPlace):
            raise OefError(f"{where}[{k}]", _("must be a player's place"))
        player = _player(place.player, f"{where}[{k}]", seen)
        rank = _whole(place.rank, f"{where}[{k}].rank", at_least=1, at_most=MAX_PLAYERS)
        if rank > k + 1:
            raise OefError(
                f"{where}[{k}].rank",
                _("%(rank)s is more than the entry's position %(position)s"),
                rank=rank,
                position=k + 1,
            )
        if checked and rank < checked[-1].rank:
            raise OefError(
                f"{where}[{k}].rank",
                _("%(rank)s is better than the rank %(above)s above it"),
                rank=rank,
                above=checked[-1].rank,
            )
        checked.append(CupPlace(player, rank))
    return tuple(checked)


def _player(value: object, where: str, seen: set[str]) -> str:
    player = _text(value, where)
    if player in seen:
        raise OefError(where, _("%(player)s appears twice"), player=repr(player))
    seen.add(player)
    return player


def _final_ranks(final: object) -> dict[str, int]:
    if not isinstance(final, Final):
        raise OefError("final", _("must be the final"))
    object.__setattr__(final, "points", points_table(final.points, "final.points"))
    seen: set[str] = set()
    ranking = _sequence(final.ranking, "final.ranking", MAX_PLAYERS)
    players = tuple(_player(p, f"final.ranking[{k}]", seen) for k, p in enumerate(ranking))
    object.__setattr__(final, "ranking", players)
    return {player: rank for rank, player in enumerate(players, 1)}
