"""The permission matrix of the URLs the trust audit found in no matrix: correcting a queued
hand by the table's link, and the tariff list, a new tariff and a tariff's import."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments.models import Change, Hand
from tarock_cup.venue.models import QueuedSave
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_pages import form_data

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
SIGNED_IN = set(ACTORS) - {"anonymous"}
HAND = {
    "contract": "manual",
    "manual_0": "3",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-3",
    "manual_reason": "x",
    "save": "1",
}
CORRECTED = {**HAND, "manual_0": "-3", "manual_3": "3", "version": "1"}
KEY = "fedcba9876543210fedcba9876543210"


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    tables = {}
    for n, (slug, public) in enumerate((("cup", True), ("hidden", False))):
        tournament = make_tournament(users["owner"], slug=slug, public=public)
        tournament.directors.add(users["director"])
        table = make_table(tournament)
        queued = {**HAND, "expected": "1", "key": f"0123456789abcdef0123456789abcde{n}"}
        assert queued_post(table.token, None, queued).status_code == 200, "the first hand is saved"
        tables[slug] = table
    other = make_tournament(users["other_director"], slug="other")
    other.directors.add(users["other_director"])
    Tariff.objects.create(name="Mine", ruleset="tirol_cup", owner=users["owner"])
    return users, tables


def queued_post(token, number, data, client=None):
    name, args = ("venue_queued_save", [token])
    if number is not None:
        name, args = ("venue_queued_save_hand", [token, number])
    return (client or Client()).post(reverse(name, args=args), data)


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[0][actor])
    return client


def hands():
    return (
        list(Hand.objects.order_by("pk").values_list("table_id", "number", "data", "version")),
        Change.objects.count(),
        QueuedSave.objects.count(),
    )


def tariffs():
    return list(Tariff.objects.order_by("pk").values_list("pk", "name", "numbers", "owner"))


@pytest.mark.parametrize("slug", ["cup", "hidden"])
@pytest.mark.parametrize("actor", ACTORS)
def test_anyone_with_the_link_corrects_a_queued_hand_of_its_open_table(client, world, actor, slug):
    table = world[1][slug]
    client = client_for(client, world, actor)
    response = queued_post(table.token, 1, {**CORRECTED, "key": KEY}, client)
    assert response.status_code == 200, f"{actor}'s correction by the link is saved"
    assert table.hands.get(number=1).scores[0] == -3, "The hand holds the corrected scores"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_correction_by_a_wrong_link_finds_nothing_and_changes_nothing(client, world, actor):
    before = hands()
    response = queued_post(
        "not-a-token", 1, {**CORRECTED, "key": KEY}, client_for(client, world, actor)
    )
    assert response.status_code == 404, "A wrong link is not found"
    assert hands() == before, "A wrong link changes nothing"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_closed_tables_link_takes_no_correction(client, world, actor):
    table = world[1]["cup"]
    table.finished = True
    table.save()
    before = hands()
    response = queued_post(
        table.token, 1, {**CORRECTED, "key": KEY}, client_for(client, world, actor)
    )
    assert response.status_code == 403, "A closed table refuses the correction"
    assert hands() == before, "A closed table's hands stay as they were"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_get_of_a_correction_saves_nothing(client, world, actor):
    before = hands()
    url = reverse("venue_queued_save_hand", args=[world[1]["cup"].token, 1])
    response = client_for(client, world, actor).get(url)
    assert response.status_code == 405, "Only a POST saves a queued correction"
    assert hands() == before, "A GET changes nothing"


@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_reads_the_tariff_list(client, world, actor):
    response = client_for(client, world, actor).get(reverse("tariff_list"))
    assert response.status_code == 200, f"{actor} reads the tariff list"
    assert "Mine" in response.content.decode(), "The list names the owner's tariff"


@pytest.mark.parametrize("name", ["tariff_new", "tariff_import"])
@pytest.mark.parametrize("actor", ACTORS)
def test_a_new_or_imported_tariff_is_for_the_signed_in(client, world, actor, name):
    response = client_for(client, world, actor).get(reverse(name))
    expected = 200 if actor in SIGNED_IN else 302
    assert response.status_code == expected, f"{actor} gets {expected} for {name}"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_new_tariff_belongs_to_who_saved_it(client, world, actor):
    before = tariffs()
    url = reverse("tariff_new") + "?ruleset=tirol_cup"
    client_for(client, world, actor).post(url, form_data(name="Neu"))
    made = list(Tariff.objects.filter(name="Neu").values_list("owner__username", flat=True))
    if actor in SIGNED_IN:
        assert made == [actor], f"{actor}'s new tariff is theirs"
    else:
        assert tariffs() == before, "An anonymous visitor makes no tariff"


@pytest.mark.parametrize("actor", ACTORS)
def test_an_imported_tariff_belongs_to_who_imported_it(client, world, actor):
    before = tariffs()
    document = {"ruleset": "ooe", "tariff": {"name": "Importiert"}, "note": "", "version": 1}
    upload = SimpleUploadedFile(
        "t.json", json.dumps(document).encode(), content_type="application/json"
    )
    client_for(client, world, actor).post(reverse("tariff_import"), {"file": upload})
    known = {row[0] for row in before}
    owners = [owner for pk, _name, _numbers, owner in tariffs() if pk not in known]
    if actor in SIGNED_IN:
        assert owners == [world[0][actor].pk], f"{actor}'s imported tariff is theirs"
    else:
        assert tariffs() == before, "An anonymous visitor imports no tariff"
