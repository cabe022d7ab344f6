"""backup_tournament and restore_tournament: a whole tournament round-trips exactly, and a bad
file changes nothing."""

import datetime
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError

from tarock_cup.tournaments import backup, rounds, sheets
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)
from tarock_cup.tournaments.standings import standings
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

STAMP = datetime.datetime(2026, 11, 21, 18, 30, 5, 123456, tzinfo=datetime.UTC)


def hand(n: int, seats: int) -> dict:
    """Return a Tirol Cup hand the engine accepts as hand `n` of a table (first dealer seat 0)."""
    vorhand, dealer = n % seats, (n - 1) % seats
    other = (vorhand + 1) % seats
    if seats == 5 and other == dealer:
        other = (other + 1) % seats
    if n % 3 == 0:
        return {"contract": "dreier", "declarer": other, "points": ["20", "50"][n % 2]}
    return {
        "contract": "rufer",
        "declarer": vorhand,
        "partner": other,
        "points": ["40", "35"][n % 2],
    }


def play(table: Table, count: int, users: list) -> None:
    seats = table.seats.count()
    for n in range(1, count + 1):
        sheets.save_hand(table, hand(n, seats), user=users[n % len(users)])


@pytest.fixture
def cup(director, other_user):
    """A tournament two rounds in: tables of four and five, edits, a deleted and a restored
    hand, a swap of seats, a withdrawn player, a co-director and a helper entering hands."""
    helper = get_user_model().objects.create_user("helfer", password="x-geheim-1")
    tournament = make_tournament(director, players=9)
    tournament.directors.add(other_user, helper)
    for number, player in enumerate(Player.objects.order_by("pk"), start=1):
        player.number = number
        player.save()
    late = Player.objects.create(name="Zenzi", club="Lienz", number=99)
    Registration.objects.create(tournament=tournament, player=late, withdrawn=True)
    rounds.draw_round(tournament, seed=1, user=director)
    users = [director, other_user, helper, None]
    for table in Table.objects.filter(round__number=1):
        play(table, 7, users)
    first, second = Table.objects.filter(round__number=1).order_by("number")[:2]
    edit = hand(2, first.seats.count()) | {"points": "55"}
    sheets.save_hand(first, edit, number=2, user=other_user)
    sheets.delete_hand(second, 7, user=helper)
    sheets.restore_deleted(second, Change.objects.get(action="delete"), user=director)
    sheets.delete_hand(second, 7, user=None)
    # Round 1's tables are still open: the draw of round 2 is confirmed.
    number = rounds.draw_round(tournament, seed=2, user=director, confirmed=2)
    round_two = tournament.rounds.get(number=number)
    a, b = Seat.objects.filter(round=round_two).order_by("table__number", "position")[::5][:2]
    rounds.swap_players(round_two, a.player_id, b.player_id, user=other_user)
    play(round_two.tables.order_by("number").first(), 5, users)
    # One timestamp with microseconds that cannot be a coincidence.
    Hand.objects.filter(pk=Hand.objects.order_by("pk").first().pk).update(entered_at=STAMP)
    return Tournament.objects.get(pk=tournament.pk)


def facts(tournament: Tournament) -> dict:
    """Everything the pages show of a tournament's results, by round, table and hand number."""
    hands = Hand.objects.filter(table__round__tournament=tournament)
    return {
        "hands": sorted(
            (
                h.table.round.number,
                h.table.number,
                h.number,
                h.data,
                h.scores,
                h.stake,
                h.lines,
                h.version,
                h.entered_by.username if h.entered_by else None,
                h.entered_at,
                h.updated_at,
            )
            for h in hands.select_related("table__round", "entered_by")
        ),
        "totals": sorted(
            (t.round.number, t.number, t.totals, t.hands_played)
            for t in Table.objects.filter(round__tournament=tournament).select_related("round")
        ),
        "standings": [
            (r.rank, r.player.pk, r.rounds, r.total, r.hands, r.decided_by, r.lot)
            for r in standings(tournament)
        ],
        "round_standings": [
            (r.rank, r.player.pk, r.total) for n in (1, 2) for r in standings(tournament, n)
        ],
        "history": sorted(
            [
                (c.kind, c.action, c.before, c.after, c.user.username if c.user else None, c.at)
                if c.kind == "hand" and "restored_as" not in (c.after or {})
                # Seats and registrations name rows by key; a copy's keys are new (see below).
                else (c.kind, c.action, c.user.username if c.user else None, c.at)
                for c in Change.objects.filter(tournament=tournament).select_related("user")
            ],
            key=repr,
        ),
        "directors": sorted(tournament.directors.values_list("username", flat=True)),
    }


