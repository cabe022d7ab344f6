"""A score entered by hand has one limit, scoring's MAX_SCORE: the hand form and an uploaded
sheet take the limit itself and refuse one more, either way."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scoring import MAX_SCORE
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

REASON = "ruling of the director"


@pytest.fixture
def table(director):
    return make_table(make_tournament(director, "standard"))


def by_form(client, table, score):
    fields = {f"manual_{seat}": str(s) for seat, s in enumerate([score, -score, 0, 0])}
    data = {"contract": "manual", "manual_reason": REASON, "expected": "1", "save": "1"}
    return client.post(reverse("table", args=["cup", 1, 1]), {**data, **fields})


def by_file(client, table, score):
    hand = {"manual": {"scores": [score, -score, 0, 0], "reason": REASON}}
    sheet = json.dumps(sheets.sheet_for(table, [hand])).encode()
    upload = SimpleUploadedFile("sheet.json", sheet)
    return client.post(reverse("sheet_upload", args=["cup", 1, 1]), {"file": upload})


ENTRIES = [pytest.param(by_form, id="hand-form"), pytest.param(by_file, id="sheet-upload")]
# Each case: the score of seat 0 (seat 1 the opposite), whether it is taken.
SCORES = [
    pytest.param(MAX_SCORE, True, id="the-limit"),
    pytest.param(-MAX_SCORE, True, id="minus-the-limit"),
    pytest.param(MAX_SCORE + 1, False, id="one-more"),
    pytest.param(-MAX_SCORE - 1, False, id="one-more-below"),
]


@pytest.mark.parametrize(("score", "taken"), SCORES)
@pytest.mark.parametrize("entry", ENTRIES)
def test_a_score_by_hand_is_taken_up_to_the_one_limit(director_client, table, entry, score, taken):
    entry(director_client, table, score)
    stored = Hand.objects.filter(table=table).exists()
    assert stored == taken, f"{score} should be {'taken' if taken else 'refused'}"


def test_the_limit_is_far_beyond_a_real_hand_and_refuses_a_digit_too_many():
    # The largest hands of the built-in rulesets score a few thousand; 12,000 typed for 1,200
    # must not pass.
    assert 5_000 <= MAX_SCORE < 12_000, f"the limit is {MAX_SCORE}"


@pytest.mark.parametrize(("lang", "text"), [("de", "höchstens 10000"), ("en", "at most 10000")])
def test_the_forms_refusal_says_the_limit(director_client, table, lang, text):
    with translation.override(lang):
        response = by_form(director_client, table, MAX_SCORE + 1)
        messages = " ".join(response.context["form"].errors.get("manual_0", []))
    assert text in messages, f"the message at the score should say the limit: {messages!r}"
