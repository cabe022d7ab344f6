"""Exports of a paper table: its Excel sheet is the paper block, the standings count it, and
its JSON sheet carries the record."""

import io
import json

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.imports import sheets_json
from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

PAPER = {"totals": [120, -40, -40, -40], "hands": 16, "note": "Block von allen unterschrieben"}


@pytest.fixture
def paper_table(director):
    table = make_table(make_tournament(director))
    sheets.record_paper(table, PAPER)
    return table


def export(tournament, lang="de"):
    out = io.BytesIO()
    with translation.override(lang):
        workbook.tournament_workbook(tournament, out)
    out.seek(0)
    return openpyxl.load_workbook(out)


def cells(ws):
    return [value for row in ws.iter_rows(values_only=True) for value in row if value is not None]


def table_sheet(table, lang="de"):
    return export(table.round.tournament, lang)["R1 T1"]


def test_the_table_sheet_says_papierblock(paper_table):
    assert "Papierblock" in cells(table_sheet(paper_table)), "the sheet should say Papierblock"


def test_the_table_sheet_says_paper_block_in_english(paper_table):
    assert "Paper block" in cells(table_sheet(paper_table, "en")), "English: Paper block"


def test_the_table_sheet_lists_each_players_total(paper_table):
    rows = list(table_sheet(paper_table).iter_rows(min_row=4, max_row=7, values_only=True))
    assert [row[:2] for row in rows] == [
        ("Anna", 120),
        ("Bert", -40),
        ("Cilli", -40),
        ("Dora", -40),
    ], "each player's paper total should stand beside the name"


def test_the_table_sheet_adds_the_totals_up_to_check(paper_table):
    assert "=SUM(B4:B7)" in cells(table_sheet(paper_table)), "a formula should add the totals"


def test_the_table_sheet_carries_the_note(paper_table):
    assert PAPER["note"] in cells(table_sheet(paper_table)), "the note should be on the sheet"


def test_the_table_sheet_lists_no_hands(paper_table):
    assert "Geber" not in cells(table_sheet(paper_table)), "no hand columns for a paper table"


def test_the_table_sheet_says_how_many_hands_were_entered_meanwhile(paper_table):
    sheets.save_hand(paper_table, {"manual": {"scores": [1, -1, 0, 0], "reason": "x"}})
    assert "Bisher 1 Spiel eingegeben: Es zählt der Papierblock." in cells(
        table_sheet(paper_table)
    ), "hands entered meanwhile should be mentioned"


def test_the_standings_sheet_counts_the_paper_totals(paper_table):
    ws = export(paper_table.round.tournament)["Wertung"]
    anna = next(row for row in ws.iter_rows(values_only=True) if row[1] == "Anna")
    assert anna[4] == 120, "Anna's total should be her paper total"


def test_the_standings_sheet_names_the_paper_table(paper_table):
    ws = export(paper_table.round.tournament)["Wertung"]
    assert any("Vom Papierblock erfasst" in str(value) for value in cells(ws)), (
        "the standings sheet should say which table was recorded from paper"
    )


def test_the_standings_csv_counts_the_paper_totals(client, paper_table):
    text = client.get(reverse("export_standings_csv", args=["cup"])).content.decode("utf-8-sig")
    assert "1;Anna;Salzburg;120;120" in text, "the CSV should count Anna's 120"


def test_the_json_sheet_carries_the_paper_record(paper_table):
    assert sheets_json.export_sheet(paper_table)["paper"] == PAPER, "the JSON should carry it"


def test_the_json_sheet_of_a_table_without_paper_has_no_paper_field(director):
    table = make_table(make_tournament(director, slug="other"))
    assert "paper" not in sheets_json.export_sheet(table), "no paper field without a record"


def test_the_downloaded_json_sheet_carries_the_paper_record(client, paper_table):
    response = client.get(reverse("sheet_download", args=["cup", 1, 1]))
    assert json.loads(response.content)["paper"]["totals"] == PAPER["totals"], "downloaded too"
