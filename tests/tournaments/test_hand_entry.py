"""Entering, correcting and deleting hands through the table page's form."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament, sheet_as_shown

pytestmark = pytest.mark.django_db


def table_url(table, name="table", *extra):
    return reverse(
        name, args=[table.round.tournament.slug, table.round.number, table.number, *extra]
    )


def post_hand(client, table, fields, *, number=None, action="save"):
    url = (
        table_url(table)
        if number is None
        else reverse(
            "hand_edit",
            args=[table.round.tournament.slug, table.round.number, table.number, number],
        )
    )
    return client.post(url, {**sheet_as_shown(table, number), **fields, action: "1"})


def scores(table):
    return [hand.scores for hand in Hand.objects.filter(table=table).order_by("number")]


# Each case: ruleset, options, first dealer, form fields, expected scores of the hand,
# worked by hand from the rules.
CASES = [
    pytest.param(
        "standard",
        {},
        0,
        # Rufer, declarer Anna with Cilli, 40 points: game 1 x Kontra 2 = 2; Pagat announced
        # and made by the declarer's side 2 → net 4 each way.
        {
            "contract": "rufer",
            "declarer": "1",
            "partner": "3",
            "points": "40",
            "kontra_game": "1",
            "b_pagat_side": "declarer",
            "b_pagat_announced": "on",
            "b_pagat_result": "made",
        },
        [-4, 4, -4, 4],
        id="rufer-with-kontra-and-announced-pagat",
    ),
    pytest.param(
        "tirol_cup",
        {},
        0,
        # Trischaken, points 10, 25, 30, 5, everyone took tricks, Vorhand (seat 1) not highest:
        # the two highest pay 2 to each of the two lowest → +4, -4, -4, +4.
        {
            "contract": "trischaken",
            "p0_points": "10",
            "p0_tricks": "2",
            "p1_points": "25",
            "p1_tricks": "4",
            "p2_points": "30",
            "p2_tricks": "5",
            "p3_points": "5",
            "p3_tricks": "1",
        },
        [4, -4, -4, 4],
        id="tirol-trischaken",
    ),
    pytest.param(
        "tirol_cup",
        {},
        0,
        # Rufer by Vorhand (seat 1), called King in the talon, given up: a lost game of 1,
        # one against three → -3 and +1 each.
        {
            "contract": "rufer",
            "declarer": "1",
            "partner": "alone",
            "king_in_talon": "on",
            "surrendered": "on",
        },
        [1, -3, 1, 1],
        id="tirol-rufer-given-up",
    ),
    pytest.param(
        "standard",
        {},
        0,
        # Dreier by Bert lost with 30 points: game 4, one against three → -12, +4 each.
        {"contract": "dreier", "declarer": "1", "points": "30"},
        [4, -12, 4, 4],
        id="dreier-lost",
    ),
    pytest.param(
        "standard",
        {},
        0,
        # Piccolo by Dora, made with exactly one trick; Anna said Kontra (personal): Anna pays
        # 2 x 2 = 4, Bert and Cilli 2 each → Dora +8.
        {"contract": "piccolo", "declarer": "3", "tricks": "1", "kontra_seat_0": "1"},
        [-4, -2, -2, 8],
        id="piccolo-with-personal-kontra",
    ),
    pytest.param(
        "lungau",
        {},
        0,
        # The seed's Fahren: Kontra by A and C; points A 9, B 27, C 16, D 14 → +16 -10 -8 +2.
        {
            "contract": "fahren",
            "p0_points": "9",
            "p0_kontra": "on",
            "p1_points": "27",
            "p2_points": "16",
            "p2_kontra": "on",
            "p3_points": "14",
            "p0_tricks": "1",
            "p1_tricks": "4",
            "p2_tricks": "3",
            "p3_tricks": "4",
        },
        [16, -10, -8, 2],
        id="lungau-fahren-seed-example",
    ),
    pytest.param(
        "extended",
        {},
        0,
        # Piccolo by Bert made (2, one against three: +6, -2 each) and Bettler bei by Dora made
        # (3: +9, -3 each): Anna -2-3, Bert +6-3, Cilli -2-3, Dora -2+9.
        {
            "contract": "piccolo",
            "declarer": "1",
            "tricks": "1",
            "bei_contract": "bettler_bei",
            "bei_declarer": "3",
            "bei_tricks": "0",
        },
        [-5, 3, -5, 7],
        id="extended-piccolo-with-bettler-bei",
    ),
    pytest.param(
        "tirol_cup",
        {},
        0,
        # Besserrufer by Cilli with Anna, won, Uhu announced and made: 1 + 4 = 5 each way.
        {
            "contract": "besserrufer",
            "declarer": "2",
            "partner": "0",
            "points": "40",
            "b_uhu_side": "declarer",
            "b_uhu_announced": "on",
            "b_uhu_result": "made",
        },
        [5, -5, 5, -5],
        id="tirol-besserrufer-with-uhu",
    ),
    pytest.param(
        "standard",
        {},
        0,
        # Dreier by Cilli with a silent Valat: game 4 + Valat 10 = 14, one against three.
        {"contract": "dreier", "declarer": "2", "valat": "declarer"},
        [-14, -14, 42, -14],
        id="dreier-silent-valat",
    ),
    pytest.param(
        "tirol_cup",
        {},
        0,
        # Entered by hand after a dispute: taken as entered.
        {
            "contract": "manual",
            "manual_0": "3",
            "manual_1": "-1",
            "manual_2": "-1",
            "manual_3": "-1",
            "manual_reason": "Schiedsspruch der Turnierleitung",
        },
        [3, -1, -1, -1],
        id="scores-entered-by-hand",
    ),
]


@pytest.mark.parametrize(("ruleset", "options", "first_dealer", "fields", "expected"), CASES)
def test_a_hand_entered_through_the_form_is_saved_with_the_engines_scores(
    director_client, director, ruleset, options, first_dealer, fields, expected
):
    table = make_table(make_tournament(director, ruleset, options=options))
    table.first_dealer = first_dealer
    table.save()
    post_hand(director_client, table, fields)
    assert scores(table) == [expected]


def test_preview_shows_the_scores_and_saves_nothing(director_client, tirol_table):
    response = post_hand(
        director_client,
        tirol_table,
        {"contract": "rufer", "declarer": "1", "partner": "2", "points": "40"},
        action="preview",
    )
    body = response.content.decode()
    assert (Hand.objects.count(), "+1" in body and "−1" in body) == (0, True)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"contract": "rufer", "declarer": "1", "partner": "2", "points": "75"}, "points", "70"),
        (
            {"contract": "rufer", "declarer": "1", "partner": "1", "points": "40"},
            "partner",
            "Spieler selbst",
        ),
        ({"contract": "rufer", "declarer": "1", "partner": "2"}, "points", "Kartenpunkte"),
        (
            {"contract": "rufer", "declarer": "0", "partner": "2", "points": "40"},
            "declarer",
            "Vorhand",
        ),
        (
            {
                "contract": "trischaken",
                "p0_points": "10",
                "p0_tricks": "2",
                "p1_points": "25",
                "p1_tricks": "4",
                "p2_points": "30",
                "p2_tricks": "5",
                "p3_points": "6",
                "p3_tricks": "1",
            },
            "p0_points",
            "70",
        ),
        (
            {
                "contract": "manual",
                "manual_0": "3",
                "manual_1": "-1",
                "manual_2": "-1",
                "manual_3": "0",
                "manual_reason": "x",
            },
            None,
            "0",
        ),
    ],
    ids=[
        "points-above-pack",
        "partner-is-declarer",
        "missing-points",
        "rufer-not-vorhand",
        "trischaken-points-not-70",
        "manual-not-zero-sum",
    ],
)
def test_invalid_hand_is_refused_with_the_engines_message_and_nothing_saved(
    director_client, tirol_table, fields, field, message
):
    response = post_hand(director_client, tirol_table, fields)
    errors = response.context["form"].errors
    shown = " ".join(str(e) for errs in errors.values() for e in errs)
    assert (response.status_code, Hand.objects.count(), message in shown) == (400, 0, True), errors


def test_a_players_bad_points_are_shown_beside_that_players_field(director_client, tirol_table):
    response = post_hand(
        director_client,
        tirol_table,
        {
            "contract": "trischaken",
            "p0_points": "10",
            "p0_tricks": "2",
            "p1_points": "25",
            "p1_tricks": "4",
            "p2_points": "dreißig",
            "p2_tricks": "5",
            "p3_points": "5",
            "p3_tricks": "1",
        },
    )
    assert list(response.context["form"].errors) == ["p2_points"]


LUNGAU_FAHREN = {
    "contract": "fahren",
    "p0_points": "9",
    "p1_points": "27",
    "p2_points": "16",
    "p3_points": "14",
    "p0_tricks": "1",
    "p1_tricks": "4",
    "p2_tricks": "3",
    "p3_tricks": "4",
}
# Lungau Rufer mit Spatz by Bert with Dora, won, Spatz announced and made: 1 + 2 = 3.
LUNGAU_RUFER = {
    "contract": "rufer_pagat",
    "declarer": "1",
    "partner": "3",
    "points": "40",
    "b_pagat_side": "declarer",
    "b_pagat_announced": "on",
    "b_pagat_result": "made",
}


def test_editing_an_earlier_hand_rescores_the_doubled_deals_after_it(director_client, director):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_RUFER)
    post_hand(director_client, table, LUNGAU_RUFER)
    # Hand 2 is single; turning hand 1 into a Fahren doubles it (Fahren: 2 each pair).
    post_hand(director_client, table, LUNGAU_FAHREN, number=1)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [(h.stake, h.double_left, h.scores) for h in hands] == [
        (1, 4, [6, -6, -2, 2]),
        (2, 3, [-6, 6, -6, 6]),
    ]


def test_deleting_a_hand_renumbers_and_rescores_the_later_hands(director_client, director):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_FAHREN)
    post_hand(director_client, table, LUNGAU_RUFER)
    director_client.post(reverse("hand_delete", args=["cup", 1, 1, 1]), sheet_as_shown(table, 1))
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [(h.number, h.stake, h.scores) for h in hands] == [(1, 1, [-3, 3, -3, 3])]


def test_table_totals_follow_the_hands(director_client, director):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_FAHREN)
    post_hand(director_client, table, LUNGAU_RUFER)
    table.refresh_from_db()
    # Fahren without kontra: A(9) +2+2+2=6... worked: pairs pay 2: A beats B, C, D → +6;
    # B loses to all → -6; C beats B, loses to A and D → -2; D beats B and C, loses to A → +2.
    # Then the doubled Rufer: (-3, +3, -3, +3) x 2.
    assert table.totals == [6 - 6, -6 + 6, -2 - 6, 2 + 6]


def _engine_running(table):
    """Return each stored hand's running totals as the engine adds them up from the hands."""
    hands = [hand.data for hand in Hand.objects.filter(table=table).order_by("number")]
    return [list(result.running) for result in sheets.score(table, hands).hands]


