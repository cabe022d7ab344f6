"""A database outage: every page answers 503 with a page saying so, in the page's language.

While the database cannot be reached nothing is saved. Instead of Django's bare English
"Server Error (500)" the visitor reads that nothing was saved and to try again (a table's phone
keeps its typed hand: static/js/hand.js asks before it sends the form). The page is rendered
without the request: the context processors would ask the database for the user.
"""

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.views import defaults

# What a lost or refused database connection raises (a timeout and a deadlock too: nothing of
# the request was kept, and trying again is the right advice for them as well).
DATABASE_DOWN = (OperationalError, InterfaceError)
RETRY_SECONDS = 30

logger = logging.getLogger(__name__)


def outage_response(request: HttpRequest) -> HttpResponse:
    """Return the 503 page: the server cannot reach its data, nothing was saved, try again."""
    context = {
        # A page is simply loaded again; a form must be sent again from its own page.
        "reload": request.method in ("GET", "HEAD"),
        "retry_seconds": RETRY_SECONDS,
    }
    response = HttpResponse(render_to_string("503.html", context), status=503)
    response["Retry-After"] = str(RETRY_SECONDS)
    patch_cache_control(response, no_store=True)
    return response


class DatabaseOutageMiddleware:
    """Answer a view that cannot reach the database with the 503 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_DOWN):
            return None
        logger.error(
            "Database unreachable: %s %s", request.method, request.path, exc_info=exception
        )
        return outage_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """Return the page of an error outside a view (handler500): the 503 page for an outage."""
    # Django calls the handler while it handles the exception, so it is the one in sys.exc_info.
    if isinstance(sys.exc_info()[1], DATABASE_DOWN):
        return outage_response(request)
    return defaults.server_error(request)
