"""One small hand form per contract family, chosen by the contract: what each builds, what each
refuses and where it says so, which one the page picks, and a page without a script."""

import re

import pytest
from django.test import Client
from django.urls import reverse

import scoring
from tarock_cup.tournaments.hand_forms import (
    ALONE,
    MANUAL,
    ManualHandForm,
    NegativeHandForm,
    PositiveHandForm,
    TrischakenHandForm,
    hand_form,
)
from tarock_cup.tournaments.models import Hand
from tests.factories import NAMES, make_table, make_tournament

pytestmark = pytest.mark.django_db

FOUR = NAMES[:4]
# what a new hand's page posts of the sheet it shows, at a table without hands
NEW_HAND = {"expected": "1"}

# Each case: ruleset, posted fields, the hand the form builds in the score-sheet format.
BUILDS = [
    pytest.param(
        "tirol_cup",
        {
            "contract": "rufer",
            "declarer": "1",
            "partner": "3",
            "points": " 41 ",
            "kontra_game": "1",
            "b_pagat_side": "declarer",
            "b_pagat_announced": "on",
            "b_pagat_result": "made",
            "b_pagat_kontra": "2",
        },
        {
            "contract": "rufer",
            "declarer": 1,
            "partner": 3,
            "king_in_talon": False,
            "surrendered": False,
            "points": "41",
            "valat": None,
            "valat_announced": False,
            "kontra": {"game": 1, "pagat": 2},
            "bonuses": [
                {"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"}
            ],
        },
        id="rufer-with-kontra-and-a-bird",
    ),
    pytest.param(
        "standard",
        # a solo calls no King: a partner left in the form is not part of the hand
        {"contract": "dreier", "declarer": "2", "partner": "0", "valat": "declarer"},
        {
            "contract": "dreier",
            "declarer": 2,
            "partner": None,
            "king_in_talon": False,
            "surrendered": False,
            "valat": "declarer",
            "valat_announced": False,
            "kontra": {},
            "bonuses": [],
        },
        id="dreier-with-a-silent-valat",
    ),
    pytest.param(
        "tirol_cup",
        {"contract": "dreier", "declarer": "2", "points": "30", "renonce": "0"},
        {
            "contract": "dreier",
            "renonce": 0,
            "declarer": 2,
            "partner": None,
            "king_in_talon": False,
            "surrendered": False,
            "points": "30",
            "valat": None,
            "valat_announced": False,
            "kontra": {},
            "bonuses": [],
        },
        id="dreier-with-a-renonce",
    ),
    pytest.param(
        "standard",
        {"contract": "piccolo", "declarer": "3", "tricks": "1", "kontra_seat_0": "1"},
        {"contract": "piccolo", "declarer": 3, "tricks": 1, "kontra_by_seat": [1, 0, 0, 0]},
        id="piccolo-with-a-personal-kontra",
    ),
    pytest.param(
        "extended",
        {
            "contract": "piccolo",
            "declarer": "1",
            "tricks": "1",
            "bei_contract": "bettler_bei",
            "bei_declarer": "3",
            "bei_tricks": "0",
            "bei_kontra_seat_2": "1",
        },
        {
            "contract": "piccolo",
            "declarer": 1,
            "tricks": 1,
            "kontra_by_seat": [0, 0, 0, 0],
            "bei": {
                "contract": "bettler_bei",
                "declarer": 3,
                "tricks": 0,
                "kontra_by_seat": [0, 0, 1, 0],
            },
        },
        id="piccolo-with-a-bettler-bei",
    ),
    pytest.param(
        "tirol_cup",
        {
            "contract": "trischaken",
            **{f"p{s}_points": p for s, p in enumerate(["10", "25", "30", "5"])},
            **{f"p{s}_tricks": t for s, t in enumerate(["2", "4", "5", "1"])},
        },
        {
            "contract": "trischaken",
            "players": [
                {"points": "10", "tricks": 2},
                {"points": "25", "tricks": 4},
                {"points": "30", "tricks": 5},
                {"points": "5", "tricks": 1},
            ],
        },
        id="trischaken-points-and-tricks",
    ),
    pytest.param(
        "lungau",
        {
            "contract": "fahren",
            **{f"p{s}_points": p for s, p in enumerate(["9", "27", "16", "14"])},
            "p0_kontra": "on",
            # Lungau records no tricks in a Fahren: the form does not ask, and ignores them
            "p1_tricks": "4",
        },
        {
            "contract": "fahren",
            "players": [
                {"points": "9", "tricks": None, "kontra": True},
                {"points": "27", "tricks": None},
                {"points": "16", "tricks": None},
                {"points": "14", "tricks": None},
            ],
        },
        id="fahren-points-and-kontra",
    ),
    pytest.param(
        "tirol_cup",
        {
            "contract": "manual",
            **{f"manual_{s}": v for s, v in enumerate(["3", "-1", "", "-2"])},
            "manual_reason": " Schiedsspruch ",
            "declarer": "1",  # another family's field: not part of this hand
        },
        {"manual": {"scores": [3, -1, 0, -2], "reason": "Schiedsspruch"}},
        id="scores-entered-by-hand",
    ),
]


