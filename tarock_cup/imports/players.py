"""Importing a list of players from a workbook (.xlsx) or a CSV file.

Reading a file gives plain rows (`read_rows`); `plan` decides for each row what would happen
(a new player, an existing player to register, already registered, or a bad row and why) without
writing anything; `apply` carries out a plan in one transaction.
"""

import csv
import io
import itertools
import re
import time
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tarock_cup.textcheck import bad_character
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Change, Player, Registration, Tournament
from tarock_cup.tournaments.players import (
    PlayerConflict,
    PlayerIndex,
    find_or_create_player,
    player_key,
)

MAX_UPLOAD = 2 * 1024 * 1024
MAX_ROWS = 5000
MAX_COLUMNS = 50
HEADER_SEARCH = 5
# Hostile files: 2 MB of a workbook can unpack to gigabytes, and one XML row element can stand
# for millions of empty rows. A list of 5,000 players unpacks to about 1 MB and has no need for
# long cells, so these bounds cost real lists nothing and keep any upload to seconds and
# megabytes (bench/bench_upload.py measures the worst files).
MAX_SCANNED_ROWS = 4 * MAX_ROWS  # every row read, empty ones included
MAX_CELL = 1000  # characters in one cell
MAX_PARTS = 100  # files inside a workbook
MAX_PART_BYTES = 8 * 1024 * 1024  # one file inside a workbook, unpacked
MAX_SHARED_STRINGS_BYTES = 4 * 1024 * 1024  # read whole by openpyxl, so kept smaller
MAX_UNPACKED_BYTES = 16 * 1024 * 1024  # all files inside a workbook, unpacked
MAX_RATIO = 200  # unpacked to packed size of a larger part (real sheets: about 10)
MAX_CELLS = 100_000  # cells in all sheets (openpyxl takes about 15 µs a cell)
MAX_ROW_CELLS = 1000  # cells in one row: openpyxl reads a whole row at once, however long
READ_SECONDS = 3.0  # of the server's time for this request; then reading stops
# The start of a row or cell element of a sheet, with or without a namespace prefix.
_ROW_OR_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c)[\s/>]")
NAME_LENGTH = Player._meta.get_field("name").max_length or 120
CLUB_LENGTH = Player._meta.get_field("club").max_length or 120
MAX_NUMBER = 2_147_483_647

# Column headers, compared case-insensitively without surrounding dots, colons and spaces.
HEADERS = {
    "name": {
        "name",
        "namen",
        "spieler",
        "spielerin",
        "spieler/in",
        "spieler:in",
        "player",
        "teilnehmer",
        "teilnehmerin",
        "vor- und nachname",
        "full name",
    },
    "club": {
        "verein",
        "ort",
        "club",
        "place",
        "klub",
        "verein/ort",
        "ort/verein",
        "club/place",
        "place/club",
        "verein oder ort",
        "club or place",
        "heimatort",
        "town",
        "city",
    },
    "number": {
        "nr",
        "nummer",
        "number",
        "no",
        "num",
        "#",
        "spielernummer",
        "spieler-nr",
        "spielernr",
        "startnummer",
        "start-nr",
        "player number",
    },
}


class ImportFileError(Exception):
    """A file that cannot be read as a list of players; the message is for the director."""


@dataclass
class RawRow:
    """One data row of the file as read: its row number in the file and its text."""

    line: int
    name: str
    club: str
    number: str

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "name": self.name, "club": self.club, "number": self.number}


@dataclass
class PlanRow:
    """What importing one row would do."""

    NEW = "new"
    REGISTER = "register"
    REGISTERED = "registered"
    ERROR = "error"

    line: int
    name: str
    club: str
    number: int | None
    status: str
    player: Player | None = None
    reason: str = ""
    sets_number: bool = False
    number_text: str = ""

    def signature(self) -> tuple[Any, ...]:
        pk = self.player.pk if self.player else None
        return (self.line, self.name, self.club, self.number, self.status, pk, self.sets_number)


@dataclass
class Plan:
    rows: list[PlanRow]

    def _with(self, status: str) -> list[PlanRow]:
        return [row for row in self.rows if row.status == status]

    @property
    def new(self) -> list[PlanRow]:
        return self._with(PlanRow.NEW)

    @property
    def register(self) -> list[PlanRow]:
        return self._with(PlanRow.REGISTER)

    @property
    def registered(self) -> list[PlanRow]:
        return self._with(PlanRow.REGISTERED)

    @property
    def errors(self) -> list[PlanRow]:
        return self._with(PlanRow.ERROR)

    @property
    def changes(self) -> int:
        """Return how many players would be registered by applying the plan."""
        return len(self.new) + len(self.register)

    def signature(self) -> list[tuple[Any, ...]]:
        return [row.signature() for row in self.rows]


