"""What the public API answers, as plain JSON data: the same rows the public pages show.

Everything here is what an anonymous visitor sees: the API is public (an answer may be cached
and passed on by anyone), so a private player is "Anna H. (Nr. 100012)" even when a director
asks, and a hidden tournament or cup is not found, whoever asks. The standings are the public
standings page's (`tournaments.standings`), the season table the public cup page's
(`cups.season.cup_season`): computed in one place, only written out here.
"""

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.season import json_number
from tarock_cup.cups.access import visible_cups
from tarock_cup.cups.hall_of_fame import Feat, HallOfFame, SeasonWinners
from tarock_cup.cups.models import Cup, ImportedPlace
from tarock_cup.cups.season import CupSeason, cup_season
from tarock_cup.register import statistics
from tarock_cup.tournaments import calendar
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Player, Tournament
from tarock_cup.tournaments.naming import NAME_FIELDS, shown, shown_name
from tarock_cup.tournaments.standings import standings

# Whoever asks, the API answers as to a visitor who is not signed in.
PUBLIC = AnonymousUser()
# How long a tournament's answers are kept; any change of it is a new version, so a new key.
KEEP_SECONDS = 24 * 3600


def public_tournament(slug: str) -> Tournament:
    """Return the public tournament with this slug (404 for a hidden one, as for the public)."""
    return get_object_or_404(visible_tournaments(PUBLIC), slug=slug)


def public_cup(slug: str) -> Cup:
    """Return the public cup with this slug (404 for a hidden one, as for the public)."""
    return get_object_or_404(visible_cups(PUBLIC), slug=slug)


def public_player(number: int) -> Player:
    """Return the player with this register number; a forgotten player is not found."""
    return get_object_or_404(Player, number=number, forgotten=False)


def tournament_standings(tournament: Tournament, round_number: int | None) -> list[dict[str, Any]]:
    """Return the tournament's standings as its public page shows them, a dict a row.

    An imported final ranking has no rounds: its places are its standings (total may be null,
    as the file may give no score).
    """
    if tournament.imported:
        if round_number is not None:
            raise Http404
        return imported_standings(tournament)
    if round_number is not None and not tournament.rounds.filter(number=round_number).exists():
        raise Http404
    # Polled by cup websites while a round is played: the view keeps the answer under its ETag
    # (the tournament's version), so this runs once a version.
    return standings_rows(tournament, round_number)


def kept[T](key: str, make: Callable[[], T]) -> T:
    """Return what is kept in the cache under the key, made and kept first if it is not."""
    found: T | None = cache.get(key)
    if found is None:
        found = make()
        cache.set(key, found, KEEP_SECONDS)
    return found


def standings_rows(tournament: Tournament, round_number: int | None) -> list[dict[str, Any]]:
    """Return the standings page's rows (`tournaments.standings`), a dict a row."""
    return [
        {
            "rank": row.rank,
            "player": row.player.name,
            "number": row.player.number,
            "club": row.player.club,
            "total": row.total,
            "rounds": list(row.rounds),
            "hands": row.hands,
            "withdrawn": row.player.withdrawn,
            "decided_by": row.decided_by,
        }
        for row in standings(tournament, round_number)
    ]


def imported_standings(tournament: Tournament) -> list[dict[str, Any]]:
    """Return an imported ranking's places in the standings' shape."""
    places = (
        ImportedPlace.objects.filter(ranking__tournament=tournament)
        .order_by("rank")
        .values_list("rank", "score", "player__club", *NAME_FIELDS)
    )
    return [
        {
            "rank": rank,
            "player": shown(name, number, private, forgotten, full=False),
            "number": number,
            "club": club,
            "total": score,
            "rounds": [],
            "hands": None,
            "withdrawn": False,
            "decided_by": None,
        }
        for rank, score, club, name, number, private, forgotten in places
    ]


def tournament_summary(tournament: Tournament, url: str) -> dict[str, Any]:
    """Return what every answer says of a tournament it names."""
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "url": url,
    }


def season_table(cup: Cup, url_of: Any) -> dict[str, Any]:
    """Return the cup's season table as its public page shows it (`url_of(path)` makes the
    addresses absolute)."""
    season = cup_season(cup, PUBLIC)
    return {
        "cup": cup_summary(cup, url_of),
        "tournaments": [
            {
                **tournament_summary(entry.tournament, url_of(entry.tournament.get_absolute_url())),
                "final": entry.final,
                "provisional": entry.provisional,
                "imported": entry.imported,
            }
            for entry in season.entries
        ],
        "standings": season_rows(season),
    }


def cup_summary(cup: Cup, url_of: Any) -> dict[str, Any]:
    """Return what every answer says of a cup it names."""
    return {
        "slug": cup.slug,
        "name": cup.name,
        "season": cup.season,
        "url": url_of(cup.get_absolute_url()),
    }


def player_summary(player: Player) -> dict[str, Any]:
    """Return a player as the public sees them: the shown name, the number and the club."""
    return {"player": shown_name(player, full=False), "number": player.number, "club": player.club}


