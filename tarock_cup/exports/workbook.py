"""A tournament as an Excel workbook, and its standings as a workbook or CSV file.

The workbook is written with openpyxl's write-only mode: rows stream to disk sheet by sheet, so
a tournament of 1,000 players (12,000 hands) stays fast and light. Everything is read with a
fixed number of queries (hands with one streamed query), whatever the size of the tournament.

Headings follow the active language (`translation.override` around the calls). Scores come from
what the engine stored (Hand.scores, Table.totals, `standings()`); the sheets add Excel formulas
(the totals rows and a check column) so a reader can verify the sums.
"""

import csv
import io
import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from openpyxl.worksheet.worksheet import Worksheet

import scoring
from scoring import standings as ranking
from tarock_cup.tournaments.display import kontra_name
from tarock_cup.tournaments.models import Hand, Seat, Table, Tournament
from tarock_cup.tournaments.standings import Row, standings

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
WRAP = Alignment(wrap_text=True)  # at the bottom, like the unstyled cells beside it
CENTER = Alignment(horizontal="center")
RIGHT = Alignment(horizontal="right")
RULE = Border(bottom=Side(style="thin"))
TOTAL_RULE = Border(top=Side(style="medium"))
SITTING_OUT = "–"
DOUBLED = "×2"
SHEET_NAME_MAX = 31
LINE_HEIGHT = 15  # points, a line of the default font
CHARS_PER_WIDTH = 1.1  # characters of text a unit of column width holds, about
# Characters Excel does not allow in a sheet's name.
SHEET_NAME_BAD = str.maketrans({c: " " for c in "[]:*?/\\"})


# --- cells -------------------------------------------------------------------------------------

STYLES: dict[str, dict[str, Any]] = {
    "title": {"font": TITLE},
    "heading": {"font": BOLD, "border": RULE, "alignment": WRAP},
    "group": {"font": BOLD, "alignment": CENTER},
    "bold": {"font": BOLD},
    "total": {"font": BOLD, "border": TOTAL_RULE},
    "wrap": {"alignment": WRAP},
    "right": {"alignment": RIGHT},
}


class Cells:
    """Styled cells, made once per workbook and refilled for every use.

    Styling a cell costs far more than writing it, and write-only mode writes a row's cells as
    soon as the row is appended; so one styled cell per style and column serves every row.
    """

    def __init__(self, ws: WriteOnlyWorksheet) -> None:
        self.ws = ws
        self.cells: dict[tuple[str, int], WriteOnlyCell] = {}

    def __call__(self, style: str, column: int, value: Any, *, formula: bool = False) -> Any:
        cell = self.cells.get((style, column))
        if cell is None:
            cell = WriteOnlyCell(self.ws)
            for key, attribute in STYLES[style].items():
                setattr(cell, key, attribute)
            self.cells[style, column] = cell
        cell.value = value
        if isinstance(value, str) and not formula:
            cell.data_type = "s"  # text stays text, even when it starts with "="
        return cell

    def row(self, style: str, values: Iterable[Any], *, formula: bool = False) -> list[Any]:
        return [self(style, column, value, formula=formula) for column, value in enumerate(values)]


def _number(value: str) -> int | str | None:
    """Return whole card points as a number (quicker to write, and Excel can add them)."""
    if value.isdigit():
        return int(value)
    return value or None


def text(ws: WriteOnlyWorksheet, value: str) -> Any:
    """Return a text value; a name starting with "=" stays text, never becomes a formula."""
    if not value.startswith("="):
        return value
    cell = WriteOnlyCell(ws, value)
    cell.data_type = "s"
    return cell


def lines(value: str, width: float) -> int:
    """Return about how many lines a wrapped text takes in a column of this width."""
    per_line = width * CHARS_PER_WIDTH
    return sum(max(1, math.ceil(len(part) / per_line)) for part in value.split("\n"))


def fit_height(ws: WriteOnlyWorksheet, row: int, count: int) -> None:
    """Give a row of wrapped text its height (write-only mode: set before the row is written;
    spreadsheets do not grow rows to their text when opening a file)."""
    if count > 1:
        ws.row_dimensions[row].height = LINE_HEIGHT * count + 2


