"""Builders for register tests: a cup whose records its organiser keeps, and full dumps of the
rows a merge touches."""

from tarock_cup.cups.models import ImportedPlace
from tarock_cup.tournaments.models import Change, Player, Registration, Seat
from tests.cups.helpers import imported, make_cup, played


def annas_cup(organiser):
    """Return a cup of the organiser's: "Anna Huber" plays tournament a, "Huber Anna" plays b and
    holds place 2 of the imported ranking "papier"; Bert plays all three."""
    a = played(organiser, "a", {"Anna Huber": 50, "Bert": 30})
    b = played(organiser, "b", {"Huber Anna": 40, "Bert": 20}, day=2)
    paper = imported(organiser, "papier", ["Bert", "Huber Anna"], day=3)
    return make_cup(organiser, [a, b, paper])


def annas():
    """Return (the record to keep, the record to drop)."""
    return Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")


def dump():
    """Return every row a merge or split touches, field by field (the history apart)."""
    return {
        "players": list(Player.objects.order_by("pk").values()),
        "registrations": list(Registration.objects.order_by("pk").values()),
        "seats": list(Seat.objects.order_by("pk").values()),
        "places": list(ImportedPlace.objects.order_by("pk").values()),
    }


def fingerprint():
    """Return the dump with the count of history rows: a refusal changes neither."""
    from tarock_cup.register.models import PlayerChange, Proposal

    return {
        **dump(),
        "history": Change.objects.count(),
        "register": list(PlayerChange.objects.order_by("pk").values()),
        "proposals": list(Proposal.objects.order_by("pk").values()),
    }
