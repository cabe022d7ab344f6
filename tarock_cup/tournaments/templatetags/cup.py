"""Template helpers: one-line wrappers round tested functions."""

from collections.abc import Mapping, Sequence
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


@register.filter
def line_text(line: Mapping[str, Any]) -> str:
    return display.line_text(line)


@register.simple_tag
def hand_summary(hand: Mapping[str, Any], players: Sequence[str], ruleset_key: str) -> str:
    return display.hand_summary(hand, players, ruleset_key)


@register.filter
def clock_time(seconds: int) -> str:
    return clock.clock_time(seconds)


@register.filter
def signed(value: Any) -> str:
    """Return a score with its sign (+3, −2, 0)."""
    return display.signed_text(value)


@register.filter
def scores(value: Any) -> str:
    """Return a hand's scores per seat as the sheet shows them (+3 / −1 / −1 / −1)."""
    return display.scores_text(value)


@register.filter
def minus(value: Any) -> str:
    """Return a number with the typographic minus for negatives (−2), no plus sign."""
    return display.number_text(value)


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


@register.filter
def option_value(value: Any) -> str:
    return display.option_value_name(value)


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
