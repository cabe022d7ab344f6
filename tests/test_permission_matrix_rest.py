"""The permission matrix of every URL no other matrix names, role by role: what each answers to a
visitor, a player, a director of another tournament (who owns another cup), the tournament's
director (an organiser of its cup), its owner (the cup's owner) and a superuser, and whether a
POST changed anything. Each actor starts from the same world (a savepoint is rolled back after
each), so one URL's row is one test."""

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tarock_cup.cups.models import Cup, CupMember, CupTournament, ImportedRanking
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)
from tests.cups.helpers import imported, make_cup
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}
HAND = {k: str(v) for k, v in RUFER.items()}


@pytest.fixture
def world(django_user_model: Any) -> dict[str, Any]:
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    # Five registered, four seated: the fifth registration is one a director may remove.
    tournament = make_tournament(users["owner"], slug="cup", public=True, players=5)
    tournament.directors.add(users["director"])
    table = make_table(tournament)
    sheets.save_hand(table, RUFER)
    # Corrected once: restoring the hand as first entered changes it back.
    sheets.save_hand(table, {**RUFER, "points": "30"}, number=1)
    other = make_tournament(users["other_director"], slug="other")
    other.directors.add(users["other_director"])
    paper = imported(users["owner"], "papier", ["Xaver", "Yvonne"])
    cup = make_cup(users["owner"], [tournament])
    CupTournament.objects.create(cup=cup, tournament=paper, final=False)
    CupMember.objects.create(cup=cup, user=users["director"], role="organiser")
    make_cup(users["other_director"], [other], slug="fremd")
    # Drawn, nothing played yet: a round its directors may still swap seats in or withdraw.
    fresh = make_tournament(users["owner"], slug="fresh", public=True)
    fresh.directors.add(users["director"])
    make_table(fresh)
    hidden = make_tournament(users["owner"], slug="hidden", public=False)
    hidden.directors.add(users["director"])
    sheets.save_hand(make_table(hidden), RUFER)
    secret = make_cup(users["owner"], [hidden], slug="geheim", public=False)
    paper = imported(users["owner"], "papier2", ["Zenzi"])
    CupTournament.objects.create(cup=secret, tournament=paper, final=False)
    CupMember.objects.create(cup=secret, user=users["director"], role="organiser")
    return {"users": users, "table": table, "tournament": tournament}


def fingerprint() -> tuple[Any, ...]:
    return (
        list(Hand.objects.order_by("pk").values_list("table_id", "number", "data", "version")),
        list(Round.objects.order_by("pk").values_list("number", "finished", "clock_limit")),
        list(Table.objects.order_by("pk").values_list("finished", "totals")),
        list(Seat.objects.order_by("pk").values_list("table_id", "position", "player_id")),
        list(Registration.objects.order_by("pk").values_list("checked_in", "withdrawn")),
        list(Tournament.objects.order_by("pk").values_list("name", "public")),
        list(Cup.objects.order_by("pk").values_list("name", "public")),
        CupTournament.objects.count(),
        ImportedRanking.objects.count(),
        Change.objects.count(),
    )


def client_for(world: dict[str, Any], actor: str) -> Client:
    client = Client()
    if actor != "anonymous":
        client.force_login(world["users"][actor])
    return client


def table_url(name: str, *extra: object) -> str:
    return reverse(name, args=["cup", 1, 1, *extra])


def token_url(name: str, *extra: object) -> Callable[[dict[str, Any]], str]:
    return lambda w: reverse(name, args=[w["table"].token, *extra])


def password_set(name: str) -> Callable[[dict[str, Any]], str]:
    def url(w: dict[str, Any]) -> str:
        # As stored: a login rolled back leaves the fixture's object a last_login the token
        # would then be made from.
        user = type(w["users"]["player"]).objects.get(username="player")
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        return reverse(name, args=[uid, default_token_generator.make_token(user)])

    return url if name == "password_set" else lambda w: reverse(name)


def fixed(name: str, *args: object) -> Callable[[dict[str, Any]], str]:
    return lambda w: reverse(name, args=list(args))


def registration(w: dict[str, Any]) -> str:
    pk = w["tournament"].registrations.order_by("pk").last().pk
    return reverse("registration_remove", args=["cup", pk])


