"""A tournament as an Excel workbook, and its standings as a workbook or CSV file.

The workbook is written with openpyxl's write-only mode: rows stream to disk sheet by sheet, so
a tournament of 1,000 players (12,000 hands) stays fast and light. Everything is read with a
fixed number of queries (hands with one streamed query), whatever the size of the tournament.
Most of a large export's time is openpyxl's work for each cell and each sheet (some 750 sheets,
200,000 cells): so empty cells are not written, styled cells are made once and refilled, and
columns of one width share one entry. openpyxl streams each sheet through a temporary file of its
own; on a disk those 750 files cost more than a second to make and remove, so a large export keeps
them in a memory-backed directory where the machine has one (`settings.EXPORT_SCRATCH_DIR`).

Headings follow the active language (`translation.override` around the calls). Scores come from
what the engine stored (Hand.scores, Table.totals, `standings()`); the sheets add Excel formulas
(the totals rows and a check column) so a reader can verify the sums.
"""

import contextlib
import csv
import functools
import io
import itertools
import json
import math
import os
import shutil
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import IO, Any

from django.conf import settings
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.dimensions import ColumnDimension
from openpyxl.worksheet.worksheet import Worksheet

from scoring import get_ruleset as base_ruleset
from scoring import standings as ranking
from scoring.describe import Phrase, describe
from scoring.jsontext import without_bad_characters
from tarock_cup.tariffs import compare
from tarock_cup.tournaments import display, settlement
from tarock_cup.tournaments.models import Hand, Seat, Table, Tournament
from tarock_cup.tournaments.naming import NAME_FIELDS, shown
from tarock_cup.tournaments.standings import Row, paper_tables, standings

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
WRAP = Alignment(wrap_text=True)  # at the bottom, like the unstyled cells beside it
RIGHT = Alignment(horizontal="right")
RULE = Border(bottom=Side(style="thin"))
# an amount of money: two decimals and the euro sign, in the reader's own separators
EURO = '#,##0.00 "€"'
TOTAL_RULE = Border(top=Side(style="medium"))
SITTING_OUT = "–"
DOUBLED = "×2"
SHEET_NAME_MAX = 31
LINE_HEIGHT = 15  # points, a line of the default font
CHARS_PER_WIDTH = 1.1  # characters of text a unit of column width holds, about
# Characters Excel does not allow in a sheet's name.
SHEET_NAME_BAD = str.maketrans({c: " " for c in "[]:*?/\\"})

# A sheet of a write-only workbook (`Workbook.create_sheet`); openpyxl keeps its class private.
Sheet = Any


# --- cells -------------------------------------------------------------------------------------

STYLES: dict[str, dict[str, Any]] = {
    "title": {"font": TITLE},
    "heading": {"font": BOLD, "border": RULE, "alignment": WRAP},
    "bold": {"font": BOLD},
    "total": {"font": BOLD, "border": TOTAL_RULE},
    "wrap": {"alignment": WRAP},
    "right": {"alignment": RIGHT},
    "euro": {"number_format": EURO},
    "euro_total": {"font": BOLD, "border": TOTAL_RULE, "number_format": EURO},
}


class Cells:
    """Styled cells, made once per workbook and refilled for every use.

    Styling a cell costs far more than writing it, and write-only mode writes a row's cells as
    soon as the row is appended; so one styled cell per style and column serves every row
    (about twice as quick as styling new cells, though a plain value is quicker still).
    """

    def __init__(self, ws: Sheet) -> None:
        self.ws = ws
        self.cells: dict[tuple[str, int], Cell] = {}

    def __call__(self, style: str, column: int, value: Any, *, formula: bool = False) -> Any:
        cell = self.cells.get((style, column))
        if cell is None:
            cell = WriteOnlyCell(self.ws)
            for key, attribute in STYLES[style].items():
                setattr(cell, key, attribute)
            self.cells[style, column] = cell
        if isinstance(value, str):
            cell.value = clean(value)
            if not formula:
                cell.data_type = "s"  # text stays text, even when it starts with "="
        else:
            cell.value = value
        return cell

    def row(self, style: str, values: Iterable[Any], *, formula: bool = False) -> list[Any]:
        return [self(style, column, value, formula=formula) for column, value in enumerate(values)]


