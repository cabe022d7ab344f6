"""The season's downloads agree with the page and with `python -m scoring.season`."""

import io
import json
import subprocess
import sys

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tarock_cup.tournaments.models import Tournament
from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(director):
    a = played(director, "a", {"Anna": 50, "Bert": 30, "Cilli": 10, "=Dora": 5}, day=1)
    b = played(director, "b", {"Bert": 40, "Anna": 20, "Cilli": 5}, day=8)
    f = played(director, "f", {"Cilli": 70, "Bert": 60, "Anna": 0}, day=20)
    return make_cup(director, [a, b], final=f, best=1, final_factor=2, qualify=2)


def _cli(text):
    done = subprocess.run(
        [sys.executable, "-m", "scoring.season", "-"],
        input=text.encode(),
        capture_output=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_command_line_ranks_the_json_export_as_the_page_does(client, season):
    text = client.get(reverse("cup_json", args=[season.slug])).content.decode()
    printed = [
        (s["rank"], s["player"].split(" #")[0], s["points"]) for s in _cli(text)["standings"]
    ]
    page = client.get(reverse("cup", args=[season.slug])).content.decode()
    shown = [
        (rank, name, points)
        for rank, name, points in printed
        if f'<td class="num rank">{rank}</td>' in page
        and f">{name}</a>" in page
        and f'<td class="num total">{points}</td>' in page
    ]
    assert shown == printed and [p[1] for p in printed] == ["Cilli", "Bert", "Anna", "=Dora"], (
        "every line the command line prints is on the page, in the same order"
    )


def test_the_csv_export_has_the_pages_season_points(client, season):
    data = client.get(reverse("cup_csv", args=[season.slug])).content
    lines = data.decode("utf-8-sig").splitlines()
    assert lines[1:4] == [
        "1;Cilli;Innsbruck;23;3;ja;3;nein;20;ja;3;1;0;2;1;ja",
        "2;Bert;Innsbruck;22;6;nein;10;ja;12;ja;3;1;2;0;1;ja",
        "3;Anna;Innsbruck;16;10;ja;6;nein;6;ja;3;1;1;1;1;",
    ], "the CSV lines carry the page's points, each followed by whether it counts"


def test_the_csv_export_names_each_tournaments_points_and_whether_they_count(client, season):
    data = client.get(reverse("cup_csv", args=[season.slug])).content
    heading = data.decode("utf-8-sig").splitlines()[0].split(";")
    assert heading[4:10] == [
        "Turnier a",
        "Turnier a: gewertet",
        "Turnier b",
        "Turnier b: gewertet",
        "Turnier f",
        "Turnier f: gewertet",
    ], "two columns a tournament: its cup points, then whether they count"


def test_the_csv_export_writes_no_bracket_a_spreadsheet_would_read_as_a_minus(client, season):
    text = client.get(reverse("cup_csv", args=[season.slug])).content.decode("utf-8-sig")
    assert "(" not in "".join(text.splitlines()[1:]), "a dropped result is a plain number"


def test_a_spreadsheet_summing_the_counted_points_gets_the_season_points(client, season):
    text = client.get(reverse("cup_csv", args=[season.slug])).content.decode("utf-8-sig")
    rows = [line.split(";") for line in text.splitlines()]
    columns = range(4, 10, 2)
    sums = {row[1]: sum(int(row[c]) for c in columns if row[c + 1] == "ja") for row in rows[1:]}
    season_points = {row[1]: int(row[3]) for row in rows[1:]}
    assert sums == season_points, "each line's counted points add up to its season points"


def test_the_csv_export_writes_a_decimal_as_the_languages_spreadsheet_reads_it(client, season):
    type(season).objects.filter(pk=season.pk).update(final_factor="1.5")
    german = client.get(reverse("cup_csv", args=[season.slug])).content.decode("utf-8-sig")
    english = client.get("/en" + reverse("cup_csv", args=[season.slug])).content.decode("utf-8-sig")
    # Bert is 2nd of the final: 6 × 1.5 = 9; Anna 3rd: 3 × 1.5 = 4.5
    assert (";4,5;ja;" in german, ";4.5;yes;" in english) == (True, True), (
        "a decimal comma in German, a decimal point in English"
    )


def test_the_csv_export_starts_with_a_bom_and_uses_semicolons(client, season):
    data = client.get(reverse("cup_csv", args=[season.slug])).content
    assert data.startswith("\ufeffNr.;".encode()), "Excel reads the BOM and the semicolons"


def test_the_csv_export_quotes_a_name_that_looks_like_a_formula(client, season):
    data = client.get(reverse("cup_csv", args=[season.slug])).content.decode("utf-8-sig")
    assert ";'=Dora;" in data, "a name starting with = is written as text"


def test_the_workbook_writes_a_tournament_name_that_looks_like_a_formula_as_text(client, season):
    Tournament.objects.filter(slug="a").update(name="=1+1")
    response = client.get(reverse("cup_xlsx", args=[season.slug]))
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    headings = [c.data_type for c in book.worksheets[0][2]]
    assert "f" not in headings, "no heading of the season table is a formula"


def _workbook(client, cup):
    response = client.get(reverse("cup_xlsx", args=[cup.slug]))
    return load_workbook(io.BytesIO(b"".join(response.streaming_content))).worksheets[0]


def test_the_workbook_has_the_pages_season_points(client, season):
    sheet = _workbook(client, season)
    assert [c.value for c in sheet[3]][:4] == [1, "Cilli", "Innsbruck", 23], (
        "the workbook's first player is the page's, with season points as a number"
    )


def test_the_workbook_writes_every_result_as_a_number(client, season):
    sheet = _workbook(client, season)
    assert [c.value for c in sheet[4]][4:7] == [6, 10, 12], (
        "Bert's dropped 6 is a number like his counted 10 and 12, no bracketed text"
    )


def test_the_workbook_shows_dropped_points_in_grey_italics_and_counted_ones_plain(client, season):
    sheet = _workbook(client, season)
    looks = [(c.value, bool(c.font.italic)) for c in sheet[4][4:7]]
    assert looks == [(6, True), (10, False), (12, False)], "only the dropped result is italic"


def test_the_workbook_says_what_grey_italics_mean(client, season):
    sheet = _workbook(client, season)
    notes = [row[0].value for row in sheet.iter_rows() if row and row[0].value]
    assert any("grau und kursiv" in str(note).lower() for note in notes), (
        "the legend is below the table"
    )


@pytest.mark.parametrize("factor", ["10", "1.5", "2.25"])
def test_the_command_line_ranks_the_json_export_with_any_final_factor(client, season, factor):
    type(season).objects.filter(pk=season.pk).update(final_factor=factor)
    text = client.get(reverse("cup_json", args=[season.slug])).content.decode()
    page = client.get(reverse("cup", args=[season.slug])).content.decode()
    first = _cli(text)["standings"][0]
    assert f'<td class="num total">{first["points"]}</td>' in page, (
        f"with a final factor of {factor} the page shows the leader's points the CLI prints"
    )


def test_the_season_page_speaks_english_under_en(client, season):
    html = client.get("/en" + reverse("cup", args=[season.slug])).content.decode()
    assert "Season table" in html, "the English page says Season table"
