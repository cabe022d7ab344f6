"""The API's answers kept under their ETags, in this server process and for all the others.

An ETag says everything its answer is made of (etags.py), so an answer once written is kept
under it as the JSON text itself: asked again by a client without If-None-Match, or by another
client, it is sent without being computed or encoded again. Each server process keeps its own
copy (the default cache) and leaves one in the database's shared cache (the live pages' own,
`live.SHARED_CACHE`), so an answer is computed once for all processes, not once in each: a
process that just started, or dropped its copy, reads it back in one query.
"""

import functools
from collections.abc import Callable
from typing import Any

from django.core.cache import cache, caches
from django.http import HttpRequest, HttpResponse

from tarock_cup.tournaments.live import SHARED_CACHE

# Any change is a new ETag, so a new key: a day is only to let unused answers go.
KEEP_SECONDS = 24 * 3600

View = Callable[..., HttpResponse]
EtagFunc = Callable[..., str | None]


def kept_text(key: str, make: Callable[[], HttpResponse]) -> HttpResponse:
    """Return the answer kept under the key (here, else in the shared cache), made and kept
    first where neither has it; only a 200 answer is kept."""
    content: bytes | None = cache.get(key)
    if content is None:
        content = caches[SHARED_CACHE].get(key)
        if content is None:
            response = make()
            if response.status_code != 200:
                return response
            content = response.content
            caches[SHARED_CACHE].set(key, content, KEEP_SECONDS)
        cache.set(key, content, KEEP_SECONDS)
    return HttpResponse(content, content_type="application/json; charset=utf-8")


def kept_by_etag(etag_func: EtagFunc) -> Callable[[View], View]:
    """Keep the view's answer under its ETag (`etag_func`, as `condition` reads it)."""

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            etag = etag_func(request, *args, **kwargs)
            if etag is None:
                return view(request, *args, **kwargs)  # not found: the view answers why
            return kept_text(f"api-answer:{etag}", lambda: view(request, *args, **kwargs))

        return wrapper

    return decorator
