"""The tournament workbook, reopened with openpyxl: sheets, values, formulas, print settings."""

import io
import os
import re
import tempfile

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand, Player, Table
from tarock_cup.tournaments.standings import standings
from tests.exports.conftest import DREIER
from tests.factories import make_table

pytestmark = pytest.mark.django_db

FIRST_SCORE = 9  # column I: the first player's score on a table sheet
TOP = 4  # first hand row


def export(tournament, lang="en"):
    out = io.BytesIO()
    with translation.override(lang):
        workbook.tournament_workbook(tournament, out)
    out.seek(0)
    return openpyxl.load_workbook(out)


def rows(ws):
    return list(ws.iter_rows(values_only=True))


def test_sheets_in_english(cup):
    wb = export(cup, "en")
    assert wb.sheetnames == ["Standings", "Seating R1", "R1 T1", "R1 T2", "Seating R2", "R2 T1"]


def test_headings_follow_the_language(cup):
    english, german = export(cup, "en"), export(cup, "de")
    assert german.sheetnames[0] == "Wertung"
    assert rows(english["R1 T1"])[2][:7] == (
        "#",
        "Dealer",
        "Contract",
        "Declarer",
        "Partner",
        "Card points",
        "Bonuses and Kontras",
    )
    assert rows(german[german.sheetnames[2]])[2][1:3] == ("Geber", "Spiel")
    assert "Gesamt" in rows(german["Wertung"])[1]
    assert rows(english["Standings"])[1] == (
        "Rank",
        "Name",
        "Club",
        "R1",
        "R2",
        "Total",
        "Hands",
        "Tie-break",
        "Lot",
    )


def test_german_names_of_the_export_headings(cup):
    wb = export(cup, "de")
    assert wb.sheetnames[:3] == ["Wertung", "Sitzplan R1", "R1 T1"]
    assert rows(wb["Wertung"])[1][:3] == ("Nr.", "Name", "Ort")


def test_table_sheets_hold_the_stored_scores(cup):
    wb = export(cup)
    for table in Table.objects.filter(round__tournament=cup).prefetch_related("hands", "seats"):
        ws = wb[f"R{table.round.number} T{table.number}"]
        seats = table.seats.count()
        body = rows(ws)[TOP - 1 : TOP - 1 + table.hands.count()]
        for hand, row in zip(table.hands.order_by("number"), body, strict=True):
            assert row[0] == hand.number
            scores = row[FIRST_SCORE - 1 : FIRST_SCORE - 1 + seats]
            expected = tuple(
                "–" if seat == hand.sitting_out else score for seat, score in enumerate(hand.scores)
            )
            assert scores == expected
            if hand.sitting_out is not None:
                assert hand.scores[hand.sitting_out] == 0, "the seat sitting out scores 0"


def test_running_totals_end_at_the_table_totals(cup):
    wb = export(cup)
    for table in Table.objects.filter(round__tournament=cup):
        seats = len(table.totals)
        ws = wb[f"R{table.round.number} T{table.number}"]
        last_hand = rows(ws)[TOP - 2 + table.hands.count()]
        running = last_hand[FIRST_SCORE + seats : FIRST_SCORE + 2 * seats]
        assert list(running) == table.totals


def column_sum(ws, formula):
    """Evaluate =SUM(A1:B2) over the sheet's numbers (text is skipped, as in Excel)."""
    first, last = re.fullmatch(r"=SUM\(([A-Z]+\d+):([A-Z]+\d+)\)", formula).groups()
    return sum(
        cell.value
        for row in ws[first:last]
        for cell in row
        if isinstance(cell.value, int) and cell.data_type == "n"
    )


def test_totals_row_and_check_column_are_formulas_over_the_right_ranges(cup):
    wb = export(cup)
    table = Table.objects.get(round__tournament=cup, round__number=1, number=2)
    ws = wb["R1 T2"]
    total_row = TOP + 4  # four hands
    assert ws.cell(total_row, 1).value == "Total"
    assert [ws.cell(total_row, FIRST_SCORE + i).value for i in range(5)] == [
        f"=SUM({col}4:{col}7)" for col in "IJKLM"
    ]
    for i, total in enumerate(table.totals):
        cell = ws.cell(total_row, FIRST_SCORE + i)
        assert cell.data_type == "f" and cell.font.b
        assert column_sum(ws, cell.value) == total
    for row in range(TOP, total_row):
        check = ws.cell(row, FIRST_SCORE + 5)
        assert check.value == f"=SUM(I{row}:M{row})"
        assert column_sum(ws, check.value) == 0
    assert ws.cell(total_row, FIRST_SCORE + 5).value == f"=SUM(I{total_row}:M{total_row})"
    assert ws.cell(3, FIRST_SCORE + 5).value == "Check"


