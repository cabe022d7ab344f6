"""A cup with one user of every role, for the tests of who may do what in a cup."""

from django.urls import reverse

from tarock_cup.cups.models import Cup, CupMember
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Player, Registration
from tests.cups.helpers import imported, make_cup
from tests.factories import make_tournament

# Every kind of visitor, from none to all rights.
ROLES = [
    "anonymous",
    "outsider",
    "other_organiser",
    "scorer",
    "deputy",
    "organiser",
    "owner",
    "superuser",
]
ORGANISERS = {"organiser", "owner", "superuser"}
MANAGERS = ORGANISERS | {"deputy"}
SCORERS = MANAGERS | {"scorer"}


def build(django_user_model):
    """Return the users by role; the cup "tirol" has a hidden tournament and an imported one."""
    users = {
        role: django_user_model.objects.create_user(role, password="pw-123456")
        for role in ROLES[1:-1]
    }
    users["superuser"] = django_user_model.objects.create_superuser("superuser", password="pw")
    hidden = make_tournament(users["owner"], slug="heim", public=False)
    paper = imported(users["owner"], "papier", ["Anna", "Bert"])
    cup = make_cup(users["owner"], [hidden, paper], slug="tirol")
    for role in ("organiser", "deputy", "scorer"):
        CupMember.objects.create(cup=cup, user=users[role], role=role)
    make_cup(users["other_organiser"], [], slug="fremd")
    Player.objects.filter(name__in=["Anna", "Bert"]).update(home_cup=cup)
    return users


def client_for(client, users, role):
    if role != "anonymous":
        client.force_login(users[role])
    return client


def member(role):
    return CupMember.objects.get(cup__slug="tirol", role=role)


def fingerprint():
    """Everything a cup's people, settings and next season could change."""
    return (
        list(Cup.objects.order_by("pk").values_list("slug", "name", "season", "public", "points")),
        list(CupMember.objects.order_by("pk").values_list("cup_id", "user_id", "role")),
        list(Cup.objects.get(slug="tirol").entries.order_by("pk").values_list("tournament_id")),
        list(Player.objects.order_by("pk").values_list("name", "home_cup_id")),
        Registration.objects.count(),
        PlayerChange.objects.count(),
    )


def settings_form(**changes):
    """The cup form of "tirol" as stored, with the given fields changed."""
    data = {
        "name": "Tiroler Cup",
        "slug": "tirol",
        "season": "2026/27",
        "system": "table",
        "table_points": "10, 6, 3",
        "final_factor": "1",
        "public": "on",
        "tournaments": [
            str(pk)
            for pk in Cup.objects.get(slug="tirol").entries.values_list("tournament_id", flat=True)
        ],
    }
    return {**data, **changes}


def papier_pk():
    return str(Cup.objects.get(slug="tirol").entries.get(tournament__slug="papier").tournament_id)


# name → () → (url, data): each a write one role may do and the others may not.
WRITES = {
    "change the settings": lambda: (
        reverse("cup_edit", args=["tirol"]),
        settings_form(name="Umbenannt"),
    ),
    "choose the tournaments": lambda: (
        reverse("cup_edit", args=["tirol"]),
        settings_form(tournaments=[papier_pk()]),
    ),
    "remove an imported ranking": lambda: (
        reverse("cup_ranking_remove", args=["tirol", "papier"]),
        {},
    ),
    "add a member": lambda: (
        reverse("cup_people_add", args=["tirol"]),
        {"username": "outsider", "role": "scorer"},
    ),
    "change a role": lambda: (
        reverse("cup_member_role", args=["tirol", member("scorer").pk]),
        {f"m{member('scorer').pk}-role": "organiser"},
    ),
    "remove a member": lambda: (
        reverse("cup_member_remove", args=["tirol", member("scorer").pk]),
        {},
    ),
    "copy to the next season": lambda: (
        reverse("cup_next_season", args=["tirol"]),
        {"name": "Tiroler Cup", "season": "2027/28", "slug": "tirol-2027-28"},
    ),
    "register a player in a cup tournament": lambda: (
        reverse("registrations", args=["heim"]),
        {"add": "1", "new-name": "Neu"},
    ),
}

ALLOWED = {
    "change the settings": ORGANISERS,
    "choose the tournaments": MANAGERS,
    "remove an imported ranking": MANAGERS,
    "add a member": ORGANISERS,
    "change a role": ORGANISERS,
    "remove a member": ORGANISERS,
    "copy to the next season": ORGANISERS,
    "register a player in a cup tournament": SCORERS,
}
