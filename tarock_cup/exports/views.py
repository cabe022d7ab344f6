"""Downloads: the whole tournament as a workbook, the standings as a workbook or CSV.

Whoever may see the tournament may download it; a hidden tournament is a 404 to others, as on
the tournament's pages.
"""

import tempfile
from collections.abc import Callable
from typing import IO

from django.http import FileResponse, Http404, HttpRequest, HttpResponse

from tarock_cup.exports import workbook
from tarock_cup.tournaments.models import Tournament
from tarock_cup.tournaments.views import _get_tournament_for_user

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _tournament(request: HttpRequest, slug: str, number: int | None) -> Tournament:
    tournament = _get_tournament_for_user(request, slug)
    if number is not None and not tournament.rounds.filter(number=number).exists():
        raise Http404
    return tournament


def _filename(slug: str, number: int | None, kind: str, extension: str) -> str:
    round_part = f"-r{number}" if number is not None else ""
    return f"{slug}{round_part}{kind}.{extension}"


def _xlsx_response(write: Callable[[IO[bytes]], None], filename: str) -> FileResponse:
    # The response closes the file, which deletes it: no context manager here.
    out = tempfile.TemporaryFile()  # noqa: SIM115
    try:
        write(out)
        out.seek(0)
    except BaseException:
        out.close()
        raise
    return FileResponse(out, as_attachment=True, filename=filename, content_type=XLSX)


def tournament_xlsx(request: HttpRequest, slug: str) -> FileResponse:
    """Return the whole tournament as a workbook: standings, seating and every score block."""
    tournament = _tournament(request, slug, None)
    return _xlsx_response(
        lambda out: workbook.tournament_workbook(tournament, out),
        _filename(slug, None, "", "xlsx"),
    )


def standings_xlsx(request: HttpRequest, slug: str, number: int | None = None) -> FileResponse:
    """Return the standings (overall, or one round's) as a workbook."""
    tournament = _tournament(request, slug, number)
    return _xlsx_response(
        lambda out: workbook.standings_workbook(tournament, out, number),
        _filename(slug, number, "-standings", "xlsx"),
    )


def standings_csv(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Return the standings as CSV (semicolons, UTF-8 with BOM) for Excel."""
    tournament = _tournament(request, slug, number)
    response = HttpResponse(
        workbook.standings_csv(tournament, number), content_type="text/csv; charset=utf-8"
    )
    name = _filename(slug, number, "-standings", "csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