@pytest.mark.parametrize(("ruleset", "fields", "expected"), BUILDS)
def test_each_familys_form_builds_the_engines_hand(ruleset, fields, expected):
    form = hand_form(scoring.get_ruleset(ruleset), {}, FOUR, fields)
    built = form.to_hand() if form.is_valid() else dict(form.errors)
    assert built == expected, "the form should build exactly this hand for the engine"


@pytest.fixture
def director_table(director_client, director):
    return make_table(make_tournament(director, "tirol_cup"))  # Anna deals, Bert is Vorhand


def url(table, name="table", *extra):
    return reverse(
        name, args=[table.round.tournament.slug, table.round.number, table.number, *extra]
    )


# Each case: posted fields (Tirol Cup, Bert is Vorhand), the field that gets the message, a
# part of the message.
REFUSED = [
    pytest.param(
        {"contract": "rufer", "declarer": "1", "partner": "2", "points": "75"},
        "points",
        "70",
        id="positive-points-above-the-pack",
    ),
    pytest.param(
        {"contract": "rufer", "declarer": "1", "partner": "1", "points": "40"},
        "partner",
        "Spieler selbst",
        id="positive-partner-is-the-declarer",
    ),
    pytest.param(
        {"contract": "piccolo", "declarer": "2"},
        "tricks",
        "fehlt",
        id="negative-without-tricks",
    ),
    pytest.param(
        {"contract": "piccolo", "tricks": "1"},
        "declarer",
        "fehlt",
        id="negative-without-a-declarer",
    ),
    pytest.param(
        {
            "contract": "trischaken",
            **{f"p{s}_points": p for s, p in enumerate(["10", "25", "dreißig", "5"])},
            **{f"p{s}_tricks": t for s, t in enumerate(["2", "4", "5", "1"])},
        },
        "p2_points",
        "keine Kartenpunkte",
        id="trischaken-points-not-a-number",
    ),
    pytest.param(
        {"contract": "trischaken", "p1_points": "20", "p1_tricks": "13"},
        "p1_tricks",
        "13",
        id="trischaken-tricks-out-of-range",
    ),
    pytest.param(
        {"contract": "manual", "manual_0": "drei", "manual_reason": "x"},
        "manual_0",
        "ganze Zahl",
        id="manual-score-not-a-number",
    ),
    pytest.param(
        {"contract": "manual", "manual_0": "1", "manual_1": "-1", "manual_reason": "x" * 201},
        "manual_reason",
        "200",
        id="manual-reason-too-long",
    ),
]


@pytest.mark.parametrize(("fields", "field", "part"), REFUSED)
def test_each_familys_refusal_names_its_field(director_client, director_table, fields, field, part):
    response = director_client.post(url(director_table), {**fields, **NEW_HAND, "save": "1"})
    messages = " ".join(response.context["form"].errors.get(field, []))
    assert part in messages and messages, f"the message should stand at {field}: {messages!r}"