def back_up(tmp_path, name="cup.json", slug="cup") -> bytes:
    path = tmp_path / name
    call_command("backup_tournament", slug, "-o", str(path), stderr=io.StringIO())
    return path.read_bytes()


def restore(path, *args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("restore_tournament", str(path), *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def everything() -> dict:
    models = (Tournament, Player, Registration, Round, Table, Seat, Hand, Change)
    return {model.__name__: sorted(map(str, model.objects.values_list())) for model in models} | {
        "users": sorted(get_user_model().objects.values_list("username", "password"))
    }


def test_backup_delete_restore_backup_gives_the_same_file_and_the_same_results(cup, tmp_path):
    before = facts(cup)
    first = back_up(tmp_path)
    cup.delete()
    assert not Hand.objects.exists()
    restore(tmp_path / "cup.json")
    restored = Tournament.objects.get(slug="cup")
    assert back_up(tmp_path, "again.json") == first
    assert facts(restored) == before
    assert Hand.objects.filter(entered_at=STAMP).count() == 1


def test_the_file_holds_everything_but_no_password(cup, tmp_path):
    document = json.loads(back_up(tmp_path))
    models = {o["model"] for o in document["objects"]}
    assert (document["format"], document["version"], document["tournament"]) == (
        backup.FORMAT,
        1,
        "cup",
    )
    assert document["users"] == ["direktor", "fremd", "helfer"]
    # this tournament plays no tariff (tests/tariffs has one that does) and has no settlement
    # (tests/tournaments/test_backup_outside.py has one)
    assert models == {m._meta.label_lower for m in backup.MODELS} - {
        "tariffs.tariff",
        "tournaments.settlement",
    }
    assert "password" not in json.dumps(document) and "md5$" not in json.dumps(document)
    hands = [o["fields"] for o in document["objects"] if o["model"] == "tournaments.hand"]
    edited = next(fields for fields in hands if fields["version"] == 2)
    assert edited["entered_at"] != edited["updated_at"]
    assert first(document, "tournament")["fields"]["directors"] == [["fremd"], ["helfer"]]


def test_backup_to_standard_output_is_the_same_file(cup, tmp_path):
    out = io.StringIO()
    call_command("backup_tournament", "cup", "-o", "-", stdout=out)
    assert out.getvalue().encode() == back_up(tmp_path)


def test_restore_into_a_tournament_free_database(cup, tmp_path):
    before = facts(cup)
    first = back_up(tmp_path)
    cup.delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()
    _, err = restore(tmp_path / "cup.json", "--create-users")
    created = [line for line in err.splitlines() if line.startswith("Created user")]
    assert sorted(line.split("'")[1] for line in created) == [
        "direktor",
        "fremd",
        "helfer",
    ]
    assert not any(user.has_usable_password() for user in get_user_model().objects.all())
    assert back_up(tmp_path, "again.json") == first
    assert facts(Tournament.objects.get(slug="cup")) == before


def without_versions(data: bytes) -> dict:
    document = json.loads(data)
    for record in document["objects"]:
        if record["model"] == "tournaments.tournament":
            del record["fields"]["version"], record["fields"]["links_version"]
    return document


def test_replace_puts_the_tournament_back_as_it_was(cup, tmp_path):
    first = back_up(tmp_path)
    table = Table.objects.filter(round__number=1).first()
    sheets.delete_hand(table, table.hands.count())
    cup.directors.clear()
    replaced = Tournament.objects.get(slug="cup")
    restore(tmp_path / "cup.json", "--replace")
    again = back_up(tmp_path, "again.json")
    assert without_versions(again) == without_versions(first), "all but its versions as it was"
    restored = Tournament.objects.get(slug="cup")
    assert restored.version > replaced.version, "its version is past the replaced one's"
    assert restored.links_version > replaced.links_version, "so is its table links' version"


def test_an_existing_slug_is_refused_without_replace(cup, tmp_path):
    back_up(tmp_path)
    table = Table.objects.filter(round__number=1).first()
    sheets.delete_hand(table, table.hands.count())
    state = everything()
    with pytest.raises(CommandError, match="'cup' exists; .* --replace"):
        restore(tmp_path / "cup.json")
    assert everything() == state


def test_a_copy_beside_the_original_gets_new_keys_and_the_same_results(cup, tmp_path):
    document = json.loads(back_up(tmp_path))
    document["tournament"] = "cup-copy"
    first(document, "tournament")["fields"]["slug"] = "cup-copy"
    (tmp_path / "copy.json").write_text(json.dumps(document))
    restore(tmp_path / "copy.json")
    copy = Tournament.objects.get(slug="cup-copy")
    assert Player.objects.count() == 10
    original, copied = facts(cup), facts(copy)
    assert copied == original
    copied_keys = Hand.objects.filter(table__round__tournament=copy).values_list("pk", flat=True)
    original_keys = Hand.objects.filter(table__round__tournament=cup).values_list("pk", flat=True)
    assert not set(copied_keys) & set(original_keys)
    for restored_hand in Hand.objects.filter(table__round__tournament=copy):
        changes = sheets.hand_history(restored_hand.table, restored_hand)
        assert changes and all(c.tournament_id == copy.pk for c in changes)
    seat_changes = Change.objects.filter(tournament=copy, kind="seat", action="create")
    tables = set(Table.objects.filter(round__tournament=copy).values_list("pk", flat=True))
    assert {c.after["table"] for c in seat_changes} <= tables


def corrupt(tmp_path, cup, change) -> str:
    document = json.loads(back_up(tmp_path))
    change(document)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    return str(path)


def first(document, model):
    return next(o for o in document["objects"] if o["model"] == f"tournaments.{model}")


def break_version(document):
    document["version"] = 2


def lose_a_table(document):
    first(document, "hand")["fields"]["table"] = 987654


def add_a_bad_timestamp(document):
    # Found only while restoring: the old tournament is already deleted by then.
    document["objects"][-1]["fields"]["at"] = "not a time"


def break_a_constraint(document):
    first(document, "hand")["fields"]["stake"] = 3


def edit_a_score(document):
    scores = first(document, "hand")["fields"]["scores"]
    scores[0], scores[1] = scores[0] + 5000, scores[1] - 5000


def edit_the_totals(document):
    first(document, "table")["fields"]["totals"][0] = 5000


def play_nonsense(document):
    first(document, "hand")["fields"]["data"]["contract"] = "nonsense"


def leave_a_gap_in_the_hands(document):
    first(document, "hand")["fields"]["number"] = 99


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (break_version, "backup format version 2 is not supported"),
        (
            edit_a_score,
            r"round 1 table \d+, hand 1: scores \[-?\d+, -?\d+, -?\d+, -?\d+(, -?\d+)?\] in "
            r"the file, \[.*\] by the engine",
        ),
        (edit_the_totals, r"round 1 table \d+: totals \[5000, .*\] in the file, \[.*\] by"),
        (
            play_nonsense,
            r"round 1 table \d+, hand 1: contract: 'nonsense' is not a contract in Tirol",
        ),
        (leave_a_gap_in_the_hands, r"round 1 table \d+: the hands are not numbered 1 to \d+"),
        (
            lose_a_table,
            r"damaged backup: hand \d+ refers to table 987654, which is not in the file",
        ),
        (add_a_bad_timestamp, "damaged backup: .*not a time"),
        (break_a_constraint, "damaged backup: .*"),
    ],
)
def test_a_damaged_file_changes_nothing_and_says_why(cup, tmp_path, change, message):
    path = corrupt(tmp_path, cup, change)
    state = everything()
    with pytest.raises(CommandError, match=f"^Nothing restored: {message}") as error:
        restore(path, "--replace")
    assert "\n" not in str(error.value)
    assert everything() == state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b'{"format": "tarock_cup.tournament", "version": 1,', "not valid JSON: .* line 1"),
        (b"\xff\xfe", "not UTF-8"),
        (b'[{"model": "tournaments.player", "pk": 1, "fields": {}}]', "not a tarock_cup"),
        (b'{"ruleset": "tirol_cup", "hands": []}', "not a tarock_cup tournament backup"),
    ],
)
def test_a_file_that_is_no_backup_changes_nothing(cup, tmp_path, text, message):
    path = tmp_path / "foreign.json"
    path.write_bytes(text)
    state = everything()
    with pytest.raises(CommandError, match=message):
        restore(path, "--replace")
    assert everything() == state


