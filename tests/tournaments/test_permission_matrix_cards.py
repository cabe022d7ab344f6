"""Who may read the tariff cards, cell by cell: a ruleset's card and a tariff's card are public
like the rules page and the tariff's page (players read the rules they play by); the cards are
read-only, so a POST is refused for everybody and changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.tariffs.models import Tariff
from tests.test_permission_matrix import ACTORS, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=users["owner"],
    )
    return users


def fingerprint():
    return list(Tariff.objects.order_by("pk").values_list("name", "numbers", "version"))


CARDS = {
    "a ruleset's card": lambda: reverse("rules_card", args=["ooe"]),
    "a tariff's card": lambda: reverse("tariff_card", args=[Tariff.objects.get().pk]),
}


@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_reads_the_cards(client, world, actor, card):
    response = client_for(client, world, actor).get(CARDS[card]())
    assert response.status_code == 200, f"{actor} should read {card}"


@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("actor", ACTORS)
def test_a_card_takes_no_post_from_anybody(client, world, actor, card):
    before = fingerprint()
    response = client_for(client, world, actor).post(CARDS[card](), {"name": "changed"})
    assert (response.status_code, fingerprint()) == (405, before), (
        f"a POST by {actor} to {card} is refused and changes nothing"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_a_card_of_no_tariff_or_ruleset_is_a_404(client, world, actor):
    c = client_for(client, world, actor)
    codes = [
        c.get(reverse("rules_card", args=["skat"])).status_code,
        c.get(reverse("tariff_card", args=[Tariff.objects.get().pk + 1])).status_code,
    ]
    assert codes == [404, 404], f"{actor}: no card for what does not exist"