@pytest.mark.parametrize(("fields", "field", "part"), REFUSED)
def test_a_refused_hand_saves_nothing(director_client, director_table, fields, field, part):
    response = director_client.post(url(director_table), {**fields, **NEW_HAND, "save": "1"})
    assert (response.status_code, Hand.objects.count()) == (400, 0), "nothing should be saved"


def test_the_message_is_written_beside_its_field(director_client, director_table):
    fields = {"contract": "trischaken", "save": "1"}
    fields |= {f"p{s}_points": p for s, p in enumerate(["10", "25", "dreißig", "5"])}
    page = director_client.post(url(director_table), {**fields, **NEW_HAND}).content.decode()
    # Cilli's row: her points field, then its message, before the next player's row
    row = re.search(r'<tr data-seat="2".*?</tr>', page, re.S)
    assert row and "keine Kartenpunkte" in row.group(0), "the message should be in Cilli's row"


# Each case: the contract posted, the form the page answers with.
CHOSEN = [
    pytest.param("rufer", PositiveHandForm, id="rufer"),
    pytest.param("besserrufer", PositiveHandForm, id="besserrufer"),
    pytest.param("dreier", PositiveHandForm, id="solo"),
    pytest.param("piccolo", NegativeHandForm, id="piccolo"),
    pytest.param("bettler_ouvert", NegativeHandForm, id="bettler-ouvert"),
    pytest.param("trischaken", TrischakenHandForm, id="trischaken"),
    pytest.param("manual", ManualHandForm, id="by-hand"),
    pytest.param("", PositiveHandForm, id="none-yet"),
]


@pytest.mark.parametrize(("contract", "form_class"), CHOSEN)
def test_the_page_picks_the_form_of_the_contracts_family(
    director_client, director_table, contract, form_class
):
    response = director_client.post(url(director_table, "hand_preview"), {"contract": contract})
    form = response.context["form"]
    assert type(form) is form_class, f"a {contract or 'missing'} contract got {type(form)}"


@pytest.mark.parametrize(
    ("stored", "form_class"),
    [
        pytest.param({"contract": "piccolo", "declarer": 2, "tricks": 1}, NegativeHandForm),
        pytest.param(
            {"manual": {"scores": [1, -1, 1, -1], "reason": "x"}}, ManualHandForm, id="manual"
        ),
    ],
)
def test_a_stored_hand_reopens_in_its_familys_form(
    director_client, director_table, director, stored, form_class
):
    from tarock_cup.tournaments import sheets

    sheets.save_hand(director_table, stored, user=director)
    form = director_client.get(url(director_table, "hand_edit", 1)).context["form"]
    assert type(form) is form_class, "the stored hand should reopen in its family's form"


def test_a_new_hand_starts_with_the_contract_alone(director_client, director_table):
    page = director_client.get(url(director_table)).content.decode()
    live = page.split('<div id="hand-fields">', 1)[1].split("</div>", 1)[0]
    assert "<select" not in live and "<input" in live and 'type="hidden"' in live, (
        "before a contract is chosen no other field should be shown"
    )


def test_the_other_families_wait_in_templates(director_client, director_table):
    page = director_client.get(url(director_table)).content.decode()
    families = re.findall(r'<template data-family="(\w+)">', page)
    assert families == ["positive", "trischaken", "negative", "manual"], families


# -- without a script: choose the contract, submit, get its family's form ---------------------


def test_without_a_script_a_new_family_is_shown_not_judged(director_client, director_table):
    fields = {"contract": "piccolo", "shown": "positive", "points": "40", "save": "1"}
    response = director_client.post(url(director_table), {**fields, **NEW_HAND})
    form = response.context["form"]
    assert (response.status_code, type(form), form.is_bound, Hand.objects.count()) == (
        200,
        NegativeHandForm,
        False,
        0,
    ), "the page should show the Piccolo's fields, refuse nothing and save nothing"


