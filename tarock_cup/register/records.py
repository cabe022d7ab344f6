"""Keeping a register record right: correcting a name or club, merging two records of one
person, undoing a merge exactly.

These functions apply a change that was allowed already (`proposals.py` decides whether it is
applied at once or waits for other organisers). Each one runs in one transaction and records
itself as a `PlayerChange`; a refusal (`RecordRefused`) changes nothing.
"""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import ProtectedError, Q, QuerySet
from django.utils.translation import gettext as _

from tarock_cup.cups.access import visible_cups
from tarock_cup.cups.models import Cup, ImportedPlace
from tarock_cup.cups.players import place_state
from tarock_cup.register.homes import keeps
from tarock_cup.register.models import PlayerChange
from tarock_cup.register.privacy import refresh_pages
from tarock_cup.tournaments import history
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Change, Player, Registration, Seat, Tournament


class RecordRefused(Exception):
    """Why a record cannot be changed, in the user's language."""


# What a merge keeps of the record it drops, to bring it back exactly.
RECORD_FIELDS = (
    "pk",
    "number",
    "name",
    "club",
    "home_cup_id",
    "home_organiser_id",
    "private",
    "forgotten",
)


def record_fields(player: Player) -> dict[str, Any]:
    """Return the record's own fields as the register's log keeps them."""
    return {field: getattr(player, field) for field in RECORD_FIELDS}


def tournaments_of(players: Iterable[Player]) -> QuerySet[Tournament]:
    """Return the tournaments the players play in: registered, seated or placed (imported)."""
    pks = [player.pk for player in players]
    return Tournament.objects.filter(
        Q(pk__in=Registration.objects.filter(player__in=pks).values("tournament"))
        | Q(pk__in=Seat.objects.filter(player__in=pks).values("round__tournament"))
        | Q(pk__in=ImportedPlace.objects.filter(player__in=pks).values("ranking__tournament"))
    )


def may_see_record(user: Any, player: Player) -> bool:
    """Return whether the user may see the record: its keepers and the directors of a
    tournament the player plays in (they meet the player; nobody else needs the record)."""
    if keeps(user, player):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return tournaments_of([player]).filter(Q(owner=user) | Q(directors=user)).exists()


def shown_tournaments(user: Any, player: Player) -> QuerySet[Tournament]:
    """Return the player's tournaments the user may see (a hidden one stays hidden)."""
    visible = visible_tournaments(user).values("pk")
    return tournaments_of([player]).filter(pk__in=visible).order_by("-date", "name")


def shown_cups(user: Any, player: Player) -> QuerySet[Cup]:
    """Return the cups of the player's visible tournaments that the user may see."""
    cups = visible_cups(user).filter(
        entries__tournament__in=shown_tournaments(user, player).values("pk")
    )
    return Cup.objects.filter(pk__in=cups.values("pk"))


def formerly(player: Player) -> list[str]:
    """Return the record's earlier names and clubs ("Anna Hubert (Wattens)"), newest first.

    Taken from its corrections in the register's log; the present name is left out.
    """
    return formerly_of([player]).get(player.pk, [])


def formerly_of(players: Iterable[Player]) -> dict[int, list[str]]:
    """Return the earlier names and clubs of many records at once (one query), by record id:
    for a list of players that shows a "formerly" line beside each name."""
    present = {player.pk: str(player) for player in players}
    earlier: dict[int, list[str]] = {}
    corrections = PlayerChange.objects.filter(
        player__in=list(present), kind=PlayerChange.Kind.CORRECT
    ).order_by("-at", "-pk")
    for player_id, stored in corrections.values_list("player", "before"):
        before = stored or {}
        # As Player.__str__ writes it; not through a Player: a new one draws a number.
        name, club = before.get("name", ""), before.get("club", "")
        label = f"{name} ({club})" if club else name
        labels = earlier.setdefault(player_id, [])
        if label != present[player_id] and label not in labels:
            labels.append(label)
    return {pk: labels for pk, labels in earlier.items() if labels}


def check_keeps(user: Any, *players: Player) -> None:
    """Raise RecordRefused unless the user keeps every one of the records."""
    if not all(keeps(user, player) for player in players):
        # Not named: the other record may be someone else's, seen in a hidden tournament.
        raise RecordRefused(
            _(
                "Only the organisers of a record's home change it; one of these records is "
                "kept by someone else. Ask its home's organisers."
            )
        )


