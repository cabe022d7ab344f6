"""The settings page: dates in any language, the ruleset's defaults, the tie-breaker order, and
asking before new rules change the scores of hands already played."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-28",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
    "tie_breakers": ["best_round", "lots"],
}
KONTRA_RUFER = {
    "contract": "rufer",
    "declarer": 1,
    "partner": 2,
    "points": "40",
    "kontra": {"game": 1},
}


BY_HAND = {"manual": {"scores": [1, -1, 1, -1], "reason": "vom Block"}}


def edit(client, **changes):
    return client.post(reverse("tournament_edit", args=["cup"]), {**SETTINGS, **changes})


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_date_reaches_the_date_input_as_an_iso_date(director_client, director, prefix):
    make_tournament(director)
    page = director_client.get(f"{prefix}/t/cup/edit/").content.decode()
    assert 'type="date" name="date" value="2026-11-21"' in page, "the date should be ISO"


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_a_date_sent_by_the_date_input_is_saved_in_either_language(
    director_client, director, prefix
):
    make_tournament(director)
    director_client.post(f"{prefix}/t/cup/edit/", SETTINGS)
    assert str(Tournament.objects.get().date) == "2026-11-28", "the new date should be saved"


def test_empty_hand_counts_take_the_rulesets_numbers(director_client):
    director_client.post(
        reverse("tournament_new"), {**SETTINGS, "hands_four": "", "hands_five": ""}
    )
    tournament = Tournament.objects.get()
    assert (tournament.hands_four, tournament.hands_five) == (16, 20), (
        "the ruleset's hands per round should be taken"
    )


def test_each_rulesets_options_are_grouped_under_it(director_client):
    page = director_client.get(reverse("tournament_new")).content.decode()
    group = page.split('data-ruleset="tirol_cup"')[1].split("</fieldset>")[0]
    assert 'name="opt_tirol_cup_count_kontras"' in group, (
        "the Tirol Cup's options should stand in its own group, which the page shows alone"
    )


def test_the_tie_breakers_are_stored_in_the_chosen_order(director_client, director):
    make_tournament(director)
    edit(director_client, tie_breakers=["second_best_round", "", "best_round", "lots"])
    assert Tournament.objects.get().tie_breakers == ["second_best_round", "best_round", "lots"]


def test_a_tie_breaker_chosen_twice_is_refused(director_client, director):
    make_tournament(director)
    response = edit(director_client, tie_breakers=["lots", "lots"])
    assert "tie_breakers" in response.context["form"].errors, "a repeat should be refused"


def test_the_page_offers_one_select_per_tie_breaker_position(director_client, director):
    make_tournament(director)
    page = director_client.get(reverse("tournament_edit", args=["cup"])).content.decode()
    assert page.count('name="tie_breakers"') == 6, "each of the six positions should be a select"


@pytest.fixture
def played(director):
    table = make_table(make_tournament(director))
    sheets.save_hand(table, KONTRA_RUFER)
    # Vorhand moves on: the second hand is declared from the next seat.
    sheets.save_hand(table, {**KONTRA_RUFER, "declarer": 2, "partner": 3, "kontra": {}})
    return table


def test_new_rules_that_change_scores_ask_first(director_client, played):
    response = edit(director_client, opt_tirol_cup_count_kontras="on")
    assert response.context["rescored"] == 1, "the page should ask, naming the one changed hand"


def test_nothing_is_saved_before_the_director_confirms(director_client, played):
    edit(director_client, opt_tirol_cup_count_kontras="on")
    assert Tournament.objects.get().options == {}, "the option should not be saved yet"


def test_confirmed_new_rules_score_the_hands_anew(director_client, played):
    before = Hand.objects.get(number=1).scores
    edit(director_client, opt_tirol_cup_count_kontras="on", confirm="1")
    assert Hand.objects.get(number=1).scores == [2 * s for s in before], (
        "the kontra should now count double"
    )


def test_a_hand_scored_anew_is_recorded_in_its_history(director_client, played):
    edit(director_client, opt_tirol_cup_count_kontras="on", confirm="1")
    change = Change.objects.filter(kind=Change.Kind.HAND).order_by("-pk").first()
    assert change.before["scores"] != change.after["scores"], "the history should keep both"


def test_a_confirmation_for_another_count_asks_again(director_client, played):
    edit(director_client, opt_tirol_cup_count_kontras="on", confirm="5")
    assert Tournament.objects.get().options == {}, "a stale confirmation should not save"


def test_rules_that_change_no_score_save_at_once(director_client, played):
    edit(director_client, name="Renamed")
    assert Tournament.objects.get().name == "Renamed", "a plain change should need no question"


def test_hands_per_round_cannot_drop_below_what_a_table_already_holds(director_client, director):
    table = make_table(make_tournament(director))
    for _ in range(3):
        sheets.save_hand(table, BY_HAND)
    response = edit(director_client, hands_four="2")
    assert "hat schon 3 Spiele" in str(response.context["form"].errors.get("hands_four")), (
        "lowering the count below the hands played should be refused at its field"
    )


def test_hands_per_round_may_drop_to_what_the_tables_hold(director_client, director):
    table = make_table(make_tournament(director))
    for _ in range(3):
        sheets.save_hand(table, BY_HAND)
    edit(director_client, hands_four="3")
    assert Tournament.objects.get().hands_four == 3, "a count equal to the hands played is fine"
