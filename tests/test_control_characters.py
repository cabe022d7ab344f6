"""Control characters are refused at every entry point (issue 23, point 3).

A name with a \\x01 or an ESC broke the backup, the sheet's JSON and the cup's Excel download.
Every form and file import that stores text refuses a control character (tab and line breaks
aside) with a message naming it, and stores nothing; ordinary whitespace still works.
"""

import io
import json
from collections.abc import Callable
from typing import Any

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace, ImportedRanking
from tarock_cup.tariffs import shipped
from tarock_cup.tariffs.models import Tariff
from tarock_cup.textcheck import bad_text_in, no_control_characters
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Registration,
    Table,
    Tournament,
)
from tests.cups.helpers import make_cup, played
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_pages import form_data as tariff_form_data

pytestmark = pytest.mark.django_db

# SOH and ESC (C0), and CSI, the C1 form of ESC (what a wrongly decoded Windows text leaves).
BAD = {"SOH": "\x01", "ESC": "\x1b", "C1-CSI": "\x9b"}
WATCHED = [
    Player,
    Registration,
    Tournament,
    Tournament.directors.through,
    Table,
    Hand,
    Change,
    Cup,
    CupTournament,
    ImportedRanking,
    ImportedPlace,
    Tariff,
    get_user_model(),
]


@pytest.fixture(autouse=True)
def english_pages():
    with translation.override("en"):
        yield


def everything() -> dict[str, list[dict[str, Any]]]:
    """Return every row a form or import could write, by table."""
    return {m._meta.db_table: list(m.objects.order_by("pk").values()) for m in WATCHED}


class World:
    """A director's tournament with an empty table, a cup and a tariff."""

    def __init__(self, director: Any) -> None:
        self.tournament = make_tournament(director)
        self.table = make_table(self.tournament)
        self.registration = self.tournament.registrations.get(player__name="Anna")
        self.cup = make_cup(director, [played(director, "zirl", {"Anna Huber": 50, "Bert": 30})])
        self.tariff = Tariff.objects.create(
            name="Tirol 2012", ruleset="tirol_cup", numbers={}, owner=director
        )

    def table_args(self) -> list[Any]:
        return ["cup", self.table.round.number, self.table.number]


@pytest.fixture
def world(director):
    return World(director)


# -- the entry points: each posts `text` where a person or a file puts it -----------------------

TOURNAMENT = {
    "name": "Tiroler Cup",
    "slug": "tirol-1",
    "date": "2026-11-28",
    "venue": "Innsbruck",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "round_minutes": "90",
    "public": "on",
}
CUP = {
    "name": "Tiroler Cup",
    "slug": "tirol-neu",
    "season": "2026/27",
    "final_factor": "1",
    "system": "tirol_power",
    "public": "on",
}


def tariff_form(**changes: str) -> dict[str, str]:
    """Return the tariff form as its page posts it for the Tirol Cup, unchanged numbers."""
    return tariff_form_data("tirol_cup", **changes)


def new_tournament(client, world, field, text):
    return client.post(reverse("tournament_new"), TOURNAMENT | {field: text})


def tournament_settings(client, world, field, text):
    return client.post(reverse("tournament_edit", args=["cup"]), TOURNAMENT | {field: text})


def register_player(client, world, field, text):
    data = {"add": "1", "new-name": "Maria Huber", "new-club": "Radstadt"}
    return client.post(reverse("registrations", args=["cup"]), data | {f"new-{field}": text})


def correct_player(client, world, field, text):
    data = {"name": "Anna", "club": "Salzburg", "number": ""} | {field: text}
    return client.post(reverse("registration_edit", args=["cup", world.registration.pk]), data)


def add_director(client, world, field, text):
    data = {"add": "1", "username": text}
    return client.post(reverse("tournament_directors", args=["cup"]), data)


def new_cup(client, world, field, text):
    return client.post(reverse("cup_new"), CUP | {field: text})


