"""A restore re-derives what it can and refuses a file whose content does not match it, changing
nothing; what it cannot verify it says."""

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Hand, Player, Table, Tournament
from tests.tournaments.backup_helpers import dump, full_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(director, other_user) -> dict[str, Any]:
    tournament = full_tournament(director, other_user)
    return json.loads(backup.dumps(backup.backup(tournament)))


def records(document: dict[str, Any], model: str, **fields: Any) -> list[dict[str, Any]]:
    """Return the file's records of a model whose fields have these values."""
    return [
        o
        for o in document["objects"]
        if o["model"] == model and all(o["fields"].get(k) == v for k, v in fields.items())
    ]


def hand_record(table_number: int, number: int) -> tuple[int, int]:
    hand = Hand.objects.get(table__number=table_number, number=number)
    return hand.pk, hand.version


def hand_changes(document: dict[str, Any], pk: int) -> list[dict[str, Any]]:
    return records(document, "tournaments.change", kind="hand", object_id=pk)


# --- the kinds of tampering ---------------------------------------------------------------------


def paper_totals_edited_with_the_table_to_match(document):
    paper = Table.objects.get(paper__isnull=False)
    (record,) = [o for o in records(document, "tournaments.table") if o["pk"] == paper.pk]
    record["fields"]["paper"]["totals"] = [20, 0, -10, -10]
    record["fields"]["totals"] = [20, 0, -10, -10]


def tariff_numbers_of_a_contract_no_hand_played(document):
    (second,) = records(document, "tariffs.tariff", version=2)
    second["fields"]["numbers"]["kontra_max"] = 4


def history_user_rewritten(document):
    pk, _version = hand_record(1, 1)
    entry = hand_changes(document, pk)[0]
    entry["fields"]["user"] = ["fremd"] if entry["fields"]["user"] != ["fremd"] else ["direktor"]


def edit_removed_from_the_history(document):
    pk, version = hand_record(1, 2)
    assert version == 2, "hand 2 of table 1 was edited once"
    (edit,) = [c for c in hand_changes(document, pk) if c["fields"]["action"] == "update"]
    document["objects"].remove(edit)


def hand_history_removed(document):
    pk, _version = hand_record(1, 1)
    for change in hand_changes(document, pk):
        document["objects"].remove(change)


def last_history_state_edited(document):
    pk, _version = hand_record(1, 3)
    last = hand_changes(document, pk)[-1]
    last["fields"]["after"]["data"]["points"] = "30"


def paper_history_removed(document):
    for change in records(document, "tournaments.change", kind="paper"):
        document["objects"].remove(change)


def sign_off_without_its_record(document):
    plain = Table.objects.get(number=3)
    (record,) = [o for o in records(document, "tournaments.table") if o["pk"] == plain.pk]
    record["fields"]["signed_at"] = "2026-11-21T18:00:00+00:00"


def a_new_director(document):
    document["users"].append("neu")
    records(document, "tournaments.tournament")[0]["fields"]["directors"].append(["neu"])


TAMPERING: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (
        paper_totals_edited_with_the_table_to_match,
        r'round 1 table 2: paper block \{"hands": 3, "note": "Block", '
        r'"totals": \[20, 0, -10, -10\]\} in the file, '
        r'\{"hands": 3, "note": "Block", "totals": \[30, -10, -10, -10\]\} by its history',
    ),
    (
        tariff_numbers_of_a_contract_no_hand_played,
        r"tariff 'Tirol 2012' version 2: the file's numbers are not those of this version here "
        r"\(kontra_max differ\)",
    ),
    (
        history_user_rewritten,
        r"round 1 table 1, hand 1: entered by 'direktor' in the file, by 'fremd' in its history",
    ),
    (
        edit_removed_from_the_history,
        r"round 1 table 1, hand 2: version 2 in the file, its history holds versions 1$",
    ),
    (hand_history_removed, r"round 1 table 1, hand 1 has no history in the file"),
    (
        last_history_state_edited,
        r"round 1 table 1, hand 3: the hand in the file is not the last state of its history",
    ),
    (
        paper_history_removed,
        r"round 1 table 2: paper block \{.*\} in the file, null by its history",
    ),
    (
        sign_off_without_its_record,
        r"round 1 table 3: signed by its players in the file, not in its history",
    ),
    (a_new_director, r"the file names users who have no account here \('neu'\); .*create"),
]
IDS = [tamper.__name__ for tamper, _message in TAMPERING]


@pytest.mark.parametrize(("tamper", "message"), TAMPERING, ids=IDS)
def test_a_tampered_file_is_refused_naming_what_does_not_match(document, tamper, message):
    tamper(document)
    with pytest.raises(backup.BackupError, match=message):
        backup.restore(backup.loads(json.dumps(document)), replace=True)


@pytest.mark.parametrize(("tamper", "message"), TAMPERING, ids=IDS)
def test_a_refused_file_changes_nothing(document, tamper, message):
    tamper(document)
    before = dump()
    with pytest.raises(backup.BackupError):
        backup.restore(backup.loads(json.dumps(document)), replace=True)
    assert dump() == before, "a refused restore should leave every row as it was"


def test_the_untampered_file_is_restored(document):
    restored = backup.restore(backup.loads(json.dumps(document)), replace=True)
    assert restored.slug == "cup", "the file as written should be restored"


def restore_saying(document: dict[str, Any], **options: Any) -> list[str]:
    said: list[str] = []
    backup.restore(backup.loads(json.dumps(document)), warn=said.append, **options)
    return said


def test_a_restore_says_what_it_cannot_verify(document):
    said = restore_saying(document, replace=True)
    assert said == [
        "Not verifiable from the file, so taken as it is: the owner ('direktor') and the "
        "directors ('fremd'), who made each later change in the history, the history of seats, "
        "registrations, tables, rounds and tariff moves, and the notes of paper blocks."
    ]


def test_a_director_added_in_the_file_is_named(document):
    get_user_model().objects.create_user("neu")
    records(document, "tournaments.tournament")[0]["fields"]["directors"].append(["neu"])
    document["users"].append("neu")
    said = restore_saying(document, replace=True)
    assert "The file makes 'neu' directors of 'cup', who did not direct it here." in said


def test_a_tariff_new_here_is_restored_and_said_to_be_unverified(document):
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    said = restore_saying(document)
    assert [line for line in said if line.startswith("Tariff")] == [
        f"Tariff 'Tirol 2012' version {version} is not on this server: its numbers come from "
        "the file; only those of the contracts and bonuses the hands play are verified."
        for version in (1, 2)
    ]


def test_users_are_created_only_when_the_operator_asks(document):
    Tournament.objects.all().delete()
    get_user_model().objects.filter(username="fremd").delete()
    said = restore_saying(document, create_users=True)
    assert "Created user 'fremd' without a usable password" in said[0], "said, and created"


def test_a_refused_restore_says_nothing_but_why(document):
    hand_history_removed(document)
    Tournament.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    said: list[str] = []
    with pytest.raises(backup.BackupError, match="has no history"):
        backup.restore(backup.loads(json.dumps(document)), warn=said.append)
    assert said == [], "nothing was restored, so no tariff or user is said to be"
