"""Small helpers the director's pages share: the confirmation page, a posted number, the table
or round a director acts on."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tarock_cup.tournaments.access import get_table, get_tournament_for_director
from tarock_cup.tournaments.models import Round, Table, Tournament


def posted_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def confirm(request: HttpRequest, tournament: Tournament, **question: Any) -> HttpResponse:
    """Return the page that asks the director to confirm a step (posted again to the same URL)."""
    context = {"tournament": tournament, "action": request.path, "fields": {}, "points": []}
    return render(request, "tournaments/confirm.html", context | question)


def director_table(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> tuple[Tournament, Table]:
    """Return the tournament the signed-in user directs and its table (404 if either is not
    there or not theirs): how every director's action on one table finds what it acts on."""
    tournament = get_tournament_for_director(request.user, slug)
    return tournament, get_table(tournament, round_number, table_number)


def director_round(request: HttpRequest, slug: str, number: int) -> tuple[Tournament, Round]:
    """Return the tournament the signed-in user directs and its round `number` (404 if either
    is not there or not theirs): what each director's action on a round acts on."""
    tournament = get_tournament_for_director(request.user, slug)
    return tournament, get_object_or_404(tournament.rounds, number=number)