def sheet_name(name: str) -> str:
    return name.translate(SHEET_NAME_BAD).strip()[:SHEET_NAME_MAX]


def print_setup(ws: WriteOnlyWorksheet, title_rows: int, widths: Sequence[float]) -> None:
    """Set what write-only mode needs before the first row: widths, panes, A4 landscape."""
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
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
    ws.oddFooter.center.text = "&A – &P / &N"


# --- what a hand records, in words -------------------------------------------------------------


@dataclass
class Words:
    """Translated names of a ruleset's contracts and bonuses, looked up once per export."""

    contracts: dict[str, str]
    bonuses: dict[str, str]
    announced: str = field(default="")
    silent: str = field(default="")
    made: str = field(default="")
    failed: str = field(default="")
    sides: dict[str, str] = field(default_factory=dict)

    @classmethod
    def for_ruleset(cls, key: str) -> "Words":
        ruleset = scoring.get_ruleset(key)
        return cls(
            contracts={c.key: _(c.name) for c in ruleset.contracts},
            bonuses={b.key: _(b.name) for b in ruleset.bonuses},
            announced=_("announced"),
            silent=_("silent"),
            made=_("made"),
            failed=_("failed"),
            sides={"declarer": _("declarer's side"), "defenders": _("defenders")},
        )


@dataclass(frozen=True)
class HandWords:
    contract: str = ""
    declarer: str = ""
    partner: str = ""
    points: str = ""
    notes: str = ""


