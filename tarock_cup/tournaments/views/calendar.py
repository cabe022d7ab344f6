"""The calendar page and its iCalendar feeds (all tournaments, or one cup's)."""

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tarock_cup import public_url
from tarock_cup.tournaments import calendar
from tarock_cup.tournaments.models import Region

# Calendar apps ask every few hours; a shared cache may keep the feed this long.
FEED_MAX_AGE = 15 * 60
# How long this process keeps a feed it made (the ETag in its key says when it changed).
FEED_CACHE_SECONDS = 6 * 60 * 60


@require_safe
def calendar_view(request: HttpRequest) -> HttpResponse:
    """Return the dates to come of every cup (narrowed by cup and region) and the last weeks'
    results."""
    cups = list(calendar.public_cups())
    chosen = calendar.CalendarFilter.read(request.GET, [cup.slug for cup in cups])
    page = calendar.calendar_page(request.user, chosen, cups)
    feed_url = (
        reverse("cup_calendar_feed", args=[chosen.cup]) if chosen.cup else reverse("calendar_feed")
    )
    return render(
        request,
        "calendar/calendar.html",
        {
            "page": page,
            "cups": cups,
            "regions": Region.choices,
            "chosen": chosen,
            "feed_url": public_url.absolute_url(request, feed_url),
        },
    )


def _feed_response(request: HttpRequest, cup: object, name: str) -> HttpResponse:
    host = public_url.public_host(public_url.absolute_url(request, "/"))
    tournaments = calendar.feed_tournaments(cup)
    etag = f'"{calendar.feed_etag(tournaments, host, name)}"'
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return unchanged
    # The ETag says all the feed shows: a feed made once is served again until it changes.
    key = f"calendar-feed:{etag}"
    text = cache.get(key)
    if text is None:
        text = calendar.feed(
            tournaments,
            name=name,
            host=host,
            url_of=lambda t: public_url.absolute_url(request, t.get_absolute_url()),
        )
        cache.set(key, text, FEED_CACHE_SECONDS)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["ETag"] = etag
    response["Content-Disposition"] = 'inline; filename="tarock.ics"'
    patch_cache_control(response, public=True, max_age=FEED_MAX_AGE)
    return response


@require_safe
def calendar_feed(request: HttpRequest) -> HttpResponse:
    """Return the iCalendar feed of every public tournament (the past year's and all to come)."""
    return _feed_response(request, None, _("Tarock tournaments"))


@require_safe
def cup_calendar_feed(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the iCalendar feed of a public cup's public tournaments."""
    cup = calendar.public_cups().filter(slug=slug).first()
    if cup is None:
        # A hidden cup has no feed: a feed's address is passed on and cached by anyone.
        raise Http404
    return _feed_response(request, cup, str(cup))
