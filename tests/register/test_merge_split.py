"""Merging two records of one person moves everything and is recorded; undoing it brings back
exactly what was there; every refusal changes nothing."""

import pytest

from tarock_cup.cups.models import ImportedPlace
from tarock_cup.register.models import PlayerChange
from tarock_cup.register.proposals import request_merge
from tarock_cup.register.records import RecordRefused, merge_records, split_merge
from tarock_cup.tournaments.models import Change, Player, Registration, Round, Seat, Table
from tests.cups.helpers import played
from tests.register.helpers import annas, annas_cup, dump, fingerprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director):
    return annas_cup(director)


def test_a_merge_moves_registrations_seats_and_places(director, cup):
    keep, drop = annas()
    merge_records(keep, drop, director)
    moved = (
        Registration.objects.filter(player=keep).count(),
        Seat.objects.filter(player=keep).count(),
        ImportedPlace.objects.filter(player=keep).count(),
    )
    assert moved == (2, 2, 1), "both registrations and seats and the place are Anna Huber's"


def test_a_merge_removes_the_dropped_record(director, cup):
    keep, drop = annas()
    merge_records(keep, drop, director)
    assert not Player.objects.filter(name="Huber Anna").exists(), "the dropped record is gone"


def test_a_merge_is_recorded_with_the_dropped_record(director, cup):
    keep, drop = annas()
    expected = {"pk": drop.pk, "number": drop.number, "name": "Huber Anna", "club": drop.club}
    change = merge_records(keep, drop, director)
    kept = {field: change.before[field] for field in expected}
    assert kept == expected, "the register's entry keeps the dropped record's fields"


def test_a_merge_records_every_row_it_moved(director, cup):
    keep, drop = annas()
    expected = {
        "registrations": sorted(
            Registration.objects.filter(player=drop).values_list("pk", flat=True)
        ),
        "seats": sorted(Seat.objects.filter(player=drop).values_list("pk", flat=True)),
        "places": sorted(ImportedPlace.objects.filter(player=drop).values_list("pk", flat=True)),
    }
    change = merge_records(keep, drop, director)
    assert {kind: change.moved[kind] for kind in expected} == expected, "the exact ids moved"


def test_a_merge_writes_the_tournaments_history_and_records_it(director, cup):
    keep, drop = annas()
    change = merge_records(keep, drop, director)
    written = sorted(
        Change.objects.filter(kind__in=["registration", "place"]).values_list("pk", flat=True)
    )
    assert sorted(change.moved["history"]) == written, "the history rows it wrote are named"


def test_the_history_keeps_whose_registration_it_was(director, cup):
    keep, drop = annas()
    dropped = drop.pk
    merge_records(keep, drop, director)
    change = Change.objects.get(kind=Change.Kind.REGISTRATION, tournament__slug="b")
    assert (change.before["player"], change.after["player"]) == (dropped, keep.pk), (
        "the history keeps who the registration belonged to before"
    )


def test_a_merge_is_logged_in_the_kept_records_cup(director, cup):
    keep, drop = annas()
    change = merge_records(keep, drop, director)
    assert (change.kind, change.cup, change.player) == ("merge", cup, keep), "in the cup's log"


def test_undoing_a_merge_restores_every_row_exactly(director, cup):
    before = dump()
    keep, drop = annas()
    merge_records(keep, drop, director)
    split_merge(PlayerChange.objects.get(kind="merge"), director)
    assert dump() == before, "players, registrations, seats and places are as before the merge"


def test_undoing_a_merge_is_recorded_and_marks_the_merge(director, cup):
    keep, drop = annas()
    merge = merge_records(keep, drop, director)
    split = split_merge(merge, director)
    merge.refresh_from_db()
    assert (split.kind, merge.undone_by) == ("split", split), "the split points back"