def test_the_command_line_exits_non_zero_with_one_line(cup, tmp_path, capsys, monkeypatch):
    # The command line closes the connections at its end, and the test's transaction with them.
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "bad.json"
    path.write_text("{oops")
    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "restore_tournament", str(path)]).execute()
    assert exit_.value.code != 0
    assert capsys.readouterr().err.strip().splitlines() == [
        "CommandError: Nothing restored: not a backup file: not valid JSON: Expecting property "
        "name enclosed in double quotes: line 1 column 2 (char 1)."
    ]
    assert Tournament.objects.filter(slug="cup").exists()


def test_a_missing_tournament_or_file_is_reported(tmp_path):
    with pytest.raises(CommandError, match="No tournament 'nope'"):
        call_command("backup_tournament", "nope", "-o", str(tmp_path / "x.json"))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("restore_tournament", str(tmp_path / "missing.json"))


def test_new_rows_after_a_restore_get_keys_past_the_restored_ones(cup, tmp_path):
    # Hands with high keys (only the history refers to them): PostgreSQL's sequence must be
    # moved past them, or the next hand entered would be refused or take a key of the history.
    document = json.loads(back_up(tmp_path))
    for record in document["objects"]:
        if record["model"] == "tournaments.hand":
            record["pk"] += 5000
        elif record["model"] == "tournaments.change" and record["fields"]["kind"] == "hand":
            record["fields"]["object_id"] += 5000
            if (record["fields"]["after"] or {}).get("restored_as"):
                record["fields"]["after"]["restored_as"] += 5000
    (tmp_path / "high.json").write_text(json.dumps(document))
    restore(tmp_path / "high.json", "--replace")
    table = Table.objects.get(round__number=2, number=2)
    new = sheets.save_hand(table, hand(1, table.seats.count()))
    assert new.pk > 5000 and new.pk > max(
        Hand.objects.exclude(pk=new.pk).values_list("pk", flat=True)
    )


