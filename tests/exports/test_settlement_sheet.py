"""The workbook's sheet "Abrechnung": each player's written score and money in euro, the box;
in the directors' workbook only."""

import io

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Settlement
from tests.factories import make_table, make_tournament
from tests.scoring.test_settlement import FOUR_HANDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(django_user_model):
    owner = django_user_model.objects.create_user("owner", password="pw-123456")
    tournament = make_tournament(owner, slug="cup")
    Settlement.objects.create(tournament=tournament, cents=10, kontras="box")
    table = make_table(tournament)
    for hand in FOUR_HANDS:
        sheets.save_hand(table, hand)
    return tournament


def export(tournament, money, lang="de"):
    out = io.BytesIO()
    with translation.override(lang):
        workbook.tournament_workbook(tournament, out, money=money)
    out.seek(0)
    return openpyxl.load_workbook(out)


def test_the_directors_workbook_has_the_settlement_sheet(tournament):
    assert "Abrechnung" in export(tournament, True).sheetnames, "a sheet “Abrechnung”"


def test_the_public_workbook_has_no_money(tournament):
    assert "Abrechnung" not in export(tournament, False).sheetnames, "money is the directors'"


def test_the_sheet_names_each_player_with_score_and_money(tournament):
    ws = export(tournament, True)["Abrechnung"]
    rows = list(ws.iter_rows(min_row=3, max_row=6, values_only=True))
    # the four-hand table of tests/scoring/test_settlement.py, kontras into the box at 10 cents
    found = [(name, written, round(money * 100)) for name, written, _box, money in rows]
    expected = [("Bert", 6, 60), ("Dora", -2, -20), ("Cilli", 2, -40), ("Anna", -6, -100)]
    assert found == expected, "name, written score and money (in cents here) of each player"


def test_the_sheet_shows_the_days_box(tournament):
    ws = export(tournament, True)["Abrechnung"]
    row = next(r for r in ws.iter_rows(values_only=True) if r[0] == "Sammelbüchse des Tages")
    assert round(row[2] * 100) == 100, "the box holds 1 €"


def test_money_cells_are_formatted_in_euro(tournament):
    ws = export(tournament, True)["Abrechnung"]
    assert "€" in ws["D3"].number_format, "the money column should read as euros"


@pytest.mark.parametrize(("actor", "sheet"), [("owner", True), (None, False)])
def test_the_download_has_the_money_for_directors_only(client, tournament, actor, sheet):
    if actor:
        client.force_login(tournament.owner)
    response = client.get(reverse("export_tournament_xlsx", args=["cup"]))
    names = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content))).sheetnames
    assert ("Abrechnung" in names) == sheet, f"the settlement sheet for {actor or 'the public'}"
