"""Who may see and change a register record, cell by cell: its keepers (the home cup's
organisers) and superusers change it; a director of a tournament the player plays in sees its
register details; the record page itself (results, seasons, statistics) is public
(tests/register/test_permission_matrix_player_record.py). A refused write changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.register.models import PlayerChange, Proposal
from tarock_cup.register.records import merge_records
from tarock_cup.tournaments.models import Player, Tournament
from tests.cups.helpers import make_cup, played
from tests.register.helpers import fingerprint

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "plain", "director", "other_organiser", "keeper", "superuser"]
KEEPERS = {"keeper", "superuser"}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    a = played(users["keeper"], "a", {"Anna Huber": 50, "Cilli Egger": 10})
    b = played(users["keeper"], "b", {"Huber Anna": 40, "Egger Cilli": 5}, day=2)
    make_cup(users["keeper"], [a, b], slug="heim")
    a.directors.add(users["director"])
    make_cup(
        users["other_organiser"],
        [played(users["other_organiser"], "x", {"Xaver": 1})],
        slug="fremd",
    )
    cilli = Player.objects.get(name="Cilli Egger")
    merge_records(cilli, Player.objects.get(name="Egger Cilli"), users["keeper"])
    anna = Player.objects.get(name="Anna Huber")
    # A proposal waiting for the director (made by hand: only its answer is probed here).
    Proposal.objects.create(
        kind=Proposal.Kind.CORRECT,
        player=cilli,
        after={"name": "Cäcilia Egger", "club": ""},
        proposed_by=users["keeper"],
        organiser=users["director"],
    )
    return {
        **users,
        "anna": anna,
        "drop": Player.objects.get(name="Huber Anna"),
        "merge": PlayerChange.objects.get(kind="merge"),
        "proposal": Proposal.objects.get(),
        "tournament": Tournament.objects.get(slug="a"),
    }


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[actor])
    return client


PAGES = {
    "record": (lambda w: reverse("register_player", args=[w["anna"].number]), set(ACTORS)),
    "correct": (lambda w: reverse("register_player_edit", args=[w["anna"].number]), KEEPERS),
    "merge": (lambda w: reverse("register_player_merge", args=[w["anna"].number]), KEEPERS),
    "compare": (
        lambda w: (
            reverse("register_player_merge", args=[w["anna"].number]) + f"?other={w['drop'].number}"
        ),
        KEEPERS,
    ),
    "undo": (lambda w: reverse("register_merge_undo", args=[w["merge"].pk]), KEEPERS),
    "proposals": (lambda w: reverse("register_proposals"), set(ACTORS[1:])),
    "cup log": (lambda w: reverse("cup_player_log", args=["heim"]), KEEPERS),
}


def expected_status(actor, allowed):
    if actor in allowed:
        return 200
    return 302 if actor == "anonymous" else 404


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name", PAGES)
def test_who_sees_each_page(client, world, name, actor):
    url, allowed = PAGES[name]
    response = client_for(client, world, actor).get(url(world))
    assert response.status_code == expected_status(actor, allowed), (
        f"{actor} gets {expected_status(actor, allowed)} for the {name} page"
    )


WRITES = {
    "correct": (
        lambda w: (
            reverse("register_player_edit", args=[w["anna"].number]),
            {"name": "Anna X", "club": ""},
        ),
        KEEPERS,
    ),
    "merge": (
        lambda w: (
            reverse("register_player_merge", args=[w["anna"].number]),
            {"other": w["drop"].number, "keep": w["anna"].number},
        ),
        KEEPERS,
    ),
    "undo": (
        lambda w: (reverse("register_merge_undo", args=[w["merge"].pk]), {"confirm": "1"}),
        KEEPERS,
    ),
    "answer": (
        lambda w: (
            reverse("register_proposal_answer", args=[w["proposal"].pk]),
            {"answer": "decline"},
        ),
        # Only the organiser asked answers; a superuser does not answer for them.
        {"director"},
    ),
}


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name", WRITES)
def test_who_changes_what(client, world, name, actor):
    request, allowed = WRITES[name]
    url, data = request(world)
    before = fingerprint()
    client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert changed == (actor in allowed), (
        f"{actor}'s {name} is {'made' if actor in allowed else 'refused, changing nothing'}"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_a_likely_duplicate_leads_only_organisers_on(client, world, actor):
    anna, drop = world["anna"], world["drop"]
    before = fingerprint()
    client_for(client, world, actor).post(
        reverse("cup_merge", args=["heim"]), {"keep": anna.pk, "drop": drop.pk}
    )
    assert fingerprint() == before, f"the cup's merge link changes nothing by itself ({actor})"


HUGE = 99999999999999999999999


@pytest.mark.parametrize(
    "url",
    [
        reverse("register_player", args=[HUGE]),
        reverse("register_player_edit", args=[HUGE]),
        reverse("register_player_merge", args=[HUGE]),
        reverse("register_merge_undo", args=[HUGE]),
    ],
)
def test_a_number_beyond_any_record_is_not_found(client, world, url):
    client.force_login(world["superuser"])
    assert client.get(url).status_code == 404, "no such record, never an error"


def test_an_answer_to_a_proposal_beyond_any_is_not_found(client, world):
    client.force_login(world["director"])
    url = reverse("register_proposal_answer", args=[HUGE])
    assert client.post(url, {"answer": "accept"}).status_code == 404, "never an error"
