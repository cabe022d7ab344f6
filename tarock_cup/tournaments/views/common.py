"""Small helpers the director's pages share: the confirmation page, a posted number, hands due."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tarock_cup.tournaments.models import Tournament


def add_hands_due(tournament: Tournament, tables: Any) -> None:
    """Give each table (seats prefetched) the number of hands it plays this round."""
    for table in tables:
        table.hands_due = tournament.hands_for(len(table.seats.all()))


def posted_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def confirm(request: HttpRequest, tournament: Tournament, **question: Any) -> HttpResponse:
    """Return the page that asks the director to confirm a step (posted again to the same URL)."""
    context = {"tournament": tournament, "action": request.path, "fields": {}, "points": []}
    return render(request, "tournaments/confirm.html", context | question)
