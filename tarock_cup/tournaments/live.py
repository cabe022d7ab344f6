"""The room's live pages: cheap when nothing changed, cheap to rebuild when something did.

A tournament's `version` is raised by every change of its results, seating or settings
(Tournament.bump_version); a round's by its clock and by every change that is not one table's;
a table's by its own changes. The public pages that phones and the projector poll (standings,
the tournament's page, rounds, tables, the projector) carry an ETag made of the versions of
what they show (the round's too where its clock is on the page; a table's link page only its
table's and its round's): a poll of an unchanged page is answered 304 after one small query.
A visitor who is not logged in gets a changed page from this process's cache, keyed by the
version, so a room of phones costs one rendering per change, not one per phone. A process that
renders a page also leaves it in the shared cache (SHARED_CACHE: the database, or Redis when
CACHE_URL names one), where the other server processes, on this host or another, take it
instead of rendering it again: a room costs one rendering per change, not one per process.
During play (LIVE_REBUILD_SECONDS > 0) a poll that finds only an older copy (made less than
LIVE_STALE_SECONDS ago) is answered from it, and the next copy is rendered once that answer is
sent, by one thread of one process (a claim in the shared cache): no poll waits for a rendering.

Each live page holds its own validator (a meta tag, hold_validator): its script's first poll
sends it, so a page just loaded is answered 304 until it changes, also a table's page after a
save, which shows its message once and carries no ETag a reload could bring the message back by.

A shared copy is kept by what the page shows, not by how its address was written: the view and
its arguments, the language, and only the query parameters the page reads (each brought to one
spelling). Any other query string (`?x=random`) gets the same copy, and never reaches it.
"""

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, NamedTuple, TypeGuard, overload

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache, caches
from django.db.models import OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import parse_etags, urlencode
from django.utils.translation import get_language

from tarock_cup.tournaments.models import Round, Tournament

logger = logging.getLogger(__name__)

# Kept a little longer than a poll's interval; an older version is never asked for again.
CACHE_SECONDS = 600
# A database cache (settings.CACHES): what one server process rendered, the others read.
SHARED_CACHE = "pages"

View = Callable[..., HttpResponse]
# A query parameter's reader: its value as the page reads it, in one spelling (None: as absent).
Reader = Callable[[str], str | None]
# No field has more pages than this; a page number beyond it shows the last page anyway.
LAST_PAGE = 200


def query_flag(value: str) -> str | None:
    """Read a parameter that is on when "1" (`?all=1`) and off otherwise."""
    return "1" if value == "1" else None


def query_page(value: str) -> str | None:
    """Read a page number: 2 to LAST_PAGE as digits, anything else as the first page."""
    if not value.isdecimal():
        return None
    # a bound before int(): it refuses numbers of 4,300 digits
    number = LAST_PAGE if len(value) > 6 else min(int(value), LAST_PAGE)
    return str(number) if number > 1 else None


def canonical_query(request: HttpRequest, reads: Mapping[str, Reader]) -> str:
    """Return the query string of the parameters in `reads`, each as its reader spells it."""
    values = {}
    for name, read in sorted(reads.items()):
        given = request.GET.get(name)
        value = read(given) if given is not None else None
        if value is not None:
            values[name] = value
    return urlencode(values)


def share_query(request: HttpRequest, query: str) -> None:
    """Make the request's query string `query`: the shared copy is rendered from the query it
    is kept by, so nothing else a visitor put in the address (echoed by the language links) is
    shown to the next."""
    request.GET = QueryDict(query)
    request.META["QUERY_STRING"] = query


def _user_part(request: HttpRequest) -> str:
    """Return what of the visitor the page depends on: nobody, or this login (its session and
    CSRF secret, so a page kept by the browser never holds a stale form token)."""
    user = request.user
    if not user.is_authenticated:
        return "anon"
    cookies = "|".join(request.COOKIES.get(name, "") for name in ("sessionid", "csrftoken"))
    digest = hashlib.sha256(cookies.encode()).hexdigest()[:12]
    return f"u{user.pk}-{digest}"


def etag_for(tournament_id: int, version: int, request: HttpRequest) -> str:
    """Return the ETag of a live page of the tournament at this version, for this visitor."""
    return f'"{tournament_id}-{version}-{get_language()}-{_user_part(request)}"'


# Where a page finds its own validator (base.html puts it in a meta tag): live.js's first poll
# sends it, so a page just loaded (after a save, say) is answered 304 until it changes.
VALIDATOR = "LIVE_ETAG"


