"""A Renonce by two players, where the ruleset lets two share it (`ooe`, `stmk`): every hand
form offers a second seat, writes the pair into the hand, reopens it, and places the engine's
refusals at the seat they concern; a ruleset where a Renonce is one player's offers no second
seat."""

import pytest
from django.urls import reverse

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.hand_forms import hand_form
from tarock_cup.tournaments.models import Hand
from tests.factories import NAMES, make_table, make_tournament

pytestmark = pytest.mark.django_db

FOUR = NAMES[:4]
TWO = ["ooe", "stmk"]
ONE = [key for key in scoring.RULESETS if key not in TWO]
# Bert (seat 1) is Vorhand; Anna and Cilli commit the Renonce together.
RUFER = {"contract": "rufer", "declarer": "1", "partner": "3", "points": "40"}
BY_TWO = {"renonce": "0", "renonce_also": "2"}
# the game (1) to each of Bert and Dora, shared by the two offenders
SHARED = [-1, 1, -1, 1]
TRISCHAKEN = {
    "contract": "trischaken",
    **{f"p{s}_points": p for s, p in enumerate(["10", "20", "30", "10"])},
    **{f"p{s}_tricks": t for s, t in enumerate(["2", "3", "4", "3"])},
}


def url(table, name="table", *extra):
    return reverse(
        name, args=[table.round.tournament.slug, table.round.number, table.number, *extra]
    )


@pytest.fixture
def director_table(director_client, director, request):
    return make_table(make_tournament(director, request.param))  # Anna deals, Bert is Vorhand


def save(client, table, fields):
    return client.post(url(table), {**fields, "expected": "1", "save": "1"})


def test_the_rulesets_of_two_offenders_are_the_ones_the_engine_says() -> None:
    two = [key for key in scoring.RULESETS if scoring.get_ruleset(key).rules.renonce.two]
    assert two == TWO, "ooe and stmk should be the rulesets where two players share a Renonce"


@pytest.mark.parametrize("ruleset", TWO)
def test_the_form_writes_both_offenders_into_the_hand(ruleset):
    form = hand_form(scoring.get_ruleset(ruleset), {}, FOUR, {**RUFER, **BY_TWO})
    assert form.is_valid(), form.errors
    assert form.to_hand()["renonce"] == [0, 2], "the hand should name both offenders in order"


@pytest.mark.parametrize("ruleset", TWO)
def test_one_offender_is_still_one_seat(ruleset):
    form = hand_form(scoring.get_ruleset(ruleset), {}, FOUR, {**RUFER, "renonce": "0"})
    assert form.is_valid(), form.errors
    assert form.to_hand()["renonce"] == 0, "one offender should be written as one seat"


@pytest.mark.parametrize("director_table", TWO, indirect=True)
def test_a_renonce_by_two_is_saved_as_the_pair(director_client, director_table):
    response = save(director_client, director_table, {**RUFER, **BY_TWO})
    assert response.status_code == 302, "the hand should be saved"
    assert Hand.objects.get().data["renonce"] == [0, 2], "the stored hand should name both"


@pytest.mark.parametrize("director_table", TWO, indirect=True)
def test_a_renonce_by_two_is_scored_as_shared(director_client, director_table):
    save(director_client, director_table, {**RUFER, **BY_TWO})
    assert Hand.objects.get().scores == SHARED, "the two offenders should share the loss"


@pytest.mark.parametrize("director_table", TWO, indirect=True)
def test_a_renonce_by_two_reopens_with_both_seats(director_client, director_table, director):
    sheets.save_hand(director_table, {**scoring_rufer(), "renonce": [0, 2]}, user=director)
    form = director_client.get(url(director_table, "hand_edit", 1)).context["form"]
    chosen = (form["renonce"].value(), form["renonce_also"].value())
    assert chosen == (0, 2), "the reopened form should show both offenders"


@pytest.mark.parametrize("director_table", TWO, indirect=True)
def test_a_reopened_renonce_by_two_saves_again_unchanged(director_client, director_table, director):
    sheets.save_hand(director_table, {**scoring_rufer(), "renonce": [0, 2]}, user=director)
    hand = Hand.objects.get()
    fields = {**RUFER, **BY_TWO, "version": str(hand.version), "save": "1"}
    director_client.post(url(director_table, "hand_edit", 1), fields)
    assert Hand.objects.get().data["renonce"] == [0, 2], "saving again should keep both"


@pytest.mark.parametrize("director_table", ["stmk"], indirect=True)
def test_a_trischaken_renonce_by_two_is_scored(director_client, director_table):
    save(director_client, director_table, {**TRISCHAKEN, "renonce": "1", "renonce_also": "2"})
    assert Hand.objects.get().scores == [6, -6, -6, 6], "each offender should pay 6"


# Each case: ruleset, posted Renonce fields, the field that gets the message, a part of it.
REFUSED = [
    pytest.param("ooe", RUFER | {"renonce": "2", "renonce_also": "2"}, "renonce_also", "ver"),
    pytest.param("stmk", RUFER | {"renonce": "2", "renonce_also": "2"}, "renonce_also", "ver"),
    pytest.param("ooe", RUFER | {"renonce_also": "2"}, "renonce", "fehlt", id="second-alone"),
    pytest.param(
        "ooe", TRISCHAKEN | {"renonce": "1", "renonce_also": "2"}, "renonce", "Trischaker"
    ),
]


@pytest.mark.parametrize(
    ("director_table", "fields", "field", "part"),
    REFUSED,
    indirect=["director_table"],
)
def test_a_refused_pair_is_named_at_its_field(director_client, director_table, fields, field, part):
    response = save(director_client, director_table, fields)
    messages = " ".join(response.context["form"].errors.get(field, []))
    assert messages and part in messages, f"the message should stand at {field}: {messages!r}"


@pytest.mark.parametrize(
    ("director_table", "fields", "field", "part"),
    REFUSED,
    indirect=["director_table"],
)
def test_a_refused_pair_saves_nothing(director_client, director_table, fields, field, part):
    response = save(director_client, director_table, fields)
    assert (response.status_code, Hand.objects.count()) == (400, 0), "nothing should be saved"


@pytest.mark.parametrize("ruleset", ONE)
def test_a_ruleset_of_one_offender_offers_no_second_seat(ruleset):
    form = hand_form(scoring.get_ruleset(ruleset), {}, FOUR, None)
    assert "renonce_also" not in form.fields, f"{ruleset} should not offer a second offender"


@pytest.mark.parametrize("director_table", ["tirol_cup"], indirect=True)
def test_the_page_of_one_offender_shows_no_second_seat(director_client, director_table):
    page = director_client.get(url(director_table)).content.decode()
    assert 'name="renonce"' in page, "the page should ask who committed the Renonce"
    assert 'name="renonce_also"' not in page, "the page should not ask for a second offender"


@pytest.mark.parametrize("director_table", TWO, indirect=True)
def test_the_page_of_two_offenders_asks_for_the_second_in_german(director_client, director_table):
    page = director_client.get(url(director_table)).content.decode()
    assert "Renonce auch von" in page, "the page should ask for a second offender in German"


def scoring_rufer() -> dict[str, object]:
    """Return the Rufer of RUFER as the score sheet holds it."""
    return {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"}
