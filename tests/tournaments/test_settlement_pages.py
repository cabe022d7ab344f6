"""The settlement's pages: its settings refuse bad input and change nothing, a table's money at
the end of its round, the day's totals with the charity box and the payout list, in German and
English."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Settlement, Tournament
from tests.factories import make_table, make_tournament
from tests.scoring.test_settlement import FOUR_HANDS

pytestmark = pytest.mark.django_db

GOOD = {
    "cents": "10",
    "kontras": "box",
    "entry_fee": "10",
    "prize_rule": "fixed",
    "x_euro": "",
    "prize_lines": "1 = 5\n2 = 3",
}


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director", password="pw-123456")


@pytest.fixture
def tournament(director):
    return make_tournament(director, slug="cup")


@pytest.fixture
def played(tournament, client, director):
    """Return the tournament settling 10 cents with a box, and its table of four hands."""
    Settlement.objects.create(tournament=tournament, cents=10, kontras="box")
    table = make_table(tournament)
    for hand in FOUR_HANDS:
        sheets.save_hand(table, hand)
    sheets.close_table(table, early=True)
    client.force_login(director)
    return table


def state(tournament):
    """Return what the settings page may change: the settlement's fields and the entry fee."""
    settings = Settlement.objects.filter(tournament=tournament).values_list(
        "cents", "kontras", "prize_rule", "prize_x", "prizes", "prizes_exceed_fees"
    )
    return list(settings), Tournament.objects.get(pk=tournament.pk).entry_fee


def post(client, director, data, language="de"):
    client.force_login(director)
    prefix = "" if language == "de" else "/en"
    return client.post(prefix + reverse("settlement_edit", args=["cup"]), data)


def test_good_settings_are_kept_in_cents(client, director, tournament):
    post(client, director, GOOD)
    expected = ([(10, "box", "fixed", 0, [500, 300], False)], Decimal("10.00"))
    assert state(tournament) == expected, "the settings should be kept, the prizes in cents"


def test_a_german_amount_with_a_comma_is_read(client, director, tournament):
    post(client, director, {**GOOD, "prize_lines": "1 = 5,50\n2: 3"})
    assert state(tournament)[0][0][4] == [550, 300], "“5,50” should be 550 cents"


REFUSALS = [
    pytest.param({"cents": "-1"}, "Der Wert eines Punktes", id="negative-cents"),
    pytest.param({"prize_lines": "1 = 3\n2 = 5"}, "Rang 2 bekäme mehr als Rang 1", id="increasing"),
    pytest.param({"prize_lines": "1 = 5\n1 = 3"}, "Rang 1 steht zweimal", id="rank-twice"),
    pytest.param({"prize_lines": "1 = 5\nzwei = 3"}, "Zeile 2", id="unreadable-line"),
    pytest.param({"prize_lines": ""}, "Preis von Rang 1", id="no-prizes"),
    pytest.param({"entry_fee": "-5"}, "nicht negativ", id="negative-fee"),
    pytest.param({"entry_fee": "100000"}, "höchstens 4 Ziffern", id="fee-too-large"),
    pytest.param({"cents": "10001"}, "10000", id="point-worth-too-much"),
    # 4 players × 1 € = 4 €; prizes 5 + 3 = 8 €
    pytest.param({"entry_fee": "1"}, "8,00 €", id="prizes-above-fees"),
]


@pytest.mark.parametrize(("change", "message"), REFUSALS)
def test_bad_settings_are_refused_and_change_nothing(client, director, tournament, change, message):
    before = state(tournament)
    response = post(client, director, {**GOOD, **change})
    assert (response.status_code, message in response.content.decode(), state(tournament)) == (
        400,
        True,
        before,
    ), f"{change} should be refused saying {message!r}"


def test_prizes_above_the_fees_are_kept_when_the_director_says_so(client, director, tournament):
    post(client, director, {**GOOD, "entry_fee": "1", "prizes_exceed_fees": "on"})
    assert state(tournament)[0][0][5] is True, "the confirmation should let the prizes be saved"


