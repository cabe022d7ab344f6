"""One person, one row: likely duplicates among a season's players, and merging two players."""

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError, Q, QuerySet
from django.utils.translation import gettext as _

from tarock_cup.cups.models import ImportedPlace
from tarock_cup.tournaments import history
from tarock_cup.tournaments.access import directed_tournaments, visible_tournaments
from tarock_cup.tournaments.models import Change, Player, Registration, Seat, Tournament


class MergeRefused(Exception):
    """Why two players cannot be merged, in the user's language."""


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


def _used_by_others(players: Iterable[Player], user: object) -> QuerySet[Player]:
    """Return those of the players used by a tournament the user does not direct."""
    others = Tournament.objects.exclude(pk__in=directed_tournaments(user).values("pk"))
    return Player.objects.filter(in_tournaments(others), pk__in=[p.pk for p in players])


def mergeable(players: Iterable[Player], user: object) -> list[Player]:
    """Return the players the user may merge: those of tournaments they direct alone."""
    players = list(players)
    locked = set(_used_by_others(players, user).values_list("pk", flat=True))
    return [p for p in players if p.pk not in locked]


def _check_directs_all_uses(players: list[Player], user: object) -> None:
    """Raise MergeRefused unless the user directs every tournament using these players."""
    if _used_by_others(players, user).exists():
        # The tournament is not named: it may be hidden from the user.
        raise MergeRefused(
            _(
                "%(a)s or %(b)s also plays in a tournament you do not direct; only players "
                "of your own tournaments can be merged."
            )
            % {"a": players[0].name, "b": players[1].name}
        )


def place_state(place: ImportedPlace, player: Player) -> dict[str, Any]:
    """Return what the history keeps of an imported place held by the player.

    The name is kept beside the id: after a merge the dropped player's row is gone.
    """
    return {"rank": place.rank, "player": player.pk, "name": player.name, "club": player.club}


def merge_players(keep: Player, drop: Player, user: object) -> int:
    """Move every registration and seat of `drop` to `keep`, then delete `drop`.

    Each moved registration and imported place is recorded in its tournament's history. Refused
    (changing nothing) while both play in the same tournament: their seats and scores there
    cannot be one row; and while either is used by a tournament the user does not direct: a
    merge rewrites every tournament the players are in. Returns the number of tournaments moved
    (played or imported).
    """
    if keep.pk == drop.pk:
        raise MergeRefused(_("A player cannot be merged with themselves."))
    with transaction.atomic():
        # Locked: a registration of either player made meanwhile waits until the merge is done.
        list(Player.objects.select_for_update().filter(pk__in=[keep.pk, drop.pk]))
        _check_directs_all_uses([keep, drop], user)
        _check_not_in_one_tournament(keep, drop)
        places = _move_places(keep, drop, user)
        moved = _move_registrations(keep, drop, user)
        Seat.objects.filter(player=drop).update(player=keep)
        try:
            drop.delete()
        except ProtectedError:
            # Something else still names the player: undo the whole merge.
            raise MergeRefused(
                _("%(name)s is still used elsewhere and cannot be merged.") % {"name": drop.name}
            ) from None
    return moved + places


def _check_not_in_one_tournament(keep: Player, drop: Player) -> None:
    """Raise MergeRefused when both players play in one tournament, played or imported."""
    shared = (
        Registration.objects.filter(player=keep)
        .filter(tournament__in=Registration.objects.filter(player=drop).values("tournament"))
        .select_related("tournament")
        .first()
    )
    if shared is not None:
        raise _both_play(keep, drop, shared.tournament)
    # An imported ranking is a tournament too: one person cannot hold two of its places.
    shared_place = (
        ImportedPlace.objects.filter(player=keep)
        .filter(ranking__in=ImportedPlace.objects.filter(player=drop).values("ranking"))
        .select_related("ranking__tournament")
        .first()
    )
    if shared_place is not None:
        raise _both_play(keep, drop, shared_place.ranking.tournament)


def _both_play(keep: Player, drop: Player, tournament: Tournament) -> MergeRefused:
    """Return the refusal naming the tournament both players play in."""
    return MergeRefused(
        _("%(a)s and %(b)s both play in %(tournament)s; they cannot be merged.")
        % {"a": keep.name, "b": drop.name, "tournament": tournament.name}
    )


def _move_places(keep: Player, drop: Player, user: object) -> int:
    """Move drop's imported places to keep, each recorded in its tournament's history; return
    how many moved."""
    # A moved place is recorded in its own tournament's history, as a moved registration is.
    places = list(ImportedPlace.objects.filter(player=drop).select_related("ranking"))
    for place in places:
        history.record(
            place.ranking.tournament_id,
            Change.Kind.PLACE,
            place.pk,
            Change.Action.UPDATE,
            place_state(place, drop),
            place_state(place, keep),
            user,
        )
    ImportedPlace.objects.filter(player=drop).update(player=keep)
    return len(places)


def _move_registrations(keep: Player, drop: Player, user: object) -> int:
    """Move drop's registrations to keep, each recorded in its tournament's history; return how
    many moved."""
    moved = list(Registration.objects.filter(player=drop))
    for reg in moved:
        before = history.registration_state(reg)
        reg.player = keep
        history.record(
            reg.tournament_id,
            Change.Kind.REGISTRATION,
            reg.pk,
            Change.Action.UPDATE,
            before,
            history.registration_state(reg),
            user,
        )
    Registration.objects.filter(player=drop).update(player=keep)
    return len(moved)
