"""Directors added by the owner: a new account gets a one-time link to set its password."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_client(client, director):
    make_tournament(director)
    client.force_login(director)
    return client


def add(client, username):
    return client.post(
        reverse("tournament_directors", args=["cup"]), {"add": "1", "username": username}
    )


def test_a_new_name_makes_an_account_without_a_password(owner_client):
    add(owner_client, "maria")
    assert not get_user_model().objects.get(username="maria").has_usable_password(), (
        "the new account should wait for its password"
    )


def test_the_owner_is_shown_the_link_to_set_the_password(owner_client):
    response = add(owner_client, "maria")
    assert "/password/set/" in response.context["link"], "the page should show the link"


def test_the_link_sets_the_password(client, owner_client):
    link = add(owner_client, "maria").context["link"]
    owner_client.logout()
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(
        form_url, {"new_password1": "Stube-4711-Trull", "new_password2": "Stube-4711-Trull"}
    )
    assert get_user_model().objects.get(username="maria").check_password("Stube-4711-Trull"), (
        "the password should be set through the link"
    )


def test_the_link_works_only_once(client, owner_client):
    link = add(owner_client, "maria").context["link"]
    owner_client.logout()
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    password = {"new_password1": "Stube-4711-Trull", "new_password2": "Stube-4711-Trull"}
    client.post(form_url, password)
    again = client.get(link, follow=True)
    assert not again.context["validlink"], "a used link should not set a password again"


def test_an_existing_account_is_added_without_a_new_one(owner_client, other_user):
    add(owner_client, "FREMD")
    assert get_user_model().objects.count() == 2, "the existing account should be reused"


def test_a_bad_user_name_is_refused(owner_client):
    response = add(owner_client, "anna huber")
    assert "username" in response.context["form"].errors, "a space should be refused"


def test_the_readme_says_how_the_first_superuser_is_made():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "python manage.py createsuperuser" in readme, "the README should name the command"
