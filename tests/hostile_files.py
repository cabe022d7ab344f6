"""Builders of hostile player lists: workbooks and CSV files that are small when packed and
huge, slow or deep when read.

bench/bench_upload.py builds the worst of each (a 1 GiB string packed into about 1 MB, 20 million
empty rows) and measures the import's answer, as bench/bench_hostile_imports.py does for those of
issue 23 (styles, elements outside the rows, look-alike rankings); tests/test_hostile_files.py
builds small ones.
Every builder returns the file's bytes; sizes are parameters. Parts are written in chunks, so
building a gigabyte bomb never holds the gigabyte.
"""

import io
import zipfile
from collections.abc import Iterable, Iterator, Mapping

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CHUNK = 1 << 20


def _content_types(sheets: int, shared_strings: bool) -> bytes:
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for n in range(1, sheets + 1)
    )
    if shared_strings:
        overrides += (
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/'
        'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
        'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        f"{overrides}</Types>"
    ).encode()


def _workbook_parts(sheets: int, shared_strings: bool) -> dict[str, bytes]:
    names = "".join(
        f'<sheet name="S{n}" sheetId="{n}" r:id="rId{n}"/>' for n in range(1, sheets + 1)
    )
    rels = "".join(
        f'<Relationship Id="rId{n}" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet{n}.xml"/>'
        for n in range(1, sheets + 1)
    )
    if shared_strings:
        rels += (
            f'<Relationship Id="rId{sheets + 1}" Type="{DOC_RELS}/sharedStrings" '
            'Target="sharedStrings.xml"/>'
        )
    return {
        "[Content_Types].xml": _content_types(sheets, shared_strings),
        "_rels/.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
            f'<Relationship Id="rId1" Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>"
        ).encode(),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" '
            f'xmlns:r="{DOC_RELS}"><sheets>{names}</sheets></workbook>'
        ).encode(),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">{rels}'
            "</Relationships>"
        ).encode(),
    }


