"""Views: check permission, validate, call domain code, render or redirect."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """Return the start page."""
    return render(request, "tournaments/home.html", {})
