"""Who may do what with a national final: organisers of cups create one, its organiser runs it,
and each cup's organisers speak for their cup (consent, declined places)."""

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from tarock_cup.cups.models import Cup, CupRole
from tarock_cup.national.models import NationalCup, NationalFinal


def organised_cups(user: Any) -> QuerySet[Cup]:
    """Return the cups the user is an organiser of (their own and those they organise)."""
    if not getattr(user, "is_authenticated", False):
        return Cup.objects.none()
    if user.is_superuser:
        return Cup.objects.all()
    organises = Q(memberships__user=user, memberships__role=CupRole.ORGANISER)
    return Cup.objects.filter(pk__in=Cup.objects.filter(Q(owner=user) | organises).values("pk"))


def may_create_final(user: Any) -> bool:
    """Return whether the user may create a national final: an organiser of some cup."""
    return organised_cups(user).exists()


def get_final(slug: str) -> NationalFinal:
    """Return the national final (public: anyone may read its ranking)."""
    return get_object_or_404(NationalFinal.objects.select_related("organiser"), slug=slug)


def get_final_for_organiser(user: Any, slug: str) -> NationalFinal:
    """Return the national final if the user runs it, else raise PermissionDenied."""
    final = get_final(slug)
    if not final.is_organiser(user):
        raise PermissionDenied
    return final


def get_entry(final: NationalFinal, cup_slug: str) -> NationalCup:
    """Return the cup's entry in the final (404 if it is not invited)."""
    return get_object_or_404(
        NationalCup.objects.select_related("cup", "final"), final=final, cup__slug=cup_slug
    )


def speaks_for_cup(user: Any, entry: NationalCup) -> bool:
    """Return whether the user may mark the cup's declined places: one of the cup's organisers
    or the final's organiser."""
    return entry.cup.is_organiser(user) or entry.final.is_organiser(user)
