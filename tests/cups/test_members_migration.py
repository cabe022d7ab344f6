"""The migration to cup members keeps every organiser as an organiser, and going back keeps them
too: no one loses the rights they had (cups 0004)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("cups", "0003_refuse_control_characters")]
AFTER = [("cups", "0004_cup_members")]


def migrate(targets):
    """Migrate the test database to the targets; return the models as they are there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_cup(transactional_db):
    """A cup as it was before: its owner and another user in the plain organisers list."""
    apps = migrate(BEFORE)
    User = apps.get_model("auth", "User")
    owner = User.objects.create(username="besitzer")
    helper = User.objects.create(username="helfer")
    cup = apps.get_model("cups", "Cup").objects.create(
        name="Alt", slug="alt", points={"method": "table", "points": [3]}, owner=owner
    )
    cup.organisers.add(owner, helper)
    yield cup.pk
    # Leave the database as every other test expects it.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_each_organiser_becomes_an_organiser_member(old_cup):
    apps = migrate(AFTER)
    members = apps.get_model("cups", "CupMember").objects.filter(cup_id=old_cup)
    assert list(members.values_list("user__username", "role")) == [("helfer", "organiser")], (
        "the helper stays an organiser; the owner is one anyway and gets no second row"
    )


def test_going_back_keeps_the_organisers(old_cup):
    migrate(AFTER)
    apps = migrate(BEFORE)
    cup = apps.get_model("cups", "Cup").objects.get(pk=old_cup)
    assert list(cup.organisers.values_list("username", flat=True)) == ["helfer"], (
        "after going back the helper is an organiser again"
    )
