"""The season table as CSV (the tournament exports' dialect) and as a workbook.

Every point is written as a number a spreadsheet can add up, a dropped result too: the CSV gives
each tournament a second column saying whether its points count, the workbook shows dropped
points in grey italics. (Brackets, as the page shows them, a spreadsheet reads as a minus.)
"""

import csv
import io
from typing import IO, Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from scoring.season import Points, Result, json_number
from tarock_cup.cups.season import CupEntry, CupSeason
from tarock_cup.exports.workbook import clean
from tarock_cup.tournaments.naming import shown_name

# A dropped result's look in the workbook: grey and slanted, as a page's muted text.
DROPPED = Font(italic=True, color="6B7280")


def _text(value: str) -> str:
    # A cell starting with = + - @ would be a formula in a spreadsheet: quote it as text.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _heading(entry: CupEntry) -> str:
    """Return a tournament's column heading: its name, marked imported or provisional."""
    # the name is the director's text: as a player's name, never read as a formula
    if entry.imported:
        return _text(f"{entry.tournament.name} ({_('imported ranking')})")
    return _text(entry.tournament.name + (" *" if entry.provisional else ""))


def season_table(cup_season: CupSeason) -> tuple[list[Any], list[list[Any]]]:
    """Return the season table's heading and lines; a tournament's cell is the player's Result
    there (None where they did not play), each export writing it its own way."""
    heading: list[Any] = [
        pgettext("export column", "Rank"),
        _("Name"),
        pgettext("export column", "Club"),
        _("Season points"),
        *cup_season.entries,
        _("Tournaments played"),
        _("1st"),
        _("2nd"),
        _("3rd"),
        _("Best rank"),
    ]
    qualify = cup_season.cup.qualify is not None
    if qualify:
        heading.append(_("Qualified"))
    lines: list[list[Any]] = []
    for s in cup_season.ranking.standings:
        player = cup_season.players[s.player]
        results = {r.tournament: r for r in s.results}
        name = shown_name(player, cup_season.full_names)
        cells: list[Any] = [s.rank, _text(name), _text(player.club), s.points]
        cells += [results.get(entry.key) for entry in cup_season.entries]
        cells += [s.participations, *s.podiums, s.best_rank]
        if qualify:
            cells.append(_("yes") if s.qualified else "")
        lines.append(cells)
    return heading, lines


def csv_number(points: Points) -> str:
    """Return cup points for the CSV: whole ones as digits, others with the language's decimal
    separator (37,5 in German), as a spreadsheet in that language reads a number."""
    value = json_number(points)
    return str(value) if isinstance(value, int) else number_format(value)


def _csv_cells(row: list[Any], heading: bool) -> list[Any]:
    cells: list[Any] = []
    for cell in row:
        if isinstance(cell, CupEntry):
            # a tournament's points, then whether they count: a spreadsheet can sum either
            name = _heading(cell)
            cells += [name, _text(_("%(tournament)s: counted") % {"tournament": name})]
        elif isinstance(cell, Result):
            cells += [
                csv_number(cell.points),
                _("yes") if cell.counted else pgettext("counted", "no"),
            ]
        elif cell is None:
            cells += ["", ""]
        elif not heading and not isinstance(cell, str):
            cells.append(csv_number(cell))
        else:
            cells.append(cell)
    return cells


def season_csv(cup_season: CupSeason) -> bytes:
    """Return the season table as CSV: semicolons, UTF-8 with a BOM so Excel reads umlauts."""
    heading, lines = season_table(cup_season)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(_csv_cells(heading, heading=True))
    writer.writerows(_csv_cells(line, heading=False) for line in lines)
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _book_cell(sheet: Any, cell: Any) -> Any:
    if isinstance(cell, CupEntry):
        return clean(_heading(cell))
    if isinstance(cell, Result):
        if cell.counted:
            return json_number(cell.points)
        dropped = WriteOnlyCell(sheet, value=json_number(cell.points))
        dropped.font = DROPPED
        return dropped
    if cell is None:
        return None
    return clean(cell) if isinstance(cell, str) else json_number(cell)


def season_workbook(cup_season: CupSeason, out: IO[bytes]) -> None:
    """Write the season table as a workbook: every point a number, dropped ones grey italics."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Season"))
    # Names are cleaned of the control characters a workbook refuses (older ones may hold them).
    sheet.append([clean(str(cup_season.cup))])
    heading, lines = season_table(cup_season)
    for row in (heading, *lines):
        sheet.append([_book_cell(sheet, cell) for cell in row])
    sheet.append([])
    sheet.append(
        [_("Points in grey italics do not count for the season; * marks a provisional tournament.")]
    )
    book.save(out)