def test_each_hand_keeps_the_engines_running_totals_when_an_earlier_hand_changes(
    director_client, director
):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_RUFER)
    post_hand(director_client, table, LUNGAU_RUFER)
    post_hand(director_client, table, LUNGAU_FAHREN, number=1)  # hand 2 doubles, all totals move
    stored = [hand.running for hand in Hand.objects.filter(table=table).order_by("number")]
    assert stored == _engine_running(table)


def test_the_table_page_shows_the_stored_running_totals(director_client, director):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_RUFER)
    # Totals no sum of the scores gives: the page shows what is stored, adding nothing up.
    Hand.objects.filter(table=table).update(running=[11, 22, 33, 44])
    rows = director_client.get(table_url(table)).context["rows"]
    assert [row["running"] for row in rows] == [[11, 22, 33, 44]]


def test_a_negative_running_total_shows_the_typographic_minus(director_client, director):
    table = make_table(make_tournament(director, "lungau"))
    post_hand(director_client, table, LUNGAU_RUFER)
    Hand.objects.filter(table=table).update(running=[-11, 22, -33, 22])
    page = director_client.get(table_url(table)).content.decode()
    totals = re.findall(r'<small class="muted running">([^<]*)</small>', page)
    assert totals == ["\u221211", "22", "\u221233", "22"]