def test_the_refusal_reads_in_english_too(client, director, tournament):
    response = post(client, director, {**GOOD, "prize_lines": "1 = 3\n2 = 5"}, "en")
    assert "rank 2 would get more than rank 1" in response.content.decode(), "English refusal"


# The four-hand table of tests/scoring/test_settlement.py: with the box, Anna −1,00 €,
# Bert +0,60 €, Cilli −0,40 €, Dora −0,20 €; the box 1,00 €.
@pytest.mark.parametrize(
    ("language", "amounts"),
    [
        pytest.param("de", ["−1,00 €", "0,60 €", "−0,40 €", "−0,20 €", "1,00 €"], id="de"),
        pytest.param("en", ["−1.00 €", "0.60 €", "−0.40 €", "−0.20 €", "1.00 €"], id="en"),
    ],
)
def test_the_tables_page_shows_its_money(client, played, language, amounts):
    prefix = "" if language == "de" else "/en"
    html = client.get(prefix + played.get_absolute_url()).content.decode()
    missing = [amount for amount in amounts if amount not in html]
    assert missing == [], f"the table's page should show {missing}"


def test_an_unfinished_table_shows_no_money_yet(client, director, tournament):
    Settlement.objects.create(tournament=tournament, cents=10)
    table = make_table(tournament)
    sheets.save_hand(table, FOUR_HANDS[0])
    client.force_login(director)
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="table-money"' not in html, "1 hand of 16: the round is not over for the money"


def day_rows(response):
    return [(p.name, p.written, p.amount, p.box) for p in response.context["day"].players]


def test_the_days_money_is_each_players_with_the_box(client, played):
    response = client.get(reverse("settlement", args=["cup"]))
    # best amount first: Bert +60, Dora −20, Cilli −40, Anna −100 (cents)
    expected = [
        ("Bert", 6, 60, 0),
        ("Dora", -2, -20, 0),
        ("Cilli", 2, -40, 60),
        ("Anna", -6, -100, 40),
    ]
    assert (day_rows(response), response.context["day"].box) == (expected, 100), (
        "the day's money by player and the box"
    )


@pytest.mark.parametrize(("language", "box"), [("de", "1,00 €"), ("en", "1.00 €")])
def test_the_days_page_shows_the_box(client, played, language, box):
    prefix = "" if language == "de" else "/en"
    html = client.get(prefix + reverse("settlement", args=["cup"])).content.decode()
    assert f"<strong>{box}</strong>" in html, f"the day's box should read {box}"


def test_the_payout_list_balances_fees_and_prizes(client, played, tournament):
    settings = tournament.settlement
    settings.prize_rule, settings.prize_x = "field", 100
    settings.save()
    Tournament.objects.filter(pk=tournament.pk).update(entry_fee=Decimal("10"))
    payout = client.get(reverse("settlement_payout", args=["cup"])).context["payout"]
    # 4 players × 10 € = 40 €; ⌊3/2⌋ = 1: prizes 3, 2 and 1 € = 6 €; 34 € left
    figures = (payout.payout.fees, payout.payout.paid, payout.payout.balance)
    assert figures == (4000, 600, 3400), "fees, prizes and balance of the payout list"


def test_the_payout_list_gives_the_prizes_by_place(client, played, tournament):
    tournament.settlement.prize_rule = "fixed"
    tournament.settlement.prizes = [500, 300]
    tournament.settlement.save()
    rows = client.get(reverse("settlement_payout", args=["cup"])).context["payout"].rows
    # standings by written score: Bert 6, Cilli 2, Dora −2, Anna −6
    assert [(r.name, r.prize) for r in rows] == [
        ("Bert", 500),
        ("Cilli", 300),
        ("Dora", 0),
        ("Anna", 0),
    ], "the prizes should go by place"


def test_without_a_settlement_the_days_page_leads_to_its_settings(client, director, tournament):
    client.force_login(director)
    response = client.get(reverse("settlement", args=["cup"]))
    assert response.url == reverse("settlement_edit", args=["cup"]), "first the settings"