def _chunked(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """Return the pieces joined into chunks of about CHUNK bytes."""
    buffer: list[bytes] = []
    size = 0
    for piece in pieces:
        buffer.append(piece)
        size += len(piece)
        if size >= CHUNK:
            yield b"".join(buffer)
            buffer, size = [], 0
    if buffer:
        yield b"".join(buffer)


def workbook(
    sheet: Iterable[bytes],
    *,
    shared_strings: Iterable[bytes] | None = None,
    sheets: int = 1,
    extra: Mapping[str, bytes] | None = None,
) -> bytes:
    """Return an .xlsx of the given first sheet's XML (in pieces), packed as tightly as zip can;
    `extra` parts are added or replace the usual ones."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        usual = _workbook_parts(sheets, shared_strings is not None) | dict(extra or {})
        for name, content in usual.items():
            archive.writestr(name, content)
        parts: list[tuple[str, Iterable[bytes]]] = [("xl/worksheets/sheet1.xml", sheet)]
        parts += [(f"xl/worksheets/sheet{n}.xml", [_sheet_xml(b"")]) for n in range(2, sheets + 1)]
        if shared_strings is not None:
            parts.append(("xl/sharedStrings.xml", shared_strings))
        for name, pieces in parts:
            with archive.open(name, "w", force_zip64=True) as stream:
                for chunk in _chunked(pieces):
                    stream.write(chunk)
    return out.getvalue()


def _sheet_xml(rows: bytes) -> bytes:
    return f'<worksheet xmlns="{MAIN}"><sheetData>'.encode() + rows + b"</sheetData></worksheet>"


def _sheet(rows: Iterable[bytes]) -> Iterator[bytes]:
    yield f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
    yield from rows
    yield b"</sheetData></worksheet>"


HEADER = b'<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'


def shared_string_bomb(length: int) -> bytes:
    """Return a workbook whose shared strings hold one string of `length` characters."""

    def strings() -> Iterator[bytes]:
        yield f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}"><si><t>'.encode()
        block = b"a" * CHUNK
        for _ in range(length // CHUNK):
            yield block
        yield b"a" * (length % CHUNK)
        yield b"</t></si></sst>"

    return workbook(
        _sheet([HEADER, b'<row r="2"><c r="A2" t="s"><v>0</v></c></row>']),
        shared_strings=strings(),
    )


def empty_rows(count: int) -> bytes:
    """Return a workbook of a Name header and `count` empty rows, each written out (without
    their number, as a sheet may: the rows are counted)."""
    return workbook(_sheet([HEADER, *(b"<row/>" for _ in range(count))]))


def far_row(number: int) -> bytes:
    """Return a tiny workbook of a Name header and one player in row `number`: openpyxl makes
    up every empty row in between."""
    player = b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>Anna</t></is></c></row>' % (
        number,
        number,
    )
    return workbook(_sheet([HEADER, player]))


def huge_cell(length: int) -> bytes:
    """Return a workbook whose second row is one inline string of `length` characters."""

    def rows() -> Iterator[bytes]:
        yield HEADER
        yield b'<row r="2"><c r="A2" t="inlineStr"><is><t>'
        block = b"a" * CHUNK
        for _ in range(length // CHUNK):
            yield block
        yield b"a" * (length % CHUNK)
        yield b"</t></is></c></row>"

    return workbook(_sheet(rows()))


def many_cells(count: int, rows: int = 1) -> bytes:
    """Return a workbook of a Name header and `rows` rows of `count` cells each."""

    def pieces() -> Iterator[bytes]:
        yield HEADER
        for _ in range(rows):
            yield b"<row>"
            yield from (b"<c><v>%d</v></c>" % n for n in range(count))
            yield b"</row>"

    return workbook(_sheet(pieces()))


def deep_nesting(depth: int) -> bytes:
    """Return a workbook whose sheet nests `depth` unknown elements inside a cell."""
    return workbook(
        _sheet([HEADER, b'<row r="2"><c r="A2">', b"<x>" * depth, b"</x>" * depth, b"</c></row>"])
    )


def many_sheets(count: int) -> bytes:
    """Return a workbook of `count` sheets (only the first is read)."""
    return workbook(_sheet([HEADER]), sheets=count)


def entity_expansion(levels: int, padding: int = 0) -> bytes:
    """Return a workbook whose shared string is an entity that expands tenfold `levels` times,
    its declaration after `padding` spaces."""

    def strings() -> Iterator[bytes]:
        entities = "".join(f'<!ENTITY e{n} "{f"&e{n - 1};" * 10}">' for n in range(1, levels + 1))
        yield (
            f'<?xml version="1.0"?>{" " * padding}<!DOCTYPE sst [<!ENTITY e0 "aaaaaaaaaa">'
            f"{entities}]>"
            f'<sst xmlns="{MAIN}"><si><t>&e{levels};</t></si></sst>'
        ).encode()

    return workbook(
        _sheet([HEADER, b'<row r="2"><c r="A2" t="s"><v>0</v></c></row>']),
        shared_strings=strings(),
    )


def csv_long_line(length: int) -> bytes:
    """Return a CSV file of a Name header and one line of `length` characters."""
    return b"Name;Verein\n" + b"a" * length + b"\n"


def csv_long_cells(length: int, size: int) -> bytes:
    """Return a CSV file of lines of cells `length` characters long, `size` bytes in all."""
    line = (b"a" * length + b";") * 3 + b"\n"
    return b"Name;Verein\n" + line * max(1, size // len(line))


def csv_separators(size: int) -> bytes:
    """Return a CSV file whose second line is `size` separators (that many empty cells)."""
    return b"Name;Verein\n" + b";" * size + b"\n"


def csv_empty_lines(count: int) -> bytes:
    """Return a CSV file of a Name header and `count` empty lines."""
    return b"Name;Verein\n" + b"\n" * count


def styles(fonts: int, font: bytes = b"<font/> ", padding: int = 0) -> bytes:
    """Return a styles.xml of `fonts` fonts (by default empty ones: 8 bytes each) and one cell
    format, after `padding` spaces."""
    head = f'{" " * padding}<styleSheet xmlns="{MAIN}">'
    return (
        f'{head}<fonts count="{fonts}">'.encode()
        + font * fonts
        + b'</fonts><cellXfs count="1"><xf fontId="0"/></cellXfs></styleSheet>'
    )


def many_fonts(count: int, font: bytes = b"<font/> ", padding: int = 0) -> bytes:
    """Return a workbook of a Name header and one player whose styles.xml has `count` fonts
    (after `padding` spaces)."""
    player = b'<row r="2"><c r="A2" t="inlineStr"><is><t>Anna</t></is></c></row>'
    styles_xml = styles(count, font, padding)
    return workbook(_sheet([HEADER, player]), extra={"xl/styles.xml": styles_xml})


def look_alike_ranking(rows: int) -> bytes:
    """Return a ranking (CSV) of one name written by `rows` players, each of another club."""
    lines = "".join(f"{n};Berta Gruber;Verein {n};{10 * (rows - n)}\n" for n in range(1, rows + 1))
    return ("Platz;Name;Verein;Punkte\n" + lines).encode()


def styles_as_a_sheet(fonts: int) -> bytes:
    """Return a workbook whose relationships name its styles.xml (of `fonts` fonts) as a second
    sheet, so that it might pass for a part openpyxl streams; openpyxl parses it whole."""
    rels = (
        f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{DOC_RELS}/worksheet" Target="styles.xml"/>'
        "</Relationships>"
    ).encode()
    return workbook(
        _sheet([HEADER]),
        extra={"xl/styles.xml": styles(fonts), "xl/_rels/workbook.xml.rels": rels},
    )


def utf16_sheet(cells: int) -> bytes:
    """Return a workbook whose sheet, of one row of `cells` cells, is written in UTF-16 (where
    a count of the cells' bytes finds none)."""
    row = b"<row>" + b"<c><v>1</v></c>" * cells + b"</row>"
    xml = b"".join(_sheet([HEADER, row])).decode().replace("UTF-8", "UTF-16")
    return workbook([xml.encode("utf-16")])


def outside_rows(count: int) -> bytes:
    """Return a workbook whose sheet has, after its rows, `count` elements openpyxl keeps to the
    sheet's end (varied, so that a large count packs no tighter than a real sheet)."""
    player = b'<row r="2"><c r="A2" t="inlineStr"><is><t>Anna</t></is></c></row>'
    junk = (b'<x a="%d"/>' % (n * 7919 % 100_003) for n in range(count))
    head = f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'
    return workbook([head.encode(), HEADER, player, b"</sheetData>", *junk, b"</worksheet>"])


def strings_beside_texts(count: int) -> bytes:
    """Return a workbook whose shared strings hold, besides their one text, `count` elements
    openpyxl keeps to the part's end."""

    def strings() -> Iterator[bytes]:
        yield f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}">'.encode()
        yield b"<si><t>Anna</t></si>"
        yield from (b'<x a="%d"/>' % (n * 7919 % 100_003) for n in range(count))
        yield b"</sst>"

    return workbook(
        _sheet([HEADER, b'<row r="2"><c r="A2" t="s"><v>0</v></c></row>']),
        shared_strings=strings(),
    )
