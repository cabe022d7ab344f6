"""A small national final for tests: two cups in it (imported season rankings), one cup outside,
and a final day whose ranking was imported.

Worked by hand (docs/oef-format.md): cup `tirol` (level L40, 2 places) ranks Anna, Bert, Cilli,
Dora (120, 109, 100, 93); cup `salz` (L60, 1 place) ranks Bert, Emil, Fritz (120, 111, 104); the
final (points 60, 55, 51) ranks Cilli, Dora, Anna. Totals: Anna 120 + 51 = 171, Cilli 100 + 60 =
160, Dora 93 + 55 = 148, Bert 120 (from salz, better than tirol's 109), Emil 111, Fritz 104.
"""

from django.utils import timezone

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import NationalCup, NationalFinal
from tarock_cup.tournaments.models import Player
from tests.cups.helpers import imported, make_cup

ROLES = [
    "anonymous",
    "player",
    "other_organiser",
    "cup_organiser",
    "final_organiser",
    "superuser",
]
EXPECTED = [
    ("Anna", 1, 171),
    ("Cilli", 2, 160),
    ("Dora", 3, 148),
    ("Bert", 4, 120),
    ("Emil", 5, 111),
    ("Fritz", 6, 104),
]


def build(user_model, *, accepted=True, closed=True, final_points=(60, 55, 51)):
    users = {role: user_model.objects.create_user(role, password="pw-123456") for role in ROLES[1:]}
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    tirol = make_cup(
        users["cup_organiser"],
        [imported(users["cup_organiser"], "t1", ["Anna", "Bert", "Cilli", "Dora"])],
        slug="tirol",
        qualify=2,
    )
    salz = make_cup(
        users["final_organiser"],
        [imported(users["final_organiser"], "s1", ["Bert", "Emil", "Fritz"])],
        slug="salz",
        qualify=1,
    )
    make_cup(users["other_organiser"], [], slug="fremd")
    day = imported(users["final_organiser"], "finale", ["Cilli", "Dora", "Anna"])
    final = NationalFinal.objects.create(
        name="Österreich-Finale",
        slug="oef",
        season="2026/27",
        organiser=users["final_organiser"],
        final_points=list(final_points),
        tournament=day,
    )
    for cup, level in ((tirol, "L40"), (salz, "L60")):
        NationalCup.objects.create(
            final=final,
            cup=cup,
            level=level,
            invited_by=users["final_organiser"],
            accepted_by=users[("cup" if cup is tirol else "final") + "_organiser"]
            if accepted
            else None,
            accepted_at=timezone.now() if accepted else None,
        )
    if closed:
        Cup.objects.filter(slug__in=["tirol", "salz"]).update(season_closed_at=timezone.now())
    return users


def client_for(client, users, role):
    if role != "anonymous":
        client.force_login(users[role])
    return client


def number(name):
    return Player.objects.get(name=name).number
