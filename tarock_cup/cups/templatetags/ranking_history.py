"""Template helper for an imported ranking's history: a one-line wrapper round a tested
function."""

from django import template

from tarock_cup.cups import ranking_edit
from tarock_cup.tournaments.models import Change

register = template.Library()


@register.filter
def place_change(change: Change) -> str:
    """Return one line of an imported place's history (ranking_edit.describe_change)."""
    return ranking_edit.describe_change(change)