def cup_player(slug: str, tournament: str) -> Callable[[dict[str, Any]], str]:
    def url(w: dict[str, Any]) -> str:
        registration = Registration.objects.filter(tournament__slug=tournament).earliest("pk")
        return reverse("cup_player", args=[slug, registration.player_id])

    return url


def restore(w: dict[str, Any]) -> str:
    change = Change.objects.filter(table=w["table"], kind=Change.Kind.HAND).earliest("pk")
    return table_url("hand_restore", change.pk)


def cup_settings(w: dict[str, Any]) -> dict[str, Any]:
    """The settings form of the cup "tirol" as its page posts it, renamed."""
    return {
        "name": "Umbenannt",
        "slug": "tirol",
        "season": "2026/27",
        "system": "table",
        "table_points": "10, 6, 3",
        "final_factor": "1",
        "public": "on",
        "tournaments": [
            str(pk)
            for pk in CupTournament.objects.filter(cup__slug="tirol").values_list(
                "tournament_id", flat=True
            )
        ],
    }


def swap(w: dict[str, Any]) -> dict[str, str]:
    seats = Seat.objects.filter(round__tournament__slug="fresh").order_by("position")
    return {"first": str(seats[0].player_id), "second": str(seats[1].player_id)}


def corrected(w: dict[str, Any]) -> dict[str, str]:
    version = Hand.objects.get(table=w["table"], number=1).version
    return {**HAND, "points": "50", "version": str(version), "save": "1"}


NEW_CUP = {"name": "Neu", "slug": "neu", "season": "2026/27", "final_factor": "1"}
NEW_CUP |= {"system": "tirol_power", "public": "on"}
Data = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]
# name → (the URL in the world, what a POST sends)
URLS: dict[str, tuple[Callable[[dict[str, Any]], str], Data]] = {
    "logout": (lambda w: reverse("logout"), {}),
    "password_set": (password_set("password_set"), {}),
    "password_set_done": (password_set("password_set_done"), {}),
    "export_tournament_xlsx": (fixed("export_tournament_xlsx", "cup"), {}),
    "export_standings_xlsx": (fixed("export_standings_xlsx", "cup"), {}),
    "export_round_standings_xlsx": (fixed("export_round_standings_xlsx", "cup", 1), {}),
    "export_round_standings_csv": (fixed("export_round_standings_csv", "cup", 1), {}),
    "players_import": (fixed("players_import", "cup"), {}),
    "players_import_confirm": (fixed("players_import_confirm", "cup"), {"confirm": "1"}),
    "sheet_upload": (lambda w: table_url("sheet_upload"), {}),
    "rules_index": (fixed("rules_index"), {}),
    "registration_remove": (registration, {"confirm": "1"}),
    "round_standings": (fixed("round_standings", "cup", 1), {}),
    "round_swap": (fixed("round_swap", "fresh", 1), swap),
    "round_withdraw": (fixed("round_withdraw", "fresh", 1), {"confirm": "1"}),
    "round_seat_late": (fixed("round_seat_late", "cup", 1), {}),
    "round_clock": (fixed("round_clock", "cup", 1), {"action": "start", "minutes": "30"}),
    "round_close_open": (fixed("round_close_open", "cup", 1), {"confirm": "1"}),
    "table_paper": (lambda w: table_url("table_paper"), {"confirm": "1"}),
    "table_paper_replace": (lambda w: table_url("table_paper_replace"), {"confirm": "1"}),
    "hand_preview": (lambda w: table_url("hand_preview"), HAND),
    "hand_edit_preview": (lambda w: table_url("hand_edit_preview", 1), HAND),
    "hand_restore": (restore, {"state": "after"}),
    "table_code": (fixed("table_code"), {"code": "nothing"}),
    "table_link_preview": (token_url("table_link_preview"), HAND),
    "table_link_sign": (token_url("table_link_sign"), {"seat": "0"}),
    "table_link_hand": (token_url("table_link_hand", 1), corrected),
    "table_link_hand_preview": (token_url("table_link_hand_preview", 1), HAND),
    "cup_list": (fixed("cup_list"), {}),
    "cup_new": (fixed("cup_new"), NEW_CUP),
    "cup_edit": (fixed("cup_edit", "tirol"), cup_settings),
    "cup_player": (cup_player("tirol", "cup"), {}),
    "cup_ranking_import": (fixed("cup_ranking_import", "tirol"), {}),
    "cup_ranking_import_confirm": (fixed("cup_ranking_import_confirm", "tirol"), {}),
    "cup_ranking": (fixed("cup_ranking", "tirol", "papier"), {}),
    "cup_ranking_remove": (fixed("cup_ranking_remove", "tirol", "papier"), {}),
    "cup_csv": (fixed("cup_csv", "tirol"), {}),
    "cup_xlsx": (fixed("cup_xlsx", "tirol"), {}),
    "cup_json": (fixed("cup_json", "tirol"), {}),
}


