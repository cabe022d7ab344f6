"""One person, one row: likely duplicates among a season's players, and which of them a user may
merge (the merge itself is the register's: `tarock_cup.register.records`)."""

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet

from tarock_cup.cups.models import Cup, ImportedPlace
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Player, Registration, Seat, Tournament


def name_key(name: str) -> tuple[str, ...]:
    """Return what stays of a name when case, spaces, accents and word order are left out.

    "Huber Anna", "anna  HUBER" and "Anna Húber" all give ("anna", "huber").
    """
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return tuple(sorted(plain.replace(",", " ").split()))


def likely_duplicates(players: Iterable[Player]) -> list[list[Player]]:
    """Return groups of players whose names differ only by case, spaces, accents or order."""
    groups: dict[tuple[str, ...], list[Player]] = defaultdict(list)
    for player in players:
        groups[name_key(player.name)].append(player)
    return [sorted(g, key=lambda p: p.pk) for g in groups.values() if len(g) > 1]


def in_tournaments(tournaments: QuerySet[Tournament]) -> Q:
    """Return the condition that a player is used by one of these tournaments.

    Used means registered, seated or holding a place of an imported ranking.
    """
    ids = tournaments.values("pk")
    return (
        Q(pk__in=Registration.objects.filter(tournament__in=ids).values("player"))
        | Q(pk__in=Seat.objects.filter(round__tournament__in=ids).values("player"))
        | Q(pk__in=ImportedPlace.objects.filter(ranking__tournament__in=ids).values("player"))
    )


def visible_players(user: Any) -> QuerySet[Player]:
    """Return the players the user may see and link a result to.

    Everyone but those used only by tournaments hidden from the user: matching a name to a
    player of a hidden tournament would tell that it exists and tie it to someone else's cup.
    """
    visible = visible_tournaments(user)
    hidden = Tournament.objects.exclude(pk__in=visible.values("pk"))
    return Player.objects.filter(~in_tournaments(hidden) | in_tournaments(visible))


def mergeable(players: Iterable[Player], user: Any) -> list[Player]:
    """Return the players whose records the user keeps: only those can be merged by them.

    The rule of `tarock_cup.register.homes.keeps` (the home cup's organisers, the home
    organiser, superusers) for a season's players at once, one question per home cup (the
    register sits above the cups and is not imported here). A record without a home yet is
    left out: it gets one when first registered.
    """
    players = list(players)
    cups = Cup.objects.filter(pk__in={p.home_cup_id for p in players if p.home_cup_id})
    organised = {cup.pk for cup in cups if cup.is_organiser(user)}
    superuser = getattr(user, "is_superuser", False)
    return [
        p
        for p in players
        if p.home_cup_id in organised
        or (p.home_cup_id is None and p.home_organiser_id is not None and superuser)
        or (p.home_cup_id is None and p.home_organiser_id == getattr(user, "pk", None))
    ]


def place_state(place: ImportedPlace, player: Player) -> dict[str, Any]:
    """Return what the history keeps of an imported place held by the player.

    The name is kept beside the id: after a merge the dropped player's row is gone.
    """
    return {"rank": place.rank, "player": player.pk, "name": player.name, "club": player.club}
