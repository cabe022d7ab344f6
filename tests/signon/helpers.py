"""An upcoming tournament that takes sign-ons, for the sign-on tests."""

import datetime

from django.utils import timezone

from tarock_cup.signon.models import SignOnRules
from tarock_cup.tournaments.models import Tournament


def upcoming(owner, slug="cup", *, public=True, capacity=None, days=10):
    """Return a tournament `days` ahead whose sign-on is open."""
    tournament = Tournament.objects.create(
        name="Herbstturnier",
        slug=slug,
        date=timezone.localdate() + datetime.timedelta(days=days),
        ruleset="tirol_cup",
        owner=owner,
        public=public,
    )
    SignOnRules.objects.create(tournament=tournament, open=True, capacity=capacity)
    return tournament


def form(name="Anna Huber", club="Radstadt", phone="", email=""):
    return {"name": name, "club": club, "phone": phone, "email": email}
