"""The download addresses, the CSV file and the export_tournament command."""

import io
import os
import shutil
import subprocess

import openpyxl
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tarock_cup.exports import workbook
from tarock_cup.tournaments.standings import standings
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def url(name, *args, lang="en"):
    with translation.override(lang):
        return reverse(name, args=args)


def content(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_tournament_download_is_the_workbook_in_the_pages_language(client, cup):
    response = client.get(url("export_tournament_xlsx", "herbst"))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"] == 'attachment; filename="herbst.xlsx"'
    wb = openpyxl.load_workbook(io.BytesIO(content(response)))
    assert wb.sheetnames[:3] == ["Standings", "Seating R1", "R1 T1"]
    german = client.get("/t/herbst/export.xlsx")  # German, the default, has no prefix
    assert openpyxl.load_workbook(io.BytesIO(content(german))).sheetnames[0] == "Wertung"


def test_standings_downloads(client, cup):
    response = client.get(url("export_standings_xlsx", "herbst"))
    wb = openpyxl.load_workbook(io.BytesIO(content(response)))
    assert wb.sheetnames == ["Standings"]
    assert wb["Standings"].max_row == 2 + len(standings(cup))
    response = client.get(url("export_round_standings_xlsx", "herbst", 2))
    ws = openpyxl.load_workbook(io.BytesIO(content(response)))["Standings"]
    assert [c.value for c in ws[2]][:5] == ["Rank", "Name", "Club", "R2", "Total"]
    response = client.get(url("export_standings_csv", "herbst"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="herbst-standings.csv"'


def test_csv_has_a_bom_semicolons_and_umlauts(client, cup):
    data = content(client.get(url("export_standings_csv", "herbst")))
    assert data.startswith(b"\xef\xbb\xbf")
    lines = data.decode("utf-8-sig").split("\r\n")
    assert lines[0] == "Rank;Name;Club;R1;R2;Total"
    with translation.override("en"):
        expected = [
            ";".join(
                str(v) for v in (row.rank, row.player.name, row.player.club, *row.rounds, row.total)
            ).replace("None", "")
            for row in standings(cup)
        ]
    assert lines[1:-1] == [line.replace(";=1+1;", ";'=1+1;") for line in expected]
    assert "Jörg Überall;Wörgl;".encode() in data
    assert ";'=1+1;" in data.decode("utf-8-sig")  # no formula for a spreadsheet to run


def test_csv_headings_in_german(cup):
    with translation.override("de"):
        header = workbook.standings_csv(cup).decode("utf-8-sig").split("\r\n")[0].split(";")
        translated = gettext("Seating R%(n)s") != "Seating R%(n)s"
    assert header[1:] == ["Name", header[2], "R1", "R2", "Gesamt"]
    if translated:
        assert header[:3] == ["Nr.", "Name", "Ort"]


@pytest.mark.parametrize(
    "name", ["export_tournament_xlsx", "export_standings_xlsx", "export_standings_csv"]
)
def test_a_hidden_tournament_is_404_to_visitors_and_others(client, director, other_user, name):
    make_tournament(director, public=False, slug="geheim")
    assert client.get(url(name, "geheim")).status_code == 404
    client.force_login(other_user)
    assert client.get(url(name, "geheim")).status_code == 404
    client.force_login(director)
    assert client.get(url(name, "geheim")).status_code == 200


def test_unknown_tournament_or_round_is_404(client, cup):
    assert client.get(url("export_tournament_xlsx", "nichts")).status_code == 404
    assert client.get(url("export_round_standings_csv", "herbst", 7)).status_code == 404
    assert client.get(url("export_round_standings_xlsx", "herbst", 7)).status_code == 404


def test_command_writes_the_workbook_in_the_chosen_language(cup, tmp_path):
    out = io.StringIO()
    call_command(
        "export_tournament", "herbst", "-o", str(tmp_path / "en.xlsx"), "--lang", "en", stdout=out
    )
    assert openpyxl.load_workbook(tmp_path / "en.xlsx").sheetnames[0] == "Standings"
    assert "en.xlsx" in out.getvalue()
    call_command(
        "export_tournament", "herbst", "-o", str(tmp_path / "de.xlsx"), "--lang", "de", stdout=out
    )
    assert openpyxl.load_workbook(tmp_path / "de.xlsx").sheetnames[0] == "Wertung"


def test_command_writes_the_standings_alone(cup, tmp_path):
    call_command(
        "export_tournament",
        "herbst",
        "-o",
        str(tmp_path / "w.csv"),
        "--standings",
        "--lang",
        "en",
        "--round",
        "1",
        stdout=io.StringIO(),
    )
    assert (tmp_path / "w.csv").read_bytes().startswith(b"\xef\xbb\xbfRank;Name;Club;R1;Total\r\n")
    call_command(
        "export_tournament",
        "herbst",
        "-o",
        str(tmp_path / "w.xlsx"),
        "--standings",
        stdout=io.StringIO(),
    )
    assert len(openpyxl.load_workbook(tmp_path / "w.xlsx").sheetnames) == 1


def test_command_refuses_an_unknown_tournament(tmp_path):
    with pytest.raises(CommandError, match="nichts"):
        call_command("export_tournament", "nichts", "-o", str(tmp_path / "x.xlsx"))


def test_libreoffice_renders_the_workbook_to_pdf(cup, tmp_path):
    if shutil.which("soffice") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have LibreOffice to render the workbook (.ci/run installs it)")
        pytest.skip("LibreOffice is not installed here (apt-get install libreoffice-calc-nogui)")
    path = tmp_path / "herbst.xlsx"
    with translation.override("de"):
        workbook.tournament_workbook(cup, str(path))
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    pdf = tmp_path / "herbst.pdf"
    assert pdf.exists() and pdf.stat().st_size > 1000
    assert pdf.read_bytes().startswith(b"%PDF")


def test_standings_page_shows_the_typographic_minus_and_the_csv_the_ascii_one(client, cup):
    worst = min(standings(cup), key=lambda row: row.total)
    assert worst.total < 0, "the fixture needs a player with a negative total"
    page = client.get(url("standings", "herbst")).content.decode()
    assert f"\u2212{-worst.total}<" in page, "the page should write the total with U+2212"
    assert f">{worst.total}<" not in page, "the page should not write the total with a hyphen"
    csv = content(client.get(url("export_standings_csv", "herbst"))).decode("utf-8-sig")
    assert f";{worst.total}\r\n" in csv, "the CSV should keep the ASCII hyphen-minus"
