"""The national final's template tags: one-line wrappers round tested functions."""

from typing import Any

from django import template

from tarock_cup.national.ranking import national_entries

register = template.Library()


@register.simple_tag
def national_entries_of(player: Any) -> list[tuple[Any, Any]]:
    """Return the player's lines in the national finals (national.ranking.national_entries)."""
    return national_entries(player)
