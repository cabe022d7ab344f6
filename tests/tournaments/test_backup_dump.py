"""Backup → restore gives back every row as it was: a full dump of everything a tournament's
backup holds, compared before and after, field by field (keys mapped to what they name)."""

import io

import pytest
from django.core.management import call_command

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Change, Player, Round, Table
from tests.tournaments.backup_helpers import dump, full_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(director, other_user):
    return full_tournament(director, other_user)


def test_the_fixture_has_every_kind_of_row(tournament):
    table = Table.objects.get(number=1)
    round_ = Round.objects.get()
    facts = {
        "signed": table.signed_at is not None,
        "closed": table.finished,
        "paper": Table.objects.get(number=2).paper is not None,
        "clock": round_.clock_left is not None and round_.clock_limit == 1800,
        "tariff moved": Change.objects.filter(kind="tariff").exists(),
        "edited": table.hands.filter(version=2).exists(),
        "deleted": Change.objects.filter(action="delete", after__isnull=True).exists(),
        "restored": Change.objects.filter(action="restore").exists(),
    }
    assert [name for name, there in facts.items() if not there] == [], "the fixture lacks these"


def test_backup_delete_everything_restore_gives_back_every_row(tournament, tmp_path):
    before = dump()
    path = tmp_path / "cup.json"
    call_command("backup_tournament", "cup", "-o", str(path), stderr=io.StringIO())
    tournament.delete()
    Player.objects.all().delete()
    Tariff.objects.filter(version=2).delete()
    Tariff.objects.all().delete()
    assert not any(model._default_manager.exists() for model in backup.MODELS), "all gone"
    call_command("restore_tournament", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    after = dump()
    differing = {
        model: [
            (was, now) for was, now in zip(before[model], after[model], strict=False) if was != now
        ][:2]
        or (len(before[model]), len(after[model]))
        for model in before
        if after[model] != before[model]
    }
    assert differing == {}, "these rows came back otherwise (before, after)"
