"""Who may see and who may direct a tournament: the access checks every app's views use alike.

A hidden tournament is seen only by its owner, its directors and superusers; whatever shows a
tournament's players or results (its own pages, a cup's season, an export) asks here first.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from tarock_cup.tournaments.errors import PlayedElsewhere
from tarock_cup.tournaments.models import Table, Tournament


class SignedInRequest(HttpRequest):
    """A request that login_required let through: its user is signed in (for the type checker)."""

    user: User


def own_tournaments(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments the user owns or is named a director of (all for a superuser).

    Only these may a user put into a cup: directing a tournament through a cup must not let
    anyone pass it on to another cup's people.
    """
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    # A subquery, not a join: the result stays free of duplicates and combines with filters.
    named = Tournament.objects.filter(Q(owner=user) | Q(directors=user)).values("pk")
    return Tournament.objects.filter(pk__in=named)


def directed_tournaments(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments the user directs: their own and those of the cups they are a
    member (any role) or the owner of (all for a superuser)."""
    if not getattr(user, "is_authenticated", False) or user.is_superuser:
        return own_tournaments(user)
    # Named as strings: the tournaments app does not import the cups above it.
    in_cups = Tournament.objects.filter(
        Q(cup_entries__cup__owner=user) | Q(cup_entries__cup__memberships__user=user)
    ).values("pk")
    return own_tournaments(user) | Tournament.objects.filter(pk__in=in_cups)


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments the user may see: the public ones and those they direct."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.filter(public=True)
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(public=True) | Q(pk__in=directed_tournaments(user)))


def get_tournament_for_user(user: Any, slug: str) -> Tournament:
    """Return the tournament if the user may see it; a hidden one is a 404 to others."""
    return get_object_or_404(visible_tournaments(user), slug=slug)


def get_tournament_for_director(user: Any, slug: str) -> Tournament:
    """Return the tournament if the user directs it (404 where hidden from them, else 403)."""
    tournament = get_tournament_for_user(user, slug)
    if not tournament.is_director(user):
        raise PermissionDenied
    return tournament


def may_set_directors(user: Any, tournament: Tournament | None) -> bool:
    """Return whether the user may choose the tournament's directors (owner or superuser)."""
    return bool(user.is_superuser or tournament is None or tournament.owner_id == user.pk)


def get_table(tournament: Tournament, round_number: int, table_number: int) -> Table:
    """Return the tournament's table `table_number` of round `round_number` (404 if none)."""
    return get_object_or_404(
        Table.objects.select_related("round"),
        round__tournament=tournament,
        round__number=round_number,
        number=table_number,
    )


def played_here(tournament: Tournament) -> Tournament:
    """Return the tournament if it is played here; raise PlayedElsewhere when it is only an
    imported final ranking (answered by `refuse_if_imported`, see tournaments/middleware.py)."""
    if tournament.imported:
        raise PlayedElsewhere(tournament)
    return tournament


def refuse_if_imported(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """Return a redirect saying why, when the tournament is only an imported final ranking."""
    if not tournament.imported:
        return None
    # Its ranking is the imported file's: a round, a registration or a hand here would be a second
    # ranking beside it.
    messages.error(
        request,
        _(
            "%(name)s is a final ranking imported without hands: no rounds are drawn, no players "
            "registered and no hands entered here. To correct it, import the ranking again in "
            "its cup."
        )
        % {"name": tournament.name},
    )
    return redirect(tournament)
