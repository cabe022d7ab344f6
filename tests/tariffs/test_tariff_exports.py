"""A tournament's tariff travels with its files: the table's sheet (which `python -m scoring`
scores the same), the workbook's tariff sheet, and a sheet upload must carry the same tariff."""

import io
import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.tariffs import compare
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TIROL_2012 = {
    "contracts": {"besserrufer": {"won": 2, "lost": 2}, "zwiccolo_ouvert": None},
    "valat": {"silent": 15, "announced": 30},
}
HANDS = [
    {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"},
    {
        "contract": "besserrufer",
        "declarer": 2,
        "partner": 0,
        "points": "40",
        "bonuses": [{"bonus": "uhu", "side": "declarer", "announced": True, "result": "made"}],
    },
]


@pytest.fixture
def table(director):
    tariff = Tariff.objects.create(
        name="Tirol 2012", ruleset="tirol_cup", numbers=TIROL_2012, owner=director, note="2012"
    )
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    for hand in HANDS:
        sheets.save_hand(table, hand)
    return table


def download(client, table):
    args = ["cup", table.round.number, table.number]
    return client.get(reverse("sheet_download", args=args)).content.decode()


def test_the_downloaded_sheet_scores_the_same_on_the_command_line(director_client, table):
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "-"],
        input=download(director_client, table),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    stored = [list(h.scores) for h in Hand.objects.order_by("number")]
    assert [h["scores"] for h in json.loads(done.stdout)["hands"]] == stored


def test_the_stored_scores_are_the_tariffs(table):
    # 1 + Valat 15 = 16 each; Besserrufer 2 + Uhu announced 4 = 6 each
    scores = [list(h.scores) for h in Hand.objects.order_by("number")]
    assert scores == [[-16, 16, -16, 16], [6, -6, 6, -6]]


def tariff_sheet(table, lang):
    out = io.BytesIO()
    with translation.override(lang):
        workbook.tournament_workbook(table.round.tournament, out)
    out.seek(0)
    book = openpyxl.load_workbook(out)
    return book.sheetnames[1], {
        row[0]: row[1:] for row in book.worksheets[1].iter_rows(values_only=True)
    }


@pytest.mark.parametrize(("lang", "name"), [("de", "Tarif"), ("en", "Tariff")])
def test_the_workbook_has_a_tariff_sheet_after_the_standings(table, lang, name):
    assert tariff_sheet(table, lang)[0] == name


@pytest.mark.parametrize(
    ("row", "values"),
    [
        ("Besserrufer", (2, 2)),
        ("Farbensolo", (10, 10)),
        ("Zwiccolo ouvert", ("not played", None)),
        ("Uhu", (2, 4)),
        ("Valat silent", (15, None)),
        ("Valat announced", (30, None)),
        ("Highest Kontra", ("Subkontra", None)),
    ],
)
def test_the_tariff_sheet_lists_every_number(table, row, values):
    assert tariff_sheet(table, "en")[1][row][:2] == values


@pytest.mark.parametrize("rows", ["contract_rows", "bonus_rows", "other_rows"])
def test_the_tariff_sheet_reads_its_rows_where_the_tariff_page_does(table, monkeypatch, rows):
    # one place decides what a tariff's numbers are; the sheet must not walk them itself
    monkeypatch.setattr(compare, rows, lambda base, tariff: [])
    assert rows_of(tariff_sheet(table, "en")[1], rows) == set()


def rows_of(sheet, rows):
    """Return the sheet's rows that the named compare function would have given."""
    names = {
        "contract_rows": {"Besserrufer", "Zwiccolo ouvert"},
        "bonus_rows": {"Uhu"},
        "other_rows": {"Valat silent", "Highest Kontra"},
    }[rows]
    return names & set(sheet)


def test_the_tariff_sheet_holds_the_tariff_as_json(table):
    assert json.loads(tariff_sheet(table, "en")[1]["JSON"][0]) == {
        "name": "Tirol 2012",
        **TIROL_2012,
    }


@pytest.mark.parametrize(
    "tariff",
    [None, {"name": "Tirol 2012", "valat": {"silent": 10, "announced": 20}}],
    ids=["none", "other-numbers"],
)
def test_an_upload_with_another_tariff_changes_nothing(director_client, table, tariff):
    sheet = json.loads(download(director_client, table))
    sheet["tariff"] = tariff
    sheet["hands"] = HANDS[:1]
    args = ["cup", table.round.number, table.number]
    upload = SimpleUploadedFile("s.json", json.dumps(sheet).encode())
    response = director_client.post(
        reverse("sheet_upload", args=args), {"file": upload, "replace": "on"}
    )
    assert (response.status_code, Hand.objects.count()) == (400, 2)
