"""A backup gives back every text the database holds, control characters included: names stored
before the forms refused them must survive a backup and a restore unchanged.

(Texts the engine checks, a tariff's name, a paper block's note or a manual score's reason, never
held control characters: the engine refused them from the start.)"""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# Every control character a text column holds on both databases (PostgreSQL stores no NUL),
# DEL and a C1 control, and ordinary whitespace.
CONTROLS = "".join(map(chr, range(1, 32))) + "\x7f\x85"
MANUAL = {"manual": {"scores": [3, -1, -1, -1], "reason": "Schiri"}}


@pytest.fixture
def tournament(director):
    tournament = make_tournament(director, players=8)
    tariff = Tariff.objects.create(
        name="Tarif", note=f"Notiz{CONTROLS}", ruleset="tirol_cup", owner=director
    )
    Tournament.objects.filter(pk=tournament.pk).update(
        name=f"Cup{CONTROLS}", venue=f"Saal{CONTROLS}", tariff=tariff
    )
    for player in Player.objects.all():
        player.name, player.club = f"{player.name}{CONTROLS}", f"Club{CONTROLS}"
        player.save()
    tournament.refresh_from_db()
    sheets.save_hand(make_table(tournament), MANUAL, user=director)
    paper = make_table(tournament, table_number=2, names=[f"P{n}{CONTROLS}" for n in range(4, 8)])
    sheets.record_paper(paper, {"totals": [3, -1, -1, -1], "hands": 1, "note": "Block"})
    return tournament


def texts() -> list:
    tournament = Tournament.objects.select_related("tariff").get(slug="cup")
    return [
        tournament.name,
        tournament.venue,
        tournament.tariff.name,
        tournament.tariff.note,
        sorted(Player.objects.values_list("name", "club")),
    ]


def back_up(tmp_path) -> str:
    path = tmp_path / "cup.json"
    call_command("backup_tournament", "cup", "-o", str(path), stderr=io.StringIO())
    return str(path)


def test_backup_and_restore_give_back_every_control_character(tournament, tmp_path):
    path = back_up(tmp_path)
    before = texts()
    call_command("restore_tournament", path, "--replace", stdout=io.StringIO())
    assert texts() == before, "every text should come back exactly, control characters too"


def test_the_backup_file_writes_control_characters_escaped(tournament, tmp_path):
    with open(back_up(tmp_path), encoding="utf-8") as file:
        text = file.read()
    assert "\\u0001" in text and "\x01" not in text, "raw control characters are no JSON"
    assert json.loads(text)["format"] == "tarock_cup.tournament", "the file is strict JSON"


def test_a_lone_surrogate_in_a_file_is_refused(tournament, tmp_path):
    with open(back_up(tmp_path), encoding="utf-8") as file:
        document = json.load(file)
    document["objects"][0]["fields"]["name"] = "\ud800"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="U\\+D800"):
        call_command("restore_tournament", str(path), "--replace", stdout=io.StringIO())


@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL stores no NUL in a text")
def test_a_nul_the_database_holds_comes_back_too(tournament, tmp_path):
    Player.objects.filter(name__startswith="P0").update(name="P0\x00")
    path = back_up(tmp_path)
    call_command("restore_tournament", path, "--replace", stdout=io.StringIO())
    assert Player.objects.filter(name="P0\x00").exists(), "the NUL should come back"
