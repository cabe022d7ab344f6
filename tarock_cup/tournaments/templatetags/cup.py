"""Template helpers: one-line wrappers round tested functions."""

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.http import HttpRequest
from django.urls import translate_url

from tarock_cup.tournaments import clock, display

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