# -- reading files -------------------------------------------------------------------------------


def _clean(value: Any) -> str:
    """Return a cell's value as text with whitespace collapsed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def _header_key(value: Any) -> str:
    return _clean(value).casefold().strip(" .:")


def _columns(
    header: Sequence[Any], headers: Mapping[str, Iterable[str]] = HEADERS
) -> dict[str, int]:
    """Return the column index of each column of `headers` (by default name, club and number)
    found in a header row (the cups' ranking import passes its own)."""
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = _header_key(cell)
        for column, names in headers.items():
            if key in names and column not in found:
                found[column] = index
    return found


def _missing_name_column() -> ImportFileError:
    return ImportFileError(
        _(
            "No name column found. The first row must name the columns, for example "
            "“Name”, “Verein” and “Nr.” (or “Name”, “Club”, “Number”)."
        )
    )


def _cell(cells: Sequence[Any], columns: Mapping[str, int], column: str) -> str:
    index = columns.get(column)
    return _clean(cells[index]) if index is not None and index < len(cells) else ""


def _too_slow() -> ImportFileError:
    return ImportFileError(
        _(
            "Reading the file took longer than %(n)s seconds, far longer than a list of "
            "players needs. Save the list again as a plain .xlsx or CSV file."
        )
        % {"n": int(READ_SECONDS)}
    )


def _check_cells(line: int, cells: Sequence[Any]) -> None:
    for cell in cells:
        if isinstance(cell, str) and len(cell) > MAX_CELL:
            raise ImportFileError(
                _("Row %(n)s has a cell of more than %(max)s characters.")
                % {"n": line, "max": MAX_CELL}
            )


def _rows_from(table: Iterable[tuple[int, Sequence[Any]]]) -> list[RawRow]:
    """Return the data rows of (row number, cells) pairs below the header row.

    The header is the first row naming a name column among the first few non-empty rows (a title
    above it is skipped). Every row counts toward MAX_SCANNED_ROWS, empty ones too, and reading
    stops after READ_SECONDS.
    """
    rows: list[RawRow] = []
    columns: dict[str, int] | None = None
    before_header = 0
    deadline = time.thread_time() + READ_SECONDS
    for scanned, (line, row_cells) in enumerate(table, start=1):
        if scanned > MAX_SCANNED_ROWS:
            raise ImportFileError(
                _("The file has more than %(n)s rows (empty rows included).")
                % {"n": MAX_SCANNED_ROWS}
            )
        if time.thread_time() > deadline:
            raise _too_slow()
        cells = row_cells[:MAX_COLUMNS]
        _check_cells(line, cells)
        if not any(_clean(cell) for cell in cells):
            continue
        if columns is None:
            found = _columns(cells)
            if "name" in found:
                columns = found
                continue
            before_header += 1
            if before_header >= HEADER_SEARCH:
                raise _missing_name_column()
            continue

        rows.append(
            RawRow(
                line,
                _cell(cells, columns, "name"),
                _cell(cells, columns, "club"),
                _cell(cells, columns, "number"),
            )
        )
        if len(rows) > MAX_ROWS:
            raise ImportFileError(
                _("The file has more than %(n)s rows of players.") % {"n": MAX_ROWS}
            )
    if columns is None:
        if before_header:
            raise _missing_name_column()
        raise ImportFileError(_("The file has no rows."))
    if not rows:
        raise ImportFileError(_("The file has a header row but no players."))
    return rows


def _unpacked_too_large() -> ImportFileError:
    return ImportFileError(
        _(
            "The workbook unpacks to far more than a list of players (more than %(mb)s MB, or "
            "packed unusually tightly). Save the list again as a plain .xlsx or CSV file."
        )
        % {"mb": MAX_UNPACKED_BYTES // (1024 * 1024)}
    )


def _count_cells(sheet: bytes, cells: int) -> int:
    """Return the count of cells so far plus the sheet's; refuse too many, or a long row."""
    in_row = 0
    for match in _ROW_OR_CELL.finditer(sheet):
        if match.group(1) == b"row":
            in_row = 0
            continue
        cells += 1
        in_row += 1
        if cells > MAX_CELLS:
            raise ImportFileError(
                _("The workbook has more than %(n)s cells; a list of players has far fewer.")
                % {"n": MAX_CELLS}
            )
        if in_row > MAX_ROW_CELLS:
            raise ImportFileError(
                _("A row of the workbook has more than %(n)s cells.") % {"n": MAX_ROW_CELLS}
            )
    return cells


def _check_archive(data: bytes) -> None:
    """Refuse a workbook whose parts would unpack beyond the bounds, before openpyxl reads it.

    The sizes are those the archive declares: Python's zipfile stops at the declared size and
    refuses a part that claims less than it holds, so they are what would be read.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            if len(parts) > MAX_PARTS:
                raise ImportFileError(
                    _("The workbook has more than %(n)s parts; a list of players has a few.")
                    % {"n": MAX_PARTS}
                )
            total = 0
            for part in parts:
                limit = (
                    MAX_SHARED_STRINGS_BYTES
                    if part.filename.lower().endswith("sharedstrings.xml")
                    else MAX_PART_BYTES
                )
                packed = max(part.compress_size, 1)
                total += part.file_size
                if (
                    part.file_size > limit
                    or total > MAX_UNPACKED_BYTES
                    or (part.file_size > 1024 * 1024 and part.file_size > MAX_RATIO * packed)
                ):
                    raise _unpacked_too_large()
            cells = 0
            for part in parts:
                # An entity declaration (the "billion laughs") needs a document type, which no
                # workbook has; it would be at the start of a part.
                with archive.open(part) as stream:
                    head = stream.read(4096).replace(b"\x00", b"").upper()
                if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
                    raise ImportFileError(
                        _("The workbook holds XML declarations no spreadsheet program writes.")
                    )
                if part.filename.lower().startswith("xl/worksheets/"):
                    cells = _count_cells(archive.read(part), cells)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, RuntimeError, OSError) as error:
        # RuntimeError: an encrypted part; NotImplementedError (a RuntimeError): a compression
        # zipfile does not know.
        raise ImportFileError(
            _("The file is not an Excel workbook (.xlsx) that can be read.")
        ) from error


def _xlsx_rows(data: bytes) -> list[RawRow]:
    from openpyxl import load_workbook

    _check_archive(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise ImportFileError(
            _("The file is not an Excel workbook (.xlsx) that can be read.")
        ) from error
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise ImportFileError(_("The workbook has no worksheet."))
        # Some programs write wrong dimensions; read what is there.
        if hasattr(sheet, "reset_dimensions"):
            sheet.reset_dimensions()

        # max_row: openpyxl would otherwise make up every empty row before a far one.
        rows = sheet.iter_rows(max_row=MAX_SCANNED_ROWS + 1, max_col=MAX_COLUMNS, values_only=True)
        return _rows_from(enumerate(rows, start=1))
    except ImportFileError:
        raise
    except Exception as error:  # a damaged sheet inside a readable zip
        raise ImportFileError(
            _("The file is not an Excel workbook (.xlsx) that can be read.")
        ) from error
    finally:
        workbook.close()


def _decode(data: bytes) -> str:
    """Return the text of a CSV file: UTF-8 (with or without BOM), else Windows-1252."""
    if b"\x00" in data:
        raise ImportFileError(
            _(
                "The file is not a text file this import can read. Save it as “CSV UTF-8” "
                "or as an Excel workbook (.xlsx)."
            )
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise ImportFileError(
            _(
                "The file's characters cannot be read (neither UTF-8 nor Windows-1252). "
                "Save it as “CSV UTF-8” or as an Excel workbook (.xlsx)."
            )
        ) from error


def _csv_rows(data: bytes) -> list[RawRow]:
    text = _decode(data)
    if not text.strip():
        raise ImportFileError(_("The file is empty."))
    # Lazily: a file of a million lines is not split into a list of a million strings.
    first_lines = list(
        itertools.islice(
            (line for line in io.StringIO(text, newline=None) if line.strip()), HEADER_SEARCH
        )
    )
    # The delimiter is the one that splits the header into a recognised name column.
    best: tuple[int, str] | None = None
    for delimiter in (";", ",", "\t"):
        for line in first_lines:
            try:
                header = next(csv.reader([line], delimiter=delimiter))
            except csv.Error:
                continue
            columns = _columns(header)
            if "name" in columns:
                if best is None or len(columns) > best[0]:
                    best = (len(columns), delimiter)
                break
    if best is None:
        raise _missing_name_column()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=best[1])

    def table() -> Iterator[tuple[int, Sequence[Any]]]:
        for cells in reader:
            yield reader.line_num, cells

    try:
        return _rows_from(table())
    except csv.Error as error:
        raise ImportFileError(
            _("The CSV file cannot be read near row %(n)s: %(error)s")
            % {"n": reader.line_num, "error": error}
        ) from error


def read_rows(filename: str, data: bytes) -> list[RawRow]:
    """Return the player rows of an uploaded file, or raise ImportFileError saying why not."""
    if not data.strip():
        raise ImportFileError(_("The file is empty."))
    if len(data) > MAX_UPLOAD:
        raise ImportFileError(_("The file is larger than 2 MB."))
    suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if data.startswith(b"PK\x03\x04"):
        return _xlsx_rows(data)
    if suffix in ("xlsx", "xlsm"):
        raise ImportFileError(_("The file is not an Excel workbook (.xlsx) that can be read."))
    if suffix == "xls" or data.startswith(b"\xd0\xcf\x11\xe0"):
        raise ImportFileError(
            _("Old Excel files (.xls) cannot be read. Save the list as .xlsx or as CSV.")
        )
    return _csv_rows(data)


# -- deciding what to do -----------------------------------------------------------------------


def control_character_reason(name: str, club: str) -> str | None:
    """Return why a row's name or club cannot be stored for a control character, or None."""
    if code := bad_character(name):
        return _(
            "The name holds the invisible control character %(code)s, which cannot be stored."
        ) % {"code": code}
    if code := bad_character(club):
        return _(
            "The club or place holds the invisible control character %(code)s, which cannot be "
            "stored."
        ) % {"code": code}
    return None


def parse_number(text: str) -> int | None:
    """Return a player number from a cell's text (None when empty); raise ValueError if bad."""
    text = text.strip()
    if not text:
        return None
    match = re.fullmatch(r"\+?(\d+)(?:[.,]0+)?", text)
    if not match or not 1 <= int(match.group(1)) <= MAX_NUMBER:
        raise ValueError(text)
    return int(match.group(1))


def plan(tournament: Tournament, raw_rows: Iterable[RawRow | Mapping[str, Any]]) -> Plan:
    """Return what importing the rows into the tournament would do; nothing is written."""
    index = PlayerIndex.everyone()
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    seen_target: dict[Any, int] = {}
    seen_number: dict[int, int] = {}
    result: list[PlanRow] = []
    for raw in raw_rows:
        row = raw if isinstance(raw, RawRow) else RawRow(**raw)
        out = PlanRow(row.line, row.name, row.club, None, PlanRow.ERROR, number_text=row.number)
        result.append(out)
        if not row.name:
            out.reason = _("The name is empty.")
            continue
        if len(row.name) > NAME_LENGTH:
            out.reason = _("The name is longer than %(n)s characters.") % {"n": NAME_LENGTH}
            continue
        if len(row.club) > CLUB_LENGTH:
            out.reason = _("The club or place is longer than %(n)s characters.") % {
                "n": CLUB_LENGTH
            }
            continue
        if bad := control_character_reason(row.name, row.club):
            out.reason = bad
            continue
        try:
            out.number = parse_number(row.number)
        except ValueError:
            out.reason = _("The number “%(value)s” is not a positive whole number.") % {
                "value": row.number
            }
            continue
        try:
            found = index.match(row.name, row.club, out.number)
        except PlayerConflict as conflict:
            out.reason = str(conflict)
            continue
        player, out.sets_number = found.player, found.sets_number
        target = (
            ("player", player.pk) if player else ("new", player_key(row.name), player_key(row.club))
        )
        if target in seen_target:
            out.reason = _("The same player as in row %(n)s.") % {"n": seen_target[target]}
            continue
        if out.number is not None and out.number in seen_number:
            out.reason = _("Number %(n)s is also given in row %(row)s.") % {
                "n": out.number,
                "row": seen_number[out.number],
            }
            continue
        seen_target[target] = row.line
        if out.number is not None:
            seen_number[out.number] = row.line
        out.player = player
        if player is None:
            out.status = PlanRow.NEW
        elif player.pk in registered:
            out.status = PlanRow.REGISTERED
            out.sets_number = False
        else:
            out.status = PlanRow.REGISTER
    return Plan(result)


@transaction.atomic
def apply(
    tournament: Tournament, the_plan: Plan, user: Any = None, *, checked_in: bool = False
) -> int:
    """Create the plan's new players and register them and the matched ones.

    Returns how many players were registered. They are marked present only when `checked_in`:
    a list sent in advance says who signed up, not who came. Bad rows and registered players
    are left alone. Each new registration is recorded in the change log.
    """
    registered = 0
    index = PlayerIndex.everyone()
    for row in the_plan.rows:
        if row.status not in (PlanRow.NEW, PlanRow.REGISTER):
            continue
        # The same rule as the registration form (the plan was checked against it just now).
        player, _created = find_or_create_player(row.name, row.club, row.number, index)
        registration, created = Registration.objects.get_or_create(
            tournament=tournament, player=player, defaults={"checked_in": checked_in}
        )
        if created:
            registered += 1
            history.record(
                tournament.pk,
                Change.Kind.REGISTRATION,
                registration.pk,
                Change.Action.CREATE,
                None,
                history.registration_state(registration),
                user,
            )
    return registered