def _number(value: str) -> int | str | None:
    """Return whole card points as a number (quicker to write, and Excel can add them)."""
    if value.isdigit():
        return int(value)
    return value or None


def clean(value: str) -> str:
    """Return text without the control characters a workbook cannot hold (openpyxl refuses them).

    Every workbook writer passes its texts through here: names stored before control characters
    were refused must not break a download.
    """
    return without_bad_characters(value)


def clean_row(values: Iterable[Any]) -> list[Any]:
    """Return a row of plain cell values with every text cleaned."""
    return [clean(value) if isinstance(value, str) else value for value in values]


def text(ws: Sheet, value: str) -> Any:
    """Return a text value, cleaned; a name starting with "=" stays text, never a formula."""
    value = clean(value)
    if not value.startswith("="):
        return value
    # A new cell each time: write-only mode fills an unstyled cell it is given with the row's
    # next values, so one such cell cannot serve twice.
    cell = WriteOnlyCell(ws, value)
    cell.data_type = "s"
    return cell


def lines(value: str, width: float) -> int:
    """Return about how many lines a wrapped text takes in a column of this width."""
    per_line = width * CHARS_PER_WIDTH
    return sum(max(1, math.ceil(len(part) / per_line)) for part in value.split("\n"))


def fit_height(ws: Sheet, row: int, count: int) -> None:
    """Give a row of wrapped text its height (write-only mode: set before the row is written;
    spreadsheets do not grow rows to their text when opening a file)."""
    if count > 1:
        ws.row_dimensions[row].height = LINE_HEIGHT * count + 2


def sheet_name(name: str) -> str:
    return name.translate(SHEET_NAME_BAD).strip()[:SHEET_NAME_MAX]


def print_setup(
    ws: Sheet, title_rows: int, widths: Sequence[float], *, page_numbers: bool = True
) -> None:
    """Set what write-only mode needs before the first row: widths, panes, A4 landscape."""
    # One entry for each run of columns of the same width: every entry is work on every sheet.
    first = 1
    for width, run in itertools.groupby(widths):
        last = first + len(list(run)) - 1
        letter = get_column_letter(first)
        ws.column_dimensions[letter] = ColumnDimension(
            ws, index=letter, width=width, min=first, max=last
        )
        first = last + 1
    ws.freeze_panes = f"A{title_rows + 1}"
    ws.print_title_rows = f"1:{title_rows}"
    ws.page_setup.orientation = Worksheet.ORIENTATION_LANDSCAPE
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0  # as many pages down as needed
    ws.print_options.gridLines = True
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.6
    if page_numbers:  # a footer costs openpyxl a little on every sheet
        ws.oddFooter.center.text = "&A – &P / &N"


# --- what a hand records, in words -------------------------------------------------------------


