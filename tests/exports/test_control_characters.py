"""Names stored with control characters (before the forms refused them) break no download: the
workbooks leave them out, and a table's sheet JSON reads back into the table it came from."""

import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand, Player, Tournament
from tests.cups.helpers import make_cup, played
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# Start of heading, escape, unit separator (a "whitespace" to str.split), delete.
CONTROLS = ["\x01", "\x1b", "\x1f", "\x7f"]
RUFER = {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"}


def content(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


def texts(data: bytes) -> list[str]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [c for ws in book for row in ws.iter_rows(values_only=True) for c in row if c]


def with_control(text: str, control: str) -> str:
    return f"{text[:2]}{control}{text[2:]}"


@pytest.fixture(params=CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
def control(request):
    return request.param


@pytest.fixture
def table(director, control):
    tournament = make_tournament(director, slug="kontrolle")
    table = make_table(tournament)
    sheets.save_hand(table, RUFER, user=director)
    Tournament.objects.filter(pk=tournament.pk).update(
        name=with_control("Herbst", control), venue=with_control("Saal", control)
    )
    for player in Player.objects.all():
        player.name = with_control(player.name, control)
        player.club = with_control(player.club, control)
        player.save()
    return table


def test_the_tournament_workbook_downloads_without_the_control_characters(client, table, control):
    response = client.get(reverse("export_tournament_xlsx", args=["kontrolle"]))
    assert response.status_code == 200, "the workbook should download, not fail"
    cells = texts(content(response))
    assert "Anna" in cells, "a player's name should show without its control character"
    assert not [c for c in cells if isinstance(c, str) and control in c], "no control character"


def test_the_standings_workbook_downloads(client, table):
    response = client.get(reverse("export_standings_xlsx", args=["kontrolle"]))
    assert response.status_code == 200, "the standings workbook should download, not fail"


def test_the_sheet_json_reads_back_into_its_table(director_client, table, control):
    args = ["kontrolle", 1, 1]
    exported = director_client.get(reverse("sheet_download", args=args)).content
    scoring.parse_json(exported.decode())  # the strict reader takes the file
    Hand.objects.filter(table=table).delete()
    sheets.rescore(table)
    upload = SimpleUploadedFile("sheet.json", exported, content_type="application/json")
    response = director_client.post(reverse("sheet_upload", args=args), {"file": upload})
    assert response.status_code == 302, response.content.decode()
    assert Hand.objects.filter(table=table).count() == 1, "the hand should be back"


@pytest.fixture
def cup(director, control):
    tournament = played(director, "a", {"Anna": 50, "Bert": 30, "Cilli": 10, "Dora": 5})
    Tournament.objects.filter(pk=tournament.pk).update(name=with_control("Turnier", control))
    Player.objects.filter(name="Anna").update(
        name=with_control("Anna", control), club=with_control("Lienz", control)
    )
    cup = make_cup(director, [tournament])
    cup.name = with_control("Tiroler Cup", control)
    cup.save()
    return cup


def test_the_cup_workbook_downloads_without_the_control_characters(client, cup, control):
    response = client.get(reverse("cup_xlsx", args=[cup.slug]))
    assert response.status_code == 200, "the cup's workbook should download, not fail"
    cells = texts(content(response))
    assert "Anna" in cells and "Lienz" in cells, "the names show without the control character"
    assert not [c for c in cells if isinstance(c, str) and control in c], "no control character"