def correct_record(player: Player, name: str, club: str, user: Any) -> PlayerChange:
    """Set the record's name and club, recorded as a correction with what it was before."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        before = {"name": player.name, "club": player.club}
        after = {"name": name, "club": club}
        if before == after:
            raise RecordRefused(_("The name and club are unchanged; nothing was saved."))
        player.name, player.club = name, club
        player.save(update_fields=["name", "club"])
        # Every page showing the player (and its validator and shared copy) follows the
        # versions of the tournaments the player is in: raise them, as a privacy change does.
        refresh_pages(player)
        return _log(PlayerChange.Kind.CORRECT, player, player.home_cup, before, after, user)


def merge_records(keep: Player, drop: Player, user: Any) -> PlayerChange:
    """Move every registration, seat and imported place of `drop` to `keep`, then delete `drop`.

    Each moved registration and place is recorded in its tournament's history too. Refused
    (changing nothing) while both play in one tournament: their seats and scores there cannot
    be one row. The register's entry keeps the dropped record and every row moved, for the undo.
    """
    if keep.pk == drop.pk:
        raise RecordRefused(_("A player cannot be merged with themselves."))
    with transaction.atomic():
        # Locked: a registration of either player made meanwhile waits until the merge is done.
        list(Player.objects.select_for_update().filter(pk__in=[keep.pk, drop.pk]))
        check_not_in_one_tournament(keep, drop)
        moved = _move_rows(drop, keep, user)
        moved["register_changes"] = list(
            PlayerChange.objects.filter(player=drop).values_list("pk", flat=True)
        )
        before = record_fields(drop)
        try:
            drop.delete()
        except ProtectedError:
            # Something else still names the player: undo the whole merge.
            raise RecordRefused(
                _("%(name)s is still used elsewhere and cannot be merged.") % {"name": drop.name}
            ) from None
        after = record_fields(keep)
        return _log(PlayerChange.Kind.MERGE, keep, keep.home_cup, before, after, user, moved)


def _log(
    kind: str,
    player: Player,
    cup: Cup | None,
    before: dict[str, Any],
    after: dict[str, Any],
    user: Any,
    moved: dict[str, list[int]] | None = None,
) -> PlayerChange:
    """Write the register's entry of a change to the record (anonymous: by nobody)."""
    return PlayerChange.objects.create(
        player=player,
        number=player.number,
        kind=kind,
        cup=cup,
        before=before,
        after=after,
        moved=moved or {},
        by=user if getattr(user, "is_authenticated", False) else None,
    )


def check_not_in_one_tournament(keep: Player, drop: Player) -> None:
    """Raise RecordRefused when both players play in one tournament, played or imported."""
    shared = (
        tournaments_of([keep])
        .filter(pk__in=tournaments_of([drop]).values("pk"))
        .order_by("date", "pk")
        .first()
    )
    if shared is not None:
        raise RecordRefused(
            _("%(a)s and %(b)s both play in %(tournament)s; they cannot be merged.")
            % {"a": keep.name, "b": drop.name, "tournament": shared.name}
        )


def _move_rows(
    source: Player, target: Player, user: Any, only: dict[str, list[int]] | None = None
) -> dict[str, list[int]]:
    """Move the source's registrations, seats and places (all, or `only` these ids) to the
    target; record each moved registration and place in its tournament's history.

    Return the ids moved, and the history entries written, by kind.
    """
    registrations = Registration.objects.filter(player=source)
    seats = Seat.objects.filter(player=source)
    places = ImportedPlace.objects.filter(player=source).select_related("ranking")
    if only is not None:
        registrations = registrations.filter(pk__in=only["registrations"])
        seats = seats.filter(pk__in=only["seats"])
        places = places.filter(pk__in=only["places"])
    recorded: list[int] = []
    for registration in registrations:
        before = history.registration_state(registration)
        registration.player = target
        after = history.registration_state(registration)
        recorded.append(history.record_registration(registration, before, user, after).pk)
    for place in places:
        recorded.append(
            history.record(
                place.ranking.tournament_id,
                Change.Kind.PLACE,
                place.pk,
                Change.Action.UPDATE,
                place_state(place, source),
                place_state(place, target),
                user,
            ).pk
        )
    moved = {
        "registrations": sorted(registrations.values_list("pk", flat=True)),
        "seats": sorted(seats.values_list("pk", flat=True)),
        "places": sorted(places.values_list("pk", flat=True)),
        "history": recorded,
    }
    Registration.objects.filter(pk__in=moved["registrations"]).update(player=target)
    Seat.objects.filter(pk__in=moved["seats"]).update(player=target)
    ImportedPlace.objects.filter(pk__in=moved["places"]).update(player=target)
    return moved