def test_without_a_script_a_vorhand_contract_comes_with_vorhand_chosen(
    director_client, director_table
):
    fields = {"contract": "rufer", "shown": "none", "preview": "1"}  # a new hand's page
    form = director_client.post(url(director_table), {**fields, **NEW_HAND}).context["form"]
    assert form["declarer"].value() == 1, "a Rufer is Vorhand's: Bert should be chosen already"


def test_a_hand_of_the_family_shown_is_judged_and_saved(director_client, director_table):
    fields = {"contract": "piccolo", "shown": "negative", "declarer": "2", "tricks": "1"}
    director_client.post(url(director_table), {**fields, **NEW_HAND, "save": "1"})
    assert Hand.objects.count() == 1, "a Piccolo entered in the Piccolo's form should be saved"


def test_at_a_table_of_five_the_dealer_sitting_out_is_not_offered(director_client, director):
    table = make_table(make_tournament(director, "tirol_cup", players=5), seats=5)
    form = director_client.post(url(table, "hand_preview"), {"contract": "dreier"}).context["form"]
    offered = [label for value, label in form.fields["declarer"].choices if value != ""]
    assert offered == ["Bert", "Cilli", "Dora", "Erich"], "Anna deals and sits out hand 1"


# -- two phones or directors at one table ---------------------------------------------------

RUFER = {"contract": "rufer", "declarer": "1", "partner": "3", "points": "41", "save": "1"}
PICCOLO = {"contract": "piccolo", "declarer": "2", "tricks": "1", "save": "1"}


@pytest.fixture
def two_entries(director, django_user_model):
    """Two directors open the table's page at once and both enter hand 1; return the second
    one's answer."""
    second = django_user_model.objects.create_user("zweite", password="pw-123456")
    tournament = make_tournament(director, "tirol_cup")
    tournament.directors.add(second)
    table = make_table(tournament)
    first_client, second_client = Client(), Client()
    first_client.force_login(director)
    second_client.force_login(second)
    expected = {}
    for client in (first_client, second_client):
        page = client.get(url(table)).content.decode()
        expected[client] = re.search(r'name="expected" value="(\d+)"', page).group(1)
    first_client.post(url(table), {**RUFER, "expected": expected[first_client]})
    return second_client.post(url(table), {**PICCOLO, "expected": expected[second_client]})


def test_the_second_entry_of_the_same_hand_is_refused(two_entries):
    assert two_entries.status_code == 409, "the second phone's hand 1 should be refused"


def test_the_second_entry_does_not_overwrite_the_first(two_entries):
    contracts = [hand.data["contract"] for hand in Hand.objects.order_by("number")]
    assert contracts == ["rufer"], "the sheet should hold the first entry only"


def test_the_refusal_says_what_is_on_the_sheet_now(two_entries):
    errors = " ".join(two_entries.context["form"].non_field_errors())
    assert errors.startswith("Spiel 1 wurde soeben von direktor eingetragen: „Rufer"), errors


def test_the_refusal_shows_the_scores_as_the_sheet_does(two_entries):
    errors = " ".join(two_entries.context["form"].non_field_errors())
    # the Rufer won by seats 1 and 3: signs, and the typographic minus
    assert "mit den Punkten \u22121 / +1 / \u22121 / +1." in errors, errors


def test_the_refused_entry_stays_in_the_form_for_the_next_hand(two_entries):
    page = two_entries.content.decode()
    assert ('name="expected" value="2"' in page) and ("Spiel 2 eintragen" in page), (
        "the refused Piccolo should stay in the form, now as hand 2"
    )


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ("tirol_cup", True),
        ("standard", True),
        ("lungau", False),
        ("extended", False),
        ("ooe", False),
    ],
)
def test_a_kontra_on_the_valat_is_asked_only_where_the_valat_is_a_bonus(ruleset, expected):
    form = PositiveHandForm(scoring.get_ruleset(ruleset), {}, FOUR)
    assert ("kontra_valat" in form.fields) is expected


