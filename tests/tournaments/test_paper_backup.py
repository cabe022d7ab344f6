"""Backup and restore carry a paper table's record, and refuse one that is no possible round."""

import json

import pytest

from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Change, Table, Tournament
from tarock_cup.tournaments.standings import standings
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

PAPER = {"totals": [120, -40, -40, -40], "hands": 16, "note": "Block"}


@pytest.fixture
def document(director):
    tournament = make_tournament(director)
    table = make_table(tournament)
    sheets.record_paper(table, PAPER, user=director)
    return json.loads(backup.dumps(backup.backup(tournament)))


def restored(document):
    return backup.restore(backup.loads(json.dumps(document)), replace=True)


def table_record(document):
    return next(o for o in document["objects"] if o["model"] == "tournaments.table")["fields"]


def test_the_backup_holds_the_paper_record(document):
    assert table_record(document)["paper"] == PAPER, "the file should carry the paper block"


def test_a_restored_paper_table_keeps_its_record(document):
    tournament = restored(document)
    assert Table.objects.get(round__tournament=tournament).paper == PAPER, "record restored"


def test_a_restored_paper_table_counts_in_the_standings(document):
    tournament = restored(document)
    assert standings(tournament)[0].total == 120, "Anna's paper total should count after restore"


def test_the_paper_blocks_history_is_restored(document):
    tournament = restored(document)
    assert Change.objects.filter(tournament=tournament, kind="paper").count() == 1, (
        "the record's history should come back with it"
    )


def not_adding_up(fields):
    fields["paper"]["totals"] = [120, -40, -40, -30]
    fields["totals"] = [120, -40, -40, -30]


def beyond_the_bound(fields):
    fields["paper"] = {"totals": [100_001, -100_001, 0, 0], "hands": 1, "note": ""}
    fields["totals"] = [100_001, -100_001, 0, 0]


def more_hands_than_the_round(fields):
    fields["paper"]["hands"] = 17


def totals_not_the_papers(fields):
    fields["totals"] = [100, -20, -40, -40]


def hands_played_not_the_papers(fields):
    fields["hands_played"] = [15, 16, 16, 16]


def an_unknown_field(fields):
    fields["paper"]["winner"] = "Anna"


DAMAGE = [
    (not_adding_up, "round 1 table 1, paper.totals: the totals add up to 10, not 0"),
    (beyond_the_bound, r"paper.totals\[0\]: 100001 is more than 1 hands can score"),
    (more_hands_than_the_round, "paper.hands: 17 hands: this round plays 16"),
    (totals_not_the_papers, r"totals \[100, -20, -40, -40\] in the file, .* by its paper block"),
    (hands_played_not_the_papers, r"hands played \[15, 16, 16, 16\] in the file"),
    (an_unknown_field, "paper.winner: is not a field"),
]


@pytest.mark.parametrize(("damage", "message"), DAMAGE, ids=[d[0].__name__ for d in DAMAGE])
def test_a_restore_refuses_a_paper_record_that_is_no_possible_round(document, damage, message):
    damage(table_record(document))
    with pytest.raises(backup.BackupError, match=message):
        restored(document)


@pytest.mark.parametrize(("damage", "message"), DAMAGE, ids=[d[0].__name__ for d in DAMAGE])
def test_a_refused_restore_leaves_the_tournament_as_it_was(document, damage, message):
    damage(table_record(document))
    with pytest.raises(backup.BackupError):
        restored(document)
    assert Table.objects.get(round__tournament__slug="cup").paper == PAPER, (
        "the tournament in the database should be untouched"
    )


def test_the_tournament_is_still_one_after_a_refused_restore(document):
    not_adding_up(table_record(document))
    with pytest.raises(backup.BackupError):
        restored(document)
    assert Tournament.objects.count() == 1, "nothing should be deleted or added"