def with_a_change_of_kind(document, kind):
    change = dict(first(document, "change"))
    change["pk"] = max(o["pk"] for o in document["objects"] if o["model"] == change["model"]) + 1
    change["fields"] = change["fields"] | {"kind": kind, "object_id": 424242}
    document["objects"].append(change)


@pytest.mark.parametrize("kind", Change.Kind.values)
def test_a_change_of_every_kind_there_is_is_restored(cup, tmp_path, kind):
    path = corrupt(tmp_path, cup, lambda document: with_a_change_of_kind(document, kind))
    restore(path, "--replace")
    assert Change.objects.filter(kind=kind, object_id=424242).exists()


@pytest.fixture
def paper(director):
    from tarock_cup.cups.models import ImportedPlace
    from tests.cups.helpers import imported, make_cup

    tournament = imported(director, "papier", ["Anna", "Bert", "Carl"])
    make_cup(director, [], final=tournament)
    return ImportedPlace.objects.filter(ranking__tournament=tournament)


def test_an_imported_ranking_has_no_backup_and_the_command_says_where_it_lives(paper, tmp_path):
    with pytest.raises(CommandError, match=r"imported into a cup \(Tiroler Cup\).*again in"):
        call_command("backup_tournament", "papier", "-o", str(tmp_path / "x.json"))
    assert not (tmp_path / "x.json").exists()


def test_a_restore_does_not_replace_an_imported_ranking(cup, paper, tmp_path):
    document = json.loads(back_up(tmp_path))
    document["tournament"] = first(document, "tournament")["fields"]["slug"] = "papier"
    (tmp_path / "over.json").write_text(json.dumps(document))
    places = list(paper.values_list("rank", "player__name"))
    with pytest.raises(CommandError, match="imported into a cup .* is not replaced"):
        restore(tmp_path / "over.json", "--replace")
    assert list(paper.values_list("rank", "player__name")) == places


def test_a_backup_names_the_sign_ons_it_leaves_behind(cup, tmp_path):
    cup.sign_ons.create(name="Zenzi Pending")
    cup.sign_ons.create(name="Withdrawn Wastl", withdrawn=True)
    err = io.StringIO()
    call_command("backup_tournament", "cup", "-o", str(tmp_path / "cup.json"), stderr=err)
    said = err.getvalue()
    assert "1 sign-on(s) not yet matched" in said, (
        "the backup says how many pending sign-ons stay behind"
    )
    assert "Zenzi Pending" in said, "the backup names the pending sign-on"
    assert "Withdrawn Wastl" not in said, "a withdrawn sign-on is not one to take along"


def test_a_backup_with_every_sign_on_matched_warns_of_nothing(cup, tmp_path):
    err = io.StringIO()
    call_command("backup_tournament", "cup", "-o", str(tmp_path / "cup.json"), stderr=err)
    assert "sign-on" not in err.getvalue(), "no pending sign-on, no warning"