def test_the_partner_starts_unchosen(director_client, director_table):
    form = director_client.post(url(director_table, "hand_preview"), {"contract": "rufer"})
    first = form.context["form"].fields["partner"].choices[0]
    assert first == ("", "— bitte wählen —"), f"the partner list should start unchosen, not {first}"


def test_playing_alone_is_a_partner_choice_of_its_own(director_client, director_table):
    form = director_client.post(url(director_table, "hand_preview"), {"contract": "rufer"})
    choices = dict(form.context["form"].fields["partner"].choices)
    assert "eigener König" in str(choices.get(ALONE)), "'plays alone' should be its own choice"


KING_HAND = {"contract": "rufer", "declarer": "1", "points": "40", "expected": "1", "save": "1"}


@pytest.mark.parametrize("partner", [None, ""], ids=["field missing", "field empty"])
def test_a_king_contract_without_a_chosen_partner_is_refused(
    director_client, director_table, partner
):
    posted = KING_HAND if partner is None else KING_HAND | {"partner": partner}
    response = director_client.post(url(director_table), posted)
    errors = response.context["form"].errors.get("partner", [])
    assert errors and not Hand.objects.exists(), "the hand should be refused at its partner"


def test_a_king_contract_played_alone_is_saved_as_one_against_three(
    director_client, director_table
):
    director_client.post(url(director_table), KING_HAND | {"partner": ALONE})
    assert Hand.objects.get().data["partner"] is None, "playing alone is saved as no partner"


# -- where the engine's refusals stand -------------------------------------------------------

SACK_AND_PAGAT = {
    "contract": "rufer",
    "declarer": "1",
    "partner": "3",
    "points": "50",
    "b_sack_side": "declarer",
    "b_pagat_side": "defenders",
}
BETTLER_BEI = {"contract": "piccolo", "declarer": "1", "tricks": "1", "bei_contract": "bettler_bei"}

# Each case: ruleset, posted fields, the engine's path of a refusal, the field it stands at.
# The hand lists the bonuses in the ruleset's order: the Pagat first, then the Sack.
ROUTES = [
    pytest.param("tirol_cup", SACK_AND_PAGAT, "bonuses[0].announced", "b_pagat_announced"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "bonuses[0].bonus", "b_pagat_side"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "bonuses[1].result", "points", id="sack-result"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "bonuses[2].side", None, id="bonus-not-posted"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "kontra.pagat", "b_pagat_kontra"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "valat_announced_by", "valat"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "renonce[1]", "renonce"),
    pytest.param("tirol_cup", SACK_AND_PAGAT, "tricks", None, id="positive-tricks"),
    pytest.param("extended", BETTLER_BEI, "bei.kontra_by_seat[2]", "bei_kontra_seat_2"),
    pytest.param("extended", BETTLER_BEI, "kontra_by_seat[3]", "kontra_seat_3"),
    pytest.param("extended", BETTLER_BEI, "bei.declarer", "bei_declarer"),
    pytest.param("tirol_cup", {"contract": "trischaken"}, "players[2]", "p2_points"),
    pytest.param("tirol_cup", {"contract": "trischaken"}, "players[2].tricks", "p2_tricks"),
    pytest.param("lungau", {"contract": "fahren"}, "players[1].tricks", None, id="fahren-tricks"),
    pytest.param("tirol_cup", {"contract": MANUAL}, "manual.scores[1]", "manual_1"),
    pytest.param("tirol_cup", {"contract": MANUAL}, "manual.reason", "manual_reason"),
    pytest.param("tirol_cup", {"contract": MANUAL}, "contract", None, id="manual-contract"),
]


@pytest.mark.parametrize(("ruleset", "fields", "path", "field"), ROUTES)
def test_an_engine_refusal_stands_at_the_field_its_path_names(ruleset, fields, path, field):
    form = hand_form(scoring.get_ruleset(ruleset), {}, FOUR, fields)
    assert form.is_valid(), form.errors
    assert form.field_for_error(path) == field, f"{path} should stand at {field}"
