"""Privacy: a private player is "Anna H. (Nr. …)" on every public page, export and download,
directors and the cup's organisers keep the full name; a forgotten player's name is gone
everywhere while everyone's results stay."""

import io
import json

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup import names
from tarock_cup.register import privacy
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Player, Registration, Tournament
from tarock_cup.tournaments.naming import shown_name
from tarock_cup.tournaments.players import correct_player
from tarock_cup.tournaments.standings import standings
from tests.cups.helpers import imported, make_cup
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}


@pytest.fixture
def world(django_user_model):
    """A public tournament in a cup: two private "Anna H." at its one table with a hand."""
    director = django_user_model.objects.create_user("director", password="pw-123456")
    organiser = django_user_model.objects.create_user("organiser", password="pw-123456")
    django_user_model.objects.create_user("visitor", password="pw-123456")
    tournament = make_tournament(director, slug="open", players=2)
    huber = Player.objects.create(name="Anna Huber", club="Zirl", private=True)
    hofer = Player.objects.create(name="Anna Hofer", club="Absam", private=True)
    for player in (huber, hofer):
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    table = make_table(tournament)
    sheets.save_hand(table, RUFER)
    cup = make_cup(organiser, [tournament], slug="tirol")
    return {"tournament": tournament, "table": table, "cup": cup, "huber": huber, "hofer": hofer}


def public_urls(world):
    """Return every public page, export and download that names the tournament's players."""
    slug, table, huber = "open", world["table"], world["huber"]
    tournament_urls = [
        reverse("standings", args=[slug]),
        reverse("round_standings", args=[slug, 1]),
        reverse("player", args=[slug, huber.pk]),
        reverse("projector", args=[slug]),
        reverse("round", args=[slug, 1]),
        reverse("score_cards", args=[slug, 1]),
        reverse("tournament", args=[slug]),
        reverse("table", args=[slug, 1, 1]),
        reverse("table_link", args=[table.token]),
        reverse("export_tournament_xlsx", args=[slug]),
        reverse("export_standings_xlsx", args=[slug]),
        reverse("export_standings_csv", args=[slug]),
        reverse("export_round_standings_csv", args=[slug, 1]),
        reverse("sheet_download", args=[slug, 1, 1]),
        "/en" + reverse("standings", args=[slug]),
    ]
    cup_urls = [
        reverse("cup", args=["tirol"]),
        reverse("cup_player", args=["tirol", huber.pk]),
        reverse("cup_csv", args=["tirol"]),
        reverse("cup_xlsx", args=["tirol"]),
        reverse("cup_json", args=["tirol"]),
    ]
    return tournament_urls, cup_urls


