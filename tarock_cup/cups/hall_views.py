"""A cup's hall of fame page: its series' winners and records (`hall_of_fame` computes them)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tarock_cup.cups.access import get_cup_for_user
from tarock_cup.cups.hall_of_fame import kept_hall_of_fame


@require_safe
def hall_of_fame(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the hall of fame of the cup's series, as the public sees it."""
    cup = get_cup_for_user(request.user, slug)
    # Public names for everyone: the hall is the same page for all who may see the cup.
    context = {"cup": cup, "hall": kept_hall_of_fame(cup), "full_names": False}
    return render(request, "cups/hall_of_fame.html", context)
