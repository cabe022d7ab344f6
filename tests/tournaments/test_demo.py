"""The demo tournament: its generator, its fixture, and the load_demo command."""

import io
import json
import random

import pytest
from django.core.management import call_command

import scoring
from tarock_cup.tournaments import demo, sheets
from tarock_cup.tournaments.models import (
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)
from tarock_cup.tournaments.standings import standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    call_command("load_demo", stdout=io.StringIO())
    return Tournament.objects.get(slug=demo.DEMO_SLUG)


def fixture_hands():
    document = json.loads(demo.FIXTURE.read_text(encoding="utf-8"))
    return [hand for r in document["rounds"] for t in r["tables"] for hand in t["hands"]]


def counts():
    return {
        model.__name__: model.objects.count()
        for model in (Tournament, Player, Registration, Round, Table, Seat, Hand)
    }


def test_loading_creates_thirteen_checked_in_players(loaded):
    assert Player.objects.count() == 13
    assert loaded.registrations.filter(checked_in=True, withdrawn=False).count() == 13


def test_loading_plans_three_rounds_and_draws_two(loaded):
    assert loaded.rounds_planned == 3
    assert list(loaded.rounds.values_list("number", flat=True)) == [1, 2]


def test_round_one_is_complete_at_tables_of_four_four_and_five(loaded):
    tables = Table.objects.filter(round__tournament=loaded, round__number=1).order_by("number")
    assert [t.seats.count() for t in tables] == [4, 4, 5]
    assert [t.hands.count() for t in tables] == [16, 16, 20]
    assert [t.number for t in tables if not t.finished] == [], "these tables are not finished"


def test_round_two_is_in_progress(loaded):
    tables = Table.objects.filter(round__tournament=loaded, round__number=2)
    played = [t.hands.count() for t in tables]
    due = [loaded.hands_for(t.seats.count()) for t in tables]
    assert any(0 < p < d for p, d in zip(played, due, strict=True))


def test_rounds_keep_their_seeds(loaded):
    document = json.loads(demo.FIXTURE.read_text(encoding="utf-8"))
    stored = dict(loaded.rounds.values_list("number", "seed"))
    assert stored == {r["number"]: r["seed"] for r in document["rounds"]}


def test_the_demo_director_owns_the_demo_tournament(loaded):
    assert loaded.owner.username == "director"
    assert loaded.owner.check_password("tarock-demo")


def test_standings_have_a_row_for_every_player(loaded):
    assert len(standings(loaded)) == 13


def test_every_stored_hand_scores_as_the_engine_scores_its_table(loaded):
    tables = Table.objects.filter(round__tournament=loaded).select_related("round__tournament")
    checked = 0
    for table in tables:
        hands = list(table.hands.order_by("number"))
        scored = scoring.score_sheet(sheets.sheet_for(table, [hand.data for hand in hands]))
        assert [list(h.scores) for h in scored.hands] == [hand.scores for hand in hands]
        assert table.totals == list(scored.totals)
        checked += len(hands)
    assert checked == len(fixture_hands())


@pytest.mark.parametrize(
    "path",
    ["/t/demo/", "/t/demo/standings/", "/t/demo/round/2/", "/t/demo/round/1/table/3/"],
)
def test_the_demo_pages_show(client, loaded, path):
    assert client.get(path).status_code == 200


def test_loading_twice_changes_nothing(loaded):
    before = counts()
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert counts() == before
    assert "director / tarock-demo" in out.getvalue()


def test_the_command_prints_the_address_and_login():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "http://127.0.0.1:8000/t/demo/" in out.getvalue()
    assert "director / tarock-demo" in out.getvalue()


def test_an_existing_demo_slug_is_left_alone(django_user_model):
    owner = django_user_model.objects.create_user("someone")
    Tournament.objects.create(name="Mine", slug="demo", date="2026-01-01", owner=owner)
    call_command("load_demo", stdout=io.StringIO())
    assert Tournament.objects.get(slug="demo").name == "Mine"
    assert not Round.objects.exists()


KINDS = [
    pytest.param(
        lambda h: h.get("contract") == "rufer" and h.get("partner") is not None, id="rufer"
    ),
    pytest.param(lambda h: h.get("contract") == "trischaken", id="trischaken"),
    pytest.param(lambda h: h.get("tricks") is not None, id="negative-contract"),
    pytest.param(lambda h: h.get("contract") == "rufer" and h.get("surrendered"), id="surrender"),
    pytest.param(lambda h: h.get("contract") == "besserrufer", id="besserrufer"),
    pytest.param(lambda h: bool(h.get("manual", {}).get("reason")), id="entered-by-hand"),
    pytest.param(lambda h: h.get("valat") is not None, id="valat"),
    pytest.param(lambda h: h.get("kontra") or h.get("kontra_by_seat"), id="kontra"),
    pytest.param(
        lambda h: any(not b["announced"] for b in h.get("bonuses", [])), id="silent-bonus"
    ),
    pytest.param(lambda h: any(b["announced"] for b in h.get("bonuses", [])), id="announced"),
    pytest.param(lambda h: any(p and p["tricks"] == 0 for p in h.get("players", [])), id="virgin"),
]


@pytest.mark.parametrize("kind", KINDS)
def test_the_fixture_shows_each_kind_of_hand(kind):
    assert any(kind(hand) for hand in fixture_hands()), "no hand of the fixture is of this kind"


@pytest.mark.parametrize("seats", [4, 5])
@pytest.mark.parametrize("seed", range(5))
def test_generated_hands_are_accepted_by_the_engine(seed, seats):
    hands = demo.table_hands(random.Random(seed), seats, 40)
    sheet = {"ruleset": demo.RULESET, "players": list("ABCDE"[:seats]), "hands": hands}
    assert len(scoring.score_sheet(sheet).hands) == 40


def test_the_generator_is_deterministic():
    first = demo.table_hands(random.Random(7), 5, 20)
    assert demo.table_hands(random.Random(7), 5, 20) == first


@pytest.mark.parametrize("kind", demo.SPECIAL_KINDS)
def test_planned_hands_are_placed_where_asked(kind):
    hands = demo.table_hands(random.Random(1), 5, 6, planned={4: kind})
    hand = hands[3]
    expected = {
        "surrendered_rufer": lambda h: h.get("surrendered") is True,
        "valat": lambda h: h.get("valat") == "declarer",
        "manual": lambda h: "manual" in h,
        "virgin": lambda h: any(p and p["tricks"] == 0 for p in h["players"]),
        "mayor": lambda h: any(
            p and scoring.parse_points(p["points"], "thirds") >= demo.MAYOR for p in h["players"]
        ),
    }[kind]
    assert expected(hand)