def hold_validator(request: HttpRequest, etag: str) -> None:
    """Give the page about to be rendered its validator, for its script's first poll."""
    request.META[VALIDATOR] = etag


def _has_messages(request: HttpRequest) -> bool:
    # A message waiting to be shown must reach the page, never be swallowed by a 304 or a
    # cached copy; counting them does not mark them shown.
    return len(messages.get_messages(request)) > 0


# What of a round a page shows besides the tournament's results (its clock): the version of
# the round it shows, as a subquery of the tournament's row, from the view's URL arguments.
RoundStamp = Callable[[Mapping[str, Any]], "Subquery | None"]


def latest_round(kwargs: Mapping[str, Any]) -> Subquery:
    """Stamp a page by the tournament's latest round (the projector's clock)."""
    rounds = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number")
    return Subquery(rounds.values("version")[:1])


def round_named(argument: str) -> RoundStamp:
    """Stamp a page by the round its URL argument `argument` names (a round's, a table's page)."""

    def stamp(kwargs: Mapping[str, Any]) -> Subquery | None:
        number = kwargs.get(argument)
        if number is None:
            return None
        rounds = Round.objects.filter(tournament=OuterRef("pk"), number=number)
        return Subquery(rounds.values("version")[:1])

    return stamp


@overload
def live_page(view: View) -> View: ...
@overload
def live_page(
    *, reads: Mapping[str, Reader] | None = None, round_stamp: RoundStamp | None = None
) -> Callable[[View], View]: ...


def live_page(
    view: View | None = None,
    *,
    reads: Mapping[str, Reader] | None = None,
    round_stamp: RoundStamp | None = None,
) -> View | Callable[[View], View]:
    """Decorate a public page view (its first argument the tournament's slug) with conditional
    GET by the tournament's version, and a shared copy for visitors who are not logged in.

    `reads` names the query parameters the page reads, each with its reader (query_flag,
    query_page): the shared copy is kept by these alone. `round_stamp` names the round whose
    clock the page shows too (latest_round, round_named): its version is added to the
    tournament's. Use `@live_page` for a page that needs neither, `@live_page(...)` otherwise.

    Hidden tournaments, other methods and pages with a message waiting go straight to the view.
    """
    if view is None:
        return lambda view: _live(view, reads or {}, round_stamp)
    return _live(view, reads or {}, round_stamp)


def page_version(
    slug: str, kwargs: Mapping[str, Any], stamp: RoundStamp | None
) -> tuple[int, int] | None:
    """Return the public tournament's pk and the version of its page, in one query (or None).

    Versions only ever rise, so their sum changes with each of them and never steps back.
    """
    found = Tournament.objects.filter(slug=slug, public=True)
    extra = stamp(kwargs) if stamp is not None else None
    if extra is None:
        return found.values_list("pk", "version").first()
    found = found.annotate(round_version=Coalesce(extra, 0))
    row = found.values_list("pk", "version", "round_version").first()
    return None if row is None else (row[0], row[1] + row[2])


