"""The public JSON API's answers, under /api/v1/ (docs/api.md describes each).

Every answer is what the public pages show an anonymous visitor, in the site's default language
whatever the client's; each may be asked again with If-None-Match (304 while unchanged), each
request counts against its client address's rate limit. Each answer is kept under its ETag
(keeping.py): computed once for every client and server process until something in it changes.
"""

import functools
import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from tarock_cup.api import answers, etags, limits
from tarock_cup.api.keeping import kept_by_etag
from tarock_cup.client_ip import client_ip
from tarock_cup.cups import hall_of_fame as halls
from tarock_cup.cups.season import UnusableSeason
from tarock_cup.public_url import absolute_url

View = Callable[..., HttpResponse]


def json_answer(data: Any, status: int = 200) -> HttpResponse:
    """Return the data as a JSON answer (UTF-8, umlauts as they are)."""
    # Compact: an indented dump is written by Python's slow encoder (several times the time).
    return HttpResponse(
        json.dumps(data, ensure_ascii=False, separators=(",", ":")),
        status=status,
        content_type="application/json; charset=utf-8",
    )


def error_answer(status: int, error: str, message: str) -> HttpResponse:
    """Return an error as JSON: a fixed code for programs, a message for people."""
    return json_answer({"error": error, "message": message}, status)


def _answered(view: View, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Return the view's answer in the site's language; not found and a season the engine
    refuses answered in JSON, as everything else."""
    with translation.override(settings.LANGUAGE_CODE):
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return error_answer(404, "not_found", _("There is no such public page."))
        except UnusableSeason as unusable:
            return error_answer(409, "unusable_season", str(unusable.error))


def public_api(view: View) -> View:
    """Make a view an API answer: GET or HEAD only, rate-limited per client address, JSON
    errors, readable from any other site's scripts."""
    safe_view = require_safe(view)

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        window, count = limits.count_request(client_ip(request))
        if count > limits.REQUESTS:
            with translation.override(settings.LANGUAGE_CODE):
                response = error_answer(
                    429,
                    "too_many_requests",
                    _("Too many requests from this address: please wait a minute."),
                )
            response["Retry-After"] = str(limits.seconds_left(window))
        else:
            response = _answered(safe_view, request, *args, **kwargs)
        # The answers are public data that any visitor may read anyway, and the API reads no
        # cookie or session: any site's scripts may read them (a cup's own website, an app).
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Expose-Headers"] = "ETag, Retry-After"
        # Asked again each time, answered 304 while the ETag is the same.
        response["Cache-Control"] = "public, no-cache"
        return response

    return wrapper


def _url_of(request: HttpRequest) -> Callable[[str], str]:
    return functools.partial(absolute_url, request)


@public_api
@condition(etag_func=etags.standings_etag)
@kept_by_etag(etags.standings_etag)
def standings(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Return a tournament's standings, overall or of one round, as its public page shows them."""
    tournament = answers.public_tournament(slug)
    return json_answer(answers.tournament_standings(tournament, number))


@public_api
@condition(etag_func=etags.season_etag)
@kept_by_etag(etags.season_etag)
def season(request: HttpRequest, slug: str) -> HttpResponse:
    """Return a cup's season table as its public page shows it."""
    cup = answers.public_cup(slug)
    return json_answer(answers.season_table(cup, _url_of(request)))


@public_api
@condition(etag_func=etags.hall_of_fame_etag)
@kept_by_etag(etags.hall_of_fame_etag)
def hall_of_fame(request: HttpRequest, slug: str) -> HttpResponse:
    """Return a cup's hall of fame as its page shows it: winners per season and records."""
    cup = answers.public_cup(slug)
    return json_answer(answers.hall_of_fame(halls.hall_of_fame(cup), _url_of(request)))


@public_api
@condition(etag_func=etags.calendar_etag)
@kept_by_etag(etags.calendar_etag)
def calendar(request: HttpRequest) -> HttpResponse:
    """Return the public tournaments of the past year and those to come."""
    return json_answer(answers.calendar_entries(answers.calendar_tournaments(), _url_of(request)))


@public_api
@condition(etag_func=etags.player_etag)
@kept_by_etag(etags.player_etag)
def player(request: HttpRequest, number: int) -> HttpResponse:
    """Return a player's record: the public tournaments they are ranked in, their seasons and
    the statistics of their hands (`register.statistics`, as the record page)."""
    the_player = answers.public_player(number)
    return json_answer(answers.player_record(the_player, _url_of(request)))
