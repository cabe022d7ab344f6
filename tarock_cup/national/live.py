"""The national ranking's polled pages (the ranking and its projector view): cheap when nothing
changed, rendered once per change for every visitor.

Their validator says everything the national ranking is made of, read in one small query: the
final's settings, each invited cup's settings and consent, the versions of the cups' public
tournaments (Tournament.version rises with every change of a tournament, an imported ranking's
corrections included) and which tournaments each cup counts, the declines, the register's log,
and the final tournament, whose results count only once its last round is complete (until then
a hand saved at the final changes nothing these pages show). An unchanged poll is a 304 after
that query; a changed page is rendered once and shared across processes as the tournaments'
live pages are (`tournaments.live`), whatever query string a visitor adds.

A signed-in visitor's page holds their own forms (consent, declines): it is rendered for them,
never shared, and not kept by the browser.
"""

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery, Sum
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language

from tarock_cup.cups.models import CupTournament
from tarock_cup.cups.season import is_complete, ranking_annotations
from tarock_cup.national.models import Decline, NationalFinal
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.live import Page, after_sent, share_query, shared_page

View = Callable[..., HttpResponse]

# What of the final and of each invited cup the pages show or rank by (one row per cup).
FINAL_FIELDS = ("pk", "name", "season", "final_points", "tournament_id")
CUP_FIELDS = (
    tuple(
        f"cups__{name}"
        for name in ("pk", "level", "own_points", "accepted_at", "cup__slug", "cup__name")
    )
    + tuple(
        f"cups__cup__{name}"
        for name in ("season", "points", "best", "final_factor", "qualify", "public")
    )
    + ("cups__cup__season_closed_at",)
)
DAY_FIELDS = tuple(
    f"tournament__{name}"
    for name in ("public", "name", "slug", "rounds_planned", "version", "tie_breakers", "lot_seed")
)
DAY_COUNTS = ("rounds", "finished", "imported")


def _sum(queryset: Any, final: str, expression: Any) -> Subquery:
    """Return a subquery of the aggregate `expression` over the rows of `queryset` (those of
    one final, which `final` names)."""
    return Subquery(
        queryset.values(final).annotate(total=expression).values("total")[:1],
        output_field=IntegerField(),
    )


def _annotations() -> dict[str, Any]:
    final = OuterRef("pk")
    by = "cup__national_entries__final"
    counted = CupTournament.objects.filter(**{by: final}, tournament__public=True)
    declines = Decline.objects.filter(entry__final=final)
    day = ranking_annotations(OuterRef("tournament"))
    return {
        "t_versions": _sum(counted, by, Sum("tournament__version")),
        "t_entries": _sum(counted, by, Sum("pk")),
        "t_count": _sum(counted, by, Count("pk")),
        "t_finals": _sum(counted, by, Count("pk", filter=Q(final=True))),
        "declines": _sum(declines, "entry__final", Sum("pk")),
        "declines_count": _sum(declines, "entry__final", Count("pk")),
        "register_log": Subquery(PlayerChange.objects.order_by("-pk").values("pk")[:1]),
        **{f"day_{name}": day[name] for name in DAY_COUNTS},
    }


def national_version(slug: str) -> tuple[int, int] | None:
    """Return the final's pk and the version of what its ranking pages show, in one query (or
    None when there is no such final)."""
    annotations = _annotations()
    rows = list(
        NationalFinal.objects.filter(slug=slug)
        .annotate(**annotations)
        .order_by("cups__pk")
        .values_list(*FINAL_FIELDS, *DAY_FIELDS, *annotations, *CUP_FIELDS)
    )
    if not rows:
        return None
    first = dict(zip((*FINAL_FIELDS, *DAY_FIELDS, *annotations), rows[0], strict=False))
    cups = [row[len(FINAL_FIELDS) + len(DAY_FIELDS) + len(annotations) :] for row in rows]
    parts = [
        get_language(),
        [first[name] for name in FINAL_FIELDS],
        [first[name] for name in annotations if not name.startswith("day_")],
        _day_part(first),
        cups,
    ]
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()
    # 60 bits: a page's version is a whole number (tournaments.live.Page).
    return first["pk"], int(digest[:15], 16)


def _day_part(row: dict[str, Any]) -> list[Any]:
    """Return what the pages show of the final tournament: hidden, nothing; before its last
    round is complete, its name and how far it is; then its results' version too."""
    if not row["tournament__public"]:
        return []
    shown = [row[f"tournament__{name}"] for name in ("name", "slug", "rounds_planned")]
    shown += [row[f"day_{name}"] for name in DAY_COUNTS]
    complete = row["day_imported"] or is_complete(
        row["day_rounds"], row["day_finished"], row["tournament__rounds_planned"]
    )
    if complete:
        shown += [row[f"tournament__{name}"] for name in ("version", "tie_breakers", "lot_seed")]
    return shown


def _etag(final_id: int, version: int) -> str:
    return f'"oef-{final_id}-{version:x}-{get_language()}"'


def national_page(view: View) -> View:
    """Decorate a national ranking page (its argument the final's slug) with conditional GET
    by national_version and a shared copy for visitors who are not signed in."""

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str) -> HttpResponse:
        waiting = len(messages.get_messages(request)) > 0  # a message must reach the page
        if request.method not in ("GET", "HEAD") or waiting or request.user.is_authenticated:
            response = view(request, slug)
            patch_cache_control(response, no_cache=True, private=True)
            return response
        found = national_version(slug)
        if found is None:
            return view(request, slug)
        final_id, version = found
        etag = _etag(final_id, version)
        unchanged = _not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        share_query(request, "")  # the pages read no query parameter
        shown = f"{get_language()} {view.__qualname__} {slug}"
        key = f"national:{final_id}:" + hashlib.sha256(shown.encode()).hexdigest()
        page, then = shared_page(key, version, lambda: view(request, slug), request)
        if not isinstance(page, Page):
            return page  # not a page to share (the engine's refusal): as the view made it
        # A page made a moment ago may show the version before this one (tournaments.live):
        # its own ETag says so, and the next poll asks again.
        etag = _etag(final_id, page.version)
        unchanged = _not_modified(request, etag)
        if unchanged is not None:
            return after_sent(unchanged, then)
        response = HttpResponse(page.content, content_type=page.content_type)
        response["ETag"] = etag
        patch_cache_control(response, no_cache=True)
        return after_sent(response, then)

    return wrapper


def _not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    response = get_conditional_response(request, etag=etag)
    if response is None:
        return None
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response
