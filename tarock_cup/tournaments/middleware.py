"""Every page that would change an imported final ranking meets it the same way."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tarock_cup.tournaments.access import refuse_if_imported
from tarock_cup.tournaments.errors import PlayedElsewhere


class PlayedElsewhereMiddleware:
    """Answer a round, registration or hand asked of an imported final ranking with a redirect to
    the tournament saying why (access.played_here raises it)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, PlayedElsewhere):
            return None
        return refuse_if_imported(request, exception.tournament)
