"""A cup's hall of fame: each season's winners and the records of all its seasons, for the public.

A season is a Cup row of its own. The next season is made by `next_season.copy_to_next_season`:
a new cup with the old one's owner and (as the form proposes) its name; nothing else links the
two. So a cup's series is the cups of one owner with the same name (`cup_series`): a season
renamed on purpose starts a series of its own.

The hall is public: it shows what an anonymous visitor sees, whoever asks (public seasons, public
tournaments, private players by their public name), so it is computed once and kept for all.
It reads a fixed number of queries however many seasons and tournaments the series has. Records
come from complete tournaments only (a tournament still being played has no final score yet);
a season's winners are marked provisional while one of its tournaments is.
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from scoring.season import Points, json_number, rank_season
from tarock_cup.cups.access import visible_cups
from tarock_cup.cups.models import Cup, CupTournament, ImportedRanking
from tarock_cup.cups.season import (
    CupEntry,
    UnusableSeason,
    checked_season,
    imported_rankings,
    is_complete,
    played_ranking,
    season_digest,
)
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.calendar import digest
from tarock_cup.tournaments.models import Player, Tournament
from tarock_cup.tournaments.standings import Row, many_standings

PUBLIC = AnonymousUser()
# Any change is a new version, so a new key: a day is only to let unused halls go.
KEEP_SECONDS = 24 * 3600
TITLES = {
    "best_tournament": _("Best tournament score"),
    "best_round": _("Best round"),
    "most_participations": _("Most tournaments played"),
}
# How many holders of a record a page lists; the API gives them all.
SHOWN_HOLDERS = 10
PLAYER_FIELDS = ("pk", "name", "club", "number", "private", "forgotten")


def cup_series(cup: Cup) -> QuerySet[Cup]:
    """Return every season of the cup's series (hidden ones too), the latest first: the cups
    of its owner with its name, as the next season copies them."""
    return Cup.objects.filter(owner_id=cup.owner_id, name=cup.name).order_by("-season", "-pk")


@dataclass(frozen=True)
class SeasonWinners:
    """A season of the series with its winners (more than one where they share rank 1)."""

    cup: Cup
    winners: tuple[Player, ...]
    points: Points | None
    tournaments: int
    provisional: bool  # one of its tournaments is still being played
    unusable: bool = False  # the engine refuses the season's settings: no winner can be named

    @property
    def points_text(self) -> str:
        return "" if self.points is None else str(json_number(self.points))


@dataclass(frozen=True)
class Feat:
    """One holder of a record: who, with what, and where (no tournament for participations)."""

    player: Player
    value: int
    tournament: Tournament | None = None
    cup: Cup | None = None
    round: int | None = None


@dataclass(frozen=True)
class Record:
    """A record with all who hold it: a tie lists every holder, the earliest first."""

    key: str  # "best_tournament", "best_round" or "most_participations"
    holders: tuple[Feat, ...]

    @property
    def title(self) -> str:
        return str(TITLES[self.key])

    @property
    def shown(self) -> tuple[Feat, ...]:
        """Return the holders a page lists: the first SHOWN_HOLDERS (a first season's "most
        tournaments played" is everyone's)."""
        return self.holders[:SHOWN_HOLDERS]

    @property
    def more(self) -> int:
        return max(0, len(self.holders) - SHOWN_HOLDERS)

    @property
    def value(self) -> int | None:
        return self.holders[0].value if self.holders else None


@dataclass(frozen=True)
class HallOfFame:
    cup: Cup
    seasons: tuple[SeasonWinners, ...]
    records: tuple[Record, ...]


def public_series(cup: Cup) -> list[Cup]:
    """Return the public seasons of the cup's series, the latest first (one query)."""
    return list(cup_series(cup).filter(pk__in=visible_cups(PUBLIC).values("pk")))


def _entries(seasons: list[Cup]) -> list[Any]:
    """Return the public tournaments of these seasons with their finished rounds counted."""
    return list(
        CupTournament.objects.filter(
            cup__in=seasons, tournament__in=visible_tournaments(PUBLIC).values("pk")
        )
        .select_related("tournament")
        .annotate(
            finished=Count("tournament__rounds", filter=Q(tournament__rounds__finished=True)),
            imported=Exists(ImportedRanking.objects.filter(tournament=OuterRef("tournament"))),
        )
        .order_by("final", "tournament__date", "tournament__pk")
    )


def version(cup: Cup) -> str:
    """Return a digest of all the hall is made of: the series' public seasons and settings, their
    public tournaments' versions (two queries)."""
    seasons = cup_series(cup).filter(pk__in=visible_cups(PUBLIC).values("pk"))
    settings = list(
        seasons.values_list("pk", "name", "season", "points", "best", "final_factor", "qualify")
    )
    shown = CupTournament.objects.filter(
        cup__in=seasons.values("pk"), tournament__in=visible_tournaments(PUBLIC).values("pk")
    ).order_by("pk")
    tournaments = list(
        shown.values_list(
            "cup_id",
            "tournament_id",
            "tournament__version",
            "final",
            "tournament__imported_ranking",
        )
    )
    return digest("hall-of-fame", settings, tournaments)


@dataclass(frozen=True)
class Played:
    """What the hall takes from one tournament."""

    ranking: tuple[tuple[int, int | None], ...]  # (player pk, score), winner first
    complete: bool
    best_round: tuple[tuple[int, int, int], ...]  # (score, player pk, round) of its top score


def hall_of_fame(cup: Cup) -> HallOfFame:
    """Return the cup series' hall of fame as the public sees it (at most eight queries)."""
    seasons = public_series(cup)
    rows = _entries(seasons)
    played = _played(rows)
    entries: dict[int, list[CupEntry]] = {season.pk: [] for season in seasons}
    for row in rows:
        found = played[row.tournament_id]
        entries[row.cup_id].append(
            CupEntry(
                row.tournament.slug, row.tournament, row.final, not found.complete, found.ranking
            )
        )
    pks = {pk for found in played.values() for pk, _score in found.ranking}
    players = {p.pk: p for p in Player.objects.filter(pk__in=pks).only(*PLAYER_FIELDS)}
    by_cup = {season.pk: season for season in seasons}
    return HallOfFame(
        cup=cup,
        seasons=tuple(_winners(season, entries[season.pk], players) for season in seasons),
        records=(
            _best_tournament(entries, by_cup, players),
            _best_round(entries, played, by_cup, players),
            _most_participations(entries, players),
        ),
    )


def _played(rows: list[Any]) -> dict[int, Played]:
    """Return what each tournament gives the hall, by tournament pk: an imported ranking as it
    stands (one query for all), a played one kept by its version, else from its standings (four
    queries for all that are not kept)."""
    imported = imported_rankings([row.tournament_id for row in rows if row.imported])
    found = {
        row.tournament_id: Played(imported.get(row.tournament_id, ()), True, ())
        for row in rows
        if row.imported
    }
    by_pk = {row.tournament_id: row for row in rows if not row.imported}
    keys = {
        pk: f"hall-tournament:{pk}:{row.tournament.version}:{row.finished}"
        for pk, row in by_pk.items()
    }
    kept = cache.get_many(list(keys.values()))
    missing = [row.tournament for pk, row in by_pk.items() if keys[pk] not in kept]
    made = {}
    for pk, (facts, standing) in many_standings(missing).items():
        row = by_pk[pk]
        complete = is_complete(len(facts.numbers), row.finished, row.tournament.rounds_planned)
        made[keys[pk]] = Played(
            played_ranking(standing), complete, _best_rounds(standing, facts.numbers)
        )
    cache.set_many(made, KEEP_SECONDS)
    kept.update(made)
    return found | {pk: kept[key] for pk, key in keys.items()}


def _best_rounds(standing: Iterable[Row], numbers: list[int]) -> tuple[tuple[int, int, int], ...]:
    """Return (score, player pk, round) of the tournament's highest score in a round, in round
    order (every player who reached it)."""
    scores = [
        (score, line.player.pk, number)
        for line in standing
        for number, score in zip(numbers, line.rounds, strict=True)
        if score is not None
    ]
    best = max((score for score, _pk, _number in scores), default=None)
    return tuple(sorted((s for s in scores if s[0] == best), key=lambda s: s[2]))


def _winners(season: Cup, entries: list[CupEntry], players: dict[int, Player]) -> SeasonWinners:
    """Return the season's winners: every player of rank 1 in its season table (its ranking
    kept under all it is made of)."""
    provisional = any(entry.provisional for entry in entries)
    # Players by their pk alone: who is first does not depend on how a name is shown.
    names = {pk: f"#{pk}" for entry in entries for pk, _score in entry.ranking}
    key = f"hall-season:{season.pk}:{season_digest(season, entries, names)}"
    first: tuple[tuple[int, ...], Points | None] | None = cache.get(key)
    if first is None:
        try:
            ranking = rank_season(checked_season(season, entries, names))
        except UnusableSeason:
            return SeasonWinners(season, (), None, len(entries), provisional, unusable=True)
        lines = [line for line in ranking.standings if line.rank == 1]
        first = (tuple(int(line.player[1:]) for line in lines), lines[0].points if lines else None)
        cache.set(key, first, KEEP_SECONDS)
    return SeasonWinners(
        cup=season,
        winners=tuple(players[pk] for pk in first[0]),
        points=first[1],
        tournaments=len(entries),
        provisional=provisional,
    )


def _complete(entries: dict[int, list[CupEntry]]) -> Iterable[tuple[int, CupEntry]]:
    """Return (season pk, entry) of every complete tournament, in date order."""
    found = [(cup, entry) for cup, listed in entries.items() for entry in listed]
    found.sort(key=lambda item: (item[1].tournament.date, item[1].tournament.pk))
    return [(cup, entry) for cup, entry in found if not entry.provisional]


def _best_tournament(
    entries: dict[int, list[CupEntry]], cups: dict[int, Cup], players: dict[int, Player]
) -> Record:
    """Return the highest score a player reached in one tournament (an imported ranking's
    where it gives the score)."""
    scores = [
        (score, pk, cup, entry)
        for cup, entry in _complete(entries)
        for pk, score in entry.ranking
        if score is not None
    ]
    best = max((score for score, *_rest in scores), default=None)
    feats = [
        Feat(players[pk], score, entry.tournament, cups[cup])
        for score, pk, cup, entry in scores
        if score == best
    ]
    return Record("best_tournament", tuple(feats))


def _best_round(
    entries: dict[int, list[CupEntry]],
    played: dict[int, Played],
    cups: dict[int, Cup],
    players: dict[int, Player],
) -> Record:
    """Return the highest score a player reached in one round of a tournament."""
    feats = [
        Feat(players[pk], score, entry.tournament, cups[cup], number)
        for cup, entry in _complete(entries)
        for score, pk, number in played[entry.tournament.pk].best_round
    ]
    return Record("best_round", _top(feats))


def _most_participations(entries: dict[int, list[CupEntry]], players: dict[int, Player]) -> Record:
    """Return who played the most of the series' tournaments (ranked in them)."""
    counted = Counter(pk for _cup, entry in _complete(entries) for pk, _score in entry.ranking)
    feats = [Feat(players[pk], n) for pk, n in counted.items()]
    feats.sort(key=lambda feat: feat.player.number or 0)
    return Record("most_participations", _top(feats))


def _top(feats: list[Feat]) -> tuple[Feat, ...]:
    """Return the feats of the highest value, in the order given (a tie keeps them all)."""
    best = max((feat.value for feat in feats), default=None)
    return tuple(feat for feat in feats if feat.value == best)


def kept_hall_of_fame(cup: Cup) -> HallOfFame:
    """Return the hall of fame, kept in the cache under its version (two queries while it is
    unchanged)."""
    key = f"hall-of-fame:{cup.pk}:{version(cup)}"
    found: HallOfFame | None = cache.get(key)
    if found is None:
        found = hall_of_fame(cup)
        cache.set(key, found, KEEP_SECONDS)
    return found
