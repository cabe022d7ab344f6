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
from django.utils.translation import get_language
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
    player_key,
)
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.calendar import digest
from tarock_cup.tournaments.models import Player, Tournament
from tarock_cup.tournaments.standings import many_standings

PUBLIC = AnonymousUser()
# Any change is a new version, so a new key: a day is only to let unused halls go.
KEEP_SECONDS = 24 * 3600
TITLES = {
    "best_tournament": _("Best tournament score"),
    "best_round": _("Best round"),
    "most_participations": _("Most tournaments played"),
}
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
    public tournaments' versions (two queries); the language names a private player's number."""
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
    return digest("hall-of-fame", get_language(), settings, tournaments)


def hall_of_fame(cup: Cup) -> HallOfFame:
    """Return the cup series' hall of fame as the public sees it (eight queries)."""
    seasons = public_series(cup)
    rows = _entries(seasons)
    played = many_standings([row.tournament for row in rows if not row.imported])
    imported = imported_rankings([row.tournament_id for row in rows if row.imported])
    entries: dict[int, list[CupEntry]] = {season.pk: [] for season in seasons}
    best_rounds: list[tuple[int, int, CupTournament, int]] = []  # (score, player, row, round)
    for row in rows:
        if row.imported:
            ranking = imported.get(row.tournament_id, ())
            complete = True
        else:
            facts, standing = played[row.tournament_id]
            ranking = played_ranking(standing)
            complete = is_complete(len(facts.numbers), row.finished, row.tournament.rounds_planned)
            if complete:
                best_rounds.extend(_round_scores(standing, facts.numbers, row))
        entries[row.cup_id].append(
            CupEntry(row.tournament.slug, row.tournament, row.final, not complete, ranking)
        )
    pks = {pk for found in entries.values() for entry in found for pk, _score in entry.ranking}
    players = {p.pk: p for p in Player.objects.filter(pk__in=pks).only(*PLAYER_FIELDS)}
    by_cup = {season.pk: season for season in seasons}
    return HallOfFame(
        cup=cup,
        seasons=tuple(_winners(season, entries[season.pk], players) for season in seasons),
        records=(
            _best_tournament(entries, by_cup, players),
            _best_round(best_rounds, by_cup, players),
            _most_participations(entries, players),
        ),
    )


def _round_scores(
    standing: Iterable[Any], numbers: list[int], row: CupTournament
) -> Iterable[tuple[int, int, CupTournament, int]]:
    """Return each player's score in each round they played (score, player, entry, round)."""
    for line in standing:
        for number, score in zip(numbers, line.rounds, strict=True):
            if score is not None:
                yield score, line.player.pk, row, number


def _winners(season: Cup, entries: list[CupEntry], players: dict[int, Player]) -> SeasonWinners:
    """Return the season's winners: every player of rank 1 in its season table."""
    names = {pk: player_key(p) for pk, p in players.items()}
    provisional = any(entry.provisional for entry in entries)
    try:
        ranking = rank_season(checked_season(season, entries, names))
    except UnusableSeason:
        return SeasonWinners(season, (), None, len(entries), provisional, unusable=True)
    first = [line for line in ranking.standings if line.rank == 1]
    by_key = {key: players[pk] for pk, key in names.items()}
    return SeasonWinners(
        cup=season,
        winners=tuple(by_key[line.player] for line in first),
        points=first[0].points if first else None,
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
    feats = [
        Feat(players[pk], score, entry.tournament, cups[cup])
        for cup, entry in _complete(entries)
        for pk, score in entry.ranking
        if score is not None
    ]
    return Record("best_tournament", _top(feats))


def _best_round(
    scores: list[tuple[int, int, CupTournament, int]],
    cups: dict[int, Cup],
    players: dict[int, Player],
) -> Record:
    """Return the highest score a player reached in one round of a tournament."""
    scores.sort(key=lambda s: (s[2].tournament.date, s[2].tournament.pk, s[3]))
    feats = [
        Feat(players[pk], score, row.tournament, cups[row.cup_id], number)
        for score, pk, row, number in scores
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
