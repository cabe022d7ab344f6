"""A cup's season from the database: each tournament's final ranking, ranked by scoring.season.

Each tournament's ranking comes from the tournament's own standings (tournaments.standings), so
the cup never ranks a tournament differently from its standings page. The SEASON JSON export
is this same Season written out (season_to_json), so `python -m scoring.season` ranks it alike.
Each tournament's ranking is cached by its version (its latest change, its rounds, who
withdrew, its tie-breakers), so the season page reads a fixed number of queries however many
tournaments the cup has; only a tournament changed since it was last read is ranked again.
"""

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, IntegerField, OuterRef, Subquery

from scoring.season import (
    Placing,
    Season,
    SeasonError,
    SeasonRanking,
    rank_season,
    season_from_json,
)
from scoring.season import Tournament as SeasonTournament
from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace, ImportedRanking
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Change, Player, Registration, Round, Tournament
from tarock_cup.tournaments.naming import sees_full_names_in_cup, shown_name
from tarock_cup.tournaments.standings import Row, many_standings, standings

CACHE_SECONDS = 7 * 24 * 3600
SEASON_MEMORY = 64  # seasons ranked kept in a process (a cup has one at a time)

_SEASONS: dict[str, tuple[Season, SeasonRanking]] = {}
_SEASONS_LOCK = threading.Lock()


@dataclass(frozen=True)
class CupEntry:
    """One of the cup's tournaments as the season shows it."""

    key: str  # the tournament's id in the season (its slug)
    tournament: Tournament
    final: bool
    provisional: bool  # its last round is not complete yet
    ranking: tuple[tuple[int, int | None], ...]  # (player pk, tournament score), winner first
    imported: bool = False  # its ranking was imported from a file, not played here


@dataclass(frozen=True)
class CupSeason:
    cup: Cup
    entries: tuple[CupEntry, ...]
    players: dict[str, Player]  # by the player's string in the season
    keys: dict[int, str]  # the player's string by pk
    season: Season
    ranking: SeasonRanking
    hidden: int = 0  # the cup's tournaments left out: the viewer may not see them
    full_names: bool = False  # the viewer sees private players' full names (naming)

    def winner(self, entry: CupEntry) -> Player | None:
        return self.players[self.keys[entry.ranking[0][0]]] if entry.ranking else None


def _count(queryset: Any) -> Subquery:
    return Subquery(
        queryset.values("tournament").annotate(n=Count("pk")).values("n")[:1],
        output_field=IntegerField(),
    )


def ranking_annotations(here: Any) -> dict[str, Any]:
    """Return the annotations (over the tournament `here` names) that a tournament's cached
    ranking is keyed by and that say whether it is complete or imported."""
    return {
        "last_change": Subquery(
            Change.objects.filter(tournament=here).order_by("-pk").values("pk")[:1]
        ),
        "rounds": _count(Round.objects.filter(tournament=here)),
        "finished": _count(Round.objects.filter(tournament=here, finished=True)),
        "withdrawn": _count(Registration.objects.filter(tournament=here, withdrawn=True)),
        "registered": _count(Registration.objects.filter(tournament=here)),
        "imported": Exists(ImportedRanking.objects.filter(tournament=here)),
    }


def entry_rows(cups: Sequence[Cup], viewer: Any) -> list[Any]:
    """Return the cups' tournaments in one query: CupTournament rows with their tournament,
    its ranking_annotations and `visible` (whether the viewer may see it), each cup's in the
    season's order."""
    here = OuterRef("tournament")
    visible = visible_tournaments(viewer)
    return list(
        CupTournament.objects.filter(cup__in=[cup.pk for cup in cups])
        .select_related("tournament")
        .annotate(**ranking_annotations(here), visible=Exists(visible.filter(pk=here)))
        .order_by("cup_id", "final", "tournament__date", "tournament__pk")
    )


def ranking_cache_key(row: Any, tournament: Tournament) -> str:
    """Return the cache key of a tournament's ranking: it changes with everything the ranking
    is made of (`row` carries ranking_annotations)."""
    t = tournament
    version = (
        f"{row.last_change}-{row.rounds}-{row.finished}-{row.withdrawn}-"
        f"{row.registered}-{t.tie_breakers}-{t.lot_seed}"
    )
    return f"cup-tournament:{t.pk}:{version}"


