"""A national final's ranking from the database: the cups' season rankings and the final day,
ranked by scoring.oef.

Everything is read as the public sees it (a hidden cup or tournament counts for nobody), and
computed on each read from the cups' seasons and the final tournament's standings, so nothing
stored goes stale. A player is the register's Player; in the ÖF document a player is their
public number, the same in every cup and the final.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, NamedTuple

from django.contrib.auth.models import AnonymousUser
from django.db.models import Max, OuterRef, Q
from django.utils.translation import get_language

from scoring.oef import Cup, CupPlace, Final, NationalRanking, Oef, OefError, rank_national
from tarock_cup.cups.season import (
    CupSeason,
    UnusableSeason,
    cached_ranking,
    cup_seasons,
    entry_rows,
    forget_seasons,
    imported_rankings,
    is_complete,
    ranking_annotations,
    ranking_cache_key,
)
from tarock_cup.national.levels import level_name, level_points
from tarock_cup.national.models import NationalCup, NationalFinal
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Player, Tournament
from tarock_cup.tournaments.naming import shown_name

PLAYER_FIELDS = ("pk", "name", "club", "number", "private", "forgotten")
PUBLIC = AnonymousUser()  # the national ranking is read as the public sees it
MEMORY_SIZE = 16  # national rankings kept in a process: a season has one or two finals

_MEMORY: dict[str, "National"] = {}


@dataclass(frozen=True)
class Place:
    """A player's line in a cup's qualification list."""

    player: Player
    name: str  # as the public sees it
    rank: int
    qualified: bool  # within the cup's quota, declined players left out
    declined: bool
    moved_up: bool  # qualified only because someone above declined


@dataclass(frozen=True)
class CupLine:
    """A participating cup as the national ranking uses it."""

    entry: NationalCup
    counted: bool  # public, consented and its season usable: its ranking counts
    places: tuple[Place, ...] = ()
    unusable: str = ""  # why its season cannot be ranked (the engine's refusal)

    @property
    def closed(self) -> bool:
        return self.entry.cup.season_closed

    @property
    def qualified(self) -> tuple[Place, ...]:
        return tuple(p for p in self.places if p.qualified)


@dataclass(frozen=True)
class FinalDay:
    """The final tournament's ranking (player pks, best first) and whether it is complete."""

    tournament: Tournament | None
    ranking: tuple[int, ...] = ()
    complete: bool = False


@dataclass(frozen=True)
class National:
    """A national final ranked: the document for the engine, its ranking and the players."""

    final: NationalFinal
    cups: tuple[CupLine, ...]
    day: FinalDay
    oef: Oef
    ranking: NationalRanking
    players: dict[str, Player] = field(default_factory=dict)  # by key (the public number)
    player_state: tuple[tuple[Any, ...], ...] = ()  # how they were named when it was built

    def player(self, key: str) -> Player:
        return self.players[key]


def player_key(player: Player) -> str:
    """Return the player's string in the ÖF document: the register's public number."""
    return str(player.number)


def _final_row(final: NationalFinal) -> tuple[Tournament, Any] | None:
    """Return the public final tournament with its ranking annotations (as a second object:
    the tournament has fields of these names), or None."""
    if final.tournament_id is None:
        return None
    annotations = ranking_annotations(OuterRef("pk"))
    found = (
        Tournament.objects.filter(pk=final.tournament_id, public=True)
        .annotate(**{f"n_{name}": value for name, value in annotations.items()})
        .first()
    )
    if found is None:
        return None
    return found, SimpleNamespace(**{name: getattr(found, f"n_{name}") for name in annotations})


def final_day(final: NationalFinal, day: tuple[Tournament, Any] | None) -> FinalDay:
    """Return the final tournament's ranking once its last round is complete (an imported
    ranking is complete as it stands); a hidden tournament counts for nobody. `day` is
    _final_row's answer."""
    if day is None:
        return FinalDay(None)
    found, row = day
    if row.imported:
        places = imported_rankings([found.pk]).get(found.pk, ())
        return FinalDay(found, tuple(pk for pk, _score in places), True)
    if not is_complete(row.rounds, row.finished, found.rounds_planned):
        return FinalDay(found)
    ranking = cached_ranking(ranking_cache_key(row, found), found)
    return FinalDay(found, tuple(pk for pk, _total in ranking), True)


def _cup_line(
    entry: NationalCup, season: CupSeason | UnusableSeason | None, declined: set[tuple[int, int]]
) -> tuple[CupLine, list[Player]]:
    cup = entry.cup
    if season is None:
        return CupLine(entry, False), []
    if isinstance(season, UnusableSeason):
        return CupLine(entry, False, unusable=str(season.error)), []
    ordered = [(season.players[s.player], s.rank) for s in season.ranking.standings]
    quota = cup.qualify or 0
    places: list[Place] = []
    taken = 0
    for position, (player, rank) in enumerate(ordered):
        is_declined = (entry.pk, player.pk) in declined
        qualified = not is_declined and taken < quota
        taken += qualified
        moved_up = qualified and position >= quota
        name = shown_name(player, False)
        places.append(Place(player, name, rank, qualified, is_declined, moved_up))
    return CupLine(entry, True, tuple(places)), [player for player, _rank in ordered]


class _Read(NamedTuple):
    """What a national ranking is made of, as read from the database (a fixed number of
    queries): its cups, the declines, the cups' tournaments and the final tournament."""

    entries: list[NationalCup]
    declined: set[tuple[int, int]]
    rows: list[Any]  # entry_rows of the cups, as the public sees them
    day: tuple[Tournament, Any] | None  # _final_row


