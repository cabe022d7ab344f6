"""The cup form is checked whole by the season engine, and settings the engine refuses never
make a cup's page or downloads a server error (issue 23, point 6)."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


def post_new(client, **fields):
    data = {
        "name": "Tiroler Cup",
        "slug": "tirol",
        "season": "2026/27",
        "final_factor": "1",
        "system": "tirol_power",
        **fields,
    }
    return client.post(reverse("cup_new"), data)


@pytest.mark.parametrize(
    ("fields", "points"),
    [
        ({"max": "200", "exponent": "3"}, {"method": "power", "max": 200, "exponent": 3}),
        ({"max": "150.5", "exponent": "2.5"}, {"method": "power", "max": 150.5, "exponent": 2.5}),
    ],
)
def test_own_formula_by_rank_is_saved(director_client, fields, points):
    post_new(director_client, system="power", **fields)
    assert Cup.objects.get().points == points, "stored as the season's JSON writes it"


@pytest.mark.parametrize("field", ["best", "qualify"])
@pytest.mark.parametrize("value", ["10001", "32767"])
def test_a_count_beyond_what_the_season_ranks_is_refused(director_client, field, value):
    response = post_new(director_client, **{field: value})
    assert (response.status_code, Cup.objects.exists()) == (200, False), (
        f"{field} = {value} is refused and no cup is made"
    )


@pytest.mark.parametrize("field", ["best", "qualify"])
def test_a_refused_count_is_named_at_its_field(director_client, field):
    form = post_new(director_client, **{field: "10001"}).context["form"]
    assert "10000" in " ".join(form.errors.get(field, [])), f"{field}'s error names the limit"


@pytest.mark.parametrize("field", ["best", "qualify"])
def test_the_highest_count_the_season_ranks_is_saved(director_client, field):
    post_new(director_client, **{field: "10000"})
    assert getattr(Cup.objects.get(), field) == 10000, f"{field} = 10000 is accepted"


BROKEN = [
    ("best", 10001),
    ("qualify", 32767),
    ("points", {"method": "power", "max": 200}),
    ("points", {"method": "table", "points": [3, 6]}),
]
PAGES = ["cup", "cup_csv", "cup_xlsx", "cup_json"]


@pytest.fixture
def broken(director, request):
    field, value = request.param
    cup = make_cup(director, [played(director, "a", {"Anna": 50, "Bert": 30})])
    # Written past the form, as settings stored before they were checked.
    Cup.objects.filter(pk=cup.pk).update(**{field: value})
    return cup


@pytest.mark.parametrize("broken", BROKEN, indirect=True)
@pytest.mark.parametrize("name", PAGES)
def test_stored_settings_the_season_refuses_give_a_page_saying_why(client, broken, name):
    response = client.get(reverse(name, args=[broken.slug]))
    assert (response.status_code, "Saisonwertung kann nicht" in response.content.decode()) == (
        409,
        True,
    ), f"{name} answers 409 and says the settings are refused"


@pytest.mark.parametrize("broken", [("best", 10001)], indirect=True)
def test_the_page_names_the_refused_setting(client, broken):
    html = client.get(reverse("cup", args=[broken.slug])).content.decode()
    assert "best" in html and "10000" in html, "the field and its limit are named"


@pytest.mark.parametrize("broken", [("best", 10001)], indirect=True)
def test_a_players_page_of_a_refused_season_says_why(client, broken):
    anna = broken.entries.get().tournament.players.get(name="Anna")
    response = client.get(reverse("cup_player", args=[broken.slug, anna.pk]))
    assert response.status_code == 409, "a player's season cannot be ranked either"


@pytest.mark.parametrize("broken", [("points", {"method": "power", "max": 200})], indirect=True)
def test_the_ranking_import_of_a_refused_season_says_why(director_client, broken):
    response = director_client.get(reverse("cup_ranking_import", args=[broken.slug]))
    assert response.status_code == 409, "the import reads the cup's rule, so it says why"


@pytest.mark.parametrize("broken", [("best", 10001)], indirect=True)
def test_organisers_are_sent_to_the_settings(director_client, broken):
    html = director_client.get(reverse("cup", args=[broken.slug])).content.decode()
    assert reverse("cup_edit", args=[broken.slug]) in html, "the page links to the form"


@pytest.mark.parametrize("broken", [("best", 10001)], indirect=True)
def test_the_settings_of_a_refused_season_can_be_corrected(director_client, broken):
    form = director_client.get(reverse("cup_edit", args=[broken.slug])).context["form"]
    data = {k: v for k, v in form.initial.items() if k in form.fields and v is not None}
    data |= {"name": broken.name, "slug": broken.slug, "final_factor": "1", "best": "5"}
    director_client.post(reverse("cup_edit", args=[broken.slug]), data)
    response = director_client.get(reverse("cup", args=[broken.slug]))
    assert response.status_code == 200, "corrected, the season table is back"
