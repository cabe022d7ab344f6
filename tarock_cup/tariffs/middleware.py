"""Every page that scores by a tournament's rules meets a refused stored tariff the same way."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tarock_cup.tournaments import display
from tarock_cup.tournaments.errors import TariffNotApplicable


class TariffNotApplicableMiddleware:
    """Answer a page that needs a tournament's refused tariff with a page saying why."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, TariffNotApplicable):
            return None
        tournament = exception.tournament
        return render(
            request,
            "tariffs/not_applicable.html",
            {
                "tournament": tournament,
                "reason": display.upload_error_text(exception.error),
                "is_director": tournament.is_director(request.user),
            },
            # the request is fine; the tournament's stored tariff is what conflicts
            status=409,
        )
