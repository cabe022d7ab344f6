"""Players stored before the register get a number and the home where they first played."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0015_code_attempts"), ("cups", "0003_refuse_control_characters")]
AFTER = [("tournaments", "0016_player_register")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_world(django_user_model):
    apps = migrate(BEFORE)
    user_model = apps.get_model("auth", "User")
    owner = user_model.objects.create(username="owner")
    organiser = user_model.objects.create(username="organiser")
    tournament = apps.get_model("tournaments", "Tournament")
    player = apps.get_model("tournaments", "Player")
    registration = apps.get_model("tournaments", "Registration")
    cup = apps.get_model("cups", "Cup").objects.create(
        name="Tirol", slug="tirol", points={"method": "rank"}, owner=organiser
    )
    early = tournament.objects.create(
        name="a", slug="a", date=datetime.date(2025, 1, 1), ruleset="tirol_cup", owner=owner
    )
    late = tournament.objects.create(
        name="b", slug="b", date=datetime.date(2025, 6, 1), ruleset="tirol_cup", owner=owner
    )
    apps.get_model("cups", "CupTournament").objects.create(cup=cup, tournament=late)
    people = {
        "stand-alone": player.objects.create(name="Anna"),
        "cup": player.objects.create(name="Berta"),
        "numbered": player.objects.create(name="Cilli", number=4711),
        "unused": player.objects.create(name="Dora"),
    }
    registration.objects.create(tournament=early, player=people["stand-alone"])
    registration.objects.create(tournament=late, player=people["stand-alone"])
    registration.objects.create(tournament=late, player=people["cup"])
    yield {name: p.pk for name, p in people.items()}, owner.pk, cup.pk
    # Back to every app's latest migration (cups' too), so later tests find today's tables.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_the_migration_numbers_every_player_and_keeps_given_numbers(old_world):
    people, _owner, _cup = old_world
    apps = migrate(AFTER)
    player = apps.get_model("tournaments", "Player")
    numbers = dict(player.objects.values_list("pk", "number"))
    assert numbers[people["numbered"]] == 4711, "a given number is kept"
    handed = sorted(n for pk, n in numbers.items() if pk != people["numbered"])
    assert handed == [100_001, 100_002, 100_003], "the others get numbers from 100001 on"


def test_the_migration_gives_each_player_the_home_where_they_first_played(old_world):
    people, owner, cup = old_world
    apps = migrate(AFTER)
    homes = {
        pk: (cup_id, organiser_id)
        for pk, cup_id, organiser_id in apps.get_model("tournaments", "Player").objects.values_list(
            "pk", "home_cup", "home_organiser"
        )
    }
    assert homes[people["stand-alone"]] == (None, owner), "first seen stand-alone: its owner"
    assert homes[people["cup"]] == (cup, None), "first seen in a cup's tournament: the cup"
    assert homes[people["unused"]] == (None, None), "never seen: no home yet"


def test_numbers_handed_out_after_the_migration_follow_on(old_world):
    migrate(AFTER)
    from tarock_cup.tournaments.models import Player

    assert Player.objects.create(name="Neu").number == 100_004, "the counter goes on after them"