def cup_settings(client, world, field, text):
    data = CUP | {"slug": world.cup.slug, field: text}
    return client.post(reverse("cup_edit", args=[world.cup.slug]), data)


def new_tariff(client, world, field, text):
    return client.post(reverse("tariff_new") + "?ruleset=tirol_cup", tariff_form(**{field: text}))


def tariff_settings(client, world, field, text):
    url = reverse("tariff_edit", args=[world.tariff.pk])
    return client.post(url, tariff_form(**{field: text}))


def tariff_file(client, world, field, text):
    data = {"ruleset": "tirol_cup", "tariff": {"name": "Tirol 2012"}, "note": "", "version": 1}
    if field == "name":
        data["tariff"]["name"] = text
    else:
        data[field] = text
    upload = SimpleUploadedFile("t.json", json.dumps(data).encode())
    return client.post(reverse("tariff_import"), {"file": upload})


def paper_block(client, world, field, text):
    data = {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40", "hands": "16"}
    return client.post(reverse("table_paper", args=world.table_args()), data | {"note": text})


def manual_hand(client, world, field, text):
    scores = {f"manual_{seat}": str(s) for seat, s in enumerate([3, -1, -1, -1])}
    data = {"contract": "manual", "manual_reason": text, "expected": "1", "save": "1"}
    return client.post(reverse("table", args=world.table_args()), data | scores)


def card_points(client, world, field, text):
    """Enter a Dreier (hand 1) or a Trischaken (its first player's points) on the table page."""
    if field == "points":
        data = {"contract": "dreier", "declarer": "1", "points": text}
    else:
        tricks = {f"p{seat}_tricks": str(n) for seat, n in enumerate([2, 4, 5, 1])}
        points = {f"p{seat}_points": str(n) for seat, n in enumerate([10, 25, 30, 5])}
        data = {"contract": "trischaken", **tricks, **points, "p0_points": text}
    data |= {"expected": "1", "save": "1"}
    return client.post(reverse("table", args=world.table_args()), data)


def sheet_file(client, world, field, text):
    sheet = sheets.sheet_for(world.table, [])
    if field == "player":
        sheet["players"][0] = text
    else:
        sheet["hands"] = [{"manual": {"scores": [3, -1, -1, -1], "reason": text}}]
    upload = SimpleUploadedFile("sheet.json", json.dumps(sheet).encode())
    return client.post(reverse("sheet_upload", args=world.table_args()), {"file": upload})


def player_list(client, world, field, text):
    """Upload a list whose one row holds the text, then confirm what the preview offers."""
    name, club = (text, "Hall") if field == "name" else ("Maria Huber", text)
    if "\x9b" in text:  # a workbook cannot hold a C0 control; a C1 one it can
        book = openpyxl.Workbook()
        book.active.append(["Name", "Verein"])
        book.active.append([name, club])
        out = io.BytesIO()
        book.save(out)
        upload = SimpleUploadedFile("spieler.xlsx", out.getvalue())
    else:
        upload = SimpleUploadedFile("spieler.csv", f"Name;Verein\n{name};{club}\n".encode())
    response = client.post(reverse("players_import", args=["cup"]), {"file": upload})
    if "token" in (response.context or {}):
        client.post(
            reverse("players_import_confirm", args=["cup"]), {"token": response.context["token"]}
        )
    return response


def ranking(client, world, field, text):
    """Upload a past ranking with the text as its name or in a row, then confirm the preview."""
    name, row = (text, "Cilli Egger") if field == "tournament" else ("Papierturnier", text)
    csv_text = f"Platz;Name;Verein;Punkte\n1;{row};Wattens;120\n2;Dora Ried;Hall;80\n"
    data = {
        "name": name,
        "date": "2026-10-03",
        "file": SimpleUploadedFile("rangliste.csv", csv_text.encode()),
    }
    response = client.post(reverse("cup_ranking_import", args=[world.cup.slug]), data)
    if "pending" in (response.context or {}):
        token = response.context["pending"]["token"]
        url = reverse("cup_ranking_import_confirm", args=[world.cup.slug])
        client.post(url, {"token": token})
    return response


Entry = Callable[[Any, World, str, str], Any]
NAME = "Anna{}Huber"
# (what is entered, the entry, its field, the text with {} where the character goes)
ENTRIES: list[tuple[str, Entry, str] | tuple[str, Entry, str, str]] = [
    ("tournament name", new_tournament, "name"),
    ("tournament venue", new_tournament, "venue"),
    ("tournament name in the settings", tournament_settings, "name"),
    ("tournament venue in the settings", tournament_settings, "venue"),
    ("registered player's name", register_player, "name"),
    ("registered player's club", register_player, "club"),
    ("corrected player's name", correct_player, "name"),
    ("corrected player's club", correct_player, "club"),
    ("director's user name", add_director, "username"),
    ("cup name", new_cup, "name"),
    ("cup season", new_cup, "season"),
    ("cup name in the settings", cup_settings, "name"),
    ("tariff name", new_tariff, "name"),
    ("tariff note", new_tariff, "note"),
    ("tariff note of an edit", tariff_settings, "note"),
    ("tariff file's name", tariff_file, "name"),
    ("tariff file's note", tariff_file, "note"),
    ("paper block's note", paper_block, "note"),
    ("manual hand's reason", manual_hand, "reason"),
    ("card points", card_points, "points", "35{}/2"),
    ("Trischaken points", card_points, "p0_points", "1{}0"),
    ("sheet file's player", sheet_file, "player"),
    ("sheet file's manual reason", sheet_file, "reason"),
    ("player list's name", player_list, "name"),
    ("player list's club", player_list, "club"),
    ("ranking's tournament name", ranking, "tournament"),
    ("ranking row's name", ranking, "name"),
]
CASES = [
    pytest.param(entry, field, (rest[0] if rest else NAME).format(char), id=f"{label}-{name}")
    for label, entry, field, *rest in ENTRIES
    for name, char in BAD.items()
]


def page_text(response) -> str:
    return response.content.decode()


def code_in(text: str) -> str:
    """Return the control character of a case's text as the refusal names it."""
    return next(f"U+{ord(c):04X}" for c in text if c in BAD.values())


@pytest.mark.parametrize(("entry", "field", "text"), CASES)
def test_a_control_character_is_refused_with_a_message_naming_it(
    director_client, world, entry, field, text
):
    code = code_in(text)
    response = entry(director_client, world, field, text)
    assert code in page_text(response), f"the page should name the control character {code}"


@pytest.mark.parametrize(("entry", "field", "text"), CASES)
def test_a_control_character_stores_nothing(director_client, world, entry, field, text):
    # The shipped tariffs' rows are product data, written where tariffs are first offered (the
    # tournament form): made here first, so that only what the refused text could write counts.
    shipped.sync()
    before = everything()
    entry(director_client, world, field, text)
    assert everything() == before, "a refused text should leave every row as it was"


# The engine reads card points with surrounding whitespace stripped, and Python counts the
# separators U+001C to U+001F as whitespace: "35\x1f/0" scored as 35/0, kept as entered.
@pytest.mark.parametrize("text", ["35\x1f/0", "35 \x1c0/3"])
def test_card_points_with_a_separator_control_are_not_stored(director_client, world, text):
    card_points(director_client, world, "points", text)
    assert not Hand.objects.exists(), f"{text!r} should be refused, not stored as a hand"


# Whitespace a person types: a tab in a one-line field, line breaks in a note.
GOOD = [
    pytest.param(new_tournament, "name", "Tiroler\tCup", id="tab in a tournament name"),
    pytest.param(new_tournament, "venue", "Gasthof\tPost", id="tab in a venue"),
    pytest.param(register_player, "name", "Maria\tHuber", id="tab in a player's name"),
    pytest.param(correct_player, "club", "Bad\tIschl", id="tab in a corrected club"),
    pytest.param(new_cup, "season", "2026/\t27", id="tab in a cup season"),
    pytest.param(new_tariff, "note", "Regeln 2012\r\nSeite 3", id="line break in a tariff note"),
    pytest.param(paper_block, "note", "unterschrieben\r\nvon allen", id="line break in a note"),
    pytest.param(manual_hand, "reason", "Schieds\tspruch", id="tab in a manual reason"),
    pytest.param(ranking, "tournament", "Papier\tturnier", id="tab in a ranking's name"),
]


@pytest.mark.parametrize(("entry", "field", "text"), GOOD)
def test_ordinary_whitespace_is_still_stored(director_client, world, entry, field, text):
    before = everything()
    entry(director_client, world, field, text)
    assert everything() != before, f"{text!r} should be saved as before"


# -- the check itself ----------------------------------------------------------------------------

REFUSED = [
    *(chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"),
    "\x7f",
    *(chr(c) for c in range(0x80, 0xA0)),
    "\ud800",
]
PASSED = ["\t", "\n", "\r", " ", "\xa0", "ü", "–", "\u200b", "😀"]


@pytest.mark.parametrize("char", REFUSED, ids=lambda c: f"U+{ord(c):04X}")
def test_the_validator_refuses_each_control_character(char):
    with pytest.raises(ValidationError):
        no_control_characters(f"Anna{char}Huber")


@pytest.mark.parametrize("char", PASSED, ids=lambda c: f"U+{ord(c):04X}")
def test_the_validator_passes_whitespace_and_letters(char):
    assert no_control_characters(f"Anna{char}Huber") is None, f"{char!r} is no control character"


def test_a_json_value_names_the_text_holding_a_control_character():
    sheet = {"players": ["Anna", "Bert\x85"], "paper": {"note": "ok"}}
    assert bad_text_in(sheet) == ("players[1]", "U+0085")


def test_a_key_holding_a_control_character_is_found_too():
    assert bad_text_in({"paper": {"no\x9bte": "ok"}}) == ("paper.no\x9bte", "U+009B")


def test_the_german_page_says_so_in_german(director_client, world):
    with translation.override("de"):
        response = director_client.post(reverse("tournament_new"), TOURNAMENT | {"name": "Cup\x1b"})
    assert "Steuerzeichen U+001B" in page_text(response), "the refusal should be in German"


def test_a_rankings_refusal_names_the_row_and_the_column(director_client, world):
    response = ranking(director_client, world, "name", "Anna\x1bHuber")
    assert "Row 2: The name holds the invisible control character U+001B" in page_text(response)


def test_a_player_lists_refusal_names_the_column(director_client, world):
    response = player_list(director_client, world, "club", "Hall\x01")
    assert [row.reason for row in response.context["plan"].errors] == [
        "The club or place holds the invisible control character U+0001, which cannot be stored."
    ]


def test_a_sheet_files_refusal_names_the_text_holding_a_c1_control(director_client, world):
    response = sheet_file(director_client, world, "player", "Anna\x9bHuber")
    assert "players[0] holds the invisible control character U+009B" in page_text(response)


# Django leaves unprintable characters out of an uploaded file's name, so the name an imported
# ranking keeps needs no check of its own; this guards that.
def test_an_uploaded_files_name_is_kept_without_its_control_character(director_client, world):
    csv_text = "Platz;Name;Verein;Punkte\n1;Cilli Egger;Wattens;120\n"
    data = {
        "name": "Papierturnier",
        "date": "2026-10-03",
        "file": SimpleUploadedFile("rang\x1bliste\x9b.csv", csv_text.encode()),
    }
    response = director_client.post(reverse("cup_ranking_import", args=[world.cup.slug]), data)
    token = response.context["pending"]["token"]
    url = reverse("cup_ranking_import_confirm", args=[world.cup.slug])
    director_client.post(url, {"token": token})
    assert ImportedRanking.objects.get(tournament__name="Papierturnier").filename == "rangliste.csv"