def test_the_page_says_when_a_table_has_all_its_hands(director_client, director):
    tournament = make_tournament(director, "lungau")
    tournament.hands_four = 2
    tournament.save()
    table = make_table(tournament)
    post_hand(director_client, table, LUNGAU_RUFER)
    post_hand(director_client, table, LUNGAU_RUFER)
    response = director_client.get(table_url(table))
    assert response.context["complete"] is True


@pytest.mark.parametrize(("ruleset", "options", "first_dealer", "fields", "expected"), CASES)
def test_a_stored_hand_reopens_in_the_form_unchanged(
    director_client, director, ruleset, options, first_dealer, fields, expected
):
    table = make_table(make_tournament(director, ruleset, options=options))
    post_hand(director_client, table, fields)
    stored = Hand.objects.get(table=table).data
    form = director_client.get(table_url(table, "hand_edit", 1)).context["form"]
    data = {name: form[name].value() for name in form.fields}
    # What a browser posts back: checked boxes as "on", unchecked and empty fields left out.
    posted = {
        k: "on" if v is True else v for k, v in data.items() if v is not None and v is not False
    }
    rebound = type(form)(form.ruleset, {}, form.players, posted)
    assert rebound.is_valid() and rebound.to_hand() == stored, rebound.errors


# At the Tirol Cup table Anna deals the first hand, so Bert is Vorhand: a Rufer is his alone.
NOT_VORHAND = {"contract": "rufer", "declarer": "0", "partner": "2", "points": "40"}
ABOVE_PACK = {"contract": "rufer", "declarer": "1", "partner": "2", "points": "75"}


