"""Hostile files (issue 13): each is refused with one clear message, in bounded time and memory,
and nothing is written.

Score sheets (JSON) carrying what no sheet can hold, player lists built as decompression bombs
(smaller versions of what bench/bench_upload.py measures), and tournament backups that do not
agree with the engine.
"""

import contextlib
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.imports import spreadsheet
from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Hand, Player, Registration, Table
from tests import hostile_files
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

HAND = {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"}


@pytest.fixture(autouse=True)
def english_pages():
    with translation.override("en"):
        yield


@pytest.fixture
def table(director):
    table = make_table(make_tournament(director, "standard"))
    sheets.save_hand(table, HAND, user=director)
    return Table.objects.get(pk=table.pk)


def stored(table):
    table.refresh_from_db()
    return (
        list(Hand.objects.filter(table=table).values_list("number", "data", "scores")),
        table.totals,
    )


def sheet_text(table, manual_text):
    """Return a sheet of the table whose second hand is entered by hand as the given JSON."""
    sheet = sheets.sheet_for(table, [HAND, {"manual": "MANUAL"}])
    return json.dumps(sheet).replace('"MANUAL"', manual_text).encode()


# -- score sheets ------------------------------------------------------------------------------


SHEET_CASES = pytest.mark.parametrize(
    ("manual", "message"),
    [
        pytest.param(
            '{"scores": [NaN, 0, 0, 0], "reason": "x"}',
            "NaN is not a number a sheet can hold",
            id="nan-as-a-score",
        ),
        pytest.param(
            '{"scores": [1, -1, 0, 0], "reason": "x", "note": Infinity}',
            "Infinity is not a number a sheet can hold",
            id="infinity-under-an-unknown-key",
        ),
        pytest.param(
            '{"scores": [1, -1, 0, 0], "reason": "x", "note": 1}',
            "Hand 2, field manual.note: is not a field of a hand entered by hand",
            id="unknown-key-in-manual",
        ),
        pytest.param(
            '{"scores": [1, -1, 0, 0], "reason": "dis\\u0000pute"}',
            "text with the control character U+0000",
            id="nul-in-the-reason",
        ),
        pytest.param(
            '{"scores": [1, -1, 0, 0], "reason": "dispute \\ud800"}',
            "text with the control character U+D800",
            id="lone-surrogate-in-the-reason",
        ),
        pytest.param(
            '{"scores": [' + "9" * 5000 + ", -1, 0, 0], " + '"reason": "x"}',
            "a number of 5000 digits is more than a sheet can hold",
            id="number-of-5000-digits",
        ),
        pytest.param(
            '{"scores": [' + "9" * 4000 + ", -" + "9" * 4000 + ', 0, 0], "reason": "x"}',
            "a number of 4000 digits is more than a sheet can hold",
            id="two-4000-digit-scores-summing-to-0",
        ),
        pytest.param(
            '{"scores": [10001, -10001, 0, 0], "reason": "x"}',
            "Hand 2, field manual.scores[0]: 10001 is more than a hand can score",
            id="score-above-10000",
        ),
        pytest.param(
            '{"scores": [1, -1, 0, 0], "reason": "' + "x" * 201 + '"}',
            "Hand 2, field manual.reason: longer than 200 characters",
            id="reason-too-long",
        ),
    ],
)


def upload_sheet(client, table, manual):
    args = [table.round.tournament.slug, table.round.number, table.number]
    upload = SimpleUploadedFile("sheet.json", sheet_text(table, manual))
    return client.post(reverse("sheet_upload", args=args), {"file": upload, "replace": "on"})


@SHEET_CASES
def test_it_refuses_a_sheet_no_tournament_can_hold(director_client, table, manual, message):
    response = upload_sheet(director_client, table, manual)
    page = response.content.decode().replace("&#x27;", "'")
    refused = response.status_code == 400 and "Nothing was imported: " in page and message in page
    assert refused, f"the upload was not refused with “{message}” ({response.status_code})"


@SHEET_CASES
def test_a_refused_sheet_changes_nothing(director_client, table, manual, message):
    before = stored(table)
    upload_sheet(director_client, table, manual)
    assert stored(table) == before, "a refused sheet changed the table"


# -- what a table stores -------------------------------------------------------------------------


def test_it_refuses_a_hand_longer_than_a_table_stores(director_client, table):
    bonuses = [{"bonus": "pagat", "side": "declarer", "result": "made"}] * 100
    hand = json.dumps({**HAND, "bonuses": bonuses})
    args = [table.round.tournament.slug, table.round.number, table.number]
    sheet = json.dumps(sheets.sheet_for(table, [HAND])).replace("]}", f", {hand}]}}")
    response = director_client.post(
        reverse("sheet_upload", args=args),
        {"file": SimpleUploadedFile("sheet.json", sheet.encode()), "replace": "on"},
    )
    message = "Hand 2, field hand: longer than 4096 characters as JSON"
    assert message in response.content.decode(), f"a hand of {len(hand)} characters was taken"


@pytest.mark.parametrize(
    ("field", "value"),
    [("dealer", 9), ("sitting_out", 5), ("double_left", 4001)],
)
def test_the_database_refuses_a_hand_out_of_bounds(table, field, value):
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.filter(table=table).update(**{field: value})


def test_a_failed_export_leaves_no_temporary_files(table, settings, tmp_path, monkeypatch):
    settings.EXPORT_SCRATCH_DIR = str(tmp_path)
    written = workbook.write_table_sheet

    def fail_after_writing(*args, **kwargs):
        written(*args, **kwargs)
        raise OSError("disk full")

    monkeypatch.setattr(workbook, "write_table_sheet", fail_after_writing)
    with contextlib.suppress(OSError):
        workbook.tournament_workbook(table.round.tournament, io.BytesIO())
    assert list(tmp_path.iterdir()) == [], "the failed export left its temporary files"


# -- backups -------------------------------------------------------------------------------------

BACKUP_START = '{"format": "tarock_cup.tournament", "version": 1, "tournament": "cup", '


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            BACKUP_START + '"users": [], "objects": [], "x": ' + "9" * 5000 + "}",
            "Nothing restored: not a backup file: a number of 5000 digits is more than a sheet "
            "can hold.",
            id="number-of-5000-digits",
        ),
        pytest.param(
            BACKUP_START + '"users": [], "objects": ' + "[" * 100_000,
            "Nothing restored: not a backup file: not valid JSON: nested too deeply.",
            id="nesting-100000-deep",
        ),
        pytest.param(
            BACKUP_START + '"users": [], "objects": [], "x": NaN}',
            "Nothing restored: not a backup file: NaN is not a number a sheet can hold.",
            id="nan",
        ),
    ],
)
def test_restore_answers_a_hostile_file_with_one_line(
    table, tmp_path, capsys, monkeypatch, text, message
):
    # The command line closes the connections at its end, and the test's transaction with them.
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "hostile.json"
    path.write_text(text)
    with contextlib.suppress(SystemExit):
        ManagementUtility(["manage.py", "restore_tournament", str(path)]).execute()
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"CommandError: {message}"], "the refusal is not one line saying why"


