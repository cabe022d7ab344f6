"""The demo cup: the demo tournament counting in a season, so a new install shows a season table."""

from typing import Any

from django.db import transaction

from scoring.season import READY_MADE
from tarock_cup.cups.forms import season_from_json_points
from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments.models import Tournament

DEMO_CUP_SLUG = "demo-cup"
# Cup points from the tournament score, as the Tirol cup has given them since 2020/21.
DEMO_RULE = "heinewertung"


@transaction.atomic
def load_demo_cup(owner: Any, tournament: Tournament) -> Cup | None:
    """Create the demo cup with the tournament in it unless its slug is taken; return it."""
    if Cup.objects.filter(slug=DEMO_CUP_SLUG).exists():
        return None
    rule = next(ready.rule for ready in READY_MADE if ready.key == DEMO_RULE)
    cup = Cup.objects.create(
        name="Tiroler Tarockcup (Demo)",
        slug=DEMO_CUP_SLUG,
        season=f"{tournament.date.year}/{(tournament.date.year + 1) % 100:02d}",
        points=season_from_json_points(rule),
        best=8,
        qualify=4,
        owner=owner,
    )
    CupTournament.objects.create(cup=cup, tournament=tournament)
    return cup
