"""A cup's next season: a new cup with the same settings and people, keeping the home players.

The season before keeps its tournaments and results; the new one starts without tournaments.
The records the old cup kept move to the new one, so its organisers go on keeping them.
"""

import re
from typing import Any

from django.db import transaction
from django.utils.text import slugify

from tarock_cup.cups.models import Cup, CupMember
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Player

# A season named by a year ("2026") or by two years ("2025/26", "2025-2026", "2025/2026").
_YEAR = re.compile(r"^(?P<first>\d{4})(?:(?P<sep>\s*[/-]\s*)(?P<second>\d{2}|\d{4}))?$")

# What the new season takes over unchanged.
SETTINGS = ("points", "best", "final_factor", "qualify", "public")


def next_label(season: str) -> str:
    """Return the label of the season after this one ("2025/26" → "2026/27"), or "" when the
    label names no year to count on from."""
    found = _YEAR.match(season.strip())
    if found is None:
        return ""
    first = int(found["first"]) + 1
    second = found["second"]
    if second is None:
        return str(first)
    following = int(second) + 1
    # "2025/26" stays two-digit (2099/00 becomes 2100/01); "2025/2026" stays four-digit.
    written = f"{following % 100:02d}" if len(second) == 2 else str(following)
    return f"{first}{found['sep']}{written}"


def next_slug(cup: Cup, season: str) -> str:
    """Return a proposed address for the next season: the old one with the new season in it."""
    # "2026/27" is written "2026-27" in an address (slugify alone would make it "202627").
    old = slugify(cup.season.replace("/", "-"))
    new = slugify(season.replace("/", "-"))
    if old and new and old in cup.slug:
        return cup.slug.replace(old, new)
    return f"{cup.slug}-{new}" if new else ""


def initial(cup: Cup) -> dict[str, Any]:
    """Return the next-season form's proposals: the same name, the next label, an address."""
    season = next_label(cup.season)
    return {"name": cup.name, "season": season, "slug": next_slug(cup, season)}


def copy_to_next_season(cup: Cup, *, name: str, season: str, slug: str, by: Any) -> Cup:
    """Create the next season's cup and move the old cup's home players to it, all or nothing.

    Each moved record is logged as a change of home, so the register says where it went.
    """
    with transaction.atomic():
        new = Cup.objects.create(
            name=name,
            season=season,
            slug=slug,
            owner_id=cup.owner_id,
            **{field: getattr(cup, field) for field in SETTINGS},
        )
        CupMember.objects.bulk_create(
            CupMember(cup=new, user_id=member.user_id, role=member.role)
            for member in cup.memberships.all()
        )
        # Locked while they move: a record another request changes now waits for this one.
        moving = list(Player.objects.select_for_update().filter(home_cup=cup).only("pk", "number"))
        PlayerChange.objects.bulk_create(
            PlayerChange(
                player=player,
                number=player.number,
                kind=PlayerChange.Kind.HOME,
                cup=new,
                before={"cup": cup.pk},
                after={"cup": new.pk},
                by=by,
            )
            for player in moving
        )
        Player.objects.filter(pk__in=[player.pk for player in moving]).update(home_cup=new)
    return new
