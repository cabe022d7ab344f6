"""Who may see and change a cup: a hidden cup is a 404 to outsiders; only organisers edit."""

import pytest
from django.urls import reverse

from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model, director):
    organiser = django_user_model.objects.create_user("organisator", password="x")
    other = django_user_model.objects.create_user("fremd", password="x")
    admin = django_user_model.objects.create_superuser("admin", password="x")
    return {"owner": director, "organiser": organiser, "other": other, "admin": admin}


def _cup(users, public):
    cup = make_cup(users["owner"], [played(users["owner"], "a", {"Anna": 1})], public=public)
    cup.members.add(users["organiser"], through_defaults={"role": "organiser"})
    return cup


PAGES = ["cup", "cup_csv", "cup_xlsx", "cup_json"]


@pytest.mark.parametrize(
    ("who", "public", "page", "status"),
    [
        *[(None, True, page, 200) for page in PAGES],
        *[(None, False, page, 404) for page in PAGES],
        ("other", False, "cup", 404),
        ("organiser", False, "cup", 200),
        ("owner", False, "cup", 200),
        ("admin", False, "cup", 200),
        (None, True, "cup_edit", 302),
        ("other", True, "cup_edit", 403),
        ("other", False, "cup_edit", 404),
        ("organiser", False, "cup_edit", 200),
        ("owner", True, "cup_edit", 200),
        ("admin", False, "cup_edit", 200),
        (None, True, "cup_ranking_import", 302),
        ("other", True, "cup_ranking_import", 403),
        ("other", False, "cup_ranking_import", 404),
        ("organiser", False, "cup_ranking_import", 200),
        ("owner", True, "cup_ranking_import", 200),
        ("admin", False, "cup_ranking_import", 200),
    ],
)
def test_who_may_see_and_change_a_cup(client, users, who, public, page, status):
    cup = _cup(users, public)
    if who:
        client.force_login(users[who])
    response = client.get(reverse(page, args=[cup.slug]))
    assert response.status_code == status, f"{who or 'anonymous'} gets {status} for {page}"


def test_an_outsider_cannot_change_a_public_cup_by_post(client, users):
    cup = _cup(users, True)
    client.force_login(users["other"])
    client.post(reverse("cup_edit", args=[cup.slug]), {"name": "Gekapert"})
    cup.refresh_from_db()
    assert cup.name == "Tiroler Cup", "a refused edit changes nothing"


def test_a_hidden_cup_is_not_listed_for_outsiders(client, users):
    _cup(users, False)
    client.force_login(users["other"])
    assert "Tiroler Cup" not in client.get(reverse("cup_list")).content.decode(), (
        "the list of cups leaves out hidden cups the user does not organise"
    )


def test_the_home_page_links_to_the_cups(client):
    assert reverse("cup_list") in client.get(reverse("home")).content.decode(), (
        "visitors find the season tables from the home page"
    )


@pytest.mark.parametrize(
    ("who", "status"), [(None, 302), ("other", 403), ("organiser", 302), ("admin", 302)]
)
def test_only_organisers_reach_the_import_confirmation(client, users, who, status):
    # An organiser without a pending import is sent back to upload; outsiders are refused.
    cup = _cup(users, True)
    if who:
        client.force_login(users[who])
    response = client.post(reverse("cup_ranking_import_confirm", args=[cup.slug]), {"token": "x"})
    assert response.status_code == status, f"{who or 'anonymous'} gets {status}"


@pytest.mark.parametrize(("public", "status"), [(True, 200), (False, 404)])
def test_an_imported_ranking_is_as_visible_as_its_cup(client, users, public, status):
    from tests.cups.helpers import imported

    cup = _cup(users, public)
    cup.entries.create(tournament=imported(users["owner"], "papier", ["Anna"]))
    response = client.get(reverse("cup_ranking", args=[cup.slug, "papier"]))
    assert response.status_code == status, f"a {'public' if public else 'hidden'} cup's ranking"


def test_a_played_tournament_has_no_imported_ranking_page(client, users):
    cup = _cup(users, True)
    assert client.get(reverse("cup_ranking", args=[cup.slug, "a"])).status_code == 404, (
        "only imported rankings are shown there"
    )