def answer(world: dict[str, Any], actor: str, name: str) -> str:
    """Return 'GET status|POST status', with '*' when the POST changed something."""
    url, data = URLS[name]
    with transaction.atomic():
        got = client_for(world, actor).get(url(world)).status_code
        transaction.set_rollback(True)
    with transaction.atomic():
        before = fingerprint()
        sent = data(world) if callable(data) else data
        posted = client_for(world, actor).post(url(world), sent).status_code
        changed = "*" if fingerprint() != before else ""
        transaction.set_rollback(True)
    return f"{got}|{posted}{changed}"


HIDDEN: dict[str, Callable[[dict[str, Any]], str]] = {
    "export_tournament_xlsx": fixed("export_tournament_xlsx", "hidden"),
    "export_standings_xlsx": fixed("export_standings_xlsx", "hidden"),
    "export_round_standings_xlsx": fixed("export_round_standings_xlsx", "hidden", 1),
    "export_round_standings_csv": fixed("export_round_standings_csv", "hidden", 1),
    "round_standings": fixed("round_standings", "hidden", 1),
    "cup_player": cup_player("geheim", "hidden"),
    "cup_ranking": fixed("cup_ranking", "geheim", "papier2"),
    "cup_csv": fixed("cup_csv", "geheim"),
    "cup_xlsx": fixed("cup_xlsx", "geheim"),
    "cup_json": fixed("cup_json", "geheim"),
}


# Each cell: "GET status|POST status", and "*" when the POST changed something. A POST whose
# data a view refuses (an empty upload, a form short of fields) changes nothing for anybody: the
# cell then only says that the role got past the door (a 200, 400 or redirect, not a 403 or the
# login page).
#  anonymous   player      other_dir   director    owner       superuser
EXPECTED: dict[str, tuple[str, ...]] = {
    # Django's own pages: anyone with the e-mailed link sets that account's password.
    "logout": ("405|302",) * 6,
    "password_set": ("302|302",) * 6,
    "password_set_done": ("200|405",) * 6,
    # A public tournament's and a public cup's exports, standings and pages: everybody.
    "export_tournament_xlsx": ("200|200",) * 6,
    "export_standings_xlsx": ("200|200",) * 6,
    "export_round_standings_xlsx": ("200|200",) * 6,
    "export_round_standings_csv": ("200|200",) * 6,
    "rules_index": ("200|200",) * 6,
    "round_standings": ("200|200",) * 6,
    "cup_list": ("200|200",) * 6,
    "cup_player": ("200|200",) * 6,
    "cup_ranking": ("200|200",) * 6,
    "cup_csv": ("200|200",) * 6,
    "cup_xlsx": ("200|200",) * 6,
    "cup_json": ("200|200",) * 6,
    # The table's link and code: whoever holds the table's token (the players at the table).
    "table_code": ("200|400",) * 6,
    "table_link_preview": ("405|200",) * 6,
    "table_link_sign": ("405|302",) * 6,
    "table_link_hand": ("200|302*",) * 6,
    "table_link_hand_preview": ("405|200",) * 6,
    # Any signed-in user starts a cup of their own.
    "cup_new": ("302|302",) + ("200|302*",) * 5,
    # The tournament's directors, its owner and superusers only.
    "players_import": ("302|302", "403|403", "403|403", "200|400", "200|400", "200|400"),
    "players_import_confirm": ("302|302", "405|403", "405|403", "405|302", "405|302", "405|302"),
    "sheet_upload": ("302|302", "403|403", "403|403", "200|400", "200|400", "200|400"),
    "registration_remove": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    "round_swap": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    "round_withdraw": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    "round_seat_late": ("302|302", "405|403", "405|403", "405|302", "405|302", "405|302"),
    "round_clock": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    "round_close_open": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    "table_paper": ("302|302", "403|403", "403|403", "200|400", "200|400", "200|400"),
    "table_paper_replace": ("302|302", "405|403", "405|403", "405|302", "405|302", "405|302"),
    "hand_preview": ("302|302", "405|403", "405|403", "405|200", "405|200", "405|200"),
    "hand_edit_preview": ("302|302", "405|403", "405|403", "405|200", "405|200", "405|200"),
    "hand_restore": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
    # The cup's organisers (the director is one), its owner and superusers only.
    "cup_edit": ("302|302", "403|403", "403|403", "200|302*", "200|302*", "200|302*"),
    "cup_ranking_import": ("302|302", "403|403", "403|403", "200|400", "200|400", "200|400"),
    "cup_ranking_import_confirm": (
        *("302|302", "405|403", "405|403"),
        *("405|302", "405|302", "405|302"),
    ),
    "cup_ranking_remove": ("302|302", "405|403", "405|403", "405|302*", "405|302*", "405|302*"),
}