def cached_ranking(key: str, tournament: Tournament) -> tuple[tuple[int, int], ...]:
    """Return the tournament's ranking (tournament_ranking) from the cache, or rank it and keep
    it there under `key`."""
    ranking: tuple[tuple[int, int], ...] | None = cache.get(key)
    if ranking is None:
        ranking = tournament_ranking(tournament)
        cache.set(key, ranking, CACHE_SECONDS)
    return ranking


def imported_rankings(tournament_ids: list[int]) -> dict[int, tuple[tuple[int, int | None], ...]]:
    """Return the imported rankings of these tournaments (one query), by tournament id."""
    if not tournament_ids:
        return {}
    places: dict[int, list[tuple[int, int | None]]] = {}
    for tournament_id, player_id, score in (
        ImportedPlace.objects.filter(ranking__tournament_id__in=tournament_ids)
        .order_by("ranking__tournament_id", "rank")
        .values_list("ranking__tournament_id", "player_id", "score")
    ):
        places.setdefault(tournament_id, []).append((player_id, score))
    return {tournament_id: tuple(ranking) for tournament_id, ranking in places.items()}


def tournament_ranking(tournament: Tournament) -> tuple[tuple[int, int], ...]:
    """Return the tournament's ranking from its standings: players who played, winner first."""
    return played_ranking(standings(tournament))


def played_ranking(rows: list[Row]) -> tuple[tuple[int, int], ...]:
    """Return (player pk, total) of the standings' rows of players who played, winner first."""
    return tuple(
        (row.player.pk, row.total) for row in rows if any(s is not None for s in row.rounds)
    )


def is_complete(rounds: int | None, finished: int | None, planned: int) -> bool:
    """Return whether a tournament's last round is complete (its ranking is final)."""
    return bool(rounds) and rounds == finished and (rounds or 0) >= planned


def player_key(player: Player, full_names: bool = False) -> str:
    """Return the player's string in the season: the name as the viewer may see it (naming),
    with the number that keeps it apart."""
    return f"{shown_name(player, full_names)} #{player.pk}"


def cup_season(cup: Cup, viewer: Any) -> CupSeason:
    """Return the cup's season and its ranking as the viewer may see it.

    A tournament the viewer may not see (hidden, directed by others) is left out as if it were
    not in the cup: its players and scores reach no page or export through the cup. Raise
    UnusableSeason when the engine refuses the cup's stored settings.
    """
    season = cup_seasons([cup], viewer)[cup.pk]
    if isinstance(season, UnusableSeason):
        raise season
    return season


def cup_seasons(
    cups: Sequence[Cup], viewer: Any, rows: Sequence[Any] | None = None
) -> dict[int, "CupSeason | UnusableSeason"]:
    """Return each cup's season as the viewer may see it (as cup_season), or why the engine
    refuses it, by cup pk: a fixed number of queries however many cups and tournaments.

    `rows` are the cups' tournaments as entry_rows returns them (read here when not given).
    """
    if rows is None:
        rows = entry_rows(cups, viewer)
    seen = [row for row in rows if row.visible]
    entries = _cup_entries(seen)
    pks = {pk for entry in entries for pk, _score in entry.ranking}
    fields = ("pk", "name", "club", "number", "private", "forgotten")
    by_pk = {p.pk: p for p in Player.objects.filter(pk__in=pks).only(*fields)} if pks else {}
    found: dict[int, CupSeason | UnusableSeason] = {}
    for cup in cups:
        mine = [entry for row, entry in zip(seen, entries, strict=True) if row.cup_id == cup.pk]
        hidden = sum(1 for row in rows if row.cup_id == cup.pk and not row.visible)
        full_names = sees_full_names_in_cup(viewer, cup)
        ranked = {pk for entry in mine for pk, _score in entry.ranking if pk in by_pk}
        names = {pk: player_key(by_pk[pk], full_names) for pk in ranked}
        try:
            season, ranking = _season_and_ranking(cup, mine, names)
        except UnusableSeason as unusable:
            found[cup.pk] = unusable
            continue
        found[cup.pk] = CupSeason(
            cup=cup,
            entries=tuple(mine),
            players={names[pk]: by_pk[pk] for pk in ranked},
            keys=names,
            season=season,
            ranking=ranking,
            hidden=hidden,
            full_names=full_names,
        )
    return found


