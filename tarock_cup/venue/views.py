"""The table's link without a connection: queued hands arrive here, and the service worker."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET, require_POST

from tarock_cup.tournaments import links
from tarock_cup.tournaments.models import Table
from tarock_cup.venue import queue

# The name of the service worker's cache; a new name drops what older workers kept.
CACHE_NAME = "tarock-table-1"


@require_POST
def queued_save(request: HttpRequest, token: str, number: int | None = None) -> JsonResponse:
    """Save a hand the table's phone queued (new, or hand `number` corrected); answer in JSON."""
    try:
        table = links.table_for_token(token)
    except Table.DoesNotExist:
        raise Http404 from None
    answer = queue.save(table, number, request.POST.get("key", "")[:100], request.POST)
    if answer.status == 200:
        # The phone loads the table's page once its queue is sent: the page says what was saved.
        messages.success(request, answer.body["message"], extra_tags="hand-saved")
    response = JsonResponse(answer.body, status=answer.status)
    patch_cache_control(response, no_store=True)
    return response


@require_GET
def table_worker(request: HttpRequest) -> HttpResponse:
    """Return the service worker that keeps the table's page for a reload without connection."""
    response = render(
        request,
        "venue/table_worker.js",
        {"cache_name": CACHE_NAME},
        content_type="text/javascript; charset=utf-8",
    )
    # Browsers look for a new worker at each visit; never kept by a cache on the way.
    patch_cache_control(response, no_cache=True)
    return response
