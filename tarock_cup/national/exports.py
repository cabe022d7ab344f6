"""The national ranking's downloads: CSV and Excel as the page shows it, and the ÖF JSON
(docs/oef-format.md) that `python -m scoring.oef` ranks identically."""

import csv
import io
import json
from typing import IO, Any

from django.http import FileResponse, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook

from scoring.oef import OefError, oef_to_json
from tarock_cup import downloads
from tarock_cup.exports.workbook import clean
from tarock_cup.national import access
from tarock_cup.national.ranking import National, build_national
from tarock_cup.national.rows import ranking_rows
from tarock_cup.tournaments.display import upload_error_text


def _text(value: str) -> str:
    # A cell starting with = + - @ would be a formula in a spreadsheet: quote it as text.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def ranking_table(national: National) -> tuple[list[str], list[list[Any]]]:
    """Return the ranking's heading and lines, as the page shows them."""
    heading = [
        pgettext("export column", "Rank"),
        _("Name"),
        _("Number"),
        pgettext("export column", "Club"),
        _("Total"),
        _("Qualifying points"),
        _("From cup"),
        _("Final rank"),
        _("Final points"),
        _("Cups"),
    ]
    lines = [
        [
            row.rank,
            _text(row.name),
            row.player.number,
            _text(row.player.club),
            row.total,
            row.qualifying,
            _text(row.from_cup),
            row.final_rank,
            row.final_points,
            _text("; ".join(f"{cup} {rank}. ({points})" for cup, rank, points in row.cups)),
        ]
        for row in ranking_rows(national)
    ]
    return heading, lines


def national_csv_bytes(national: National) -> bytes:
    """Return the ranking as CSV: semicolons, UTF-8 with a BOM so Excel reads umlauts."""
    heading, lines = ranking_table(national)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(heading)
    writer.writerows(["" if cell is None else cell for cell in line] for line in lines)
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def national_workbook(national: National, out: IO[bytes]) -> None:
    """Write the ranking as a workbook, every number a number."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("National ranking"))
    sheet.append([clean(str(national.final))])
    if national.ranking.provisional:
        sheet.append([_("Provisional")])
    heading, lines = ranking_table(national)
    for line in (heading, *lines):
        sheet.append([clean(cell) if isinstance(cell, str) else cell for cell in line])
    book.save(out)


def national_json_text(national: National) -> str:
    """Return the national final as the ÖF JSON document (players by their public number)."""
    return json.dumps(oef_to_json(national.oef), ensure_ascii=False, indent=1)


def _national(slug: str) -> National | HttpResponse:
    try:
        return build_national(access.get_final(slug))
    except OefError as error:
        return HttpResponse(upload_error_text(error), status=409, content_type="text/plain")


def national_csv(request: HttpRequest, slug: str) -> HttpResponse:
    national = _national(slug)
    if isinstance(national, HttpResponse):
        return national
    content = national_csv_bytes(national)
    return downloads.attachment(content, f"{slug}-national.csv", "text/csv; charset=utf-8")


def national_xlsx(request: HttpRequest, slug: str) -> HttpResponse | FileResponse:
    national = _national(slug)
    if isinstance(national, HttpResponse):
        return national
    return downloads.workbook(lambda out: national_workbook(national, out), f"{slug}-national.xlsx")


def national_json(request: HttpRequest, slug: str) -> HttpResponse:
    national = _national(slug)
    if isinstance(national, HttpResponse):
        return national
    text = national_json_text(national)
    return downloads.attachment(text.encode("utf-8"), f"{slug}-oef.json", "application/json")