def test_group_labels_stand_over_the_first_score_and_the_first_running_total(cup):
    ws = export(cup)["R1 T2"]  # five players: scores I to M, check N, running totals O to S
    labels = {cell.coordinate: cell.value for cell in ws[2] if cell.value}
    assert labels == {"I2": "Scores", "O2": "Running totals"}


def test_hands_in_words_and_doubled_deals(cup):
    ws = export(cup)["R1 T1"]
    first, trischaken, dreier = rows(ws)[TOP - 1 : TOP + 2]
    assert first[1:8] == (
        "Jörg Überall",
        "Rufer",
        "P1",
        "P3",
        41,
        "Kontra on the game; Pagat ultimo announced, made (declarer's side), Kontra",
        None,
    )
    assert trischaken[2] == "Trischaken" and trischaken[6].startswith("Jörg Überall: 20 points")
    assert (dreier[5], dreier[7]) == ("35/2", "×2")
    german = export(cup, "de")[export(cup, "de").sheetnames[2]]
    assert rows(german)[TOP - 1][6].endswith("angesagt, gemacht (Spielerseite), Kontra")


def test_card_points_stand_right_aligned_whether_numbers_or_text(cup):
    ws = export(cup)["R1 T1"]
    first, dreier = ws.cell(TOP, 6), ws.cell(TOP + 2, 6)  # 41 and "35/2"
    assert (first.value, first.alignment.horizontal, dreier.value, dreier.alignment.horizontal) == (
        41,
        None,  # a number: right-aligned by the spreadsheet itself
        "35/2",
        "right",
    )


def test_sitting_out_dealer_manual_hand_and_personal_kontra(cup):
    body = rows(export(cup)["R1 T2"])[TOP - 1 : TOP + 3]
    assert body[0][FIRST_SCORE - 1] == "–"  # the dealer of hand 1 sits out
    assert body[2][6] == "Entered by hand: Schiedsrichter"
    assert body[3][5] == "tricks: 1" and body[3][6] == "Kontra by =1+1"


def test_a_name_starting_with_equals_stays_text(cup):
    ws = export(cup)["Seating R1"]
    cell = ws["C4"]  # table 2, seat 2
    assert (cell.value, cell.data_type) == ("=1+1\nSalzburg", "s")
    standings_ws = export(cup)["Standings"]
    names = [c for c in standings_ws["B"] if c.value == "=1+1"]
    assert names and names[0].data_type == "s"


def test_text_is_written_as_it_is_with_markup_characters_and_spaces(cup):
    name, club = ' <b>Anna</b> & "Co" ', "Linz\r\nUrfahr"
    Player.objects.filter(name="P1").update(name=name, club=club)
    wb = export(cup)
    assert (name, club) in [(row[1], row[2]) for row in rows(wb["Standings"])]
    assert wb["Seating R1"]["C3"].value == f"{name}\n{club}"  # table 1, seat 2
    table = rows(wb["R1 T1"])
    assert table[2][FIRST_SCORE] == name  # the score column's heading
    assert table[TOP - 1][3] == name  # the declarer of the first hand


def test_control_characters_in_names_are_left_out_instead_of_breaking_the_export(cup):
    # openpyxl refuses such characters (IllegalCharacterError); a workbook cannot hold them.
    Player.objects.filter(name="P1").update(name="An\x01na", club="Li\x0bnz\x1f")
    cup.name = "Herbst\x02cup"
    cup.save()
    wb = export(cup)
    assert ("Anna", "Linz") in [(row[1], row[2]) for row in rows(wb["Standings"])]
    assert wb["Seating R1"]["C3"].value == "Anna\nLinz"  # table 1, seat 2
    table = rows(wb["R1 T1"])
    assert table[0][0].startswith("Herbstcup ·")
    assert (table[2][FIRST_SCORE], table[TOP - 1][3]) == ("Anna", "Anna")  # heading, declarer


