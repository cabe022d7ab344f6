"""Who may do what with the shipped rules, cell by cell: everybody reads a shipped tariff and the
page "Cups and their rules"; nobody changes a shipped tariff (anonymous, player, organisers and
superusers alike are refused with a message, and nothing changes); anyone logged in copies it
into a tariff of their own; an organiser's tariff is still changed by its owner or a superuser
only."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tariffs import shipped
from tarock_cup.tariffs.models import Tariff

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "organiser", "other_organiser", "superuser"]
CHANGES_OWN = {"organiser", "superuser"}
REFUSAL = "cannot be changed"


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    shipped.sync()
    own = Tariff.objects.create(name="Tirol 2012", ruleset="tirol_cup", owner=users["organiser"])
    Tariff.objects.create(name="Mine", ruleset="ooe", owner=users["other_organiser"])
    return {"users": users, "own": own, "shipped": Tariff.objects.get(shipped="tirol_2020_21")}


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world["users"][actor])
    return client


def fingerprint():
    return list(
        Tariff.objects.order_by("pk").values_list(
            "pk", "name", "note", "numbers", "version", "owner", "shipped"
        )
    )


def english(name, *args):
    with translation.override("en"):
        return reverse(name, args=args)


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("page", ["shipped tariff", "its JSON", "cups (de)", "cups (en)"])
def test_everybody_reads_the_shipped_rules(client, world, actor, page):
    url = {
        "shipped tariff": reverse("tariff", args=[world["shipped"].pk]),
        "its JSON": reverse("tariff_json", args=[world["shipped"].pk]),
        "cups (de)": reverse("cup_rules"),
        "cups (en)": english("cup_rules"),
    }[page]
    response = client_for(client, world, actor).get(url)
    assert response.status_code == 200, f"{actor} should read {page}"


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("method", ["get", "post"])
def test_nobody_changes_a_shipped_tariff_and_is_told_why(client, world, actor, method):
    before = fingerprint()
    url = english("tariff_edit", world["shipped"].pk)
    data = {"name": "Mine now", "valat_silent": "99"} if method == "post" else None
    response = getattr(client_for(client, world, actor), method)(url, data)
    said = REFUSAL in response.content.decode()
    assert (response.status_code, said, fingerprint() == before) == (403, True, True), (
        f"{actor}'s {method.upper()} should be refused with a message and change nothing"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_anyone_logged_in_opens_the_copy_form(client, world, actor):
    response = client_for(client, world, actor).get(
        reverse("tariff_copy", args=[world["shipped"].pk])
    )
    expected = 302 if actor == "anonymous" else 200
    assert response.status_code == expected, f"{actor} opening the copy form"


def copy_form(client, tariff):
    """Return the copy form's values as the page shows them, under a new name."""
    form = client.get(reverse("tariff_copy", args=[tariff.pk])).context["form"]
    data = {n: form[n].value() for n in form.fields if form[n].value() not in (None, False)}
    return {**{n: "on" if v is True else v for n, v in data.items()}, "name": "Copy"}


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("source", ["shipped", "own"])
def test_a_copy_belongs_to_who_made_it_and_the_original_stays(client, world, actor, source):
    tariff = world[source]
    signed_in = client_for(client, world, actor)
    data = copy_form(signed_in, tariff) if actor != "anonymous" else {"name": "Copy"}
    original = Tariff.objects.filter(pk=tariff.pk).values_list("name", "numbers").get()
    signed_in.post(reverse("tariff_copy", args=[tariff.pk]), data)
    copies = list(Tariff.objects.filter(name="Copy").values_list("owner__username", flat=True))
    unchanged = Tariff.objects.filter(pk=tariff.pk).values_list("name", "numbers").get()
    expected = [] if actor == "anonymous" else [actor]
    assert (copies, unchanged) == (expected, original), (
        f"{actor} copying the {source} tariff: the copy is theirs, the original unchanged"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_an_organisers_tariff_is_changed_by_its_owner_or_a_superuser_only(client, world, actor):
    response = client_for(client, world, actor).get(reverse("tariff_edit", args=[world["own"].pk]))
    expected = {"anonymous": 302}.get(actor, 200 if actor in CHANGES_OWN else 403)
    assert response.status_code == expected, f"{actor} opening an organiser's tariff's form"


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("key", ["tirol_2020_21", "tirol_2014", "vienna_2020", "ooe"])
def test_a_new_tournament_starts_from_a_cups_rules_for_anyone_logged_in(client, world, actor, key):
    response = client_for(client, world, actor).get(reverse("tournament_new") + f"?rules={key}")
    expected = 302 if actor == "anonymous" else 200
    assert response.status_code == expected, f"{actor} starting a tournament with {key}"