class Words:
    """The engine's words in the export's language, each translated once an export, not once a
    hand (a large export describes 12,000 hands)."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.gettext = functools.cache(_)
        # Most phrases recur across hands ("Kontra on the game"), so each is written out once.
        self.texts: dict[tuple[Any, ...], str] = {}

    def __call__(self, phrase: Phrase) -> str:
        key = (phrase.template, *phrase.params.items())
        text = self.texts.get(key)
        if text is None:
            text = display.engine_text(phrase.template, phrase.params, self.gettext)
            self.texts[key] = text
        return text


@dataclass(frozen=True)
class HandWords:
    contract: str = ""
    declarer: str = ""
    partner: str = ""
    points: str = ""
    notes: str = ""


def _name(players: Sequence[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def hand_words(hand: Mapping[str, Any], players: Sequence[str], words: Words) -> HandWords:
    """Return the columns of the score block for a stored hand (see scoring.describe)."""
    described = describe(hand, players, words.ruleset)
    if described.points is not None:  # the card points as a number where they are one
        points = str(described.points)
    else:
        points = words(described.result) if described.result is not None else ""
    return HandWords(
        contract=words.gettext(described.contract) if described.contract else "",
        declarer=described.declarer,
        partner=described.partner,
        points=points,
        notes="; ".join(words(note) for note in described.notes),
    )


# --- reading the tournament --------------------------------------------------------------------


@dataclass
class TableInfo:
    pk: int
    round: int
    number: int
    first_dealer: int
    players: list[tuple[str, str]] = field(default_factory=list)
    paper: dict[str, Any] | None = None  # the round recorded from the table's paper block

    @property
    def names(self) -> list[str]:
        return [name for name, _club in self.players]


def _tables(tournament: Tournament, full_names: bool = False) -> list[TableInfo]:
    """Return every table of the tournament in round and table order, with its seats (2 queries);
    private players by their public names unless `full_names`."""
    tables = [
        TableInfo(pk=pk, round=round_number, number=number, first_dealer=first_dealer, paper=paper)
        for pk, round_number, number, first_dealer, paper in Table.objects.filter(
            round__tournament=tournament
        )
        .order_by("round__number", "number")
        .values_list("pk", "round__number", "number", "first_dealer", "paper")
    ]
    by_pk = {table.pk: table for table in tables}
    seats = (
        Seat.objects.filter(round__tournament=tournament)
        .order_by("table_id", "position")
        .values_list("table_id", "player__club", *NAME_FIELDS)
    )
    for table_id, club, name, number, private, forgotten in seats:
        by_pk[table_id].players.append((shown(name, number, private, forgotten, full_names), club))
    return tables


@dataclass(frozen=True)
class StoredHand:
    number: int
    data: Mapping[str, Any]
    scores: Sequence[int]
    running: Sequence[int]
    stake: int
    dealer: int
    sitting_out: int | None


def _hands(tournament: Tournament) -> Iterator[tuple[int, list[StoredHand]]]:
    """Yield (table pk, its hands) in round, table and hand order from one streamed query."""
    rows = (
        Hand.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values_list(
            "table_id", "number", "data", "scores", "running", "stake", "dealer", "sitting_out"
        )
        .iterator(chunk_size=2000)
    )
    for table_id, group in itertools.groupby(rows, key=lambda row: row[0]):
        yield table_id, [StoredHand(*row[1:]) for row in group]


# --- the sheets --------------------------------------------------------------------------------


def _title(tournament: Tournament, *parts: str) -> str:
    date = formats.date_format(tournament.date, "SHORT_DATE_FORMAT")
    return " · ".join([tournament.name, date, *parts])


def _round_numbers(tournament: Tournament, round_number: int | None) -> list[int]:
    if round_number is not None:
        return [round_number]
    return list(tournament.rounds.order_by("number").values_list("number", flat=True))


def tie_break_text(row: Row) -> str:
    if row.decided_by is None:
        return ""
    return _(ranking.TIE_BREAKERS[row.decided_by].name)


def standing_name(row: Row) -> str:
    """Return the player's name as the standings page shows it: a withdrawal is marked."""
    if row.player.withdrawn:
        return f"{row.player.name} ({_('withdrawn')})"
    return row.player.name


def write_standings_sheet(
    wb: Workbook,
    cells: Cells | None,
    tournament: Tournament,
    round_number: int | None = None,
    full_names: bool = False,
) -> Cells:
    """Add the standings: rank, name, club, each round, total, hands and the tie-break."""
    numbers = _round_numbers(tournament, round_number)
    rows = standings(tournament, round_number, full_names)
    ws = wb.create_sheet(sheet_name(_("Standings")))
    cells = cells or Cells(ws)
    print_setup(ws, 2, [7, 28, 20, *[8] * len(numbers), 9, 8, 22, 12])
    heading = (
        _("Standings after round %(n)s") % {"n": round_number}
        if round_number is not None
        else _("Standings")
    )
    ws.append([cells("title", 0, _title(tournament, heading))])
    headings = [
        pgettext("export column", "Rank"),
        _("Name"),
        pgettext("export column", "Club"),
        *[_("R%(n)s") % {"n": n} for n in numbers],
        _("Total"),
        _("Hands"),
        _("Tie-break"),
        _("Lot"),
    ]
    ws.append(cells.row("heading", headings))
    total_column = 3 + len(numbers)
    for row in rows:
        ws.append(
            [
                row.rank,
                text(ws, standing_name(row)),
                text(ws, row.player.club) or None,
                *row.rounds,
                cells("bold", total_column, row.total),
                row.hands,
                tie_break_text(row) or None,
                row.lot if row.decided_by == "lots" else None,
            ]
        )
    papers = paper_tables(tournament, round_number, full_names)
    if papers:
        where = "; ".join(
            _("round %(r)s, table %(t)s") % {"r": paper.round, "t": paper.table} for paper in papers
        )
        ws.append([])
        ws.append(
            [
                None,
                _("Recorded from a paper block (round totals only): %(where)s") % {"where": where},
            ]
        )
    ws.close()
    return cells


