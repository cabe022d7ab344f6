"""A Kontra on a Piccolo or Bettler is given by the opponents: the declarer's own Kontra row is
not offered, and a Kontra posted for the declarer is refused with a clear message."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from tarock_cup.tournaments.hand_forms import hand_form
from tarock_cup.tournaments.models import Hand
from tests.factories import NAMES, make_table, make_tournament

pytestmark = pytest.mark.django_db

PICCOLO = {"contract": "piccolo", "declarer": "2", "tricks": "1"}
WITH_BEI = PICCOLO | {"bei_contract": "bettler_bei", "bei_declarer": "3", "bei_tricks": "0"}


def piccolo_form(fields, ruleset="tirol_cup"):
    return hand_form(scoring.get_ruleset(ruleset), {}, NAMES[:4], fields)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        (PICCOLO | {"kontra_seat_2": "1"}, "kontra_seat_2"),
        (WITH_BEI | {"bei_kontra_seat_3": "1"}, "bei_kontra_seat_3"),
    ],
    ids=["declarer", "second-declarer"],
)
def test_a_kontra_by_the_declarer_is_refused_at_its_field(fields, field):
    with translation.override("en"):
        form = piccolo_form(fields, "extended")
        messages = " ".join(form.errors.get(field, [])) if not form.is_valid() else ""
    assert "a Kontra is given by the opponents" in messages, f"refused at {field}: {messages!r}"


def test_the_refusal_speaks_german():
    with translation.override("de"):
        form = piccolo_form(PICCOLO | {"kontra_seat_2": "1"})
        form.is_valid()
        messages = " ".join(form.errors.get("kontra_seat_2", []))
    assert "Cilli spielt das Spiel: Kontra geben nur die Gegenspieler." in messages, messages


def test_a_kontra_by_an_opponent_is_still_taken():
    form = piccolo_form(PICCOLO | {"kontra_seat_0": "1"})
    assert form.is_valid() and form.to_hand()["kontra_by_seat"] == [1, 0, 0, 0], form.errors


def test_a_refused_kontra_saves_nothing(director_client, director):
    make_table(make_tournament(director, "tirol_cup"))
    url = reverse("table", args=["cup", 1, 1])
    director_client.post(url, PICCOLO | {"kontra_seat_2": "1", "save": "1"})
    assert not Hand.objects.exists(), "a hand with the declarer's Kontra should not be saved"


def kontra_rows(page):
    """Return the seats of the page's shown and hidden Kontra rows of the first declarer."""
    rows = re.findall(r'<div class="seat" data-seat="(\d)" data-kontra-of="declarer"([^>]*)>', page)
    return {int(seat): "hidden" in rest for seat, rest in rows}


def test_the_declarers_kontra_row_is_hidden_on_a_page_shown_again(director_client, director):
    make_table(make_tournament(director, "tirol_cup"))
    url = reverse("table", args=["cup", 1, 1])
    page = director_client.post(url, {**PICCOLO, "shown": "negative", "preview": "1"})
    assert kontra_rows(page.content.decode()) == {0: False, 1: False, 2: True, 3: False}, (
        "only the declarer Cilli's Kontra row should be hidden"
    )
