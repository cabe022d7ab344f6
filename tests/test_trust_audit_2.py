"""A trust audit of the national final, the venue's queue, the settlement and the register:
each hole found gets its test here (bad input answered with a message, never a 500)."""

import pytest
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import Decline, NationalFinal
from tarock_cup.national.ranking import forget_rankings
from tests.national import world

pytestmark = pytest.mark.django_db

REFUSED = {
    "Player: not in this cup's season ranking.",
    "Spieler: nicht in der Saisonwertung dieses Cups.",
}


@pytest.fixture
def users(django_user_model):
    cache.clear()
    forget_rankings()
    yield world.build(django_user_model)
    cache.clear()
    forget_rankings()


# "²" and "١" are digits to str.isdigit(); int() refuses the first. A number of 30 digits is
# more than any database integer holds.
@pytest.mark.parametrize("number", ["²", "9" * 30, "-1", "", "12a"])
def test_a_decline_of_an_odd_number_is_refused_with_a_message(client, users, number):
    world.client_for(client, users, "cup_organiser")
    url = reverse("national_decline", args=["oef", "tirol"])
    response = client.post(url, {"number": number})
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert response.status_code == 302, f"A decline of number {number!r} is answered by a redirect"
    assert len(shown) == 1 and shown[0] in REFUSED, "The refusal names the field and says why"
    assert not Decline.objects.exists(), "A refused decline records nothing"


def hide_salz():
    Cup.objects.filter(slug="salz").update(public=False, name="Geheimer Cup")


@pytest.mark.parametrize("role", ["anonymous", "player", "other_organiser", "cup_organiser"])
@pytest.mark.parametrize("page", ["national_final", "national_projector"])
def test_a_hidden_cup_in_a_final_is_not_named_to_those_who_may_not_see_it(
    client, users, role, page
):
    hide_salz()
    world.client_for(client, users, role)
    content = client.get(reverse(page, args=["oef"])).content.decode()
    assert "Geheimer Cup" not in content, f"The hidden cup's name is not shown to {role}"
    assert "/cups/salz/" not in content, f"The hidden cup's address is not shown to {role}"


@pytest.mark.parametrize("role", ["final_organiser", "superuser"])
def test_a_hidden_cup_in_a_final_is_shown_to_those_who_see_it(client, users, role):
    hide_salz()
    world.client_for(client, users, role)
    content = client.get(reverse("national_final", args=["oef"])).content.decode()
    assert "Geheimer Cup" in content, f"{role} sees the hidden cup they may see"


def test_a_final_named_like_the_new_final_page_is_refused(client, users):
    world.client_for(client, users, "cup_organiser")
    data = {"name": "Finale", "slug": "new", "season": "2027/28"}
    response = client.post(reverse("national_new"), data)
    assert response.status_code == 200, "The form is shown again with its refusal"
    assert response.context["form"].errors.get("slug"), "The short name's field says why"
    assert not NationalFinal.objects.filter(slug="new").exists(), (
        "No final is made whose page the 'new final' page would hide"
    )
