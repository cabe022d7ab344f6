"""Importing a list of players from a workbook (.xlsx) or a CSV file.

Reading a file gives plain rows (`read_rows`); `plan` decides for each row what would happen
(a new player, an existing player to register, already registered, or a bad row and why) without
writing anything; `apply` carries out a plan in one transaction.
"""

import csv
import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

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


def _columns(header: Sequence[Any]) -> dict[str, int]:
    """Return the column index of name, club and number found in a header row."""
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = _header_key(cell)
        for column, names in HEADERS.items():
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


def _rows_from(table: Iterable[tuple[int, Sequence[Any]]]) -> list[RawRow]:
    """Return the data rows of (row number, cells) pairs below the header row.

    The header is the first row naming a name column among the first few non-empty rows (a title
    above it is skipped).
    """
    rows: list[RawRow] = []
    columns: dict[str, int] | None = None
    before_header = 0
    for line, cells in table:
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


def _xlsx_rows(data: bytes) -> list[RawRow]:
    from openpyxl import load_workbook

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

        return _rows_from(
            enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1)
        )
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
    first_lines = [line for line in text.splitlines() if line.strip()][:HEADER_SEARCH]
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
def apply(tournament: Tournament, the_plan: Plan, user: Any = None) -> int:
    """Create the plan's new players and register them and the matched ones (checked in).

    Returns how many players were registered. Bad rows and registered players are left alone.
    Each new registration is recorded in the change log.
    """
    registered = 0
    index = PlayerIndex.everyone()
    for row in the_plan.rows:
        if row.status not in (PlanRow.NEW, PlanRow.REGISTER):
            continue
        # The same rule as the registration form (the plan was checked against it just now).
        player, _created = find_or_create_player(row.name, row.club, row.number, index)
        registration, created = Registration.objects.get_or_create(
            tournament=tournament, player=player, defaults={"checked_in": True}
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
