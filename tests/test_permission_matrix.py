"""Who may do what, cell by cell: visitors read public tournaments only; a tournament's directors
do everything on it and nothing on others; the owner or a superuser sets its directors;
superusers administer all."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand, Registration, Round, Table, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
ALLOWED = {"director", "owner", "superuser"}
RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}


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
        table = make_table(tournament)
        sheets.save_hand(table, RUFER)
    return users


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[actor])
    return client


def fingerprint():
    return (
        list(Hand.objects.order_by("pk").values_list("table_id", "number", "data", "version")),
        list(Round.objects.order_by("pk").values_list("tournament_id", "number", "finished")),
        list(Table.objects.order_by("pk").values_list("finished", flat=True)),
        list(Registration.objects.order_by("pk").values_list("checked_in", "withdrawn")),
        list(Tournament.objects.order_by("pk").values_list("name", "public")),
        Change.objects.count(),
    )


def table_url(slug, name="table", *extra):
    return reverse(name, args=[slug, 1, 1, *extra])


def form(fields, **extra):
    return {**{k: str(v) for k, v in fields.items()}, "save": "1", **extra}


# name → (slug → (url, data))
WRITES = {
    "enter a hand": lambda s: (
        table_url(s),
        form({**RUFER, "declarer": 2, "partner": 3}, expected="2"),
    ),
    "correct a hand": lambda s: (
        table_url(s, "hand_edit", 1),
        form({**RUFER, "points": "30"}, version="1"),
    ),
    "delete a hand": lambda s: (table_url(s, "hand_delete", 1), {"version": "1"}),
    # Round 1 has an open table: the draw of round 2 is confirmed.
    "draw a round": lambda s: (reverse("round_draw", args=[s]), {"confirm": "2"}),
    "finish a round": lambda s: (
        reverse("round_finish", args=[s, 1]),
        {"finished": "1", "confirm": "1"},
    ),
    # The table has fewer hands than its count: closing it early is confirmed.
    "finish a table": lambda s: (table_url(s, "table_finish"), {"finished": "1", "confirm": "1"}),
    "register a player": lambda s: (
        reverse("registrations", args=[s]),
        {"add": "1", "new-name": "Neu"},
    ),
    "change the settings": lambda s: (
        reverse("tournament_edit", args=[s]),
        {
            "name": "Renamed",
            "slug": s,
            "date": "2026-11-21",
            "ruleset": "tirol_cup",
            "hands_four": "16",
            "hands_five": "20",
            "rounds_planned": "3",
            "public": "on",
        },
    ),
}


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_tournaments_directors_owner_and_superusers_change_it(
    client, world, actor, action
):
    url, data = WRITES[action]("cup")
    before = fingerprint()
    response = client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert (changed, response.status_code < 500) == (actor in ALLOWED, True), response.status_code


@pytest.mark.parametrize("action", list(WRITES))
def test_a_director_of_another_tournament_changes_nothing_here(client, world, action):
    url, data = WRITES[action]("cup")
    before = fingerprint()
    response = client_for(client, world, "other_director").post(url, data)
    assert (response.status_code, fingerprint() == before) == (403, True)


READS = {
    "tournament": lambda s: reverse("tournament", args=[s]),
    "standings": lambda s: reverse("standings", args=[s]),
    "round": lambda s: reverse("round", args=[s, 1]),
    "table": lambda s: table_url(s),
    "score cards": lambda s: reverse("score_cards", args=[s, 1]),
    "standings csv": lambda s: reverse("export_standings_csv", args=[s]),
    "sheet json": lambda s: table_url(s, "sheet_download"),
}


@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_reads_a_public_tournament(client, world, actor, page):
    response = client_for(client, world, actor).get(READS[page]("cup"))
    assert response.status_code == 200


@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournament_is_a_404_except_to_its_directors(client, world, actor, page):
    response = client_for(client, world, actor).get(READS[page]("hidden"))
    assert response.status_code == (200 if actor in ALLOWED else 404)


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournament_is_not_listed_for_others(client, world, actor):
    listed = list(client_for(client, world, actor).get(reverse("home")).context["tournaments"])
    assert ("hidden" in [t.slug for t in listed]) == (actor in ALLOWED)


OWNERS = {"owner", "superuser"}
DIRECTOR_WRITES = {
    "add a director": {"add": "1", "username": "neu"},
    "add an existing account": {"add": "1", "username": "player"},
    "remove a director": "remove",
}


def directors_of(slug):
    return sorted(Tournament.objects.get(slug=slug).directors.values_list("username", flat=True))


@pytest.mark.parametrize("action", list(DIRECTOR_WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_owner_or_a_superuser_sets_the_directors(client, world, actor, action):
    data = DIRECTOR_WRITES[action]
    if data == "remove":
        data = {"remove": str(world["director"].pk)}
    client_for(client, world, actor).post(reverse("tournament_directors", args=["cup"]), data)
    assert (directors_of("cup") != ["director"]) == (actor in OWNERS), (
        f"{actor} should {'' if actor in OWNERS else 'not '}change who directs"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_owner_or_a_superuser_sees_the_directors_page(client, world, actor):
    response = client_for(client, world, actor).get(reverse("tournament_directors", args=["cup"]))
    assert (response.status_code == 200) == (actor in OWNERS), (
        f"the directors page should {'' if actor in OWNERS else 'not '}open for {actor}"
    )


def test_a_director_cannot_add_directors_by_posting_the_settings(client, world):
    data = WRITES["change the settings"]("cup")[1] | {"directors": [world["player"].pk]}
    client_for(client, world, "director").post(reverse("tournament_edit", args=["cup"]), data)
    assert not Tournament.objects.get(slug="cup").directors.filter(pk=world["player"].pk).exists()


def test_the_admin_is_for_superusers_only(client, world):
    staffless = client_for(client, world, "director").get("/admin/")
    client.logout()
    admin = client_for(client, world, "superuser").get("/admin/")
    assert (staffless.status_code, admin.status_code) == (302, 200)


def test_login_is_locked_after_repeated_wrong_passwords(client, world, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(3):
        client.post(reverse("login"), {"username": "director", "password": "wrong"})
    locked = client.post(reverse("login"), {"username": "director", "password": "pw-123456"})
    assert (locked.status_code, "_auth_user_id" in client.session) == (429, False)


def test_a_right_password_logs_in(client, world):
    client.post(reverse("login"), {"username": "director", "password": "pw-123456"})
    assert client.session["_auth_user_id"] == str(world["director"].pk)
