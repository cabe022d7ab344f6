"""Hostile input: every form and upload refuses bad input with a clear message and no partial
write (issue 6).

Hypothesis posts thousands of random and malformed hand forms, settings, registrations, swaps,
deletions, restores and uploads (wrong types, huge numbers, negative seats, missing fields,
unknown contracts, other tournaments' ids, HTML and SQL in names) as a logged-in director.
After every request:

* the status is below 500 (the test client re-raises a view's exception, so a crash fails too);
* a refusal (4xx, a re-rendered form, or a redirect carrying an error message) left every row of
  every model as it was;
* after a save, every table's stored scores are the engine's fresh scoring of its hands and the
  hands are numbered 1..n without gaps;
* no page shows a player's name (or any posted text) unescaped.

The database is built once per test; each example runs in a savepoint that is rolled back, so
every example starts from the same state and a failure shrinks and replays exactly.

The number of requests sent is written to bench/out/fuzz_count.txt. The machinery (values,
world, checks, fuzzer, the requests each test draws) is in tests/hostile_input.py.
"""

import collections
import csv
import io
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tarock_cup.imports import players as player_import
from tarock_cup.tournaments.models import Hand, Player
from tests.factories import sheet_as_shown
from tests.hostile_input import (
    HAND_BASES,
    IMG,
    OUT,
    RAW,
    REQUESTS,
    SCRIPT,
    SEED_HANDS,
    Fuzzer,
    World,
    assert_consistent,
    delete_restore_requests,
    each_example,
    fuzz_settings,
    hand_requests,
    junk,
    mutate,
    pages,
    player_files,
    registration_posts,
    settings_posts,
    sheet_files,
    swap_posts,
    table_form_fields,
    table_url,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module", autouse=True)
def _write_count():
    yield
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(f"{REQUESTS['count']}\n")
    print(f"\nhostile input: {REQUESTS['count']} requests fuzzed")


@pytest.fixture
def world(director, other_user):
    return World(director, other_user)


def test_hand_forms_refuse_bad_input_without_writing(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    saved = []

    @fuzz_settings(300)
    @given(st.data())
    def run(data):
        url, post = data.draw(hand_requests(world))

        def body():
            response = fuzz.send("post", url, post)
            if response.status_code == 302:
                saved.append(url)

        each_example(body)

    run()
    # The mixture reaches the engine and past it, not only the form's validation.
    assert len(saved) >= 5, saved


def test_hand_entry_sequences_keep_the_sheet_whole(client, director, world):
    """Several saves, edits and deletions in a row (no rollback between them)."""
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    table = world.tables[0]
    fields = table_form_fields(table)

    got_through: collections.Counter[str] = collections.Counter()

    def send(kind: str, url: str, post: dict[str, Any]) -> None:
        if not fuzz.refused(fuzz.send("post", url, post)):
            got_through[kind] += 1

    @fuzz_settings(20)
    @given(st.data())
    def run(data):
        def body():
            for _ in range(data.draw(st.integers(1, 6))):
                n = table.hands.count()
                if data.draw(st.integers(0, 3)) == 0:
                    if n and data.draw(st.booleans()):
                        # a hand of the sheet (the last first: its deletion moves no other
                        # hand's dealer) with the version its page shows, so that it may go
                        # through
                        number = data.draw(st.sampled_from(range(n, 0, -1)))
                        post = sheet_as_shown(table, number)
                    else:
                        number = data.draw(st.integers(0, n + 1))
                        version = data.draw(st.one_of(st.just(""), st.integers(0, 3).map(str)))
                        post = {"version": version}
                    send("delete", table_url("hand_delete", table, number), post)
                    continue
                number = data.draw(st.one_of(st.none(), st.integers(1, max(n, 1))))
                post = mutate(data.draw, data.draw(st.sampled_from(HAND_BASES)), fields, 2)
                post["save"] = "1"
                if number is None or number <= n:
                    # the sheet as its page shows it (a missing one is refused before all else)
                    post.update(sheet_as_shown(table, number))
                if number is None:
                    send("new", table_url("table", table), post)
                else:
                    send("edit", table_url("hand_edit", table, number), post)

        each_example(body)

    run()
    # The sequences reach the engine and past it, so the sheet's checks after them have
    # something to check: hands are saved (new or corrected) and deleted.
    saves = got_through["new"] + got_through["edit"]
    assert (saves >= 5, got_through["delete"] >= 1) == (True, True), f"got through: {got_through}"


def test_delete_and_restore_refuse_bad_ids(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)

    @fuzz_settings(600)
    @given(st.data())
    def run(data):
        url, post = data.draw(delete_restore_requests(world))
        method = data.draw(st.sampled_from(["post"] * 9 + ["get"]))
        each_example(lambda: fuzz.send(method, url, post))

    run()


def test_registrations_settings_and_swaps_refuse_bad_input(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    registrations = reverse("registrations", args=["cup"])
    foreign_registrations = reverse("registrations", args=["foreign"])

    @fuzz_settings(400)
    @given(st.data())
    def run(data):
        kind = data.draw(st.sampled_from(["registration", "settings", "swap"]))
        if kind == "registration":
            url = data.draw(st.sampled_from([registrations] * 5 + [foreign_registrations]))
            post = data.draw(registration_posts(world))
        elif kind == "settings":
            url, post = data.draw(settings_posts(world))
        else:
            url, post = data.draw(swap_posts(world))
        each_example(lambda: fuzz.send("post", url, post))

    run()


def test_uploads_refuse_bad_files_without_writing(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    import_url = reverse("players_import", args=["cup"])
    confirm_url = reverse("players_import_confirm", args=["cup"])
    imported = []

    @fuzz_settings(600)
    @given(st.data())
    def run(data):
        kind = data.draw(st.sampled_from(["players", "players", "confirm", "sheet", "sheet"]))
        if kind == "players":
            url = data.draw(
                st.sampled_from([import_url] * 5 + [reverse("players_import", args=["foreign"])])
            )
            post: dict[str, Any] = {"file": data.draw(player_files())}
            if data.draw(st.integers(0, 9)) == 0:
                post = data.draw(st.sampled_from([{}, {"file": "not a file"}, {"file": ""}]))
        elif kind == "confirm":
            url = confirm_url
            post = {"token": data.draw(junk)} if data.draw(st.booleans()) else {}
        else:
            table = data.draw(st.sampled_from([*world.tables, world.foreign_table]))
            url = table_url("sheet_upload", table)
            post = {"file": data.draw(sheet_files(table))}
            if data.draw(st.booleans()):
                post["replace"] = data.draw(st.sampled_from(["on", "", "1", SCRIPT]))

        def body():
            response = fuzz.send("post", url, post)
            if response.status_code == 302:
                imported.append(url)

        each_example(body)

    run()
    assert imported, "no upload got through: the mixture is too hostile to test the saves"


def test_uploads_have_a_size_limit(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    table = world.tables[0]
    over = player_import.MAX_UPLOAD + 1
    good = json.dumps(
        {
            "ruleset": "tirol_cup",
            "players": [seat.player.name for seat in table.seats.all()],
            "hands": SEED_HANDS["tirol_cup"],
        }
    )
    for url, content, field in [
        (reverse("players_import", args=["cup"]), b"Name\n" + b"Anna\n" * (over // 5), "file"),
        (table_url("sheet_upload", table), good.encode() + b" " * over, "file"),
    ]:
        response = fuzz.send(
            "post", url, {field: SimpleUploadedFile("big.csv", content), "replace": "on"}
        )
        assert response.status_code == 400
        assert "größer als 2 MB" in response.content.decode()
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE without a file is refused before any view runs.
    response = fuzz.send(
        "post", reverse("registrations", args=["cup"]), {"new-name": "x" * 3_000_000, "add": "1"}
    )
    assert response.status_code == 400


def test_names_are_shown_escaped(client, director, world):
    client.force_login(director)
    fuzz = Fuzzer(client, world)
    cup = world.cup
    # Registered by the form and imported from a file, besides the players already seated.
    fuzz.send(
        "post",
        reverse("registrations", args=["cup"]),
        {"new-name": f"{IMG} neu", "new-club": SCRIPT, "add": "1"},
    )
    lines = io.StringIO()
    csv.writer(lines, delimiter=";").writerows(
        [["Name", "Verein"], [f"{SCRIPT} import", IMG], [f"{IMG} import", "Wien"]]
    )
    response = fuzz.send(
        "post",
        reverse("players_import", args=["cup"]),
        {"file": SimpleUploadedFile("list.csv", lines.getvalue().encode())},
    )
    assert response.status_code == 200
    assert "&lt;script&gt;" in response.content.decode()
    token = client.session[f"imports.players.{cup.pk}"]["token"]
    # A row alike to a player already there is asked about: each is a new player here.
    new = {f"choice-{row.line}": "new" for row, _selected in response.context["choose"]}
    response = fuzz.send(
        "post", reverse("players_import_confirm", args=["cup"]), {"token": token} | new
    )
    assert response.status_code == 302
    names = set(Player.objects.filter(tournaments=cup).values_list("name", flat=True))
    assert {SCRIPT, IMG, f"{IMG} neu", f"{SCRIPT} import", f"{IMG} import"} <= names
    player_ids = list(cup.registrations.values_list("player_id", flat=True))
    for url in pages(cup, player_ids):
        response = fuzz.send("get", url)
        assert response.status_code == 200, url
        content = response.content.decode()
        for raw in RAW:
            assert raw not in content, (url, raw)
    # Each name appears, escaped, where it is shown.
    for url in [
        reverse("standings", args=["cup"]),
        reverse("table", args=["cup", 1, 1]),
        reverse("round", args=["cup", 1]),
        reverse("registrations", args=["cup"]),
        reverse("player", args=["cup", Player.objects.get(name=SCRIPT).pk]),
    ]:
        content = client.get(url).content.decode()
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in content, url
    content = client.get(reverse("registrations", args=["cup"])).content.decode()
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in content
    # The manual hand's reason, entered as HTML, is shown as text on the sheet.
    hand = Hand.objects.get(table=world.tables[0], number=3)
    assert hand.data["manual"]["reason"] == SCRIPT


def test_the_world_is_consistent_to_begin_with(world):
    assert_consistent()
    assert Hand.objects.filter(table=world.tables[0]).count() == 3
