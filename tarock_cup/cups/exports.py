"""The season table as CSV (the tournament exports' dialect) and as a workbook."""

import csv
import io
from typing import IO, Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook

from tarock_cup.cups.season import CupSeason
from tarock_cup.cups.tables import points_text
from tarock_cup.exports.workbook import clean_row


def _text(value: str) -> str:
    # A cell starting with = + - @ would be a formula in a spreadsheet: quote it as text.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _heading(entry: Any) -> str:
    """Return a tournament's column heading: its name, marked imported or provisional."""
    # the name is the director's text: as a player's name, never read as a formula
    if entry.imported:
        return _text(f"{entry.tournament.name} ({_('imported ranking')})")
    return _text(entry.tournament.name + (" *" if entry.provisional else ""))


def season_rows(cup_season: CupSeason) -> list[list[Any]]:
    """Return the season table as rows of cells, the heading first (uncounted points bracketed)."""
    heading = [
        pgettext("export column", "Rank"),
        _("Name"),
        pgettext("export column", "Club"),
        _("Season points"),
        *[_heading(e) for e in cup_season.entries],
        _("Tournaments played"),
        _("1st"),
        _("2nd"),
        _("3rd"),
        _("Best rank"),
    ]
    qualify = cup_season.cup.qualify is not None
    if qualify:
        heading.append(_("Qualified"))
    rows: list[list[Any]] = [heading]
    for s in cup_season.ranking.standings:
        player = cup_season.players[s.player]
        results = {r.tournament: r for r in s.results}
        cells: list[Any] = [s.rank, _text(player.name), _text(player.club), points_text(s.points)]
        for entry in cup_season.entries:
            r = results.get(entry.key)
            if r is None:
                cells.append("")
            else:
                cells.append(points_text(r.points) if r.counted else f"({points_text(r.points)})")
        cells += [s.participations, *s.podiums, s.best_rank]
        if qualify:
            cells.append(_("yes") if s.qualified else "")
        rows.append(cells)
    return rows


def season_csv(cup_season: CupSeason) -> bytes:
    """Return the season table as CSV: semicolons, UTF-8 with a BOM so Excel reads umlauts."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerows(season_rows(cup_season))
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def season_workbook(cup_season: CupSeason, out: IO[bytes]) -> None:
    """Write the season table as a workbook; whole points are numbers, the rest text."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Season"))
    # Names are cleaned of the control characters a workbook refuses (older ones may hold them).
    sheet.append(clean_row([str(cup_season.cup)]))
    for i, row in enumerate(season_rows(cup_season)):
        if i == 0:
            sheet.append(clean_row(row))
            continue
        sheet.append(clean_row(int(c) if isinstance(c, str) and c.isdigit() else c for c in row))
    sheet.append([])
    sheet.append([_("Points in brackets do not count; * marks a provisional tournament.")])
    book.save(out)