@pytest.mark.parametrize("name", list(URLS))
def test_every_role_gets_the_answer_the_table_gives(world: dict[str, Any], name: str) -> None:
    got = tuple(answer(world, actor, name) for actor in ACTORS)
    assert got == EXPECTED[name], f"{name} answers {got} to {ACTORS}, not what the table says"


# Writes open to anybody by design: the table's token is the key of its link pages (the players
# at the table hold it), and a new cup is its creator's own.
OPEN_WRITES = {"table_link_hand", "cup_new"}


def test_the_table_lets_no_visitor_player_or_other_director_change_anything() -> None:
    changers = [
        n
        for n, cells in EXPECTED.items()
        if n not in OPEN_WRITES and any("*" in c for c in cells[:3])
    ]
    assert changers == [], f"The table lets an outsider change something through {changers}"


def test_no_cell_of_the_table_is_a_server_error() -> None:
    errors = [n for n, cells in EXPECTED.items() for c in cells if "|5" in c or c.startswith("5")]
    assert errors == [], f"The table expects a server error from {errors}"


def test_every_url_in_the_table_is_asked() -> None:
    assert sorted(EXPECTED) == sorted(URLS), "The table has a row for each URL asked, no more"


# A hidden tournament's and a hidden cup's pages: not found except to those who run them.
HIDDEN_EXPECTED = (404, 404, 404, 200, 200, 200)


@pytest.mark.parametrize("name", list(HIDDEN))
def test_a_hidden_tournament_or_cup_is_not_found_except_by_those_who_run_it(
    world: dict[str, Any], name: str
) -> None:
    got = tuple(client_for(world, actor).get(HIDDEN[name](world)).status_code for actor in ACTORS)
    assert got == HIDDEN_EXPECTED, f"{name} of a hidden one answers {got} to {ACTORS}"


# A director's own address with another tournament's object: never reached through one's own.
def foreign_registration(w: dict[str, Any]) -> str:
    pk = Registration.objects.filter(tournament__slug="other").earliest("pk").pk
    return reverse("registration_remove", args=["cup", pk])


def foreign_change(w: dict[str, Any]) -> str:
    change = Change.objects.filter(table__round__tournament__slug="hidden").earliest("pk")
    return table_url("hand_restore", change.pk)


FOREIGN = {"registration_remove": foreign_registration, "hand_restore": foreign_change}


@pytest.mark.parametrize("name", list(FOREIGN))
def test_another_tournaments_object_is_not_found_through_ones_own(
    world: dict[str, Any], name: str
) -> None:
    before = fingerprint()
    posted = client_for(world, "director").post(FOREIGN[name](world), {"state": "after"})
    assert (posted.status_code, fingerprint() == before) == (404, True), (
        f"{name} with another tournament's object answers {posted.status_code}, changing nothing"
    )