def test_restore_exits_non_zero_on_a_hostile_file(table, tmp_path, monkeypatch):
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "hostile.json"
    path.write_text(BACKUP_START + '"users": [], "objects": ' + "[" * 100_000)
    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "restore_tournament", str(path)]).execute()
    assert exit_.value.code != 0, "the command exited 0 on a file it did not restore"


def test_restore_reads_no_more_than_its_limit(table, tmp_path, monkeypatch):
    monkeypatch.setattr(backup, "MAX_FILE", 1000)
    path = tmp_path / "big.json"
    path.write_text(BACKUP_START + '"users": [], "objects": [], "x": "' + "x" * 5000 + '"}')
    with pytest.raises(CommandError, match="^Nothing restored: the file is larger than"):
        call_command("restore_tournament", str(path), stderr=io.StringIO())


# -- player lists --------------------------------------------------------------------------------

ROWS_CAP = "The file has more than 20000 rows (empty rows included)."
UNPACKED = "The workbook unpacks to far more than a list of players"
BESIDES_SHEETS = "Besides its sheets, the workbook holds far more than a list of players needs"
BOMBS = pytest.mark.parametrize(
    ("name", "build", "message"),
    [
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.shared_string_bomb(20 * 2**20),
            UNPACKED,
            id="shared-string-of-20-mib",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.shared_string_bomb(3 * 2**20),
            UNPACKED,
            id="shared-string-packed-too-tightly",
        ),
        pytest.param(
            "bomb.xlsx", lambda: hostile_files.empty_rows(30_000), ROWS_CAP, id="empty-rows"
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.far_row(20_000_000),
            ROWS_CAP,
            id="a-player-in-row-20-million",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.huge_cell(20 * 2**20),
            UNPACKED,
            id="inline-cell-of-20-mib",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.huge_cell(5000),
            "Row 2 has a cell of more than 1000 characters.",
            id="inline-cell-of-5000-characters",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_cells(1001),
            "A row of the workbook has more than 1000 cells.",
            id="a-row-of-1001-cells",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_cells(1000, rows=101),
            "The workbook has more than 100000 cells",
            id="101-rows-of-1000-cells",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.deep_nesting(300_000),
            UNPACKED,
            id="nesting-300000-deep",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_sheets(200),
            "The workbook has more than 100 parts",
            id="200-sheets",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.entity_expansion(9),
            "The workbook holds XML declarations no spreadsheet program writes.",
            id="billion-laughs",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.entity_expansion(9, padding=5000),
            "The workbook holds XML declarations no spreadsheet program writes.",
            id="billion-laughs-after-5000-spaces",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_fonts(33_000),
            BESIDES_SHEETS,
            id="styles-of-264-kb",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_fonts(11_000),
            BESIDES_SHEETS,
            id="styles-of-11000-fonts-in-88-kb",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.many_fonts(11_000, padding=100_000),
            BESIDES_SHEETS,
            id="styles-of-11000-fonts-after-100-kb-of-spaces",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.styles_as_a_sheet(33_000),
            BESIDES_SHEETS,
            id="styles-named-as-a-sheet",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.outside_rows(20_001),
            "Besides its rows and texts, the workbook holds far more XML elements than a list",
            id="20001-elements-after-the-rows",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.strings_beside_texts(20_001),
            "Besides its rows and texts, the workbook holds far more XML elements than a list",
            id="20001-elements-beside-the-shared-strings",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.deep_nesting(10_001),
            "A row or text of the workbook holds more than 10000 XML elements",
            id="a-row-of-10001-elements",
        ),
        pytest.param(
            "bomb.xlsx",
            lambda: hostile_files.utf16_sheet(1500),
            "The workbook holds a part in a text encoding no spreadsheet program writes.",
            id="utf-16-sheet-hiding-a-row-of-1500-cells",
        ),
        pytest.param(
            "bomb.csv",
            lambda: hostile_files.csv_long_cells(1001, 20_000),
            "Row 2 has a cell of more than 1000 characters.",
            id="csv-cells-of-1001-characters",
        ),
        pytest.param(
            "bomb.csv",
            lambda: hostile_files.csv_empty_lines(30_000),
            ROWS_CAP,
            id="csv-empty-lines",
        ),
    ],
)


