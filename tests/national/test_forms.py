"""Bad input to a national final gets a clear message naming the field and changes nothing."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.national.models import NationalCup, NationalFinal
from tests.national import world

pytestmark = pytest.mark.django_db


def en_url(name, args=()):
    """Return the English page's address: the messages below are the English ones."""
    with translation.override("en"):
        return reverse(name, args=args)


def snapshot():
    final = NationalFinal.objects.get(slug="oef")
    cups = list(NationalCup.objects.order_by("pk").values_list("cup_id", "level", "own_points"))
    return (final.final_points, final.tournament_id, cups)


@pytest.fixture
def organiser(client, django_user_model):
    users = world.build(django_user_model)
    client.force_login(users["final_organiser"])
    return client


FINAL_POINTS = [
    ("60, 61, 50", "Final points, entry 2: 61 is more than the 60 of the rank above"),
    ("60, -5", "Final points, entry 2: -5 is less than 0"),
    ("60, fünf", "Final points, entry 2: 'fünf' is not a whole number"),
]


@pytest.mark.parametrize(("text", "message"), FINAL_POINTS)
def test_a_bad_final_points_table_is_refused(organiser, text, message):
    before = snapshot()
    response = organiser.post(en_url("national_manage", args=["oef"]), {"final_points": text})
    errors = " ".join(response.context["form"].errors.get("final_points", []))
    assert (response.status_code, message in errors, snapshot() == before) == (
        400,
        True,
        True,
    ), f"{text!r} is refused saying {message!r}, and nothing changes"


def test_a_final_tournament_not_of_the_upper_austrian_rules_is_refused(
    organiser, django_user_model
):
    from tests.factories import make_tournament

    make_tournament(NationalFinal.objects.get(slug="oef").organiser, slug="tirolday")
    before = snapshot()
    response = organiser.post(
        en_url("national_manage", args=["oef"]), {"final_points": "60", "tournament": "tirolday"}
    )
    assert ("does not play the Upper Austrian rules" in response.content.decode(), snapshot()) == (
        True,
        before,
    ), "a tournament of another ruleset is not the final day"


def test_an_unknown_final_tournament_is_refused(organiser):
    before = snapshot()
    response = organiser.post(
        en_url("national_manage", args=["oef"]), {"final_points": "60", "tournament": "nowhere"}
    )
    assert ("no public tournament" in response.content.decode(), snapshot()) == (True, before)


def test_good_settings_are_saved(organiser):
    organiser.post(en_url("national_manage", args=["oef"]), {"final_points": "60, 55 50"})
    assert NationalFinal.objects.get(slug="oef").final_points == [60, 55, 50], "saved as numbers"


INVITES = [
    ({"level": "L99"}, "level", "Level: L99 is not one of L40, L60, L80"),
    ({"level": "own", "own_points": "10, 20"}, "own_points", "Own table, entry 2: 20 is more"),
    ({"level": "own", "own_points": ""}, "own_points", "Own table: must give the points"),
    ({"level": "own", "own_points": "10, -1"}, "own_points", "Own table, entry 2: -1 is less"),
    ({"level": "L40", "own_points": "10"}, "own_points", "leave it empty"),
]


@pytest.mark.parametrize(("data", "field", "message"), INVITES)
def test_a_bad_invitation_is_refused(organiser, data, field, message):
    from tarock_cup.cups.models import Cup

    before = snapshot()
    cup = Cup.objects.get(slug="fremd").pk
    response = organiser.post(en_url("national_invite", args=["oef"]), {"cup": cup, **data})
    errors = response.context["invite"].errors
    assert (message in " ".join(errors.get(field, [])), snapshot() == before) == (True, True), (
        f"{data} is refused at {field} saying {message!r}; nothing changes"
    )


def test_an_own_table_is_kept_with_the_invitation(organiser):
    from tarock_cup.cups.models import Cup

    cup = Cup.objects.get(slug="fremd").pk
    organiser.post(
        en_url("national_invite", args=["oef"]),
        {"cup": cup, "level": "own", "own_points": "100, 50, 0"},
    )
    entry = NationalCup.objects.get(cup_id=cup)
    assert (entry.level, entry.own_points, entry.accepted) == ("own", [100, 50, 0], False), (
        "invited with its own table, not yet accepted"
    )


def test_the_refusal_is_german_on_the_german_page(organiser):
    response = organiser.post(reverse("national_manage", args=["oef"]), {"final_points": "1, 2"})
    errors = " ".join(response.context["form"].errors["final_points"])
    assert "Finalpunkte, Eintrag 2" in errors, "the field is named in German"
