"""Rendering a page that holds a form, the same way in every app."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def form_page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    """Render the page of `context["form"]`: 400 when the form was sent back with errors (so a
    refused entry is never mistaken for a saved one), 200 otherwise."""
    status = 400 if context["form"].errors else 200
    return render(request, template, context, status=status)
