"""Finding players as one types: the list of matches a director registers from."""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tarock_cup.register.registering import findable_players, listed
from tarock_cup.register.search import MAX_QUERY_LENGTH, find_players
from tarock_cup.tournaments.access import directed_tournaments, get_tournament_for_director
from tarock_cup.tournaments.models import Registration, Tournament


def found_context(
    user: Any, query: str, tournament: Tournament | None, registration: Registration | None
) -> dict[str, Any]:
    """Return what the list of matches shows: the players found, and the button each gets."""
    query = query[:MAX_QUERY_LENGTH]
    players = find_players(query, findable_players(user)) if query.strip() else []
    context: dict[str, Any] = {"query": query, "found": listed(players, tournament)}
    if registration is not None and tournament is not None:
        context |= {
            "action": reverse("registration_edit", args=[tournament.slug, registration.pk]),
            "field": "swap",
            "button": _("Take instead"),
        }
    elif tournament is not None:
        context |= {
            "action": reverse("registrations", args=[tournament.slug]),
            "field": "pick",
            "button": _("Register"),
        }
    return context


@login_required
def player_find(request: HttpRequest) -> HttpResponse:
    """Return the players a query finds, as the list the registration page shows (a fragment)."""
    if not directed_tournaments(request.user).exists():
        raise PermissionDenied
    tournament = registration = None
    if slug := request.GET.get("t"):
        tournament = get_tournament_for_director(request.user, slug)
    if tournament is not None and (registration_id := request.GET.get("r", "")).isdigit():
        registration = get_object_or_404(tournament.registrations, pk=int(registration_id))
    context = found_context(request.user, request.GET.get("q", ""), tournament, registration)
    return render(request, "register/found_players.html", context)