def hall_of_fame(hall: HallOfFame, url_of: Any) -> dict[str, Any]:
    """Return the hall of fame as its page shows it: each public season's winners, the records
    with every holder (a tie lists them all, the earliest first)."""
    return {
        "cup": cup_summary(hall.cup, url_of),
        "seasons": [season_winners(season, url_of) for season in hall.seasons],
        "records": {
            record.key: {
                "value": record.value,
                "holders": [holder(feat, url_of) for feat in record.holders],
            }
            for record in hall.records
        },
    }


def season_winners(season: SeasonWinners, url_of: Any) -> dict[str, Any]:
    """Return a season of the hall with its winners."""
    return {
        "cup": cup_summary(season.cup, url_of),
        "winners": [player_summary(player) for player in season.winners],
        "points": None if season.points is None else json_number(season.points),
        "tournaments": season.tournaments,
        "provisional": season.provisional,
        "unusable": season.unusable,
    }


def holder(feat: Feat, url_of: Any) -> dict[str, Any]:
    """Return one holder of a record: who, the value, and where (null where it is no one
    tournament, as for the most tournaments played)."""
    where = feat.tournament
    return {
        **player_summary(feat.player),
        "value": feat.value,
        "tournament": None
        if where is None
        else tournament_summary(where, url_of(where.get_absolute_url())),
        "season": None if feat.cup is None else feat.cup.season,
        "round": feat.round,
    }


def season_rows(season: CupSeason) -> list[dict[str, Any]]:
    """Return the season ranking's lines, each player's results by tournament slug."""
    rows = []
    for line in season.ranking.standings:
        player = season.players[line.player]
        rows.append(
            {
                "rank": line.rank,
                "player": shown_name(player, full=False),
                "number": player.number,
                "club": player.club,
                "points": json_number(line.points),
                "results": [
                    {
                        "tournament": result.tournament,
                        "rank": result.rank,
                        "points": json_number(result.points),
                        "counted": result.counted,
                    }
                    for result in line.results
                ],
                "participations": line.participations,
                "podiums": list(line.podiums),
                "best_rank": line.best_rank,
                "qualified": line.qualified,
            }
        )
    return rows


def calendar_tournaments() -> list[Tournament]:
    """Return the calendar's tournaments: the public ones of the past year and all to come
    (the calendar feeds' choice)."""
    return list(calendar.feed_tournaments())


def calendar_entries(tournaments: list[Tournament], url_of: Any) -> list[dict[str, Any]]:
    """Return the calendar's dates with where, when and what they cost, as the feeds say."""
    return [
        {
            **tournament_summary(t, url_of(t.get_absolute_url())),
            "start_time": t.start_time.strftime("%H:%M") if t.start_time else None,
            "venue": t.venue,
            "venue_address": t.venue_address,
            "region": t.region or None,
            "entry_fee": str(t.entry_fee) if t.entry_fee is not None else None,
            "rounds_planned": t.rounds_planned,
        }
        for t in tournaments
    ]


def player_record(player: Player, url_of: Any) -> dict[str, Any]:
    """Return the player's record as the public record page shows it (`register.statistics`):
    each public tournament they are ranked in with rank, total and cup points, their season
    ranks and the statistics of their hands."""
    record = statistics.player_record(player, PUBLIC)
    return {
        "player": shown_name(player, full=False),
        "number": player.number,
        "club": player.club,
        "tournaments": [
            {
                **tournament_summary(line.tournament, url_of(line.tournament.get_absolute_url())),
                "rank": line.rank,
                "total": line.total,
                "imported": line.tournament.imported,
                "hands": line.hands,
                "cup_points": [
                    {
                        "cup": points.cup.slug,
                        "points": json_number(points.points),
                        "counted": points.counted,
                    }
                    for points in line.cup_points
                ],
            }
            for line in record.tournaments
            if line.rank is not None
        ],
        "seasons": [
            {
                "cup": line.cup.slug,
                "name": line.cup.name,
                "season": line.cup.season,
                "url": url_of(line.cup.get_absolute_url()),
                "rank": line.rank,
                "points": json_number(line.points),
                "participations": line.participations,
            }
            for line in record.seasons
        ],
        "statistics": record_statistics(record),
    }


def record_statistics(record: statistics.Record) -> dict[str, Any]:
    """Return the record's statistics of the hands played, as the record page shows them."""
    best = record.best_tournament
    best_round = record.best_round
    return {
        "hands": record.hands,
        "score": record.score,
        "per_60_hands": round(record.per_60, 2) if record.per_60 is not None else None,
        "valats_as_declarer": record.valats_declarer,
        "valats_as_partner": record.valats_partner,
        "trischaken": record.trischaken,
        "trischaken_as_mayor": record.mayor,
        "best_tournament": {"slug": best.tournament.slug, "total": best.total} if best else None,
        "best_round": (
            {
                "slug": best_round.tournament.slug,
                "round": best_round.round,
                "score": best_round.score,
            }
            if best_round
            else None
        ),
        "contracts": [
            {
                "contract": line.key,
                "name": line.name,
                "games": line.games,
                "won": line.won,
                "won_percent": round(line.won_percent, 1),
                "average_score": round(line.average, 2),
            }
            for line in record.contracts
        ],
    }