@pytest.mark.parametrize(
    ("lang", "fields", "field", "message"),
    [
        ("de", NOT_VORHAND, "declarer", "Rufer darf nur Vorhand spielen (Bert)"),
        ("de", ABOVE_PACK, "points", "75 sind mehr als die 70 Punkte aller Karten"),
        ("en", NOT_VORHAND, "declarer", "Rufer may be played by Vorhand only (Bert)"),
        ("en", ABOVE_PACK, "points", "75 is more than the pack's 70"),
    ],
    ids=["vorhand-de", "points-de", "vorhand-en", "points-en"],
)
def test_a_refused_hand_shows_the_engines_message_in_the_pages_language_beside_its_field(
    director_client, tirol_table, lang, fields, field, message
):
    with translation.override(lang):
        response = post_hand(director_client, tirol_table, fields)
    assert (
        response.status_code,
        Hand.objects.count(),
        response.context["form"].errors.get(field),
        escape(message) in response.content.decode(),
    ) == (400, 0, [message], True)


def test_a_refused_deletion_says_why_in_german_naming_the_player(director_client, director):
    table = make_table(make_tournament(director, "tirol_cup", players=5), seats=5)
    post_hand(director_client, table, {"contract": "piccolo", "declarer": "2", "tricks": "1"})
    # Bert deals hand 2, so Anna plays; once hand 1 is gone Anna deals it and sits out.
    post_hand(director_client, table, {"contract": "piccolo", "declarer": "0", "tricks": "1"})
    response = director_client.post(
        table_url(table, "hand_delete", 1), sheet_as_shown(table, 1), follow=True
    )
    last = [str(message) for message in response.context["messages"]][-1]
    assert (last, Hand.objects.count()) == (
        "Das Spiel kann nicht gelöscht werden: Spiel 1: Anna gibt und setzt in diesem Spiel aus",
        2,
    )


# --- results that follow from the card points, named controls, Trischaken entry -------------

# The hand: a Rufer by Bert with Dora, 40 card points, "1st Sack announced, made".
SACK_WITH_40 = {
    "contract": "rufer",
    "declarer": "1",
    "partner": "3",
    "points": "40",
    "b_sack_side": "declarer",
    "b_sack_announced": "on",
    "b_sack_result": "made",
}


def test_the_form_takes_a_sacks_result_from_the_card_points(director_client, tirol_table):
    # 40 is below 45/2, so the Sack failed whatever is posted: game 1 - Sack 2 = -1
    post_hand(director_client, tirol_table, SACK_WITH_40)
    assert scores(tirol_table) == [[1, -1, 1, -1]], "40 card points should make no Sack"


def test_the_form_asks_no_result_for_a_sack(director_client, tirol_table):
    page = director_client.get(table_url(tirol_table)).content.decode()
    assert 'name="b_sack_result"' not in page, "a Sack's result should not be asked for"


def test_the_form_still_asks_the_result_of_a_bird(director_client, tirol_table):
    page = director_client.get(table_url(tirol_table)).content.decode()
    assert 'name="b_pagat_result"' in page, "a bird's result should still be asked for"


def test_a_made_valat_sends_no_card_points(director_client, director):
    # Dreier by Cilli, silent Valat, card points left over in the hidden field: 4 + 10 = 14
    table = make_table(make_tournament(director, "standard"))
    fields = {"contract": "dreier", "declarer": "2", "valat": "declarer", "points": "20"}
    post_hand(director_client, table, fields)
    stored = Hand.objects.get(table=table).data
    assert "points" not in stored, "a hand with a made Valat should be stored without points"


