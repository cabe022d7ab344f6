"""The API's ETags: each says everything its answer is made of, read as a few plain values.

A client asking again with If-None-Match gets 304 Not Modified without the answer being
computed. A tournament's `version` is raised by every change of its results, seating,
players or settings (Tournament.bump_version), so it stands for the tournament's standings.
"""

import functools
from collections.abc import Callable
from typing import Any, cast

from django.db.models import Q
from django.http import HttpRequest
from django.utils.translation import get_language

from tarock_cup.api.answers import PUBLIC
from tarock_cup.cups import hall_of_fame
from tarock_cup.cups.access import visible_cups
from tarock_cup.cups.models import CupTournament
from tarock_cup.public_url import absolute_url
from tarock_cup.tournaments import calendar
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Player

# Raised when an answer's shape changes: a client's stored answer is then not "not modified".
FORMAT = 2


def once_per_request[F: Callable[..., str | None]](func: F) -> F:
    """Make an ETag function compute its ETag once a request (the 304 check and the kept
    answer both ask for it)."""

    @functools.wraps(func)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> str | None:
        found: dict[tuple[Any, ...], str | None] = request.__dict__.setdefault("_api_etags", {})
        key = (func.__name__, args, tuple(sorted(kwargs.items())))
        if key not in found:
            found[key] = func(request, *args, **kwargs)
        return found[key]

    return cast(F, wrapper)


def tag(request: HttpRequest, *parts: object) -> str:
    """Return the ETag of an answer made of these parts (in this language, on this address:
    names and addresses in the answer depend on them)."""
    return calendar.digest(FORMAT, get_language(), absolute_url(request, "/"), *parts)


@once_per_request
def standings_etag(request: HttpRequest, slug: str, number: int | None = None) -> str | None:
    """Return the standings' ETag: the tournament's version (None where it is not found)."""
    found = visible_tournaments(PUBLIC).filter(slug=slug).values_list("pk", "version").first()
    return None if found is None else tag(request, "standings", found, number)


@once_per_request
def season_etag(request: HttpRequest, slug: str) -> str | None:
    """Return the season table's ETag: the cup's settings and its tournaments' versions."""
    cup = (
        visible_cups(PUBLIC)
        .filter(slug=slug)
        .values_list("pk", "name", "season", "points", "best", "final_factor", "qualify")
        .first()
    )
    if cup is None:
        return None
    tournaments = CupTournament.objects.filter(cup_id=cup[0]).order_by("pk")
    shown = tournaments.values_list(
        "tournament_id",
        "tournament__version",
        "tournament__public",
        "final",
        "tournament__imported_ranking__pk",
    )
    return tag(request, "season", cup, list(shown))


@once_per_request
def hall_of_fame_etag(request: HttpRequest, slug: str) -> str | None:
    """Return the hall of fame's ETag: all it is made of (`hall_of_fame.version`)."""
    cup = visible_cups(PUBLIC).filter(slug=slug).only("pk", "owner_id", "name").first()
    return None if cup is None else tag(request, "hall-of-fame", cup.pk, hall_of_fame.version(cup))


@once_per_request
def calendar_etag(request: HttpRequest) -> str:
    """Return the calendar's ETag: what the calendar feeds' ETag says (every field shown)."""
    return calendar.feed_etag(calendar.feed_tournaments(), absolute_url(request, "/"), "api")


@once_per_request
def player_etag(request: HttpRequest, number: int) -> str | None:
    """Return the player's record's ETag: their name, the versions of their tournaments, and
    their cups' settings and tournaments (a season rank moves with the cup's other results)."""
    player = (
        Player.objects.filter(number=number, forgotten=False)
        .values_list("pk", "name", "club", "private")
        .first()
    )
    if player is None:
        return None
    tournaments = (
        visible_tournaments(PUBLIC)
        .filter(
            Q(registrations__player_id=player[0]) | Q(imported_ranking__places__player_id=player[0])
        )
        .values_list("pk", "version", "imported_ranking__pk")
        .distinct()
        .order_by("pk")
    )
    cups = visible_cups(PUBLIC).filter(
        entries__tournament__in=[pk for pk, _version, _imported in tournaments]
    )
    cup_parts = (
        CupTournament.objects.filter(cup__in=cups.values("pk"))
        .order_by("cup_id", "pk")
        .values_list(
            "cup_id",
            "cup__points",
            "cup__best",
            "cup__final_factor",
            "tournament_id",
            "tournament__version",
            "tournament__public",
            "final",
        )
    )
    return tag(request, "player", player, list(tournaments), list(cup_parts))