@pytest.fixture
def cup(director):
    return make_tournament(director, players=2)


def import_players(client, name, data):
    url = reverse("players_import", args=["cup"])
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def players_and_registrations():
    return sorted(Player.objects.values_list("name", "club")), Registration.objects.count()


@BOMBS
def test_it_refuses_a_player_list_that_unpacks_too_far(director_client, cup, name, build, message):
    response = import_players(director_client, name, build())
    page = response.content.decode().replace("&#x27;", "'")
    assert response.status_code == 400 and message in page, f"not refused with “{message}”"


@BOMBS
def test_a_refused_player_list_stores_nothing(director_client, cup, name, build, message):
    before = players_and_registrations()
    import_players(director_client, name, build())
    assert players_and_registrations() == before, "a refused list changed the players"


def test_a_list_that_takes_too_long_is_given_up(director_client, cup, monkeypatch):
    monkeypatch.setattr(spreadsheet, "READ_SECONDS", 0.0)
    response = import_players(director_client, "slow.csv", b"Name\n" + b"Anna\n" * 1000)
    message = "Reading the file took longer than 0 seconds"
    assert message in response.content.decode(), "reading did not stop at the time budget"


def test_a_workbook_with_a_thousand_fonts_is_still_read(director_client, cup):
    response = import_players(director_client, "fonts.xlsx", hostile_files.many_fonts(1000))
    assert response.status_code == 200, "a workbook with Excel's own limit of fonts was refused"


def test_a_list_of_5000_players_with_empty_rows_between_is_still_read(director_client, cup):
    rows = b"".join(b"Spieler %d;Verein\n\n\n" % n for n in range(5000))
    response = import_players(director_client, "long.csv", b"Name;Verein\n" + rows)
    assert response.status_code == 200, "a real list with blank lines was refused"
