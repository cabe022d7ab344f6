"""Reading a table (a list of players, a cup's ranking) from an uploaded workbook or CSV file.

`read_table` turns a file into rows of text by column, below a header row it recognises; it
refuses a file it cannot read, or one beyond the bounds below, with a SpreadsheetError whose
message is for the user. Every bound on a table's upload lives here (the size limit of every
upload in tarock_cup.uploads), so the player import and the ranking import cannot drift apart.
"""

import csv
import io
import itertools
import re
import time
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast
from xml.parsers import expat

from django.utils.translation import gettext as _

from tarock_cup.uploads import MAX_UPLOAD, too_large

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise
    from openpyxl.packaging.manifest import Manifest, Override

MAX_ROWS = 5000
MAX_COLUMNS = 50
HEADER_SEARCH = 5
# Hostile files: 2 MB of a workbook can unpack to gigabytes, and one XML row element can stand
# for millions of empty rows. A list of 5,000 players unpacks to about 1 MB and has no need for
# long cells, so these bounds cost real lists nothing and keep any upload to seconds and
# megabytes (bench/bench_upload.py and bench/bench_hostile_imports.py measure the worst files).
MAX_SCANNED_ROWS = 4 * MAX_ROWS  # every row read, empty ones included
MAX_CELL = 1000  # characters in one cell
MAX_PARTS = 100  # files inside a workbook
MAX_PART_BYTES = 8 * 1024 * 1024  # a sheet, or a picture (never parsed), unpacked
MAX_SHARED_STRINGS_BYTES = 4 * 1024 * 1024  # all its strings are kept, so kept smaller
# openpyxl streams only the sheets and the shared strings; every other part (styles.xml, the
# workbook, relationships, properties) it parses whole into objects of hundreds of bytes per
# element: 110,000 <font/> in a 966 KB styles.xml cost 180 MB in a production worker (issue
# 23), 50 MB and 2.4 s of CPU in a bare process. Excel's export of a player list has a styles.xml
# of 2-20 KB and a theme of about 10 KB, some 300 elements in all such parts together, and Excel
# itself allows no more than 512 fonts in a workbook; these bounds are ten times what a heavily
# formatted workbook holds, and keep those parts to a few MB and a fraction of a second.
MAX_WHOLE_PART_BYTES = 256 * 1024  # one part openpyxl parses whole
MAX_ELEMENTS = 10_000  # XML elements in all those parts together
# openpyxl's streaming readers of a sheet and of the shared strings hold each row (each text)
# until it ends, so a row is bounded, and every element outside the rows (texts) until the part
# ends, a few hundred bytes each: 500,000 of them cost 150 MB. A sheet of a list has a few
# dozen (column widths, a view, merged cells); a link for each of 5,000 players (e-mail
# addresses) makes 5,000.
MAX_KEPT_ELEMENTS = 20_000  # outside the rows and texts, in all streamed parts together
MAX_UNPACKED_BYTES = 16 * 1024 * 1024  # all files inside a workbook, unpacked
MAX_RATIO = 200  # unpacked to packed size of a larger part (real sheets: about 10)
MAX_CELLS = 100_000  # cells in all sheets (openpyxl takes about 15 µs a cell)
MAX_ROW_CELLS = 1000  # cells in one row: openpyxl reads a whole row at once, however long
MAX_ROW_ELEMENTS = 10 * MAX_ROW_CELLS  # in one row or text (cells, values, formulas, runs)
READ_SECONDS = 3.0  # of the server's time for this request; then reading stops
_ELEMENT = re.compile(rb"<[A-Za-z_]")
_DECLARED_ENCODING = re.compile(rb"^<\?xml[^>]*?encoding\s*=\s*[\"']([^\"']*)[\"']")
# The encodings in which the patterns here find what an XML parser finds (ASCII-compatible).
_ASCII_COMPATIBLE = re.compile(
    rb"utf-?8|(us-)?ascii|iso-8859-\d{1,2}|latin-?1|(windows|cp)-?125\d", re.IGNORECASE
)
_XML_START = b"\xef\xbb\xbf\xfe\xff \t\r\n\x00"
_DECLARATION = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
CHUNK = 64 * 1024