def write_tariff_sheet(wb: Workbook, cells: Cells, tournament: Tournament) -> None:
    """Add the tournament's tariff: every number it scores by, and the tariff as JSON."""
    tariff = tournament.tariff
    assert tariff is not None
    # through the tournament: a tariff the engine now refuses is met as on every other page
    base = tournament.ruleset_info()
    ws = wb.create_sheet(sheet_name(_("Tariff")))
    print_setup(ws, 1, [30, 12, 12])
    ws.append([cells("title", 0, _title(tournament, _("Tariff"), str(tariff)))])
    base_rules = base_ruleset(tariff.ruleset)
    ws.append([_("Ruleset"), _(base_rules.name)])
    ws.append([])
    # the tariff page's rows (tariffs.compare), so the sheet and the page read the numbers alike
    ws.append(cells.row("heading", [_("Contract"), _("won"), _("lost")]))
    for row in compare.contract_rows(base_rules, base):
        name = _(row["info"].name)
        if row["removed"]:
            ws.append([name, _("not played")])
        elif row["own_rule"]:
            ws.append([name, _("paid by its own rule")])
        else:
            won, lost = (value["tariff"] for value in row["values"])
            if row["by_vorhand"]:
                by_vorhand = _("%(v)s by Vorhand") % {"v": row["by_vorhand"]}
                lost = f"{lost} ({by_vorhand})"
            ws.append([name, won, lost])
    ws.append([])
    ws.append(cells.row("heading", [_("Bonus"), _("silent"), _("announced")]))
    for row in compare.bonus_rows(base_rules, base):
        if row["removed"]:
            ws.append([_(row["info"].name), _("not scored")])
        else:
            ws.append([_(row["info"].name), *(_none(v["tariff"]) for v in row["values"])])
    ws.append([])
    for row in compare.other_rows(base_rules, base):
        ws.append([_(row["label"]), row["tariff"]])
    if tariff.note:
        ws.append([_("Note"), text(ws, tariff.note)])
    # the tariff as a sheet's "tariff" field: with it the workbook alone scores the same
    ws.append([])
    ws.append(["JSON", text(ws, json.dumps(tariff.sheet_tariff(), ensure_ascii=False))])
    ws.close()


def write_settlement_sheet(
    wb: Workbook, cells: Cells, tournament: Tournament, full_names: bool
) -> None:
    """Add the day's money: each player's written score, box payment and money in euro."""
    terms = settlement.settlement_of(tournament)
    assert terms is not None
    day = settlement.day_money(tournament, terms, full_names)
    ws = wb.create_sheet(sheet_name(_("Settlement")))
    print_setup(ws, 2, [28, 14, 16, 16])
    ws.append([cells("title", 0, _title(tournament, _("Settlement")))])
    headings = [_("Name"), _("Written score"), _("Into the box"), _("Receives / pays")]
    ws.append(cells.row("heading", headings))
    for player in day.players:
        ws.append(
            [
                text(ws, player.name),
                player.written,
                cells("euro", 2, euros(player.box)),
                cells("euro", 3, euros(player.amount)),
            ]
        )
    box = [
        cells("total", 0, _("Charity box of the day")),
        None,
        cells("euro_total", 2, euros(day.box)),
    ]
    ws.append(box)
    ws.append([])
    ws.append([_("%(cents)s cents a point") % {"cents": terms.cents}])
    ws.close()


def euros(cents: int) -> Decimal:
    """Return cents as a number of euros for a cell (exact, never a float)."""
    return Decimal(cents) / 100


def _none(value: int | None) -> int | str:
    return "—" if value is None else value


SEAT_WIDTH = 24


