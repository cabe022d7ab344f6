"""System checks of the deploy settings (`manage.py check`, `check --deploy`, and every command)."""

from typing import Any

from django.conf import settings
from django.core import checks
from django.http.request import validate_host

from tarock_cup.public_url import public_host, public_url_problem

# What Django itself allows while DEBUG is on and ALLOWED_HOSTS is empty.
DEBUG_HOSTS = [".localhost", "127.0.0.1", "[::1]"]


@checks.register()
def check_public_url(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Refuse a PUBLIC_URL that is no site address; warn when ALLOWED_HOSTS would refuse it."""
    url = settings.PUBLIC_URL
    if not url:
        return []
    problem = public_url_problem(url)
    if problem:
        return [
            checks.Error(
                f"PUBLIC_URL {url!r} is not a site address: {problem}.",
                hint="For example PUBLIC_URL=https://tarock.example.org "
                "or PUBLIC_URL=http://192.168.1.20:8000",
                id="tarock_cup.E001",
            )
        ]
    host = public_host(url)
    allowed = settings.ALLOWED_HOSTS or (DEBUG_HOSTS if settings.DEBUG else [])
    if validate_host(host, allowed):
        return []
    return [
        checks.Warning(
            f"PUBLIC_URL's host {host!r} is not in ALLOWED_HOSTS {allowed}: every QR code "
            "and table link leads to '400 Bad Request'.",
            hint=f"Add {host} to ALLOWED_HOSTS (comma-separated).",
            id="tarock_cup.W001",
        )
    ]


@checks.register(deploy=True)
def check_public_url_is_set(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Warn in production when QR codes take whatever address the director's browser used."""
    if settings.PUBLIC_URL:
        return []
    return [
        checks.Warning(
            "PUBLIC_URL is not set: QR codes and table links use the address the director's "
            "browser used, and printed from localhost they lead nowhere.",
            hint="Set PUBLIC_URL to the address the players' phones reach the site at, "
            "e.g. https://tarock.example.org or http://192.168.1.20:8000",
            id="tarock_cup.W002",
        )
    ]
