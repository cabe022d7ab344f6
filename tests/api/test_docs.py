"""docs/api.md's examples are the API's answers: each parses and has exactly the keys the real
answer for the same data (tests/api/world.py) has, at every level."""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```json\n(.*?)\n```", re.DOTALL)


def examples():
    return {name: json.loads(text) for name, text in EXAMPLE.findall(DOC.read_text("utf-8"))}


def keys(value):
    """Return the answer's keys at every level (a list's items' together), not its values."""
    if isinstance(value, dict):
        return {key: keys(item) for key, item in value.items()}
    if isinstance(value, list):
        found = {}
        for item in value:
            shape = keys(item)
            found.update(shape if isinstance(shape, dict) else {"": shape})
        return [found]
    return None


def real_answers(client, world):
    # One hand of Anna's (a won Dreier), so the record's statistics list a contract; stored
    # as a saved hand is, the table's totals left as they are.
    table = world["herbst"].rounds.get().tables.get(seats__player=world["anna"])
    table.hands.create(
        number=1,
        data={"contract": "dreier", "declarer": 0, "points": "40"},
        scores=[15, -5, -5, -5],
    )
    urls = {
        "standings": reverse("api_standings", args=["herbst"]),
        "round": reverse("api_round_standings", args=["herbst", 1]),
        "season": reverse("api_season", args=["tirol"]),
        "hall_of_fame": reverse("api_hall_of_fame", args=["tirol"]),
        "calendar": reverse("api_calendar"),
        "player": reverse("api_player", args=[world["anna"].number]),
        "404": reverse("api_standings", args=["geheim"]),
    }
    return {name: client.get(url).json() for name, url in urls.items()}


def test_every_answer_has_a_documented_example():
    assert set(examples()) == {
        "standings",
        "round",
        "season",
        "hall_of_fame",
        "calendar",
        "player",
        "404",
    }, "docs/api.md should show an example of each answer"


@pytest.mark.parametrize(
    "name", ["standings", "round", "season", "hall_of_fame", "calendar", "player", "404"]
)
def test_the_documented_example_has_the_real_answers_keys(client, world, name):
    documented = examples()[name]
    real = real_answers(client, world)[name]
    assert keys(documented) == keys(real), f"the {name} example should have the real keys"


def test_the_documented_standings_are_the_real_ones_for_the_same_data(client, world):
    documented = examples()["standings"]
    real = real_answers(client, world)["standings"]
    assert real[: len(documented)] == documented, (
        "the standings example should be the real answer's first rows for the tests' data"
    )
