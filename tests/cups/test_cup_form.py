"""Making a cup: a ready-made system or own numbers, its tournaments and its final."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tests.cups.helpers import played

pytestmark = pytest.mark.django_db


def _post(client, **fields):
    data = {
        "name": "Tiroler Cup",
        "slug": "tirol",
        "season": "2026/27",
        "final_factor": "1",
        "system": "tirol_power",
        "public": "on",
        **fields,
    }
    return client.post(reverse("cup_new"), data)


@pytest.mark.parametrize(
    ("fields", "points"),
    [
        ({"system": "tirol_power"}, {"method": "power", "max": 200, "exponent": 3}),
        ({"system": "table", "table_points": "10, 6 3"}, {"method": "table", "points": [10, 6, 3]}),
        (
            {"system": "score", "full": "50", "cap": "80"},
            {"method": "score", "full": 50, "cap": 80},
        ),
    ],
)
def test_a_cup_keeps_its_rule_as_the_season_json_writes_it(director_client, fields, points):
    _post(director_client, **fields)
    assert Cup.objects.get().points == points, f"{fields['system']} is stored as {points}"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"system": "table", "table_points": "10, 20"}, "10"),
        ({"system": "table", "table_points": "zehn"}, "Ganze Zahlen"),
        ({"system": "score", "full": "90", "cap": "80"}, "80"),
        ({"system": "power"}, "fehlt"),
    ],
)
def test_it_refuses_bad_numbers_with_a_message_and_saves_nothing(director_client, fields, message):
    response = _post(director_client, **fields)
    assert message in response.content.decode() and not Cup.objects.exists(), (
        "bad numbers are named on the form and no cup is made"
    )


def test_a_cup_counts_its_chosen_tournaments_and_its_final(director_client, director):
    a = played(director, "a", {"Anna": 1})
    f = played(director, "f", {"Anna": 1})
    _post(director_client, tournaments=[a.pk], final=f.pk)
    entries = {e.tournament.slug: e.final for e in Cup.objects.get().entries.all()}
    assert entries == {"a": False, "f": True}, "the final is added to the cup and marked"


def test_an_organiser_cannot_add_someone_elses_hidden_tournament(director_client, other_user):
    hidden = played(other_user, "geheim", {"Anna": 1}, public=False)
    _post(director_client, tournaments=[hidden.pk])
    assert not Cup.objects.exists(), "a hidden tournament of another director is refused"


def test_the_cup_form_no_longer_chooses_people(director_client):
    html = director_client.get(reverse("cup_new")).content.decode()
    assert 'name="organisers"' not in html, "the cup's people are chosen on the people page"


def test_a_deputy_sees_the_settings_but_cannot_change_them(client, director, other_user):
    from tests.cups.helpers import make_cup

    cup = make_cup(director, [])
    cup.members.add(other_user, through_defaults={"role": "deputy"})
    client.force_login(other_user)
    form = client.get(reverse("cup_edit", args=[cup.slug])).context["form"]
    assert form.fields["name"].disabled, "a deputy's form shows the settings without changing them"


def test_the_ready_made_systems_are_offered_in_german(director_client):
    html = director_client.get(reverse("cup_new")).content.decode()
    assert "Upper Austrian" not in html, "the ready-made systems' names are translated"
