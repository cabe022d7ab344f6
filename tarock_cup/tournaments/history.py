"""The change log: one place that records who changed what, before and after."""

from typing import Any

from django.forms.models import model_to_dict

from tarock_cup.tournaments.models import Change, Registration, Round, Seat, Tournament


def record(
    tournament_id: int,
    kind: str,
    object_id: int,
    action: str,
    before: Any,
    after: Any,
    user: Any,
    table_id: int | None = None,
    *,
    by_table: bool = False,
    clock: bool = False,
) -> Change:
    """Record one change; anonymous users are stored as nobody (`by_table`: made through the
    table's own link; `clock`: a change of the clock of round `object_id` alone).

    Every change goes through here, so here the versions of what shows it are raised too (in
    the caller's transaction): the live pages see the change at their next poll. A round's
    clock is shown by that round's pages only, not by the standings.
    """
    if clock:
        Round.bump_clock(object_id)
    else:
        Tournament.bump_version(tournament_id, rounds=table_id is None)
    return Change.objects.create(
        tournament_id=tournament_id,
        table_id=table_id,
        kind=kind,
        object_id=object_id,
        action=action,
        before=before,
        after=after,
        user=user if getattr(user, "is_authenticated", False) else None,
        by_table=by_table,
    )


def record_registration(
    registration: Registration, before: dict[str, Any] | None, user: Any, after: Any = None
) -> Change:
    """Record a registration made (`before` None) or changed; `after` is its state now
    (`registration_state`) unless given."""
    return record(
        registration.tournament_id,
        Change.Kind.REGISTRATION,
        registration.pk,
        Change.Action.CREATE if before is None else Change.Action.UPDATE,
        before,
        registration_state(registration) if after is None else after,
        user,
    )


def seat_state(seat: Seat) -> dict[str, Any]:
    """Return what the history keeps of a seat."""
    # A seat's round, table and player are kept by their ids.
    return model_to_dict(seat, fields=["round", "table", "position", "player"])


def tariff_state(tariff: Any) -> dict[str, Any]:
    """Return what the history keeps of a tournament's tariff: its name and version as they read
    then (the ruleset's own numbers: no tariff)."""
    if tariff is None:
        return {"tariff": None}
    return {"tariff": tariff.pk, "name": tariff.name, "version": tariff.version}


def record_tariff_move(tournament: Tournament, was: Any, hands: int, user: Any) -> Change | None:
    """Record the tournament's move from the tariff `was` to its own now, with the number of
    hands scored anew; nothing when it kept its tariff."""
    if getattr(was, "pk", None) == tournament.tariff_id:
        return None
    return record(
        tournament.pk,
        Change.Kind.TARIFF,
        tournament.pk,
        Change.Action.UPDATE,
        tariff_state(was),
        {**tariff_state(tournament.tariff), "hands": hands},
        user,
    )


def tariff_moves(tournament: Tournament) -> list[Change]:
    """Return the tournament's moves from one tariff to another, newest first."""
    return list(
        Change.objects.filter(tournament=tournament, kind=Change.Kind.TARIFF).select_related("user")
    )


def registration_state(registration: Registration) -> dict[str, Any]:
    """Return what the history keeps of a registration."""
    return {
        "player": registration.player_id,
        "checked_in": registration.checked_in,
        "withdrawn": registration.withdrawn,
    }
