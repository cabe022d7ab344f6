"""Small helpers the director's pages share: the confirmation page, a posted number."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tarock_cup.tournaments.models import Tournament


def posted_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def confirm(request: HttpRequest, tournament: Tournament, **question: Any) -> HttpResponse:
    """Return the page that asks the director to confirm a step (posted again to the same URL)."""
    context = {"tournament": tournament, "action": request.path, "fields": {}, "points": []}
    return render(request, "tournaments/confirm.html", context | question)