def build_national(final: NationalFinal) -> National:
    """Return the national final's ranking as the public sees it; raise OefError when the
    engine refuses what is stored (tables changed by hand).

    Kept in this process's memory under a digest of everything it is made of (the final, its
    cups and their settings, every tournament's ranking version, the declines, the register's
    log), read in a fixed number of queries: an unchanged ranking is not built again on every
    view, nor unpickled from a cache (which costs as much as the queries it saves). A ranking
    built anew reads the cups' seasons together, in a fixed number of queries however many
    cups there are.
    """
    entries = list(NationalCup.objects.filter(final=final).select_related("cup").order_by("pk"))
    declined = set(
        final.cups.filter(declines__isnull=False).values_list("pk", "declines__player_id")
    )
    read = _Read(entries, declined, entry_rows([e.cup for e in entries], PUBLIC), _final_row(final))
    key = f"national:{final.pk}:{_digest(final, read)}"
    national = _MEMORY.pop(key, None)
    if national is None or _player_state(national.players.values()) != national.player_state:
        # a name, club or privacy changed where no log saw it (a director's correction)
        national = _build(final, read)
    _MEMORY[key] = national  # the newest last
    while len(_MEMORY) > MEMORY_SIZE:
        _MEMORY.pop(next(iter(_MEMORY)))
    return national


def forget_rankings() -> None:
    """Forget the national rankings kept in memory, and the seasons (tests start from
    nothing)."""
    _MEMORY.clear()
    forget_seasons()


def _digest(final: NationalFinal, read: _Read) -> str:
    cups = [
        (e.pk, e.level, e.own_points, e.accepted_at, e.cup.public, e.cup.points, e.cup.best)
        + (str(e.cup.final_factor), e.cup.qualify, e.cup.season_closed_at, str(e.cup))
        for e in read.entries
    ]
    tournaments = [
        (row.cup_id, row.final, row.tournament.public, row.tournament.name)
        + (row.tournament.date, ranking_cache_key(row, row.tournament))
        for row in read.rows
    ]
    day = read.day
    day_key = None if day is None else (day[0].public, ranking_cache_key(day[1], day[0]))
    log = PlayerChange.objects.aggregate(last=Max("pk"))["last"]
    parts: tuple[object, ...] = (final.final_points, final.tournament_id, str(final))
    parts += (get_language(), cups, sorted(read.declined), tournaments, day_key, log)
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _build(final: NationalFinal, read: _Read) -> National:
    counted = [e.cup for e in read.entries if e.accepted and e.cup.public]
    ids = {cup.pk for cup in counted}
    seasons = cup_seasons(counted, PUBLIC, [row for row in read.rows if row.cup_id in ids])
    lines: list[CupLine] = []
    players: dict[str, Player] = {}
    for entry in read.entries:
        line, ranked = _cup_line(entry, seasons.get(entry.cup_id), read.declined)
        lines.append(line)
        players.update((player_key(p), p) for p in ranked)
    day = final_day(final, read.day)
    by_pk = {p.pk: p for p in players.values()}
    missing = [pk for pk in day.ranking if pk not in by_pk]
    if missing:
        found = Player.objects.filter(pk__in=missing).only(*PLAYER_FIELDS)
        by_pk.update((p.pk, p) for p in found)
    players.update((player_key(by_pk[pk]), by_pk[pk]) for pk in missing)
    oef = _oef(final, lines, day, by_pk)
    state = _state_of(players.values())
    return National(final, tuple(lines), day, oef, rank_national(oef), players, state)


def _state_of(players: Iterable[Player]) -> tuple[tuple[Any, ...], ...]:
    return tuple(sorted(tuple(getattr(p, f) for f in PLAYER_FIELDS) for p in players))


def _player_state(players: Iterable[Player]) -> tuple[tuple[Any, ...], ...]:
    """Return the players' naming fields as stored now (one query)."""
    pks = [p.pk for p in players]
    return tuple(sorted(Player.objects.filter(pk__in=pks).values_list(*PLAYER_FIELDS)))


def _oef(final: NationalFinal, lines: list[CupLine], day: FinalDay, by_pk: dict[int, Any]) -> Oef:
    counted = [line for line in lines if line.counted]
    levels: dict[str, tuple[int, ...]] = {}
    cups: list[Cup] = []
    for line in counted:
        entry = line.entry
        name = level_name(entry.level, entry.cup.slug)
        levels[name] = level_points(entry.level, entry.own_points)
        cups.append(
            Cup(
                id=entry.cup.slug,
                level=name,
                ranking=tuple(CupPlace(player_key(p.player), p.rank) for p in line.places),
                name=str(entry.cup),
                provisional=not entry.cup.season_closed,
            )
        )
    points = tuple(final.final_points or ())
    played = None
    if day.complete and points:
        played = Final(points, tuple(player_key(by_pk[pk]) for pk in day.ranking))
    if not levels:
        # the engine asks for at least one level; a final without cups has a ranking all the same
        levels = {"-": (0,)}
    return Oef(levels, tuple(cups), played, name=str(final))


def national_entries(player: Player) -> list[tuple[NationalFinal, Any]]:
    """Return the player's lines in the national finals (newest season first) as the public
    sees them: (final, NationalStanding)."""
    found = []
    key = player_key(player)
    played = (
        Q(cups__cup__tournaments__registrations__player=player)
        | Q(cups__cup__tournaments__imported_ranking__places__player=player)
        | Q(tournament__registrations__player=player)
        | Q(tournament__imported_ranking__places__player=player)
    )
    finals = NationalFinal.objects.filter(played).distinct().order_by("-season", "name")
    for final in finals:
        try:
            standing = build_national(final).ranking.standing(key)
        except OefError:
            continue
        if standing is not None:
            found.append((final, standing))
    return found
