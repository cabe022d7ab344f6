"""The API's answers kept under their ETags: made once, then read back in this process or from
the database's shared cache by another; a change is a new ETag and so a new answer."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from tarock_cup.api import answers
from tarock_cup.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

URLS = [
    ("api_standings", ["herbst"]),
    ("api_season", ["tirol"]),
    ("api_hall_of_fame", ["tirol"]),
]


def refuse_to_compute(monkeypatch):
    def no(*args, **kwargs):
        raise AssertionError("computed again")

    for name in ("standings_rows", "season_table", "hall_of_fame"):
        monkeypatch.setattr(answers, name, no)


@pytest.mark.parametrize(("name", "args"), URLS)
def test_another_process_reads_the_answer_from_the_shared_cache(
    client, world, monkeypatch, name, args
):
    first = client.get(reverse(name, args=args)).content
    cache.clear()  # as in another server process: its own cache is empty
    refuse_to_compute(monkeypatch)
    again = client.get(reverse(name, args=args))
    assert (again.status_code, again.content) == (200, first), "the kept answer, not computed"


@pytest.mark.parametrize(("name", "args"), URLS)
def test_a_changed_tournament_is_computed_anew(client, world, monkeypatch, name, args):
    client.get(reverse(name, args=args))
    Tournament.bump_version(world["herbst"].pk)
    refuse_to_compute(monkeypatch)
    with pytest.raises(AssertionError, match="computed again"):
        client.get(reverse(name, args=args))


def test_an_error_is_not_kept(client, world):
    url = reverse("api_standings", args=["herbst"])
    Tournament.objects.filter(slug="herbst").update(public=False)
    hidden = client.get(url).status_code
    Tournament.objects.filter(slug="herbst").update(public=True)
    assert (hidden, client.get(url).status_code) == (404, 200), "a 404 is not kept for later"