class _Controls(HTMLParser):
    """Collect the hand form's controls and whether each has an accessible name."""

    def __init__(self):
        super().__init__()
        self.inside = False
        self.label_depth = 0
        self.labelled_ids = set()
        self.controls = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "hand-form":
            self.inside = True
        if not self.inside:
            return
        if tag == "label":
            self.label_depth += 1
            if a.get("for"):
                self.labelled_ids.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.controls.append(
                (a.get("name"), a.get("id"), a.get("aria-label"), self.label_depth)
            )

    def handle_endtag(self, tag):
        if tag == "label" and self.inside:
            self.label_depth -= 1
        if tag == "form":
            self.inside = False

    def unnamed(self):
        return [
            name
            for name, id_, aria, depth in self.controls
            if not (aria and aria.strip()) and not depth and id_ not in self.labelled_ids
        ]


@pytest.mark.parametrize("ruleset", ["tirol_cup", "lungau", "standard", "extended"])
def test_every_control_of_the_hand_form_has_a_name(director_client, director, ruleset):
    table = make_table(make_tournament(director, ruleset))
    parser = _Controls()
    parser.feed(director_client.get(table_url(table)).content.decode())
    assert parser.unnamed() == [], "every control should have a label or an aria-label"


@pytest.mark.parametrize(
    ("name", "label"),
    [
        pytest.param("b_trull_announced", "Trull: angesagt", id="announced-box"),
        pytest.param("b_pagat_result", "Pagat: Ergebnis", id="result-select"),
        pytest.param("b_pagat_kontra", "Pagat: Kontra", id="kontra-select"),
        pytest.param("p2_points", "Cilli: Kartenpunkte", id="trischaken-points"),
        pytest.param("p2_tricks", "Cilli: Stiche", id="trischaken-tricks"),
    ],
)
def test_the_controls_are_named_in_german(director_client, tirol_table, name, label):
    parser = _Controls()
    parser.feed(director_client.get(table_url(tirol_table)).content.decode())
    names = {control: aria for control, _id, aria, _depth in parser.controls}
    assert names.get(name) == label, f"the control {name} should be named {label!r}"


@pytest.mark.parametrize(
    ("ruleset", "fields"),
    [
        pytest.param("tirol_cup", ["points", "tricks"], id="trischaken-tricks-no-kontra"),
        pytest.param("lungau", ["points", "kontra"], id="fahren-kontra-no-tricks"),
    ],
)
def test_the_trischaken_rows_ask_only_what_the_ruleset_records(
    director_client, director, ruleset, fields
):
    table = make_table(make_tournament(director, ruleset))
    data = director_client.get(table_url(table)).context["ruleset_json"]["contracts"]
    asked = next(c["player_fields"] for c in data.values() if c["family"] == "trischaken")
    assert asked == fields, "the form should ask each player only what the ruleset records"


def test_a_wrong_sum_of_points_shows_before_the_tricks_are_entered(director_client, tirol_table):
    fields = {"contract": "trischaken", "p0_points": "20", "p1_points": "20"}
    fields |= {"p2_points": "20", "p3_points": "15"}
    response = post_hand(director_client, tirol_table, fields, action="preview")
    shown = " ".join(response.context["form"].non_field_errors())
    assert "75 statt 70" in shown, "the preview should say the points add up to 75 at once"


def test_a_players_error_in_the_preview_names_the_player(director_client, tirol_table):
    fields = {"contract": "trischaken", "p0_points": "20", "p1_points": "20"}
    fields |= {"p2_points": "dreißig", "p3_points": "10"}
    url = table_url(tirol_table, "hand_preview")
    page = director_client.post(url, fields).content.decode()
    assert 'data-field="p2_points">Cilli: Kartenpunkte: ' in page, (
        "the preview's message should name the player whose points are wrong"
    )


def test_the_saved_message_appears_beside_the_form(director_client, tirol_table):
    response = post_hand(director_client, tirol_table, SACK_WITH_40)
    page = director_client.get(response.url).content.decode()
    assert (
        '<span class="saved" role="status">✓ Spiel 1 gespeichert (+1 / −1 / +1 / −1).</span>'
        in page
    ), "the saved hand and its scores should be confirmed beside the Save button"
    assert page.count("Spiel 1 gespeichert") == 1, (
        "the saved hand should be told once, beside the Save button, not in the box at the top too"
    )
