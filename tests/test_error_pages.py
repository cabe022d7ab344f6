"""A missing or forbidden page answers in the site's own words and look, in both languages."""

import pytest
from django.urls import reverse

from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("prefix", "says"),
    [("", "Unter dieser Adresse gibt es nichts"), ("/en", "There is nothing at this address")],
)
def test_a_missing_page_says_so_in_the_sites_language(client, settings, prefix, says):
    settings.DEBUG = False
    response = client.get(prefix + "/t/nowhere/")
    assert response.status_code == 404, "an unknown tournament is a 404"
    assert says in response.content.decode(), f"the 404 page should say “{says}”"


def test_a_forbidden_page_says_nothing_was_changed(client, settings, director, other_user):
    settings.DEBUG = False
    make_tournament(director)
    client.force_login(other_user)
    response = client.get(reverse("tournament_edit", args=["cup"]))
    assert response.status_code == 403, "another user may not change the settings"
    assert "Es wurde nichts geändert." in response.content.decode(), "the 403 page says so"