def _live(view: View, reads: Mapping[str, Reader], stamp: RoundStamp | None) -> View:
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD") or _has_messages(request):
            return view(request, slug, *args, **kwargs)
        row = page_version(slug, kwargs, stamp)
        if row is None:
            return view(request, slug, *args, **kwargs)
        pk, version = row
        if request.user.is_authenticated:
            # A director's page holds their forms: conditional, but never shared.
            etag = etag_for(pk, version, request)
            not_modified = _not_modified(request, etag)
            if not_modified is not None:
                return not_modified
            hold_validator(request, etag)
            response = view(request, slug, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                response["ETag"] = etag
            return _mark(response, request)
        query = canonical_query(request, reads)
        share_query(request, query)
        # The view and its arguments as the URL's converters read them (round 01 is round 1).
        shown = f"{get_language()} {view.__qualname__} {slug} {args!r} {sorted(kwargs.items())!r}"
        key = f"live:{pk}:" + hashlib.sha256(f"{shown} ?{query}".encode()).hexdigest()
        # The same for every visitor who is not logged in: the shared copy may hold it.
        hold_validator(request, etag_for(pk, version, request))
        page, then = shared_page(
            key, version, lambda: view(request, slug, *args, **kwargs), request
        )
        if isinstance(page, HttpResponse):
            return page  # not a page to share (a 404, a form): as the view made it
        etag = etag_for(pk, page.version, request)
        # Each server process keeps its own copy, perhaps of an older version than the one
        # this phone already has from another: it keeps the newer one (the page never steps
        # back to older standings).
        newer = _held_newer(request, pk, page.version)
        answer = _not_modified(request, newer or etag)
        if answer is None:
            answer = HttpResponse(page.content, content_type=page.content_type)
            answer["ETag"] = etag
            answer = _mark(answer, request)
        return after_sent(answer, then)

    return wrapper


class Page(NamedTuple):
    """A rendered page kept for every visitor: the version it shows and when it was made."""

    version: int
    made: float
    content: bytes
    content_type: str


# The pages this process is rendering now, each with an event set when it is done: meanwhile
# its other threads serve the copy they have, or wait for the new one, instead of rendering the
# same page again (a room of phones asking at once after the server started).
_rendering: dict[str, threading.Event] = {}
_rendering_lock = threading.Lock()
WAIT_SECONDS = 10.0


def _claim(key: str) -> threading.Event | None:
    """Return an event to set when done if this thread is to render the page, else None."""
    with _rendering_lock:
        if key in _rendering:
            return None
        done = _rendering[key] = threading.Event()
        return done


def shared_page(
    key: str, version: int, render: Callable[[], HttpResponse], request: HttpRequest
) -> tuple[Page | HttpResponse, Callable[[], None] | None]:
    """Return the page as kept for every visitor, made anew if the tournament changed since,
    and what to run once the answer is sent (None: nothing).

    A page made less than LIVE_REBUILD_SECONDS ago is served even if a change came after it
    (its own ETag says which version it shows, so the phone asks again): during play a room
    full of phones then costs one rendering every few seconds, however often hands are saved.
    An older one, made less than LIVE_STALE_SECONDS ago, is served too, and its next copy is
    rendered once the answer is sent, by one thread of one process: nobody waits for it.
    """
    page: Page | None = cache.get(key)
    if page is not None and page.version == version:
        return page, None
    if _young(page):
        return page, None
    # Another process may have rendered it already (a standings page of a large field costs
    # a fifth of a second of this machine's CPU): one read instead.
    shared = shared_get(key)
    if shared is not None and (page is None or shared.made > page.made):
        page = shared
        cache.set(key, page, CACHE_SECONDS)
        if page.version == version or _young(page):
            return page, None
    if _recent(page):
        return page, _refresh_later(key, version, render, request)
    return _render_now(key, version, render, request, page), None


def _render_now(
    key: str,
    version: int,
    render: Callable[[], HttpResponse],
    request: HttpRequest,
    page: Page | None,
) -> Page | HttpResponse:
    """Return the page rendered now (or the copy this process has while another thread of it
    renders it, or the one that thread made)."""
    done = _claim(key)
    if done is None:
        if page is not None:
            return page
        with _rendering_lock:
            other = _rendering.get(key)
        if other is not None and other.wait(WAIT_SECONDS):
            page = cache.get(key)
            if page is not None:
                return page
    try:
        return _keep(key, version, render(), request)
    finally:
        if done is not None:
            _release(key, done)


def _keep(
    key: str, version: int, response: HttpResponse, request: HttpRequest
) -> Page | HttpResponse:
    """Keep the rendered page for every visitor, here and in the shared cache, and return it
    (a response not to share, as the view made it)."""
    # A page with a form token is this visitor's own and is never shared.
    if (
        response.status_code != 200
        or response.streaming
        or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    ):
        return response
    page = Page(version, time.time(), response.content, response["Content-Type"])
    cache.set(key, page, CACHE_SECONDS)
    shared_set(key, page)
    return page


def _release(key: str, done: threading.Event) -> None:
    with _rendering_lock:
        _rendering.pop(key, None)
    done.set()


def _refresh_later(
    key: str, version: int, render: Callable[[], HttpResponse], request: HttpRequest
) -> Callable[[], None] | None:
    """Return the rendering of the page's next copy, to run once this answer is sent, if this
    thread is to make it (None: a thread of this or another process already is)."""
    done = _claim(key)
    if done is None:
        return None
    # Not a page's key ("live:..."): a listing of the shared pages never takes it for one.
    claim = key.replace("live:", "live-claim:", 1)
    if not _claim_shared(claim):
        _release(key, done)
        return None

    def refresh() -> None:
        try:
            _keep(key, version, render(), request)
        except Exception:  # noqa: BLE001 (the answer is sent: the next poll renders it)
            logger.warning("live pages: a page could not be rendered anew", exc_info=True)
        finally:
            _unclaim_shared(claim)
            _release(key, done)

    return refresh


def _claim_shared(claim: str) -> bool:
    """Return whether this process may render the page (no other one is rendering it now)."""
    try:
        return bool(caches[SHARED_CACHE].add(claim, 1, WAIT_SECONDS))
    except Exception:  # noqa: BLE001 (the shared cache out of reach: each process renders)
        return True


def _unclaim_shared(claim: str) -> None:
    try:
        caches[SHARED_CACHE].delete(claim)
    except Exception:  # noqa: BLE001 (the claim ends by itself after WAIT_SECONDS)
        logger.warning("live pages: a claim could not be let go", exc_info=True)


def after_sent(response: HttpResponse, work: Callable[[], None] | None) -> HttpResponse:
    """Return the response, running `work` once the server has sent it (as it closes it, before
    the request's database connection is let go)."""
    if work is None:
        return response
    close = response.close

    def close_after() -> None:
        try:
            work()
        finally:
            close()

    response.close = close_after  # type: ignore[method-assign]
    return response


def shared_get(key: str) -> Page | None:
    """Return the page the shared cache holds under `key` (None also when it cannot be read)."""
    try:
        page: Page | None = caches[SHARED_CACHE].get(key)
    except Exception:  # noqa: BLE001 (Redis down, say: the page is rendered here instead)
        logger.warning("live pages: the shared cache could not be read", exc_info=True)
        return None
    return page


def shared_set(key: str, page: Page) -> None:
    """Leave the page in the shared cache for the other processes, if it can be reached."""
    try:
        caches[SHARED_CACHE].set(key, page, CACHE_SECONDS)
    except Exception:  # noqa: BLE001 (as in shared_get: the room is served all the same)
        logger.warning("live pages: the shared cache could not be written", exc_info=True)


def _young(page: Page | None) -> TypeGuard[Page]:
    """Return whether the page was made less than LIVE_REBUILD_SECONDS ago."""
    return page is not None and time.time() - page.made < settings.LIVE_REBUILD_SECONDS


def _recent(page: Page | None) -> TypeGuard[Page]:
    """Return whether the page may be served while its next copy is made: made less than
    LIVE_STALE_SECONDS ago, where pages may be a little old at all (LIVE_REBUILD_SECONDS > 0;
    0 is every change seen at once)."""
    return (
        page is not None
        and settings.LIVE_REBUILD_SECONDS > 0
        and time.time() - page.made < settings.LIVE_STALE_SECONDS
    )


def _held_newer(request: HttpRequest, tournament_id: int, version: int) -> str | None:
    """Return the visitor's ETag of this page if it shows `version` or a later one."""
    for etag in parse_etags(request.headers.get("If-None-Match", "")):
        parts = etag.strip('"').split("-")
        # isdecimal and a bound, not isdigit: int() refuses "²" and numbers of 4,300 digits
        if len(parts) < 4 or not parts[1].isdecimal() or len(parts[1]) > 18:
            continue
        held = etag_for(tournament_id, int(parts[1]), request)
        if held == etag and int(parts[1]) >= version:
            return etag
    return None


def _not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    response = get_conditional_response(request, etag=etag)
    if response is None:
        return None
    response["ETag"] = etag
    return _mark(response, request)


def _mark(response: HttpResponse, request: HttpRequest) -> HttpResponse:
    # Browsers keep the page but ask every time whether it changed (If-None-Match).
    if request.user.is_authenticated:
        patch_cache_control(response, no_cache=True, private=True)
    else:
        patch_cache_control(response, no_cache=True)
    return response


def private_page(
    request: HttpRequest, tournament_id: int, version: int, secret: str, render: View
) -> HttpResponse:
    """Return the page `render` makes, or 304 when the visitor already has it at this version.

    For pages opened by a secret (a table's own link): conditional like the public pages, but
    never shared or kept by the server, and kept by the browser only for this visitor.
    """
    if request.method not in ("GET", "HEAD"):
        return render()
    # The CSRF secret is in the tag (made now if the visitor has none yet, as the page's form
    # would): a page kept by the browser never holds a stale form token.
    get_token(request)
    mine = f"{secret} {request.META.get('CSRF_COOKIE', '')}"
    digest = hashlib.sha256(mine.encode()).hexdigest()[:12]
    etag = f'"{tournament_id}-{version}-{get_language()}-link{digest}"'
    hold_validator(request, etag)
    if _has_messages(request):
        # Shown once with its message (the page after a save): no ETag, so the browser's own
        # reload never brings the message back; its script polls with the page's validator.
        return render()
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render()
        if response.status_code != 200 or response.streaming:
            return response
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response