def test_seating_sheets_list_the_players_in_seat_order(cup):
    ws = export(cup)["Seating R1"]
    assert rows(ws)[1][:6] == ("Table", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5")
    assert rows(ws)[2] == (
        1,
        "Jörg Überall\nWörgl",
        "P1\nSalzburg",
        "P2\nSalzburg",
        "P3\nSalzburg",
        None,
        "Jörg Überall",
    )
    assert rows(ws)[3][0] == 2 and rows(ws)[3][5] == "P8\nSalzburg"


def test_standings_sheet_equals_the_standings(cup):
    ws = export(cup)["Standings"]
    with translation.override("en"):
        expected = _standings_rows(cup)
    assert rows(ws)[2:] == expected
    assert any(row[7] for row in expected), "the fixture has a tie broken by a tie-breaker"
    assert any(row[8] for row in expected), "the fixture has a tie broken by lots"


@pytest.mark.parametrize(
    ("lang", "sheet", "mark"),
    [
        ("de", "Wertung", "Jörg Überall (zurückgezogen)"),
        ("en", "Standings", "Jörg Überall (withdrawn)"),
    ],
)
def test_the_standings_sheet_marks_a_withdrawn_player(cup, lang, sheet, mark):
    cup.registrations.filter(player__name="Jörg Überall").update(withdrawn=True)
    names = [row[1] for row in rows(export(cup, lang)[sheet])[2:]]
    assert mark in names, "the standings sheet should mark the withdrawn player as on the page"


def test_the_standings_sheet_leaves_players_still_playing_unmarked(cup):
    names = [row[1] for row in rows(export(cup)["Standings"])[2:]]
    assert "Jörg Überall" in names, "a player who has not withdrawn keeps the plain name"


def _standings_rows(cup):
    return [
        (
            row.rank,
            workbook.standing_name(row),
            row.player.club,
            *row.rounds,
            row.total,
            row.hands,
            workbook.tie_break_text(row) or None,
            row.lot if row.decided_by == "lots" else None,
        )
        for row in standings(cup)
    ]


def test_freeze_panes_widths_and_print_settings(cup):
    wb = export(cup)
    for name, header_rows in [("Standings", 2), ("Seating R1", 2), ("R1 T2", 3)]:
        ws = wb[name]
        assert ws.freeze_panes == f"A{header_rows + 1}"
        assert ws.print_title_rows == f"$1:${header_rows}"
        assert ws.page_setup.orientation == "landscape"
        assert int(ws.page_setup.paperSize) == 9  # A4
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1
        assert ws.column_dimensions["B"].width > 10
        plain = [c.coordinate for c in ws[header_rows] if c.value is not None and not c.font.b]
        assert plain == [], "header cells not in bold"
    assert wb["R1 T2"].column_dimensions["G"].width >= 40  # the words


def test_queries_do_not_grow_with_tables_or_hands(cup):
    def count():
        with CaptureQueriesContext(connection) as context:
            workbook.tournament_workbook(cup, io.BytesIO())
        return len(context)

    before = count()
    table = make_table(cup, 4, 2, 2, names=["P1", "P3", "P6", "P7"])
    for points in ("20", "40", "36"):
        sheets.save_hand(table, DREIER | {"points": points})
    assert count() == before


def test_a_tournament_without_rounds_is_its_standings_alone(director):
    from tests.factories import make_tournament

    tournament = make_tournament(director, players=4)
    wb = export(tournament)
    assert wb.sheetnames == ["Standings"]
    assert len(rows(wb["Standings"])) == 2 + 4


def test_a_table_without_hands_has_zero_totals(cup):
    Hand.objects.filter(table__round__number=2).delete()
    ws = export(cup)["R2 T1"]
    assert rows(ws)[3][:1] == ("Total",)
    assert rows(ws)[3][FIRST_SCORE - 1 : FIRST_SCORE + 3] == (0, 0, 0, 0)


@pytest.fixture
def made_in(monkeypatch):
    """Return the list of directories the export's temporary files are made in."""
    import openpyxl.worksheet._writer as writer

    seen = []
    real = writer.NamedTemporaryFile

    def spy(*args, **kwargs):
        made = real(*args, **kwargs)
        seen.append(str(os.path.dirname(made.name)))
        return made

    monkeypatch.setattr(writer, "NamedTemporaryFile", spy)
    return seen


def test_the_export_makes_its_temporary_files_in_the_scratch_directory(
    cup, settings, tmp_path, made_in
):
    settings.EXPORT_SCRATCH_DIR = str(tmp_path)
    before = tempfile.tempdir
    export(cup)
    # one a sheet, all in the scratch directory, all removed again; the default restored
    assert (set(made_in), len(made_in), list(tmp_path.iterdir()), tempfile.tempdir) == (
        {str(tmp_path)},
        6,
        [],
        before,
    )


@pytest.mark.parametrize("case", ["missing", "empty setting", "too little free space"])
def test_without_a_usable_scratch_directory_the_export_uses_the_systems(
    cup, settings, tmp_path, monkeypatch, made_in, case
):
    settings.EXPORT_SCRATCH_DIR = {
        "missing": str(tmp_path / "missing"),
        "empty setting": "",
        "too little free space": str(tmp_path),
    }[case]
    if case == "too little free space":
        monkeypatch.setattr(workbook, "SCRATCH_FREE_BYTES", 1 << 62)
    wb = export(cup)
    assert (workbook.scratch_dir(), set(made_in), len(wb.sheetnames)) == (
        None,
        {tempfile.gettempdir()},
        6,
    )


def test_a_failed_export_restores_the_temporary_directory(cup, settings, tmp_path, monkeypatch):
    settings.EXPORT_SCRATCH_DIR = str(tmp_path)
    before = tempfile.tempdir

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(workbook, "write_table_sheet", broken)
    with pytest.raises(RuntimeError):
        export(cup)
    assert tempfile.tempdir == before
