"""The change log: one place that records who changed what, before and after."""

from typing import Any

from tarock_cup.tournaments.models import Change, Registration, Seat, Tournament


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
) -> Change:
    """Record one change; anonymous users are stored as nobody (`by_table`: made through the
    table's own link).

    Every change goes through here, so here the tournament's version is raised too (in the
    caller's transaction): the live pages see the change at their next poll.
    """
    Tournament.bump_version(tournament_id)
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


def seat_state(seat: Seat) -> dict[str, Any]:
    """Return what the history keeps of a seat."""
    return {
        "round": seat.round_id,
        "table": seat.table_id,
        "position": seat.position,
        "player": seat.player_id,
    }


def registration_state(registration: Registration) -> dict[str, Any]:
    """Return what the history keeps of a registration."""
    return {
        "player": registration.player_id,
        "checked_in": registration.checked_in,
        "withdrawn": registration.withdrawn,
    }