def _cup_entries(rows: list[Any]) -> list[CupEntry]:
    """Return the entries of these rows of the cups' tournaments, in their order: imported
    rankings in one query, each played one cached by its tournament's version (the others
    ranked from their standings in four queries for all)."""
    imported = imported_rankings([row.tournament_id for row in rows if row.imported])
    keys = {row.pk: ranking_cache_key(row, row.tournament) for row in rows if not row.imported}
    cached = cache.get_many(list(keys.values()))
    missing = {
        row.tournament_id: (row.tournament, keys[row.pk])
        for row in rows
        if row.pk in keys and keys[row.pk] not in cached
    }
    ranked = many_standings([t for t, _key in missing.values()]) if missing else {}
    made = {missing[pk][1]: played_ranking(standing) for pk, (_facts, standing) in ranked.items()}
    if made:
        cache.set_many(made, CACHE_SECONDS)
    cached.update(made)
    entries: list[CupEntry] = []
    for row in rows:
        t = row.tournament
        if row.imported:
            # A ranking imported from a file is final as it stands.
            ranking = imported.get(row.tournament_id, ())
            entries.append(CupEntry(t.slug, t, row.final, False, ranking, imported=True))
            continue
        complete = is_complete(row.rounds, row.finished, t.rounds_planned)
        entries.append(CupEntry(t.slug, t, row.final, not complete, cached[keys[row.pk]]))
    return entries


def _season_and_ranking(
    cup: Cup, entries: list[CupEntry], names: dict[int, str]
) -> tuple[Season, SeasonRanking]:
    """Return the checked season and its ranking, kept under everything they are made of."""
    # An unchanged season is then not checked and ranked again on every view (most of the
    # page's time). Kept in this process's memory, not the (per-process) cache: pickling a
    # season in and out costs a third of ranking it.
    key = f"cup-season:{cup.pk}:{season_digest(cup, entries, names)}"
    with _SEASONS_LOCK:
        made = _SEASONS.pop(key, None)
    if made is None:
        season = checked_season(cup, entries, names)
        made = (season, rank_season(season))
    with _SEASONS_LOCK:
        _SEASONS[key] = made  # the newest last
        while len(_SEASONS) > SEASON_MEMORY:
            _SEASONS.pop(next(iter(_SEASONS)))
    return made


def forget_seasons() -> None:
    """Forget the seasons kept in memory (a benchmark's cold start)."""
    with _SEASONS_LOCK:
        _SEASONS.clear()


def season_digest(cup: Cup, entries: Sequence[CupEntry], names: dict[int, str]) -> str:
    """Return a digest of all a season is built from: the cup's rules, rankings, player names."""
    parts = (
        cup.points,
        cup.best,
        str(cup.final_factor),
        cup.qualify,
        str(cup),
        [(e.key, e.final, e.tournament.name, e.tournament.date, e.ranking) for e in entries],
        sorted(names.items()),
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()


class UnusableSeason(Exception):
    """The engine refuses what the cup's season is made of (settings stored before they were
    checked, or changed by hand): the season cannot be ranked; `error` says why."""

    def __init__(self, cup: Cup, error: SeasonError) -> None:
        super().__init__(str(error))
        self.cup = cup
        self.error = error


def checked_season(
    cup: Cup, entries: Sequence[CupEntry] = (), names: dict[int, str] | None = None
) -> Season:
    """Return the cup's season (its settings alone without entries), or raise UnusableSeason."""
    try:
        return build_season(cup, entries, names or {})
    except SeasonError as error:
        raise UnusableSeason(cup, error) from error


def build_season(cup: Cup, entries: Sequence[CupEntry], names: dict[int, str]) -> Season:
    """Return the checked season; the cup's rule is read as the season's JSON writes it."""
    rule = season_from_json({"points": cup.points, "tournaments": []}).points
    return Season(
        points=rule,
        tournaments=tuple(
            SeasonTournament(
                id=entry.key,
                ranking=tuple(Placing(names[pk], score) for pk, score in entry.ranking),
                final=entry.final,
                name=entry.tournament.name,
                date=entry.tournament.date,
            )
            for entry in entries
        ),
        best=cup.best,
        final_factor=cup.final_factor.normalize() if cup.final_factor != 1 else 1,
        qualify=cup.qualify,
        name=str(cup),
    )
