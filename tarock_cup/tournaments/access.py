"""Which tournaments a user may see and which they direct, as querysets every app uses alike.

A hidden tournament is seen only by its owner, its directors and superusers; whatever shows a
tournament's players or results (its own pages, a cup's season, an export) asks here first.
"""

from typing import Any

from django.db.models import Q, QuerySet

from tarock_cup.tournaments.models import Tournament


def directed_tournaments(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments the user directs: owns or was added to (all for a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    # A subquery, not a join: the result stays free of duplicates and combines with filters.
    directed = Tournament.objects.filter(Q(owner=user) | Q(directors=user)).values("pk")
    return Tournament.objects.filter(pk__in=directed)


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments the user may see: the public ones and those they direct."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.filter(public=True)
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(public=True) | Q(pk__in=directed_tournaments(user)))
