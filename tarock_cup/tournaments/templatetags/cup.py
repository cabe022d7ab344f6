"""Template helpers: one-line wrappers round tested functions."""

from django import template
from django.http import HttpRequest
from django.urls import translate_url

register = template.Library()


@register.simple_tag
def language_url(request: HttpRequest, code: str) -> str:
    """Return the current page's address in another language."""
    return translate_url(request.get_full_path(), code)
