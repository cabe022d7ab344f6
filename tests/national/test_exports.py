"""The national ranking's downloads: the ÖF JSON ranks identically under `python -m scoring.oef`,
and the CSV and the workbook hold the page's lines."""

import io
import json
import subprocess
import sys

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tarock_cup.national.models import NationalFinal
from tarock_cup.national.ranking import build_national
from tarock_cup.national.rows import ranking_rows
from tests.national import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model)


def page_lines():
    national = build_national(NationalFinal.objects.get(slug="oef"))
    return [(str(r.player.number), r.rank, r.total) for r in ranking_rows(national)]


def test_the_exported_json_ranks_as_the_page_under_the_cli(client, users):
    document = client.get(reverse("national_json", args=["oef"])).content
    cli = subprocess.run(
        [sys.executable, "-m", "scoring.oef", "-"], input=document, capture_output=True, check=True
    )
    printed = json.loads(cli.stdout)
    lines = [(s["player"], s["rank"], s["total"]) for s in printed["standings"]]
    assert (lines, printed["provisional"]) == (page_lines(), False), (
        "the CLI ranks the exported file exactly as the page"
    )


def test_a_provisional_ranking_stays_provisional_in_the_json(client, users):
    from tarock_cup.cups.models import Cup

    Cup.objects.filter(slug="tirol").update(season_closed_at=None)
    document = json.loads(client.get(reverse("national_json", args=["oef"])).content)
    tirol = next(cup for cup in document["cups"] if cup["id"] == "tirol")
    assert tirol.get("provisional") is True, "an open season is provisional in the file"


def test_the_csv_holds_the_pages_lines(client, users):
    text = client.get(reverse("national_csv", args=["oef"])).content.decode("utf-8-sig")
    rows = [line.split(";") for line in text.strip().split("\r\n")[1:]]
    assert [(r[1], int(r[0]), int(r[4])) for r in rows] == world.EXPECTED, (
        "name, rank and total in the page's order"
    )


def test_the_workbook_holds_the_pages_lines(client, users):
    response = client.get(reverse("national_xlsx", args=["oef"]))
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    rows = list(book.active.iter_rows(min_row=3, values_only=True))
    assert [(r[1], r[0], r[4]) for r in rows] == world.EXPECTED, "numbers are numbers, in order"


def test_a_hidden_cup_reaches_no_download(client, users):
    from tarock_cup.cups.models import Cup

    Cup.objects.filter(slug="salz").update(public=False)
    document = json.loads(client.get(reverse("national_json", args=["oef"])).content)
    text = client.get(reverse("national_csv", args=["oef"])).content.decode("utf-8-sig")
    assert ([cup["id"] for cup in document["cups"]], "Emil" in text) == (["tirol"], False), (
        "the hidden cup and its only player are in neither file"
    )


def test_a_private_player_is_shortened_in_the_csv(client, users):
    from tarock_cup.tournaments.models import Player

    Player.objects.filter(name="Anna").update(name="Anna Huber", private=True)
    text = client.get(reverse("national_csv", args=["oef"])).content.decode("utf-8-sig")
    assert ("Anna Huber" in text, "Anna H." in text) == (False, True), "the public name only"
