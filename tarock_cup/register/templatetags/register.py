"""Template helpers of the register: one-line wrappers round tested functions."""

from typing import Any

from django import template

from tarock_cup.cups.tables import points_text
from tarock_cup.register import homes
from tarock_cup.tournaments.models import Player

register = template.Library()


@register.simple_tag(takes_context=True)
def keeps_record(context: template.Context, player: Player) -> bool:
    """Return whether the page's user keeps the player's record (homes.keeps)."""
    request: Any = context.get("request")
    return homes.keeps(getattr(request, "user", None), player)


@register.filter
def cup_points(points: Any) -> str:
    """Return cup points as the season table writes them (tables.points_text)."""
    return points_text(points)
