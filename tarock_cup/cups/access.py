"""Who may see a cup and who may act on it: the one lookup every cup view goes through.

A hidden cup is a 404 to everyone but its owner, members and superusers; what a member may
change is their role's (`Cup.role_of` and the rights beside it), else 403.
"""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from tarock_cup.cups.models import Cup


def visible_cups(user: Any) -> QuerySet[Cup]:
    """Return the cups the user may see: the public ones and those they own or belong to."""
    if user.is_superuser:
        return Cup.objects.all()
    if user.is_authenticated:
        return Cup.objects.filter(Q(public=True) | Q(owner=user) | Q(members=user)).distinct()
    return Cup.objects.filter(public=True)


def get_cup_for_user(user: Any, slug: str, may: Callable[[Cup, Any], bool] | None = None) -> Cup:
    """Return the cup if the user may see it and has the right `may` asks for (one of Cup's
    rights, e.g. `Cup.manages_tournaments`)."""
    cup = get_object_or_404(visible_cups(user).select_related("owner"), slug=slug)
    if may is not None and not may(cup, user):
        raise PermissionDenied
    return cup
