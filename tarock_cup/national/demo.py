"""The demo national final for `make run`: the demo cup in it, one qualified player declining.

The national app sits above the cups app, so the cups app's load_demo never imports it; the
national app's own command load_demo_national runs after it and adds the final.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import Decline, NationalCup, NationalFinal
from tarock_cup.national.ranking import build_national

DEMO_FINAL_SLUG = "demo-finale"
DEMO_LEVEL = "L40"
# Organiser data (the official table is not public): points by final rank, rank 1 first.
DEMO_FINAL_POINTS = [60, 55, 51, 48, 45, 43, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32]


@transaction.atomic
def load_demo_national(owner: Any, cup: Cup) -> NationalFinal | None:
    """Create the demo national final with the cup in it unless its slug is taken; return it.

    The cup's organiser consents, and the first qualified player declines so that the next in
    line moves up. The final day is not played yet: the ranking stays provisional.
    """
    if NationalFinal.objects.filter(slug=DEMO_FINAL_SLUG).exists():
        return None
    final = NationalFinal.objects.create(
        name="Tarock-Österreich-Finale (Demo)",
        slug=DEMO_FINAL_SLUG,
        season=cup.season,
        organiser=owner,
        final_points=DEMO_FINAL_POINTS,
    )
    now = timezone.now()
    entry = NationalCup.objects.create(
        final=final,
        cup=cup,
        level=DEMO_LEVEL,
        invited_by=owner,
        accepted_by=owner,
        accepted_at=now,
    )
    lines = [line for line in build_national(final).cups if line.entry.pk == entry.pk]
    qualified = lines[0].qualified if lines else ()
    if qualified:
        Decline.objects.create(entry=entry, player=qualified[0].player, recorded_by=owner)
    return final
