""" "Wo sitze ich?": a player finds their table and seat; the seating list for the wall."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tarock_cup.tournaments import naming, seat_finder
from tarock_cup.tournaments.access import get_tournament_for_user

# A name or a number is short; a longer query is cut rather than searched.
QUERY_LENGTH = 60


@require_safe
def where_do_i_sit(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the search for one's seat and, once typed, the players it finds."""
    tournament = get_tournament_for_user(request.user, slug)
    query = request.GET.get("q", "").strip()[:QUERY_LENGTH]
    full = naming.sees_full_names(request.user, tournament)
    return render(
        request,
        "tournaments/seat.html",
        {
            "tournament": tournament,
            "query": query,
            "search": seat_finder.find_seats(tournament, query, full) if query else None,
            "full_names": full,
            "rounds": seat_finder.rounds_shown(tournament),
            "min_letters": seat_finder.MIN_LETTERS,
        },
    )


@require_safe
def seat_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the seating list for the wall: every player's table and seat, sorted by name."""
    tournament = get_tournament_for_user(request.user, slug)
    rounds = seat_finder.rounds_shown(tournament)
    full = naming.sees_full_names(request.user, tournament)
    return render(
        request,
        "tournaments/seat_list.html",
        {
            "tournament": tournament,
            "lists": [(round_, seat_finder.wall_list(round_, full)) for round_ in rounds],
        },
    )