def text_of(response):
    """Return what a page or download says: a workbook's cells, else the body."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if body[:2] == b"PK":
        book = openpyxl.load_workbook(io.BytesIO(body), read_only=True)
        cells = (
            str(cell) for sheet in book for row in sheet.iter_rows(values_only=True) for cell in row
        )
        return "\n".join(cells)
    return body.decode("utf-8-sig")


def every_text(client, urls):
    texts = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, f"{url} should be shown, not {response.status_code}"
        texts[url] = text_of(response)
    return texts


URL_NAMES = [
    "standings",
    "round standings",
    "player page",
    "projector",
    "round",
    "score cards",
    "tournament",
    "table",
    "table link",
    "tournament workbook",
    "standings workbook",
    "standings csv",
    "round standings csv",
    "sheet json",
    "english standings",
    "cup",
    "cup player",
    "cup csv",
    "cup xlsx",
    "cup json",
]


@pytest.mark.parametrize("index", range(len(URL_NAMES)), ids=URL_NAMES)
def test_the_public_never_sees_a_private_players_last_name(client, world, index):
    url = [*public_urls(world)[0], *public_urls(world)[1]][index]
    text = every_text(client, [url])[url]
    assert "Huber" not in text and "Hofer" not in text, f"{url} should not show the last names"


@pytest.mark.parametrize("index", [0, 2, 3, 5, 9, 11, 13, 15, 16, 19], ids=lambda i: URL_NAMES[i])
def test_the_public_sees_the_public_name_with_the_number(client, world, index):
    url = [*public_urls(world)[0], *public_urls(world)[1]][index]
    text = every_text(client, [url])[url]
    assert f"Anna H. (Nr. {world['huber'].number})" in text, f"{url} should show the short name"


@pytest.mark.parametrize("index", [0, 2, 5, 7, 9, 11, 13], ids=lambda i: URL_NAMES[i])
def test_the_tournaments_director_sees_the_full_name(client, world, index):
    client.force_login(world["tournament"].owner)
    url = public_urls(world)[0][index]
    assert "Anna Huber" in every_text(client, [url])[url], f"{url} should name the player fully"


@pytest.mark.parametrize("index", range(5), ids=URL_NAMES[15:])
def test_the_cups_organiser_sees_the_full_name_on_the_cups_pages(client, world, index):
    client.force_login(world["cup"].owner)
    url = public_urls(world)[1][index]
    assert "Anna Huber" in every_text(client, [url])[url], f"{url} should name the player fully"


def test_the_cups_organiser_sees_the_full_name_in_the_tournaments_standings(client, world):
    client.force_login(world["cup"].owner)
    text = every_text(client, [reverse("standings", args=["open"])])
    assert "Anna Huber" in "".join(text.values()), "a cup's organiser keeps the full name"


def test_a_signed_in_user_without_rights_sees_the_public_name(client, world, django_user_model):
    client.force_login(django_user_model.objects.get(username="visitor"))
    text = every_text(client, [reverse("standings", args=["open"])])
    assert "Huber" not in "".join(text.values()), "a visitor signed in is the public too"


def test_the_projector_shows_public_names_even_to_a_director(client, world):
    client.force_login(world["tournament"].owner)
    text = every_text(client, [reverse("projector", args=["open"])])
    assert "Huber" not in "".join(text.values()), "the room sees the projector"


def test_an_imported_ranking_shows_a_private_player_by_the_short_name(client, world):
    tournament = imported(world["tournament"].owner, "paper", ["Anna Huber", "Bert"])
    world["cup"].entries.create(tournament=tournament, final=False)
    urls = [reverse("tournament", args=["paper"]), reverse("cup_ranking", args=["tirol", "paper"])]
    texts = every_text(client, urls)
    leaks = [url for url, text in texts.items() if "Huber" in text]
    assert leaks == [], "an imported ranking should name a private player short too"


def test_two_anna_h_stay_apart_by_their_numbers(world):
    shown = {shown_name(world[key], full=False) for key in ("huber", "hofer")}
    assert len(shown) == 2, "two private players of one short name should be told apart"


@pytest.mark.parametrize(
    ("name", "public"),
    [
        ("Anna Huber", "Anna H."),
        ("Anna Maria Huber", "Anna Maria H."),
        ("Huber", "Huber"),
        ("  Anna   Huber ", "Anna H."),
        ("Ünal Özdemir", "Ünal Ö."),
    ],
)
def test_the_public_name_keeps_the_given_names_and_the_last_names_initial(name, public):
    assert names.public_name(name) == public, f"{name!r} should be shown as {public!r}"


def test_a_player_who_is_not_private_is_shown_fully_to_everyone(world):
    bert = Player.objects.get(name="Bert")
    assert shown_name(bert, full=False) == "Bert", "privacy is only at the player's request"


def test_switching_privacy_shows_the_change_on_a_page_cached_before(client, world):
    url = reverse("standings", args=["open"])
    client.get(url)
    privacy.set_private(world["huber"], False, None)
    assert "Anna Huber" in text_of(client.get(url)), "the cached page should be made anew"


def test_switching_privacy_is_recorded_in_the_register(world):
    privacy.set_private(world["huber"], False, None)
    change = PlayerChange.objects.get(number=world["huber"].number, kind="private")
    assert (change.kind, change.after) == ("private", {"private": False}), "the log says so"


# --- forgetting --------------------------------------------------------------------------------


def ranks_and_scores(tournament):
    return [(row.rank, row.player.pk, row.total, row.rounds) for row in standings(tournament)]


def test_forgetting_keeps_every_rank_and_score(world):
    before = ranks_and_scores(world["tournament"])
    privacy.forget(world["huber"], None)
    assert ranks_and_scores(world["tournament"]) == before, "results should stay as they were"


def test_forgetting_removes_the_name_and_club_from_the_record(world):
    privacy.forget(world["huber"], None)
    huber = Player.objects.get(pk=world["huber"].pk)
    assert (huber.name, huber.club, huber.forgotten, huber.private) == (
        f"Nr. {huber.number}",
        "",
        True,
        True,
    ), "the record should keep only its number"


def test_a_forgotten_player_is_named_by_number_even_for_a_director(world):
    privacy.forget(world["huber"], None)
    huber = Player.objects.get(pk=world["huber"].pk)
    with translation.override("de"):
        shown = shown_name(huber, full=True)
    assert shown == f"Vergessene Person (Nr. {huber.number})", (
        "a forgotten name is gone for everyone"
    )


@pytest.mark.parametrize("actor", ["anonymous", "director", "organiser"])
def test_a_forgotten_name_is_on_no_page_or_export(client, world, actor):
    privacy.forget(world["huber"], None)
    if actor != "anonymous":
        client.force_login(world["tournament"].owner if actor == "director" else world["cup"].owner)
    tournament_urls, cup_urls = public_urls(world)
    texts = every_text(client, [*tournament_urls, *cup_urls])
    leaks = [url for url, text in texts.items() if "Huber" in text or "Zirl" in text]
    assert leaks == [], "the forgotten name or club should be on no page"


def test_forgetting_scrubs_the_tournament_history(world, django_user_model):
    huber, tournament = world["huber"], world["tournament"]
    registration = Registration.objects.get(tournament=tournament, player=huber)
    corrected = Player.objects.get(pk=huber.pk)
    corrected.name = "Anna Huberin"
    correct_player(registration, corrected, tournament.owner)
    privacy.forget(corrected, None)
    kept = json.dumps(list(Change.objects.values_list("before", "after")), ensure_ascii=False)
    assert "Huber" not in kept and "Zirl" not in kept, "no history should keep the name or club"


def test_forgetting_scrubs_the_registers_log_and_records_itself_without_the_name(world):
    huber = world["huber"]
    PlayerChange.objects.create(
        player=huber,
        number=huber.number,
        kind=PlayerChange.Kind.CORRECT,
        before={"name": "Anna Hubr", "club": "Zirl"},
        after={"name": "Anna Huber", "club": "Zirl"},
    )
    privacy.forget(huber, None)
    rows = list(PlayerChange.objects.values_list("kind", "before", "after", "moved"))
    kept = json.dumps(rows, ensure_ascii=False)
    assert ("Hub" not in kept and "Zirl" not in kept, rows[0][0]) == (True, "forget"), kept


def test_forgetting_leaves_a_namesakes_history_alone(world):
    namesake = Player.objects.create(name="Anna Huber", club="Wien")
    other = make_tournament(world["tournament"].owner, slug="other", players=0)
    registration = Registration.objects.create(tournament=other, player=namesake)
    namesake.club = "Graz"
    correct_player(registration, namesake, other.owner)
    privacy.forget(world["huber"], None)
    kept = json.dumps(
        list(Change.objects.filter(tournament=other).values_list("before", "after")),
        ensure_ascii=False,
    )
    assert "Anna Huber" in kept, "another person of the same name keeps their history"


def test_forgetting_twice_changes_nothing_more(world):
    privacy.forget(world["huber"], None)
    again = privacy.forget(Player.objects.get(pk=world["huber"].pk), None)
    assert (again, PlayerChange.objects.filter(kind="forget").count()) == (False, 1), (
        "a forgotten player is forgotten once"
    )


def test_forgetting_makes_cached_pages_anew(client, world):
    url = reverse("standings", args=["open"])
    client.get(url)
    version = Tournament.objects.get(pk=world["tournament"].pk).version
    privacy.forget(world["huber"], None)
    after = Tournament.objects.get(pk=world["tournament"].pk).version
    assert after > version, "the tournament's pages should be made anew"
