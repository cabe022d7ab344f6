"""The cup page's dates: its tournaments to come, drawn from the calendar (tournaments app)."""

from typing import Any

from django import template

from tarock_cup.tournaments import calendar

register = template.Library()


@register.inclusion_tag("calendar/_cup_dates.html", takes_context=True)
def cup_dates(context: template.Context, cup: Any) -> dict[str, Any]:
    """Return the cup's tournaments to come that the page's visitor may see, and its feed."""
    request = context["request"]
    return {"cup": cup, "dates": calendar.upcoming_of_cup(cup, request.user)}
