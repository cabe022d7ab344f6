"""The director's round page keeps each table's block and renders again only what changed
(issue 33, point 3): its queries do not grow with the tables, a kept block holds no form token
and nothing of the visitor, and one director's page is never another's."""

import re

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.live import SHARED_CACHE
from tarock_cup.tournaments.models import Player
from tarock_cup.tournaments.round_tables import local_blocks
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# What differs between two loads by one director: the form token, and the page's own validator
# (its ETag, which holds the login's cookies).
VARYING = re.compile(f'{TOKEN.pattern}|<meta name="live-etag" content="[^"]*">')


@pytest.fixture(autouse=True)
def no_blocks_kept():
    # Blocks are kept by what they show; each test starts with none, here and shared.
    local_blocks.clear()
    caches[SHARED_CACHE].clear()
    yield
    local_blocks.clear()


def drawn(director, players=8, slug="cup"):
    """Return round 1 of a new tournament, drawn."""
    tournament = make_tournament(director, players=players, slug=slug)
    rounds.draw_round(tournament, seed=1)
    return tournament.rounds.get()


def page(client, slug="cup", language=""):
    response = client.get(language + reverse("round", args=[slug, 1]))
    assert response.status_code == 200, (
        f"the round page should be shown, not {response.status_code}"
    )
    return response.content.decode()


def kept_blocks():
    return list(local_blocks.kept.values())


def test_a_kept_block_holds_no_form_token(director_client, director):
    drawn(director)
    page(director_client)
    body = page(director_client)
    token = TOKEN.search(body)
    assert token is not None, "the director's page holds a form token for its buttons"
    assert not any(token.group(1) in block for block in kept_blocks()), (
        "no kept table block holds the director's form token"
    )
    assert not any("csrfmiddlewaretoken" in block for block in kept_blocks()), (
        "no kept table block has a form token field at all"
    )


def test_a_kept_block_holds_nothing_of_the_visitor(director_client, director):
    drawn(director)
    page(director_client)
    assert kept_blocks(), "the page keeps its table blocks"
    assert not any(director.username in block for block in kept_blocks()), (
        "no kept table block names who asked for the page"
    )


def test_a_process_without_the_blocks_takes_them_from_the_shared_cache(director_client, director):
    drawn(director, players=32)
    shown = page(director_client)
    local_blocks.clear()
    with CaptureQueriesContext(connection) as taken:
        again = page(director_client)
    local_blocks.clear()
    caches[SHARED_CACHE].clear()
    with CaptureQueriesContext(connection) as alone:
        page(director_client)
    assert VARYING.sub("", again) == VARYING.sub("", shown), (
        "the blocks taken from the shared cache are the page as it was"
    )
    assert len(taken) < len(alone), (
        "a process without the blocks takes them in one read instead of rendering and sharing "
        "them again"
    )


def test_the_buttons_post_through_the_pages_form_with_its_token(director):
    round_ = drawn(director)
    table = round_.tables.get(number=1)
    sheets.save_hand(table, MANUAL)
    sheets.close_table(table, early=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    body = page(client)
    button = re.search(
        r'<button form="table-actions" formaction="([^"]+)" name="finished" '
        r'value="0"[^>]*id="reopen-1"',
        body,
    )
    assert button is not None, "the closed table's reopen button posts through the page's form"
    token = TOKEN.search(body)
    assert token is not None, "the page's form holds a form token"
    response = client.post(
        button.group(1),
        {"csrfmiddlewaretoken": token.group(1), "back": "round", "finished": "0"},
    )
    assert response.status_code == 200 and 'name="confirm"' in response.content.decode(), (
        "the button's post is taken with the page's form token: the question before reopening"
    )


def test_a_save_renders_only_its_tables_block_again(director_client, director):
    round_ = drawn(director, players=16)
    page(director_client)
    before = len(local_blocks.kept)
    sheets.save_hand(round_.tables.get(number=2), MANUAL)
    body = page(director_client)
    assert len(local_blocks.kept) == before + 1, "only the changed table's block is new"
    assert "1/16" in body, "the page shows the saved hand at its table"


def test_a_renamed_player_is_shown_at_once(director_client, director):
    drawn(director)
    page(director_client)
    # A correction in the register changes no tournament's version.
    Player.objects.filter(name="P3").update(name="Pauline Dritte")
    assert "Pauline Dritte" in page(director_client), "the page shows the player's new name"


def test_a_player_never_sees_the_directors_blocks(director_client, director, other_user):
    round_ = drawn(director)
    page(director_client)
    code = round_.tables.get(number=1).code
    player = Client()
    player.force_login(other_user)
    body = page(player)
    assert code[:3] not in body and "table-link-1" not in body, (
        "a player who is not a director sees no table's link or code"
    )


def test_a_visitor_never_sees_the_directors_blocks(director_client, director):
    round_ = drawn(director)
    page(director_client)
    token = round_.tables.get(number=1).token
    assert token not in page(Client()), "a visitor sees no table's link"


def test_another_directors_etag_is_not_this_directors_page(director_client, director, other_user):
    round_ = drawn(director)
    round_.tournament.directors.add(other_user)
    page(director_client)
    etag = director_client.get(reverse("round", args=["cup", 1]))["ETag"]
    colleague = Client()
    colleague.force_login(other_user)
    response = colleague.get(reverse("round", args=["cup", 1]), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "another director's copy is never this director's 304"


def test_each_language_has_its_own_blocks(director_client, director):
    drawn(director)
    assert "Tisch abschließen" in page(director_client), "the German page has German buttons"
    english = page(director_client, language="/en")
    assert "Close table" in english and "Tisch abschließen" not in english, (
        "the English page has English buttons, none kept from the German page"
    )


def queries(client, slug):
    with CaptureQueriesContext(connection) as captured:
        page(client, slug)
    return len(captured)


def counts(client, round_):
    """Return the page's queries: cold, in a process without its blocks, after one save."""
    slug = round_.tournament.slug
    local_blocks.clear()
    caches[SHARED_CACHE].clear()
    cache.clear()
    cold = queries(client, slug)
    local_blocks.clear()
    cache.clear()
    shared = queries(client, slug)
    sheets.save_hand(round_.tables.get(number=1), MANUAL)
    return cold, shared, queries(client, slug)


def test_the_queries_do_not_grow_with_the_tables(director_client, director):
    small = drawn(director, players=32, slug="small")
    large = drawn(director, players=260, slug="large")
    page(director_client, "small")  # the form token's cookie
    cold, shared, saved = counts(director_client, large)
    small_cold, small_shared, small_saved = counts(director_client, small)
    assert cold == small_cold, f"65 tables cold cost {cold} queries, 8 tables {small_cold}"
    assert shared == small_shared, f"65 tables shared cost {shared} queries, 8 {small_shared}"
    assert saved == small_saved, f"65 tables after a save cost {saved} queries, 8 {small_saved}"


def test_the_page_is_served_when_the_shared_cache_is_out_of_reach(
    director_client, director, settings
):
    drawn(director, players=32)
    settings.CACHES = settings.CACHES | {
        # Nothing listens on port 1: every read and write of the shared blocks fails.
        "pages": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    assert "table-link-8" in page(director_client), (
        "the blocks are rendered here when the shared cache cannot be reached"
    )