def test_undoing_a_merge_brings_back_the_dropped_records_log(director, cup):
    keep, drop = annas()
    dropped = drop.pk
    home_entries = set(PlayerChange.objects.filter(player=drop).values_list("pk", flat=True))
    split_merge(merge_records(keep, drop, director), director)
    back = set(PlayerChange.objects.filter(player=dropped).values_list("pk", flat=True))
    assert home_entries and home_entries <= back, "its earlier entries are its own again"


def test_a_merge_is_undone_only_once(director, cup):
    keep, drop = annas()
    merge = merge_records(keep, drop, director)
    split_merge(merge, director)
    before = fingerprint()
    with pytest.raises(RecordRefused):
        split_merge(merge, director)
    assert fingerprint() == before, "a second undo changes nothing"


def test_an_undo_is_refused_when_the_kept_player_was_seated_again(director, cup):
    keep, drop = annas()
    merge = merge_records(keep, drop, director)
    # After the merge Anna plays round 2 of tournament b, which came from the dropped record.
    round_2 = Round.objects.create(
        tournament=Registration.objects.get(tournament__slug="b", player=keep).tournament, number=2
    )
    table = Table.objects.create(round=round_2, number=1, totals=[0], hands_played=[0])
    Seat.objects.create(round=round_2, table=table, position=0, player=keep)
    before = fingerprint()
    with pytest.raises(RecordRefused, match="seated again"):
        split_merge(merge, director)
    assert fingerprint() == before, "the refused undo changes nothing"


def test_an_undo_is_refused_when_a_moved_row_went(director, cup):
    keep, drop = annas()
    merge = merge_records(keep, drop, director)
    ImportedPlace.objects.filter(pk__in=merge.moved["places"]).delete()
    before = fingerprint()
    with pytest.raises(RecordRefused, match="changed or removed"):
        split_merge(merge, director)
    assert fingerprint() == before, "the refused undo changes nothing"


def test_an_undo_is_refused_to_someone_who_does_not_keep_the_record(director, other_user, cup):
    keep, drop = annas()
    merge = merge_records(keep, drop, director)
    before = fingerprint()
    with pytest.raises(RecordRefused):
        split_merge(merge, other_user)
    assert fingerprint() == before, "a stranger's undo changes nothing"


def test_a_merge_of_two_players_of_one_tournament_is_refused(director, cup):
    anna, bert = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Bert")
    before = fingerprint()
    with pytest.raises(RecordRefused, match="both play in"):
        request_merge(anna, bert, director)
    assert fingerprint() == before, "the refused merge changes nothing"


def test_a_merge_of_two_places_of_one_imported_ranking_is_refused(director):
    from tests.cups.helpers import imported, make_cup

    make_cup(director, [imported(director, "papier", ["Cilli", "Dora"])])
    cilli, dora = Player.objects.get(name="Cilli"), Player.objects.get(name="Dora")
    before = fingerprint()
    with pytest.raises(RecordRefused, match="both play in"):
        request_merge(cilli, dora, director)
    assert fingerprint() == before, "the refused merge changes nothing"


def test_a_record_is_not_merged_with_itself(director, cup):
    keep, _drop = annas()
    before = fingerprint()
    with pytest.raises(RecordRefused):
        request_merge(keep, keep, director)
    assert fingerprint() == before, "nothing changes"


def test_a_merge_by_someone_keeping_only_one_record_is_refused(director, other_user, cup):
    played(other_user, "fremd", {"Anna Hubert": 10}, day=9)
    keep, stranger = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Anna Hubert")
    before = fingerprint()
    with pytest.raises(RecordRefused, match="kept by someone else"):
        request_merge(keep, stranger, director)
    assert fingerprint() == before, "the refused merge changes nothing"


def test_a_stranger_cannot_merge_the_cups_records(other_user, cup):
    keep, drop = annas()
    before = fingerprint()
    with pytest.raises(RecordRefused):
        request_merge(keep, drop, other_user)
    assert fingerprint() == before, "the stranger's merge changes nothing"