class SpreadsheetError(Exception):
    """A file that cannot be read as a table; the message is for the user."""


@dataclass(frozen=True)
class TableSpec:
    """The columns a table has: header texts by column, the columns the header must name, and
    the message when it names none of them (a lazy translation)."""

    headers: Mapping[str, Iterable[str]]
    required: tuple[str, ...]
    missing_columns: "StrOrPromise"


# -- cells and rows ------------------------------------------------------------------------------


def clean(value: Any) -> str:
    """Return a cell's value as text with whitespace collapsed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def find_columns(header: Sequence[Any], headers: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """Return the index of each column of `headers` named in a header row (compared
    case-insensitively without surrounding dots, colons and spaces)."""
    found: dict[str, int] = {}
    for index, value in enumerate(header):
        key = clean(value).casefold().strip(" .:")
        for column, names in headers.items():
            if key in names and column not in found:
                found[column] = index
    return found


def cell(cells: Sequence[Any], columns: Mapping[str, int], column: str) -> str:
    """Return the text of a row's cell in the column ("" when the row has none)."""
    index = columns.get(column)
    return clean(cells[index]) if index is not None and index < len(cells) else ""


def too_slow() -> SpreadsheetError:
    return SpreadsheetError(
        _(
            "Reading the file took longer than %(n)s seconds, far longer than a list of "
            "players needs. Save the list again as a plain .xlsx or CSV file."
        )
        % {"n": int(READ_SECONDS)}
    )


def check_cells(line: int, cells: Sequence[Any]) -> None:
    """Refuse a row with a cell longer than MAX_CELL characters."""
    for value in cells:
        if isinstance(value, str) and len(value) > MAX_CELL:
            raise SpreadsheetError(
                _("Row %(n)s has a cell of more than %(max)s characters.")
                % {"n": line, "max": MAX_CELL}
            )


def table_rows(table: Iterable[tuple[int, Sequence[Any]]], spec: TableSpec) -> list[dict[str, Any]]:
    """Return the data rows of (row number, cells) pairs below the header row, as text by column
    with the row number under "line".

    The header is the first row naming the required columns among the first few non-empty rows
    (a title above it is skipped). Every row counts toward MAX_SCANNED_ROWS, empty ones too, and
    reading stops after READ_SECONDS.
    """
    rows: list[dict[str, Any]] = []
    columns: dict[str, int] | None = None
    before_header = 0
    deadline = time.thread_time() + READ_SECONDS
    for scanned, (line, row_cells) in enumerate(table, start=1):
        if scanned > MAX_SCANNED_ROWS:
            raise SpreadsheetError(
                _("The file has more than %(n)s rows (empty rows included).")
                % {"n": MAX_SCANNED_ROWS}
            )
        if time.thread_time() > deadline:
            raise too_slow()
        cells = row_cells[:MAX_COLUMNS]
        check_cells(line, cells)
        if not any(clean(value) for value in cells):
            continue
        if columns is None:
            found = find_columns(cells, spec.headers)
            if all(column in found for column in spec.required):
                columns = found
                continue
            before_header += 1
            if before_header >= HEADER_SEARCH:
                raise SpreadsheetError(str(spec.missing_columns))
            continue
        row = {column: cell(cells, columns, column) for column in spec.headers}
        rows.append(row | {"line": line})
        if len(rows) > MAX_ROWS:
            raise SpreadsheetError(
                _("The file has more than %(n)s rows of players.") % {"n": MAX_ROWS}
            )
    if columns is None:
        if before_header:
            raise SpreadsheetError(str(spec.missing_columns))
        raise SpreadsheetError(_("The file has no rows."))
    if not rows:
        raise SpreadsheetError(_("The file has a header row but no players."))
    return rows


# -- workbooks -----------------------------------------------------------------------------------


def _not_a_workbook() -> SpreadsheetError:
    return SpreadsheetError(_("The file is not an Excel workbook (.xlsx) that can be read."))


