"""Copying a cup to its next season: same settings and people, no tournaments; the players it
keeps move home to the new cup, each move in the register's log; all or nothing."""

import pytest
from django.db import IntegrityError
from django.urls import reverse

from tarock_cup.cups.models import Cup, CupMember, CupRole
from tarock_cup.cups.next_season import next_label
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Player
from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("season", "following"),
    [
        ("2026", "2027"),
        ("2025/26", "2026/27"),
        ("2025/2026", "2026/2027"),
        ("2025-26", "2026-27"),
        ("2099/00", "2100/01"),
        ("Herbst", ""),
        ("", ""),
    ],
)
def test_the_next_label_counts_the_years_on(season, following):
    assert next_label(season) == following, f"after {season!r} comes {following!r}"


@pytest.fixture
def cup(director, other_user):
    tournament = played(director, "runde1", {"Anna": 50, "Bert": 30})
    cup = make_cup(director, [tournament], slug="tirol-2026-27", best=5, qualify=12, public=False)
    cup.final_factor = 2
    cup.save()
    CupMember.objects.create(cup=cup, user=other_user, role=CupRole.DEPUTY)
    Player.objects.filter(name__in=["Anna", "Bert"]).update(home_cup=cup)
    return cup


def copy(client, **fields):
    data = {"name": "Tiroler Cup", "season": "2027/28", "slug": "tirol-2027-28", **fields}
    return client.post(reverse("cup_next_season", args=["tirol-2026-27"]), data)


def test_the_form_proposes_the_next_season(director_client, cup):
    form = director_client.get(reverse("cup_next_season", args=[cup.slug])).context["form"]
    assert (form.initial["season"], form.initial["slug"]) == ("2027/28", "tirol-2027-28"), (
        "the label and the address count one season on"
    )


def test_the_new_season_has_the_same_settings(director_client, cup):
    copy(director_client)
    new = Cup.objects.get(slug="tirol-2027-28")
    fields = ("points", "best", "final_factor", "qualify", "public", "owner_id")
    assert [getattr(new, f) for f in fields] == [getattr(cup, f) for f in fields], (
        "points, best, final factor, qualification, public and owner are carried over"
    )


def test_the_new_season_has_the_same_people(director_client, cup):
    copy(director_client)
    new = Cup.objects.get(slug="tirol-2027-28")
    assert list(new.memberships.values_list("user__username", "role")) == [("fremd", "deputy")], (
        "each member keeps their role"
    )


def test_the_new_season_starts_without_tournaments(director_client, cup):
    copy(director_client)
    assert not Cup.objects.get(slug="tirol-2027-28").entries.exists(), "no tournaments yet"


def test_the_old_season_keeps_its_tournaments(director_client, cup):
    copy(director_client)
    assert cup.entries.count() == 1, "last season's results stay as they were"


def test_the_home_players_move_to_the_new_season(director_client, cup):
    copy(director_client)
    new = Cup.objects.get(slug="tirol-2027-28")
    homes = set(Player.objects.filter(name__in=["Anna", "Bert"]).values_list("home_cup", flat=True))
    assert homes == {new.pk}, "the new season keeps the records the old one kept"


def test_each_move_is_in_the_register_log(director_client, director, cup):
    copy(director_client)
    new = Cup.objects.get(slug="tirol-2027-28")
    logged = [
        (c.player.name, c.before, c.after, c.by_id, c.cup_id)
        for c in PlayerChange.objects.filter(
            kind=PlayerChange.Kind.HOME, after={"cup": new.pk}
        ).order_by("player__name")
    ]
    expected = [
        (name, {"cup": cup.pk}, {"cup": new.pk}, director.pk, new.pk) for name in ("Anna", "Bert")
    ]
    assert logged == expected, "each moved record is logged with both homes and who moved it"


def test_it_redirects_to_the_new_cup(director_client, cup):
    response = copy(director_client)
    assert response["Location"] == reverse("cup", args=["tirol-2027-28"]), "on to the new cup"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"slug": "tirol-2026-27"}, "existiert bereits"),
        ({"name": ""}, "Dieses Feld ist zwingend erforderlich"),
        ({"slug": "kein slug"}, "gültiges Kürzel"),
        ({"season": "x" * 41}, "höchstens 40"),
    ],
)
def test_bad_input_is_named_and_nothing_is_made(director_client, cup, fields, message):
    response = copy(director_client, **fields)
    assert (response.status_code, message in response.content.decode(), Cup.objects.count()) == (
        400,
        True,
        1,
    ), "the form names the problem and no cup is made"


def test_a_copy_failing_halfway_leaves_nothing(director_client, cup, monkeypatch):
    def clash(*args, **kwargs):
        raise IntegrityError("clash")

    monkeypatch.setattr(PlayerChange.objects, "bulk_create", clash)
    response = copy(director_client)
    state = (
        response.status_code,
        Cup.objects.count(),
        set(Player.objects.values_list("home_cup", flat=True)),
    )
    assert state == (409, 1, {cup.pk}), "no new cup and no moved player after a failure"