def write_seating_sheet(
    wb: Workbook, cells: Cells, tournament: Tournament, number: int, tables: Sequence[TableInfo]
) -> None:
    """Add a round's seating: each table's players in seat order, and the first dealer."""
    seats = max((len(t.players) for t in tables), default=4)
    ws = wb.create_sheet(sheet_name(_("Seating R%(n)s") % {"n": number}))
    print_setup(ws, 2, [8, *[SEAT_WIDTH] * seats, 18])
    ws.append([cells("title", 0, _title(tournament, _("Seating, round %(n)s") % {"n": number}))])
    headings = [
        _("Table"),
        *[_("Seat %(n)s") % {"n": n} for n in range(1, seats + 1)],
        _("First dealer"),
    ]
    ws.append(cells.row("heading", headings))
    for row, table in enumerate(tables, start=3):
        # Name and club on two lines, wrapped, so both show and print in full.
        people: list[Any] = [
            cells("wrap", seat, f"{name}\n{club}" if club else name)
            for seat, (name, club) in enumerate(table.players, start=1)
        ]
        people += [None] * (seats - len(people))
        fit_height(ws, row, max((lines(c.value, SEAT_WIDTH) for c in people if c), default=1))
        first = _name(table.names, table.first_dealer) if table.players else ""
        ws.append([cells("bold", 0, table.number), *people, text(ws, first)])
    ws.close()


# Columns of a table's score block before the players' scores.
BLOCK_COLUMNS = 8
BLOCK_WIDTHS = [5, 15, 20, 15, 15, 15, 42, 5]
PLAYER_WIDTH = 10  # the scores, the check and the running totals
POINTS = 5  # the column (0-based) of the card points
NOTES = 6  # the column (0-based) of bonuses and kontras


def write_table_sheet(
    wb: Workbook,
    cells: Cells,
    tournament: Tournament,
    table: TableInfo,
    hands: Sequence[StoredHand],
    words: Words,
) -> None:
    """Add a table's score block: one row a hand, one column a player, formulas for the sums."""
    names = table.names
    n = len(names)
    score_cols = [get_column_letter(BLOCK_COLUMNS + 1 + i) for i in range(n)]
    ws = wb.create_sheet(
        sheet_name(_("R%(round)s T%(table)s") % {"round": table.round, "table": table.number})
    )
    widths = [*BLOCK_WIDTHS, *[PLAYER_WIDTH] * (2 * n + 1)]
    # A table's sheet prints on one page, its title row naming it: no footer needed.
    print_setup(ws, 3, widths, page_numbers=False)
    title = _("Round %(round)s, table %(table)s") % {"round": table.round, "table": table.number}
    ws.append([cells("title", 0, _title(tournament, title))])
    # Over the first column of each group; merged cells would cost more than they show.
    group: list[Any] = [None] * (BLOCK_COLUMNS + n + 1)
    group[BLOCK_COLUMNS] = cells("bold", BLOCK_COLUMNS, _("Scores"))
    group.append(cells("bold", BLOCK_COLUMNS + n + 1, _("Running totals")))
    ws.append(group)
    headings = _block_headings(names)
    fit_height(ws, 3, max(lines(h, w * 0.9) for h, w in zip(headings, widths, strict=True)))
    ws.append(cells.row("heading", headings))
    top = 4
    span = f"{score_cols[0]}{{row}}:{score_cols[-1]}{{row}}"
    for row_number, hand in enumerate(hands, start=top):
        ws.append(_hand_row(ws, cells, hand, names, words, row_number, span))
    ws.append(_totals_row(cells, score_cols, top, len(hands), span))
    ws.close()


def _block_headings(names: Sequence[str]) -> list[str]:
    """Return the headings of a score block's columns (the players' names twice)."""
    return [
        "#",
        _("Dealer"),
        _("Contract"),
        _("Declarer"),
        _("Partner"),
        _("Card points"),
        _("Bonuses and Kontras"),
        DOUBLED,
        *names,
        _("Check"),
        *names,
    ]


