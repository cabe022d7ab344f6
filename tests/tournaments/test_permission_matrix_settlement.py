"""Who sees and changes a tournament's money: its directors, owner and superusers only. Money
stays off the public pages: a table's public sheet shows none, its own link shows its own."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Settlement, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
ALLOWED = {"director", "owner", "superuser"}
RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}
GOOD = {"cents": "10", "kontras": "box", "prize_rule": "", "entry_fee": "", "x_euro": ""}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    cup = make_tournament(users["owner"], slug="cup", public=True)
    cup.directors.add(users["director"])
    hidden = make_tournament(users["owner"], slug="hidden", public=False)
    hidden.directors.add(users["director"])
    other = make_tournament(users["other_director"], slug="other")
    other.directors.add(users["other_director"])
    for tournament in (cup, hidden):
        Settlement.objects.create(tournament=tournament, cents=5)
        table = make_table(tournament)
        sheets.save_hand(table, RUFER)
        table.finished = True
        table.save(update_fields=["finished"])
    return users


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[actor])
    return client


READS = {
    "day's money": "settlement",
    "payout list": "settlement_payout",
    "settings": "settlement_edit",
}


def expected_status(actor, slug):
    """Return what a read answers: the page, the login, a refusal or a hidden 404."""
    if actor in ALLOWED:
        return 200
    if actor == "anonymous":
        return 302
    return 404 if slug == "hidden" else 403


@pytest.mark.parametrize("slug", ["cup", "hidden"])
@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_directors_read_the_money(client, world, actor, page, slug):
    response = client_for(client, world, actor).get(reverse(READS[page], args=[slug]))
    assert response.status_code == expected_status(actor, slug), (
        f"{page} of {slug} for {actor} answered {response.status_code}"
    )


def cents_of(slug):
    return list(Settlement.objects.filter(tournament__slug=slug).values_list("cents", flat=True))


@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_directors_change_the_settings(client, world, actor):
    client_for(client, world, actor).post(reverse("settlement_edit", args=["cup"]), GOOD)
    assert (cents_of("cup") == [10]) == (actor in ALLOWED), (
        f"{actor} should {'' if actor in ALLOWED else 'not '}change the value of a point"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_directors_turn_the_settlement_off(client, world, actor):
    client_for(client, world, actor).post(reverse("settlement_edit", args=["cup"]), {"off": "1"})
    assert (cents_of("cup") == []) == (actor in ALLOWED), (
        f"{actor} should {'' if actor in ALLOWED else 'not '}turn the money off"
    )


def test_a_director_of_another_tournament_changes_nothing_here(client, world):
    response = client_for(client, world, "other_director").post(
        reverse("settlement_edit", args=["cup"]), GOOD
    )
    assert (response.status_code, cents_of("cup")) == (403, [5]), "refused, the 5 cents kept"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_tables_public_sheet_shows_money_to_its_directors_only(client, world, actor):
    page = client_for(client, world, actor).get(reverse("table", args=["cup", 1, 1]))
    shown = 'id="table-money"' in page.content.decode()
    assert shown == (actor in ALLOWED), f"the money should {'' if shown else 'not '}show"


@pytest.mark.parametrize("page", ["standings", "tournament"])
def test_the_public_pages_show_no_money(client, world, page):
    html = client.get(reverse(page, args=["cup"])).content.decode()
    assert "€" not in html, f"the public {page} page should show no euro amount"


def test_the_tables_own_link_shows_its_money(client, world):
    table = Tournament.objects.get(slug="cup").rounds.get().tables.get()
    table.finished = False  # the link is closed once the director closes the table
    table.save(update_fields=["finished"])
    # 1 of 16 hands: the round is not over, so no money yet
    before = (
        'id="table-money"' in client.get(reverse("table_link", args=[table.token])).content.decode()
    )
    paper = {"totals": [3, -1, -1, -1], "hands": 16, "note": ""}
    sheets.record_paper(table, paper, over_hands=True)
    after = (
        'id="table-money"' in client.get(reverse("table_link", args=[table.token])).content.decode()
    )
    assert (before, after) == (False, True), "money shows once the table's round is over"
