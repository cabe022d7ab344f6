"""The demo national final of `make run`: load_demo_national after load_demo, twice, shows the
demo cup's qualification list with a declined player and the next moved up, and its ÖF JSON
ranks identically under `python -m scoring.oef`."""

import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.urls import reverse

from tarock_cup.national.demo import DEMO_FINAL_SLUG
from tarock_cup.national.models import Decline, NationalCup, NationalFinal
from tarock_cup.national.ranking import build_national
from tarock_cup.national.rows import ranking_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("load_demo", stdout=None)
    call_command("load_demo_national")
    call_command("load_demo_national")
    return NationalFinal.objects.get(slug=DEMO_FINAL_SLUG)


def test_loading_twice_makes_one_final_one_cup_one_decline(demo):
    counts = (
        NationalFinal.objects.count(),
        NationalCup.objects.count(),
        Decline.objects.count(),
    )
    assert counts == (1, 1, 1), "a second load adds no final, no cup and no decline"


def test_the_demo_cup_shows_a_declined_player_and_the_next_moved_up(demo):
    line = build_national(demo).cups[0]
    declined = [p.name for p in line.places if p.declined]
    moved_up = [p.name for p in line.places if p.moved_up]
    assert (len(declined), len(moved_up)) == (1, 1), (
        "one qualified player declined and one player moved up in their place"
    )


def test_the_national_page_shows_the_provisional_ranking(client, demo):
    national = build_national(demo)
    first = ranking_rows(national)[0].player.name
    page = client.get(reverse("national_final", args=[DEMO_FINAL_SLUG])).content.decode()
    assert first in page, "the national page shows the ranking's first player"


def test_the_demo_ranking_equals_the_cli_on_its_exported_json(client, demo):
    document = client.get(reverse("national_json", args=[DEMO_FINAL_SLUG])).content
    cli = subprocess.run(
        [sys.executable, "-m", "scoring.oef", "-"], input=document, capture_output=True, check=True
    )
    printed = json.loads(cli.stdout)
    lines = [(s["player"], s["rank"], s["total"]) for s in printed["standings"]]
    national = build_national(demo)
    page = [(str(r.player.number), r.rank, r.total) for r in ranking_rows(national)]
    assert (lines, printed["provisional"]) == (page, True), (
        "the CLI ranks the demo's exported file exactly as the page, provisionally"
    )