def _hand_row(
    ws: Worksheet,
    cells: Cells,
    hand: StoredHand,
    names: Sequence[str],
    words: Words,
    row_number: int,
    span: str,
) -> list[Any]:
    """Return a hand's row of the score block (fitting the row's height to its notes)."""
    n = len(names)
    described = hand_words(hand.data, names, words)
    # Body cells are plain values, which are quick to write; only the notes wrap.
    if len(described.notes) > BLOCK_WIDTHS[NOTES]:
        fit_height(ws, row_number, lines(described.notes, BLOCK_WIDTHS[NOTES]))
    scores: list[Any] = list(hand.scores[:n])
    scores += [0] * (n - len(scores))
    points = _number(described.points)
    if isinstance(points, str):  # "35/2", "3 tricks": right-aligned like the whole numbers
        points = cells("right", POINTS, points)
    if hand.sitting_out is not None and hand.sitting_out < n:
        scores[hand.sitting_out] = cells("right", BLOCK_COLUMNS + hand.sitting_out, SITTING_OUT)
    return [
        hand.number,
        text(ws, _name(names, hand.dealer)),
        described.contract or None,
        text(ws, described.declarer) or None,
        text(ws, described.partner) or None,
        points,
        cells("wrap", NOTES, described.notes) if described.notes else None,
        DOUBLED if hand.stake == 2 else None,
        *scores,
        "=SUM(" + span.format(row=row_number) + ")",
        *hand.running[:n],
    ]


def _totals_row(
    cells: Cells, score_cols: Sequence[str], top: int, count: int, span: str
) -> list[Any]:
    """Return the totals under the scores (the running totals end at them in the last row)."""
    bottom = top + count - 1
    sums: list[Any] = [f"=SUM({col}{top}:{col}{bottom})" if count else 0 for col in score_cols]
    sums.append("=SUM(" + span.format(row=bottom + 1) + ")")
    return [
        cells("total", 0, _("Total")),
        *[None] * (BLOCK_COLUMNS - 1),
        *[
            cells("total", column, value, formula=True)
            for column, value in enumerate(sums, start=BLOCK_COLUMNS)
        ],
    ]


def write_paper_sheet(
    wb: Workbook,
    cells: Cells,
    tournament: Tournament,
    table: TableInfo,
    paper: Mapping[str, Any],
    entered: int,
) -> None:
    """Add a table recorded from its paper block: each player's round total and the note."""
    ws = wb.create_sheet(
        sheet_name(_("R%(round)s T%(table)s") % {"round": table.round, "table": table.number})
    )
    print_setup(ws, 3, [28, 14, 60], page_numbers=False)
    title = _("Round %(round)s, table %(table)s") % {"round": table.round, "table": table.number}
    ws.append([cells("title", 0, _title(tournament, title, _("Paper block")))])
    hands = ngettext("%(n)s hand played", "%(n)s hands played", paper["hands"]) % {
        "n": paper["hands"]
    }
    ws.append([cells("bold", 0, _("Paper block")), hands])
    ws.append(cells.row("heading", [_("Player"), _("Round total")]))
    top = 4
    for name, total in zip(table.names, paper["totals"], strict=False):
        ws.append([text(ws, name), total])
    bottom = top + len(paper["totals"]) - 1
    # The check adds the totals up in the sheet: a paper block's round comes to 0.
    ws.append(
        [
            cells("total", 0, _("Check")),
            cells("total", 1, f"=SUM(B{top}:B{bottom})", formula=True),
        ]
    )
    if paper.get("note"):
        ws.append([cells("bold", 0, _("Note")), None, cells("wrap", 2, paper["note"])])
    if entered:
        ws.append(
            [
                ngettext(
                    "%(n)s hand entered so far: the paper block counts.",
                    "%(n)s hands entered so far: the paper block counts.",
                    entered,
                )
                % {"n": entered}
            ]
        )
    ws.close()


# What the scratch directory must have free to be used: several times the largest export's
# temporary files (about 25 MB for 1,000 players), so a full one never fails an export.
SCRATCH_FREE_BYTES = 256 * 1024 * 1024
_scratch_lock = threading.Lock()


def scratch_dir() -> str | None:
    """Return the directory for openpyxl's temporary files, or None for the system's."""
    directory = settings.EXPORT_SCRATCH_DIR
    if not directory or not os.path.isdir(directory) or not os.access(directory, os.W_OK):
        return None
    return directory if shutil.disk_usage(directory).free >= SCRATCH_FREE_BYTES else None