def _name(players: Sequence[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _personal_kontras(kontras: Any, players: Sequence[str], skip: Any = None) -> list[str]:
    if not isinstance(kontras, list):
        return []
    return [
        _("%(kontra)s by %(player)s") % {"kontra": kontra_name(level), "player": players[seat]}
        for seat, level in enumerate(kontras)
        if seat != skip and seat < len(players) and isinstance(level, int) and 0 < level < 6
    ]


def hand_words(hand: Mapping[str, Any], players: Sequence[str], words: Words) -> HandWords:
    """Return the columns of the score block for a stored hand (the score-sheet format)."""
    if "manual" in hand:
        reason = (hand.get("manual") or {}).get("reason", "")
        return HandWords(notes=_("Entered by hand: %(reason)s") % {"reason": reason})
    key = hand.get("contract", "")
    contract = words.contracts.get(key, key)
    notes: list[str] = []
    points = ""
    if isinstance(hand.get("players"), list):  # Trischaken, Fahren: every seat for themselves
        for seat, entry in enumerate(hand["players"]):
            if not isinstance(entry, Mapping):
                continue
            parts = []
            if entry.get("points") not in (None, ""):
                parts.append(_("%(points)s points") % {"points": entry["points"]})
            if entry.get("tricks") is not None:
                parts.append(_("%(n)s tricks") % {"n": entry["tricks"]})
            if entry.get("kontra"):
                parts.append(kontra_name(1))
            notes.append(f"{_name(players, seat)}: {', '.join(str(p) for p in parts)}")
        return HandWords(contract=contract, notes="; ".join(notes))
    declarer = hand.get("declarer")
    if hand.get("king_in_talon"):
        notes.append(_("King in the talon"))
    if hand.get("surrendered"):
        points = _("given up")
    elif hand.get("valat") in ("declarer", "defenders"):
        points = _("Valat")
        manner = words.announced if hand.get("valat_announced") else words.silent
        notes.append(
            _("Valat %(manner)s, made (%(side)s)")
            % {"manner": manner, "side": words.sides[hand["valat"]]}
        )
    elif hand.get("points") not in (None, ""):
        points = str(hand["points"])
    elif hand.get("tricks") is not None:
        points = _("%(n)s tricks") % {"n": hand["tricks"]}
    if hand.get("valat") is None and hand.get("valat_announced"):
        side = hand.get("valat_announced_by", "declarer")
        notes.append(
            _("Valat announced, failed (%(side)s)") % {"side": words.sides.get(side, side)}
        )
    kontra = hand.get("kontra") if isinstance(hand.get("kontra"), Mapping) else {}
    if kontra.get("game"):
        notes.append(_("%(kontra)s on the game") % {"kontra": kontra_name(kontra["game"])})
    listed = set()
    for entry in hand.get("bonuses") or ():
        bonus = entry.get("bonus", "")
        listed.add(bonus)
        phrase = _("%(bonus)s %(manner)s, %(result)s (%(side)s)") % {
            "bonus": words.bonuses.get(bonus, bonus),
            "manner": words.announced if entry.get("announced") else words.silent,
            "result": words.made if entry.get("result") == "made" else words.failed,
            "side": words.sides.get(entry.get("side", ""), entry.get("side", "")),
        }
        if kontra.get(bonus):
            phrase += ", " + kontra_name(kontra[bonus])
        notes.append(phrase)
    for bonus, level in kontra.items():
        if bonus != "game" and bonus not in listed and level:
            notes.append(
                _("%(kontra)s on %(bonus)s")
                % {"kontra": kontra_name(level), "bonus": words.bonuses.get(bonus, _(bonus))}
            )
    notes.extend(_personal_kontras(hand.get("kontra_by_seat"), players, declarer))
    bei = hand.get("bei")
    if isinstance(bei, Mapping):
        bei_key = bei.get("contract", "")
        by = _("bei %(name)s") % {"name": _name(players, bei.get("declarer"))}
        phrase = f"{words.contracts.get(bei_key, bei_key)} {by}"
        if bei.get("tricks") is not None:
            phrase += ", " + _("%(n)s tricks") % {"n": bei["tricks"]}
        notes.append(phrase)
        notes.extend(_personal_kontras(bei.get("kontra_by_seat"), players, bei.get("declarer")))
    if hand.get("renonce") is not None:
        notes.append(_("Renonce by %(name)s") % {"name": _name(players, hand["renonce"])})
    partner = hand.get("partner")
    return HandWords(
        contract=contract,
        declarer=_name(players, declarer) if declarer is not None else "",
        partner=_name(players, partner) if partner is not None else "",
        points=points,
        notes="; ".join(notes),
    )


# --- reading the tournament --------------------------------------------------------------------


@dataclass
class TableInfo:
    pk: int
    round: int
    number: int
    first_dealer: int
    players: list[tuple[str, str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [name for name, _club in self.players]


def _tables(tournament: Tournament) -> list[TableInfo]:
    """Return every table of the tournament in round and table order, with its seats (2 queries)."""
    tables = [
        TableInfo(pk=pk, round=round_number, number=number, first_dealer=first_dealer)
        for pk, round_number, number, first_dealer in Table.objects.filter(
            round__tournament=tournament
        )
        .order_by("round__number", "number")
        .values_list("pk", "round__number", "number", "first_dealer")
    ]
    by_pk = {table.pk: table for table in tables}
    seats = (
        Seat.objects.filter(round__tournament=tournament)
        .order_by("table_id", "position")
        .values_list("table_id", "player__name", "player__club")
    )
    for table_id, name, club in seats:
        by_pk[table_id].players.append((name, club))
    return tables


@dataclass(frozen=True)
class StoredHand:
    number: int
    data: Mapping[str, Any]
    scores: Sequence[int]
    stake: int
    dealer: int
    sitting_out: int | None


def _hands(tournament: Tournament) -> Iterator[tuple[int, list[StoredHand]]]:
    """Yield (table pk, its hands) in round, table and hand order from one streamed query."""
    rows = (
        Hand.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values_list("table_id", "number", "data", "scores", "stake", "dealer", "sitting_out")
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


def write_standings_sheet(
    wb: Workbook, cells: Cells | None, tournament: Tournament, round_number: int | None = None
) -> Cells:
    """Add the standings: rank, name, club, each round, total, hands and the tie-break."""
    numbers = _round_numbers(tournament, round_number)
    rows = standings(tournament, round_number)
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
                text(ws, row.player.name),
                text(ws, row.player.club) or None,
                *row.rounds,
                cells("bold", total_column, row.total),
                row.hands,
                tie_break_text(row) or None,
                row.lot if row.decided_by == "lots" else None,
            ]
        )
    ws.close()
    return cells


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
BLOCK_WIDTHS = [5, 15, 20, 15, 15, 13, 42, 5]
PLAYER_WIDTH = 10
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
    running_first = BLOCK_COLUMNS + n + 2
    ws = wb.create_sheet(
        sheet_name(_("R%(round)s T%(table)s") % {"round": table.round, "table": table.number})
    )
    widths = [*BLOCK_WIDTHS, *[PLAYER_WIDTH] * n, 8, *[PLAYER_WIDTH] * n]
    print_setup(ws, 3, widths)
    title = _("Round %(round)s, table %(table)s") % {"round": table.round, "table": table.number}
    ws.append([cells("title", 0, _title(tournament, title))])
    group: list[Any] = [None] * (BLOCK_COLUMNS + 2 * n + 1)
    group[BLOCK_COLUMNS] = cells("group", BLOCK_COLUMNS, _("Scores"))
    group[running_first - 1] = cells("group", running_first - 1, _("Running totals"))
    ws.append(group)
    ws.merged_cells.add(f"{score_cols[0]}2:{score_cols[-1]}2")
    last_running = get_column_letter(running_first + n - 1)
    ws.merged_cells.add(f"{get_column_letter(running_first)}2:{last_running}2")
    headings = [
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
    fit_height(ws, 3, max(lines(h, w * 0.9) for h, w in zip(headings, widths, strict=True)))
    ws.append(cells.row("heading", headings))
    running = [0] * n
    top = 4
    span = f"{score_cols[0]}{{row}}:{score_cols[-1]}{{row}}"
    # Body cells are plain values, which are quick to write; only the notes wrap.
    for row_number, hand in enumerate(hands, start=top):
        described = hand_words(hand.data, names, words)
        if len(described.notes) > BLOCK_WIDTHS[NOTES]:
            fit_height(ws, row_number, lines(described.notes, BLOCK_WIDTHS[NOTES]))
        scores: list[Any] = list(hand.scores[:n])
        scores += [0] * (n - len(scores))
        running = [total + score for total, score in zip(running, scores, strict=True)]
        if hand.sitting_out is not None and hand.sitting_out < n:
            scores[hand.sitting_out] = cells("right", BLOCK_COLUMNS + hand.sitting_out, SITTING_OUT)
        ws.append(
            [
                hand.number,
                text(ws, _name(names, hand.dealer)),
                described.contract or None,
                text(ws, described.declarer) or None,
                text(ws, described.partner) or None,
                _number(described.points),
                cells("wrap", NOTES, described.notes) if described.notes else None,
                DOUBLED if hand.stake == 2 else None,
                *scores,
                "=SUM(" + span.format(row=row_number) + ")",
                *running,
            ]
        )
    bottom = top + len(hands) - 1
    total_row = bottom + 1
    totals: list[Any] = [_("Total"), *[None] * (BLOCK_COLUMNS - 1)]
    totals += [f"=SUM({col}{top}:{col}{bottom})" if hands else 0 for col in score_cols]
    totals.append(f"=SUM({score_cols[0]}{total_row}:{score_cols[-1]}{total_row})")
    totals += running
    ws.append(
        [
            cells("total", column, value, formula=isinstance(value, str) and column > 0)
            for column, value in enumerate(totals)
        ]
    )
    ws.close()


def tournament_workbook(tournament: Tournament, out: str | IO[bytes]) -> None:
    """Write the whole tournament: standings, then each round's seating and table sheets."""
    wb = Workbook(write_only=True)
    cells = write_standings_sheet(wb, None, tournament)
    tables = _tables(tournament)
    words = Words.for_ruleset(tournament.ruleset)
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
            write_table_sheet(wb, cells, tournament, table, table_hands, words)
    wb.save(out)


def standings_workbook(
    tournament: Tournament, out: str | IO[bytes], round_number: int | None = None
) -> None:
    """Write the standings alone as a workbook."""
    wb = Workbook(write_only=True)
    write_standings_sheet(wb, None, tournament, round_number)
    wb.save(out)


def _csv_text(value: str) -> str:
    """Return a text field that a spreadsheet will not run as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def standings_csv(tournament: Tournament, round_number: int | None = None) -> bytes:
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
    for row in standings(tournament, round_number):
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