def split_merge(merge: PlayerChange, user: Any) -> PlayerChange:
    """Undo a merge: bring the dropped record back (same id, number and fields) and move back
    exactly the rows the merge moved.

    Refused, changing nothing, when that is no longer exact: the merge was undone already, the
    kept record is gone, a moved row changed hands or went, or the kept player was seated since
    in a tournament that moves back.
    """
    with transaction.atomic():
        merge = PlayerChange.objects.select_for_update().get(pk=merge.pk)
        keep = _mergeable_back(merge)
        check_keeps(user, keep)
        Player.objects.select_for_update().filter(pk=keep.pk).first()
        _check_rows_still_moved(merge, keep)
        dropped = _restored_record(merge.before or {})
        moved = _move_rows(keep, dropped, user, only=merge.moved)
        PlayerChange.objects.filter(
            pk__in=merge.moved.get("register_changes", []), player=None
        ).update(player=dropped)
        before, after = record_fields(keep), record_fields(dropped)
        split = _log(PlayerChange.Kind.SPLIT, dropped, merge.cup, before, after, user, moved)
        merge.undone_by = split
        merge.save(update_fields=["undone_by"])
        return split


def _mergeable_back(merge: PlayerChange) -> Player:
    """Return the kept record of a merge that can still be undone; refuse otherwise."""
    if merge.kind != PlayerChange.Kind.MERGE:
        raise RecordRefused(_("Only a merge can be undone here."))
    if merge.undone_by_id is not None:
        raise RecordRefused(_("This merge was undone already."))
    if merge.player is None:
        raise RecordRefused(_("The record kept by this merge is gone; it cannot be undone."))
    return merge.player


def _check_rows_still_moved(merge: PlayerChange, keep: Player) -> None:
    """Raise RecordRefused unless every row the merge moved is still the kept player's, the
    dropped record's id and number are free, and no seat of the kept player was added since in
    a tournament that moves back."""
    before, moved = merge.before or {}, merge.moved
    rows = (
        (Registration, moved.get("registrations", [])),
        (Seat, moved.get("seats", [])),
        (ImportedPlace, moved.get("places", [])),
    )
    for model, ids in rows:
        if model.objects.filter(pk__in=ids, player=keep).count() != len(ids):
            raise RecordRefused(
                _(
                    "Since the merge some of the rows it moved were changed or removed; it "
                    "cannot be undone exactly."
                )
            )
    if Player.objects.filter(Q(pk=before.get("pk")) | Q(number=before.get("number"))).exists():
        raise RecordRefused(
            _("The number %(number)s is taken again; the merge cannot be undone.")
            % {"number": before.get("number")}
        )
    moving_back = Registration.objects.filter(pk__in=moved.get("registrations", []))
    seated_since = (
        Seat.objects.filter(player=keep, round__tournament__in=moving_back.values("tournament"))
        .exclude(pk__in=moved.get("seats", []))
        .select_related("round__tournament")
        .first()
    )
    if seated_since is not None:
        raise RecordRefused(
            _(
                "Since the merge %(name)s was seated again in %(tournament)s, which would move "
                "back; the merge cannot be undone."
            )
            % {"name": keep.name, "tournament": seated_since.round.tournament.name}
        )


def _restored_record(before: dict[str, Any]) -> Player:
    """Create the dropped record again, with its id, number and fields as they were."""
    fields = {field: before.get(field) for field in RECORD_FIELDS}
    # A home that went meanwhile is not brought back: the record is settled again on use.
    cup, organiser = fields["home_cup_id"], fields["home_organiser_id"]
    if cup is not None and not Cup.objects.filter(pk=cup).exists():
        fields["home_cup_id"] = None
    if organiser is not None and not User.objects.filter(pk=organiser).exists():
        fields["home_organiser_id"] = None
    player = Player(**fields)
    player.save(force_insert=True)
    return player
