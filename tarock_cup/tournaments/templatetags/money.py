"""Template filters for the day's money (one-line wrappers round tested functions)."""

from django import template

from tarock_cup.tournaments.settlement import euro as euro_text

register = template.Library()


@register.filter
def euro(cents: int) -> str:
    """Return cents as euros in the active language."""
    return euro_text(cents)
