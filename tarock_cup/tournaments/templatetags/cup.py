"""Template helpers: the tested display functions under the names templates use, and a few
lookups a template cannot write itself."""

from collections.abc import Sequence
from typing import Any

from django import template
from django.http import HttpRequest
from django.urls import translate_url

from tarock_cup.tournaments import clock, display, naming

register = template.Library()


@register.simple_tag
def language_url(request: HttpRequest, code: str) -> str:
    """Return the current page's address in another language."""
    return translate_url(request.get_full_path(), code)


# Registered as they are: each is documented and tested where it is defined.
register.filter("line_text", display.line_text)
register.simple_tag(display.hand_summary, name="hand_summary")
register.filter("clock_time", clock.clock_time)
register.filter("signed", display.signed_text)
register.filter("scores", display.scores_text)
register.filter("minus", display.number_text)
register.filter("option_value", display.option_value_name)


@register.filter
def at(sequence: Sequence[Any], index: int) -> Any:
    """Return sequence[index], or None when out of range."""
    try:
        return sequence[index]
    except (IndexError, TypeError, KeyError):
        return None


@register.filter
def field(form: Any, name: str) -> Any:
    """Return the bound field `name` of a form, or None."""
    try:
        return form[name]
    except KeyError:
        return None


@register.simple_tag(takes_context=True)
def shown_name(context: template.Context, player: Any) -> str:
    """Return the player's name as the page's viewer may see it (naming.shown_name).

    The view may say `full_names`; else it is the request's user's right over the page's
    `tournament` (or `cup`), asked once per request.
    """
    return naming.shown_name(player, full_names(context))


def full_names(context: template.Context) -> bool:
    """Return whether the page shows full names: as the view said, else by the viewer's rights."""
    if "full_names" in context:
        return bool(context["full_names"])
    request = context.get("request")
    user = getattr(request, "user", None)
    tournament, cup = context.get("tournament"), context.get("cup")
    key = ("tournament", getattr(tournament, "pk", None), "cup", getattr(cup, "pk", None))
    known: dict[tuple[Any, ...], bool] = getattr(request, "_full_names", {})
    if key not in known:
        if cup is not None:
            known[key] = naming.sees_full_names_in_cup(user, cup)
        else:
            known[key] = tournament is not None and naming.sees_full_names(user, tournament)
        if request is not None:
            request._full_names = known
    return known[key]