def _unpacked_too_large() -> SpreadsheetError:
    return SpreadsheetError(
        _(
            "The workbook unpacks to far more than a list of players (more than %(mb)s MB, or "
            "packed unusually tightly). Save the list again as a plain .xlsx or CSV file."
        )
        % {"mb": MAX_UNPACKED_BYTES // (1024 * 1024)}
    )


def _too_much_besides_sheets() -> SpreadsheetError:
    return SpreadsheetError(
        _(
            "Besides its sheets, the workbook holds far more than a list of players needs "
            "(formats, styles or names: more than %(kb)s KB in one part or %(n)s elements in "
            "all). Save the list again as a plain .xlsx or CSV file."
        )
        % {"kb": MAX_WHOLE_PART_BYTES // 1024, "n": MAX_ELEMENTS}
    )


class _Budget:
    """What the workbook's parts have used so far of the bounds on cells and elements."""

    def __init__(self) -> None:
        self.cells = 0
        self.elements = 0  # of the parts openpyxl parses whole
        self.kept = 0  # elements of streamed parts outside their rows and texts

    def add_cell(self) -> None:
        self.cells += 1
        if self.cells > MAX_CELLS:
            raise SpreadsheetError(
                _("The workbook has more than %(n)s cells; a list of players has far fewer.")
                % {"n": MAX_CELLS}
            )

    def add_elements(self, count: int) -> None:
        self.elements += count
        if self.elements > MAX_ELEMENTS:
            raise _too_much_besides_sheets()

    def add_kept(self) -> None:
        self.kept += 1
        if self.kept > MAX_KEPT_ELEMENTS:
            raise SpreadsheetError(
                _(
                    "Besides its rows and texts, the workbook holds far more XML elements than "
                    "a list of players needs (more than %(n)s: formats, merged cells, links). "
                    "Save the list again as a plain .xlsx or CSV file."
                )
                % {"n": MAX_KEPT_ELEMENTS}
            )


class _StreamScan:
    """A pass with expat (the parser openpyxl streams with) over a sheet, whose groups are its
    rows, or over the shared strings, whose groups are its texts, counting what openpyxl's
    reader holds at once: a group's elements until the group ends, every element outside the
    groups to the part's end, and a sheet's rows and cells. It keeps nothing itself."""

    def __init__(self, budget: _Budget, group: str) -> None:
        self.budget = budget
        self.group = group  # "row" or "si"
        self.depth = 0  # inside a group: 1 for the group's element itself
        self.groups = 0
        self.group_cells = 0
        self.group_elements = 0
        self.parser = expat.ParserCreate()
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end

    def start(self, name: str, _attributes: Any) -> None:
        local = name.rpartition(":")[2]
        if self.depth:
            self.depth += 1
            self.group_elements += 1
            if self.group_elements > MAX_ROW_ELEMENTS:
                raise SpreadsheetError(
                    _(
                        "A row or text of the workbook holds more than %(n)s XML elements; a "
                        "list of players needs a few dozen."
                    )
                    % {"n": MAX_ROW_ELEMENTS}
                )
            if self.group == "row" and local == "c" and self.depth == 2:
                self.add_cell()
        elif local == self.group:
            self.depth, self.group_cells, self.group_elements = 1, 0, 0
            self.groups += 1
            if self.group == "row" and self.groups > MAX_SCANNED_ROWS:
                raise SpreadsheetError(
                    _("The file has more than %(n)s rows (empty rows included).")
                    % {"n": MAX_SCANNED_ROWS}
                )
        else:
            self.budget.add_kept()

    def add_cell(self) -> None:
        self.budget.add_cell()
        self.group_cells += 1
        if self.group_cells > MAX_ROW_CELLS:
            raise SpreadsheetError(
                _("A row of the workbook has more than %(n)s cells.") % {"n": MAX_ROW_CELLS}
            )

    def end(self, _name: str) -> None:
        if self.depth:
            self.depth -= 1

    def feed(self, chunk: bytes) -> None:
        self.parser.Parse(chunk, False)

    def close(self) -> None:
        self.parser.Parse(b"", True)


def _chunks(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> Iterator[bytes]:
    """Return a part's content in chunks: a sheet is looked at without holding it whole."""
    with archive.open(part) as stream:
        while chunk := stream.read(CHUNK):
            yield chunk


def _check_xml(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> bool:
    """Return whether an XML parser could read the part (a picture, for one, it could not).

    Refuse XML that no spreadsheet program writes: declarations (the "billion laughs" needs
    one) or an encoding in which the counts below would miss elements (UTF-16).
    """
    chunks = _chunks(archive, part)
    head = b""
    for chunk in chunks:
        head = chunk.lstrip(_XML_START)
        if head:
            break
    if not head.startswith(b"<"):
        return False
    declared = _DECLARED_ENCODING.match(head)
    unusual = declared is not None and not _ASCII_COMPATIBLE.fullmatch(declared[1])
    tail = b""
    for chunk in itertools.chain([head], chunks):
        if unusual or b"\x00" in chunk:
            raise SpreadsheetError(
                _("The workbook holds a part in a text encoding no spreadsheet program writes.")
            )
        if _DECLARATION.search(tail + chunk):
            raise SpreadsheetError(
                _("The workbook holds XML declarations no spreadsheet program writes.")
            )
        tail = chunk[-16:]
    return True


def _whole_part(archive: zipfile.ZipFile, name: str) -> int:
    """Return the elements of a part openpyxl parses whole; refuse it, unread, when too large."""
    part = archive.getinfo(name)
    if part.file_size > MAX_WHOLE_PART_BYTES:
        raise _too_much_besides_sheets()
    elements = len(_ELEMENT.findall(archive.read(part)))
    if elements > MAX_ELEMENTS:
        raise _too_much_besides_sheets()
    return elements


def _part_of(manifest: "Manifest", content_type: str) -> "Override | None":
    """Return the manifest's part of this content type, found as openpyxl finds it."""
    # The stubs leave Manifest.find unannotated.
    part: Override | None = manifest.find(content_type)  # type: ignore[no-untyped-call]
    return part


def _streamed_parts(archive: zipfile.ZipFile, names: set[str]) -> dict[str, str]:
    """Return the parts openpyxl reads as a stream, by name: "sheet" or "strings".

    Found as openpyxl finds them: the shared strings by the content types, the sheets by the
    workbook's relationships; both of those parts are bounded before they are parsed. A part
    openpyxl also reads whole under another role (styles.xml named as a sheet) is not streamed.
    """
    from openpyxl.packaging.manifest import Manifest
    from openpyxl.packaging.relationship import get_dependents, get_rels_path
    from openpyxl.xml import constants
    from openpyxl.xml.functions import fromstring

    types_name = constants.ARC_CONTENT_TYPES
    if types_name not in names:
        return {}
    _whole_part(archive, types_name)
    # The stubs accept only their own tree protocol and allow None; a Manifest is always built.
    tree = fromstring(archive.read(types_name))
    manifest = cast(Manifest, Manifest.from_tree(tree))  # type: ignore[arg-type]
    kinds = (constants.XLTM, constants.XLTX, constants.XLSM, constants.XLSX)
    found = next((part for kind in kinds if (part := _part_of(manifest, kind))), None)
    workbook = found.PartName[1:] if found else constants.ARC_WORKBOOK
    rels: str = get_rels_path(workbook)  # type: ignore[no-untyped-call]  # unannotated in stubs
    streamed: dict[str, str] = {}
    strings = _part_of(manifest, constants.SHARED_STRINGS)
    if strings is not None:
        streamed[strings.PartName[1:]] = "strings"
    roles: dict[str, set[str]] = defaultdict(set)
    if rels in names:
        _whole_part(archive, rels)
        for rel in get_dependents(archive, rels):
            roles[rel.target].add(rel.Type.rsplit("/", 1)[-1])
    for target, kinds_of in roles.items():
        if kinds_of == {"worksheet"}:
            streamed.setdefault(target, "sheet")
        elif kinds_of - {"sharedStrings"}:
            streamed.pop(target, None)
    whole = {types_name, workbook, rels, constants.ARC_STYLE, constants.ARC_CORE}
    whole |= {constants.ARC_CUSTOM, constants.ARC_THEME}
    return {
        name: role
        for name, role in streamed.items()
        if name not in whole and not name.endswith(".rels")
    }


def _check_sizes(parts: Sequence[zipfile.ZipInfo]) -> None:
    """Refuse too many parts, or parts that unpack too far (as the archive declares them:
    Python's zipfile stops at the declared size and refuses a part that claims less)."""
    if len(parts) > MAX_PARTS:
        raise SpreadsheetError(
            _("The workbook has more than %(n)s parts; a list of players has a few.")
            % {"n": MAX_PARTS}
        )
    total = 0
    for part in parts:
        packed = max(part.compress_size, 1)
        total += part.file_size
        if (
            part.file_size > MAX_PART_BYTES
            or total > MAX_UNPACKED_BYTES
            or (part.file_size > 1024 * 1024 and part.file_size > MAX_RATIO * packed)
        ):
            raise _unpacked_too_large()


def _check_parts(archive: zipfile.ZipFile) -> None:
    parts = archive.infolist()
    _check_sizes(parts)
    # Before anything is parsed, the content types and relationships by _streamed_parts too.
    xml = {part.filename for part in parts if _check_xml(archive, part)}
    streamed = _streamed_parts(archive, {part.filename for part in parts})
    budget = _Budget()
    for part in parts:
        role = streamed.get(part.filename)
        if role == "strings" and part.file_size > MAX_SHARED_STRINGS_BYTES:
            raise _unpacked_too_large()
        if role in ("sheet", "strings"):
            scan = _StreamScan(budget, "row" if role == "sheet" else "si")
            for chunk in _chunks(archive, part):
                scan.feed(chunk)
            scan.close()
        elif part.filename in xml:
            budget.add_elements(_whole_part(archive, part.filename))


def check_workbook(data: bytes) -> None:
    """Refuse a workbook any of whose parts would be beyond the bounds, before openpyxl reads it."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_parts(archive)
    except SpreadsheetError:
        raise
    except Exception as error:
        # BadZipFile, zlib.error, a RuntimeError (an encrypted part, a compression zipfile does
        # not know), or openpyxl's parsers on damaged content types or relationships.
        raise _not_a_workbook() from error


def workbook_rows(data: bytes, spec: TableSpec) -> list[dict[str, Any]]:
    """Return the table of a workbook's first sheet (see table_rows)."""
    from openpyxl import load_workbook

    check_workbook(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise _not_a_workbook() from error
    try:
        if not workbook.worksheets:
            raise SpreadsheetError(_("The workbook has no worksheet."))
        sheet = workbook.worksheets[0]
        # Some programs write wrong dimensions; read what is there.
        if hasattr(sheet, "reset_dimensions"):
            sheet.reset_dimensions()
        # max_row: openpyxl would otherwise make up every empty row before a far one.
        rows = sheet.iter_rows(max_row=MAX_SCANNED_ROWS + 1, max_col=MAX_COLUMNS, values_only=True)
        return table_rows(enumerate(rows, start=1), spec)
    except SpreadsheetError:
        raise
    except Exception as error:  # a damaged sheet inside a readable zip
        raise _not_a_workbook() from error
    finally:
        workbook.close()


# -- CSV -----------------------------------------------------------------------------------------


def decode_text(data: bytes) -> str:
    """Return the text of a CSV file: UTF-8 (with or without BOM), else Windows-1252 or Mac Roman,
    whichever reads as names; refuse a file that reads as names in neither."""
    if b"\x00" in data:
        raise SpreadsheetError(
            _(
                "The file is not a text file this import can read. Save it as “CSV UTF-8” "
                "or as an Excel workbook (.xlsx)."
            )
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    for encoding in ("cp1252", "mac_roman"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if plausible_text(text):
            return text
    raise SpreadsheetError(
        _(
            "The file's encoding could not be recognised (it is neither UTF-8 nor Windows-1252 "
            "nor Mac Roman text of names). Save it as “CSV UTF-8” or as an Excel workbook (.xlsx)."
        )
    )


# The letters of Western and Central European names in Windows-1252 (Ÿ stays out: no name
# has it, and it is what ü of a Mac Roman file reads as), and the punctuation spreadsheet
# programs write. The section sign, the dagger and friends are what ß, Ö, Ü of a Mac Roman file
# read as in Windows-1252, and ‰ ˆ ¸ ƒ are what ä, ö, ü, Ä of a Windows file read as in Mac Roman.
_NAME_LETTERS = frozenset(chr(c) for c in range(0xC0, 0x100) if chr(c) not in "×÷")
_NAME_LETTERS |= frozenset("ŠšŽžŒœ")
_PUNCTUATION = frozenset("\u00a0‘’‚“”„–—´·°«»")
# A capital beyond ASCII inside a word ("BŠr", "KrŠuter"): what ä and é of a Mac Roman file
# read as in Windows-1252, and é of a Windows file in Mac Roman ("RenÈe"); no name has one.
_CAPITAL_INSIDE_A_WORD = re.compile(r"(?<=[A-Za-zß-öø-ÿšžœ])[À-ÖØ-ÞŠŽŒ](?=[a-zß-öø-ÿšžœ])")


def plausible_text(text: str) -> bool:
    """Return whether the text reads as names: every character beyond ASCII a letter of a name
    or usual punctuation, and no capital of those inside a word."""
    letters = all(c < "\x80" or c in _NAME_LETTERS or c in _PUNCTUATION for c in text)
    return letters and _CAPITAL_INSIDE_A_WORD.search(text) is None


def csv_rows(data: bytes, spec: TableSpec) -> list[dict[str, Any]]:
    """Return the table of a CSV file (see table_rows), separated by ; , or tab: whichever
    splits a header line into the most recognised columns."""
    text = decode_text(data)
    if not text.strip():
        raise SpreadsheetError(_("The file is empty."))
    # Lazily: a file of a million lines is not split into a list of a million strings.
    first_lines = list(
        itertools.islice(
            (line for line in io.StringIO(text, newline=None) if line.strip()), HEADER_SEARCH
        )
    )
    best: tuple[int, str] | None = None
    for delimiter in (";", ",", "\t"):
        for line in first_lines:
            try:
                header = next(csv.reader([line], delimiter=delimiter))
            except csv.Error:
                continue
            columns = find_columns(header, spec.headers)
            if all(column in columns for column in spec.required):
                if best is None or len(columns) > best[0]:
                    best = (len(columns), delimiter)
                break
    if best is None:
        raise SpreadsheetError(str(spec.missing_columns))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=best[1])

    def table() -> Iterator[tuple[int, Sequence[Any]]]:
        for cells in reader:
            yield reader.line_num, cells

    try:
        return table_rows(table(), spec)
    except csv.Error as error:
        raise SpreadsheetError(
            _("The CSV file cannot be read near row %(n)s: %(error)s")
            % {"n": reader.line_num, "error": error}
        ) from error


# -- any file ------------------------------------------------------------------------------------


def is_workbook(data: bytes) -> bool:
    """Return whether the file is a zip archive, as every .xlsx is."""
    return data.startswith(b"PK\x03\x04")


def read_table(filename: str, data: bytes, spec: TableSpec) -> list[dict[str, Any]]:
    """Return the table of an uploaded workbook or CSV file, or raise SpreadsheetError."""
    if not data.strip():
        raise SpreadsheetError(_("The file is empty."))
    if len(data) > MAX_UPLOAD:
        raise SpreadsheetError(too_large())
    suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if is_workbook(data):
        return workbook_rows(data, spec)
    if suffix in ("xlsx", "xlsm"):
        raise _not_a_workbook()
    if suffix == "xls" or data.startswith(b"\xd0\xcf\x11\xe0"):
        raise SpreadsheetError(
            _("Old Excel files (.xls) cannot be read. Save the list as .xlsx or as CSV.")
        )
    return csv_rows(data, spec)