@contextlib.contextmanager
def scratch_files() -> Iterator[None]:
    """Let the temporary files made meanwhile go to scratch_dir().

    openpyxl offers no place of its own for them, so this sets the tempfile module's directory;
    the lock keeps two exports from restoring each other's setting.
    """
    directory = scratch_dir()
    if directory is None:
        yield
        return
    with _scratch_lock:
        saved = tempfile.tempdir
        tempfile.tempdir = directory
        try:
            yield
        finally:
            tempfile.tempdir = saved


@contextlib.contextmanager
def _removing_sheet_files(wb: Workbook) -> Iterator[None]:
    """Remove the workbook's temporary sheet files if writing it fails.

    A write-only sheet streams its rows into a temporary file that only a finished save removes;
    openpyxl would leave the file of a failed export until the server process ends.
    """
    try:
        yield
    except BaseException:
        for ws in wb.worksheets:
            writer = getattr(ws, "_writer", None)
            path = getattr(writer, "out", None)
            if writer is None or not isinstance(path, str):
                continue
            with contextlib.suppress(Exception):
                writer.xf.close()
            with contextlib.suppress(OSError):
                os.remove(path)
        raise


def tournament_workbook(
    tournament: Tournament, out: str | IO[bytes], full_names: bool = False, money: bool = False
) -> None:
    """Write the whole tournament: standings, then each round's seating and table sheets
    (private players by their public names unless `full_names`; the day's money, where the
    tournament settles it, only with `money`: it is the directors')."""
    wb = Workbook(write_only=True)
    with scratch_files(), _removing_sheet_files(wb):
        _tournament_workbook(wb, tournament, out, full_names, money)


def _tournament_workbook(
    wb: Workbook, tournament: Tournament, out: str | IO[bytes], full_names: bool, money: bool
) -> None:
    cells = write_standings_sheet(wb, None, tournament, full_names=full_names)
    if tournament.tariff is not None:
        write_tariff_sheet(wb, cells, tournament)
    if money and settlement.settlement_of(tournament) is not None:
        write_settlement_sheet(wb, cells, tournament, full_names)
    tables = _tables(tournament, full_names)
    words = Words(tournament.ruleset)
    hands = _hands(tournament)
    pending = next(hands, None)
    for number, group in itertools.groupby(tables, key=lambda t: t.round):
        round_tables = list(group)
        write_seating_sheet(wb, cells, tournament, number, round_tables)
        for table in round_tables:
            table_hands: list[StoredHand] = []
            if pending is not None and pending[0] == table.pk:
                table_hands = pending[1]
                pending = next(hands, None)
            if table.paper is not None:
                write_paper_sheet(wb, cells, tournament, table, table.paper, len(table_hands))
            else:
                write_table_sheet(wb, cells, tournament, table, table_hands, words)
    wb.save(out)


def standings_workbook(
    tournament: Tournament,
    out: str | IO[bytes],
    round_number: int | None = None,
    full_names: bool = False,
) -> None:
    """Write the standings alone as a workbook."""
    wb = Workbook(write_only=True)
    with _removing_sheet_files(wb):
        write_standings_sheet(wb, None, tournament, round_number, full_names)
        wb.save(out)


def _csv_text(value: str) -> str:
    """Return a text field that a spreadsheet will not run as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def standings_csv(
    tournament: Tournament, round_number: int | None = None, full_names: bool = False
) -> bytes:
    """Return the standings as CSV: semicolons, UTF-8 with a BOM so Excel reads the umlauts."""
    numbers = _round_numbers(tournament, round_number)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        [
            pgettext("export column", "Rank"),
            _("Name"),
            pgettext("export column", "Club"),
            *[_("R%(n)s") % {"n": n} for n in numbers],
            _("Total"),
        ]
    )
    for row in standings(tournament, round_number, full_names):
        writer.writerow(
            [
                row.rank,
                _csv_text(row.player.name),
                _csv_text(row.player.club),
                *["" if score is None else score for score in row.rounds],
                row.total,
            ]
        )
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")
