"""The API tests' data: a public and a hidden tournament in a public cup, a private player,
dates to come; also the data docs/api.md's examples are made from."""

import datetime
from decimal import Decimal

from django.utils import timezone

from tarock_cup.tournaments.models import Player, Tournament
from tests.cups.helpers import make_cup, played

TOTALS = {"Anna Huber": 120, "Bert Berger": 80, "Cilli Cerny": -20, "Dora Dorn": -180}


def build(owner, director):
    """Return the world's objects by name: `herbst` (public, played), `geheim` (hidden,
    played), `cup` (public, both in it), `anna` (private), `coming` and `secret_date`."""
    herbst = played(owner, "herbst", TOTALS, day=5)
    herbst.directors.add(director)
    geheim = played(owner, "geheim", dict(reversed(TOTALS.items())), day=12, public=False)
    geheim.directors.add(director)
    anna = Player.objects.get(name="Anna Huber")
    anna.private = True
    anna.save()
    cup = make_cup(owner, [herbst, geheim])
    soon = timezone.localdate() + datetime.timedelta(days=10)
    coming = Tournament.objects.create(
        name="Frühjahrsturnier",
        slug="fruehjahr",
        date=soon,
        ruleset="tirol_cup",
        owner=owner,
        venue="Gasthof Post",
        venue_address="Hauptplatz 1, 6020 Innsbruck",
        start_time=datetime.time(14, 0),
        region="t",
        entry_fee=Decimal("12.00"),
    )
    secret_date = Tournament.objects.create(
        name="Geheimes Turnier",
        slug="geheim-bald",
        date=soon,
        ruleset="tirol_cup",
        owner=owner,
        public=False,
    )
    return {
        "herbst": herbst,
        "geheim": geheim,
        "cup": cup,
        "anna": Player.objects.get(pk=anna.pk),
        "coming": coming,
        "secret_date": secret_date,
    }
