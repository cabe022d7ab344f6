"""The owner publishes the day played on the venue's laptop: the backup file replaces the
tournament after a preview; every file that does not match is refused whole, changing nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments import backup, publish
from tarock_cup.tournaments.models import Hand, Player, Table, Tournament
from tarock_cup.tournaments.standings import standings
from tests.tournaments.publish_helpers import (
    laptop_file,
    small_tournament,
    snapshot,
    upload,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_pages():
    with translation.override("en"):
        yield


@pytest.fixture
def day(director):
    tournament = small_tournament(director)
    season = Cup.objects.create(
        name="Tirol", slug="tirol", points={"method": "rank"}, owner=director
    )
    CupTournament.objects.create(cup=season, tournament=tournament)
    return tournament


@pytest.fixture
def owner_client(client, director):
    client.force_login(director)
    return client


def test_the_upload_round_trip_shows_the_laptops_results_on_the_public_standings(day, owner_client):
    played = laptop_file(day)
    document = backup.loads(played)
    assert Hand.objects.count() == 1, "the public copy has the hand before the day's last"
    preview = upload(owner_client, "cup", played)
    assert preview.status_code == 200, "the preview is shown"
    assert b'id="publish-confirm"' in preview.content, "the preview asks to confirm"
    assert Hand.objects.count() == 1, "the preview changes nothing"
    token = preview.context["token"]
    response = owner_client.post(reverse("publish_confirm", args=["cup"]), {"token": token})
    assert response.status_code == 302, "the confirmation redirects"
    assert response.url == reverse("standings", args=["cup"]), "to the standings"
    assert Hand.objects.count() == 2, "the laptop's hands are here"
    tournament = Tournament.objects.get(slug="cup")
    table = Table.objects.get(round__tournament=tournament)
    page = owner_client.get(reverse("standings", args=["cup"])).content.decode()
    totals = {row.player.pk: row.total for row in standings(tournament)}
    assert totals == laptop_totals(document), "the standings are the laptop's"
    for total in totals.values():
        assert str(abs(total)) in page, "the standings page shows each total"
    assert table.hands_played == [2, 2, 2, 2], "the table has played both hands"
    assert tournament.cups.get().slug == "tirol", "the tournament still counts for its cup"


def test_the_preview_counts_what_changes(day, owner_client):
    preview = upload(owner_client, "cup", laptop_file(day))
    rows = {name: (here, in_file) for name, here, in_file in preview.context["summary"].rows()}
    assert rows["Hands"] == (1, 2), "one hand here, two in the file"


def laptop_totals(document: dict) -> dict:
    """Return each player's total as the laptop's table holds it."""
    seats = [o["fields"] for o in document["objects"] if o["model"] == "tournaments.seat"]
    table = next(o for o in document["objects"] if o["model"] == "tournaments.table")
    by_position = {seat["position"]: seat["player"] for seat in seats}
    return {by_position[i]: total for i, total in enumerate(table["fields"]["totals"])}


def document_of(data: bytes) -> dict:
    return json.loads(data)


def as_file(document: dict) -> bytes:
    return backup.dumps(document).encode()


def edit_a_score(data):
    document = document_of(data)
    hand = next(o for o in document["objects"] if o["model"] == "tournaments.hand")
    hand["fields"]["scores"] = [999, -999, 0, 0]
    return as_file(document)


def name_a_ghost(data):
    document = document_of(data)
    document["users"].append("geist")
    tournament = next(o for o in document["objects"] if o["model"] == "tournaments.tournament")
    tournament["fields"]["directors"].append(["geist"])
    return as_file(document)


def give_it_away(data):
    document = document_of(data)
    tournament = next(o for o in document["objects"] if o["model"] == "tournaments.tournament")
    tournament["fields"]["owner"] = ["fremd"]
    document["users"] = sorted({*document["users"], "fremd"})
    return as_file(document)


REFUSALS = {
    "damaged": (lambda data: data[: len(data) // 2], "not a backup file"),
    "not a backup": (lambda data: b'{"format": "something else"}', "not a tarock_cup"),
    "not UTF-8": (lambda data: b"\xff\xfe\x00", "not UTF-8"),
    "a score edited": (edit_a_score, "by the engine"),
    "an unknown user": (name_a_ghost, "geist"),
    "another owner": (give_it_away, "owned by fremd"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_file_that_does_not_match_is_refused_whole_and_says_why(
    day, owner_client, other_user, case
):
    change, words = REFUSALS[case]
    data = change(laptop_file(day))
    before = snapshot()
    response = upload(owner_client, "cup", data)
    assert response.status_code == 400, "the refusal is a 400, not a preview"
    assert words in response.content.decode(), f"the message names what did not match: {words}"
    assert snapshot() == before, "nothing changed"


def test_another_tournaments_file_is_refused(day, owner_client, director):
    other = small_tournament(director, slug="anderes")
    data = backup.dumps(backup.backup(other)).encode()
    before = snapshot()
    response = upload(owner_client, "cup", data)
    assert "anderes" in response.content.decode(), "the message names the file's tournament"
    assert snapshot() == before, "nothing changed"


def test_a_file_over_the_limit_is_refused(day, owner_client, monkeypatch):
    monkeypatch.setattr(publish, "MAX_BYTES", 100)
    played = laptop_file(day)
    before = snapshot()
    response = upload(owner_client, "cup", played)
    assert response.status_code == 400, "the refusal is a 400"
    assert "larger than" in response.content.decode(), "the message says the file is too big"
    assert snapshot() == before, "nothing changed"


def test_no_file_is_refused(day, owner_client):
    response = owner_client.post(reverse("publish", args=["cup"]), {})
    assert "Choose a file." in response.content.decode(), "the message asks for a file"


def test_a_confirmation_without_its_preview_changes_nothing(day, owner_client):
    laptop_file(day)
    before = snapshot()
    response = owner_client.post(reverse("publish_confirm", args=["cup"]), {"token": "alt"})
    assert response.status_code == 302, "back to the upload"
    assert snapshot() == before, "nothing changed"


def test_a_change_here_after_the_preview_shows_the_preview_again(day, owner_client, director):
    played = laptop_file(day)
    token = upload(owner_client, "cup", played).context["token"]
    Tournament.objects.get(slug="cup").directors.add(director)
    before = snapshot()
    response = owner_client.post(reverse("publish_confirm", args=["cup"]), {"token": token})
    assert response.status_code == 200, "the preview is shown again"
    assert "changed here since the preview" in response.content.decode(), "and says why"
    assert snapshot() == before, "nothing changed"


def test_the_refusal_reads_in_german(day, owner_client, director):
    other = small_tournament(director, slug="anderes")
    data = backup.dumps(backup.backup(other)).encode()
    with translation.override("de"):
        response = owner_client.post(
            reverse("publish", args=["cup"]), {"file": SimpleUploadedFile("anderes.json", data)}
        )
    assert "Die Datei enthält das Turnier „anderes“" in response.content.decode(), (
        "the refusal is in German"
    )


def test_the_page_reads_in_german(day, owner_client):
    with translation.override("de"):
        response = owner_client.get(reverse("publish", args=["cup"]))
    assert "Sicherung vom Laptop veröffentlichen" in response.content.decode(), (
        "the page's title is German"
    )


def hostile(data: bytes, change) -> bytes:
    document = document_of(data)
    change(document)
    return as_file(document)


HOSTILE = {
    "a model that is a list": lambda d: d["objects"][0].update(model=["x"]),
    "a table of another model": lambda d: next(
        o for o in d["objects"] if o["model"] == "tournaments.hand"
    )["fields"].update(table=[1]),
    "the header's slug a number": lambda d: d.update(tournament=5),
    "objects not a list": lambda d: d.update(objects={"a": 1}),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_file_is_refused_without_an_error_page(day, owner_client, case):
    data = hostile(laptop_file(day), HOSTILE[case])
    before = snapshot()
    response = upload(owner_client, "cup", data)
    assert response.status_code in (200, 400), "the answer is a page, never a server error"
    if response.status_code == 200:
        owner_client.post(
            reverse("publish_confirm", args=["cup"]), {"token": response.context["token"]}
        )
    assert snapshot() == before, "nothing changed"


def test_a_players_home_cup_in_the_file_is_not_taken(day, owner_client):
    def name_a_cup(document):
        player = next(o for o in document["objects"] if o["model"] == "tournaments.player")
        player["fields"]["home_cup"] = 7

    homes = sorted(Player.objects.values_list("pk", "home_cup_id", "home_organiser_id"))
    response = upload(owner_client, "cup", hostile(laptop_file(day), name_a_cup))
    owner_client.post(
        reverse("publish_confirm", args=["cup"]), {"token": response.context["token"]}
    )
    after = sorted(Player.objects.values_list("pk", "home_cup_id", "home_organiser_id"))
    assert after == homes, "the players' homes stay as the register has them"
    assert Hand.objects.count() == 2, "the file is published"
