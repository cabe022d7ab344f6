"""A national final's ranking from the database: the cups' season rankings and the final day,
ranked by scoring.oef.

Everything is read as the public sees it (a hidden cup or tournament counts for nobody), and
computed on each read from the cups' seasons and the final tournament's standings, so nothing
stored goes stale. A player is the register's Player; in the ÖF document a player is their
public number, the same in every cup and the final.
"""

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import OuterRef, Q

from scoring.oef import Cup, CupPlace, Final, NationalRanking, Oef, OefError, rank_national
from tarock_cup.cups.season import (
    UnusableSeason,
    cached_ranking,
    cup_season,
    imported_rankings,
    is_complete,
    ranking_annotations,
    ranking_cache_key,
)
from tarock_cup.national.levels import level_name, level_points
from tarock_cup.national.models import NationalCup, NationalFinal
from tarock_cup.tournaments.models import Player, Tournament
from tarock_cup.tournaments.naming import shown_name

PLAYER_FIELDS = ("pk", "name", "club", "number", "private", "forgotten")


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

    def player(self, key: str) -> Player:
        return self.players[key]


def player_key(player: Player) -> str:
    """Return the player's string in the ÖF document: the register's public number."""
    return str(player.number)


def final_day(final: NationalFinal) -> FinalDay:
    """Return the final tournament's ranking once its last round is complete (an imported
    ranking is complete as it stands); a hidden tournament counts for nobody."""
    if final.tournament_id is None:
        return FinalDay(None)
    # Prefixed: the tournament has fields of these names (its rounds).
    annotations = ranking_annotations(OuterRef("pk"))
    found = (
        Tournament.objects.filter(pk=final.tournament_id, public=True)
        .annotate(**{f"n_{name}": value for name, value in annotations.items()})
        .first()
    )
    if found is None:
        return FinalDay(None)
    row = SimpleNamespace(**{name: getattr(found, f"n_{name}") for name in annotations})
    if row.imported:
        places = imported_rankings([found.pk]).get(found.pk, ())
        return FinalDay(found, tuple(pk for pk, _score in places), True)
    if not is_complete(row.rounds, row.finished, found.rounds_planned):
        return FinalDay(found)
    ranking = cached_ranking(ranking_cache_key(row, found), found)
    return FinalDay(found, tuple(pk for pk, _total in ranking), True)


def _cup_line(entry: NationalCup, declined: set[tuple[int, int]]) -> tuple[CupLine, list[Player]]:
    cup = entry.cup
    if not (entry.accepted and cup.public):
        return CupLine(entry, False), []
    try:
        season = cup_season(cup, AnonymousUser())
    except UnusableSeason as unusable:
        return CupLine(entry, False, unusable=str(unusable.error)), []
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


def build_national(final: NationalFinal) -> National:
    """Return the national final's ranking as the public sees it; raise OefError when the
    engine refuses what is stored (tables changed by hand)."""
    entries = list(NationalCup.objects.filter(final=final).select_related("cup").order_by("pk"))
    declined = set(
        final.cups.filter(declines__isnull=False).values_list("pk", "declines__player_id")
    )
    lines: list[CupLine] = []
    players: dict[str, Player] = {}
    for entry in entries:
        line, ranked = _cup_line(entry, declined)
        lines.append(line)
        players.update((player_key(p), p) for p in ranked)
    day = final_day(final)
    by_pk = {p.pk: p for p in players.values()}
    missing = [pk for pk in day.ranking if pk not in by_pk]
    by_pk.update((p.pk, p) for p in Player.objects.filter(pk__in=missing).only(*PLAYER_FIELDS))
    players.update((player_key(by_pk[pk]), by_pk[pk]) for pk in missing)
    oef = _oef(final, lines, day, by_pk)
    return National(final, tuple(lines), day, oef, rank_national(oef), players)


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
