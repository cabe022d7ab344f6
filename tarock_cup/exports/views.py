"""Downloads: the whole tournament as a workbook, the standings as a workbook or CSV.

Whoever may see the tournament may download it; a hidden tournament is a 404 to others, as on
the tournament's pages.
"""

from django.http import FileResponse, Http404, HttpRequest, HttpResponse

from tarock_cup import downloads
from tarock_cup.exports import workbook
from tarock_cup.tournaments.access import get_tournament_for_user
from tarock_cup.tournaments.models import Tournament
from tarock_cup.tournaments.naming import sees_full_names


def _tournament(request: HttpRequest, slug: str, number: int | None) -> Tournament:
    tournament = get_tournament_for_user(request.user, slug)
    if number is not None and not tournament.rounds.filter(number=number).exists():
        raise Http404
    return tournament


def _filename(slug: str, number: int | None, kind: str, extension: str) -> str:
    round_part = f"-r{number}" if number is not None else ""
    return f"{slug}{round_part}{kind}.{extension}"


def tournament_xlsx(request: HttpRequest, slug: str) -> FileResponse:
    """Return the whole tournament as a workbook: standings, seating and every score block."""
    tournament = _tournament(request, slug, None)
    full_names = sees_full_names(request.user, tournament)
    # the day's money is the directors' (and the tables'): never in the public's workbook
    money = tournament.is_director(request.user)
    return downloads.workbook(
        lambda out: workbook.tournament_workbook(tournament, out, full_names, money),
        _filename(slug, None, "", "xlsx"),
    )


def standings_xlsx(request: HttpRequest, slug: str, number: int | None = None) -> FileResponse:
    """Return the standings (overall, or one round's) as a workbook."""
    tournament = _tournament(request, slug, number)
    full_names = sees_full_names(request.user, tournament)
    return downloads.workbook(
        lambda out: workbook.standings_workbook(tournament, out, number, full_names),
        _filename(slug, number, "-standings", "xlsx"),
    )


def standings_csv(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Return the standings as CSV (semicolons, UTF-8 with BOM) for Excel."""
    tournament = _tournament(request, slug, number)
    return downloads.attachment(
        workbook.standings_csv(tournament, number, sees_full_names(request.user, tournament)),
        _filename(slug, number, "-standings", "csv"),
        "text/csv; charset=utf-8",
    )
