"""The table's own link (links.py): its players enter, correct and sign their sheet."""

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.client_ip import client_ip
from tarock_cup.tournaments import links, live, settlement, sheets
from tarock_cup.tournaments.models import Hand, Table
from tarock_cup.tournaments.views.entry import (
    Role,
    entry_for,
    hand_page,
    preview_fragment,
    table_hand_form,
)


def _get_link_table(token: str) -> Table:
    """Return the table of this link (404 for a token no table has)."""
    try:
        return links.table_for_token(token)
    except Table.DoesNotExist:
        raise Http404 from None


def _link_closed(request: HttpRequest, table: Table) -> HttpResponse:
    """Return the page that says the table's link takes nothing more (403 to a posted change)."""
    status = 403 if request.method == "POST" else 200
    context: dict[str, Any] = {"table": table, "tournament": table.round.tournament}
    if request.method == "POST" and request.POST.get("contract"):
        # A hand typed while the director closed the table: say it was not saved, and show it.
        context["typed"] = table_hand_form(table, request.POST).typed()
    return render(request, "tournaments/table_link_closed.html", context, status=status)


def table_code(request: HttpRequest) -> HttpResponse:
    """Return the page where a table types its code; a right code leads to the table's link."""
    error = None
    status = 200
    if request.method == "POST":
        try:
            table = links.table_for_code(request.POST.get("code", "")[:40], client_ip(request))
        except links.TooManyGuesses as refused:
            error, status = str(refused), 429
        except links.LinkError as refused:
            error, status = str(refused), 400
        else:
            return redirect("table_link", table.token)
    return render(request, "tournaments/table_code.html", {"error": error}, status=status)


def table_link(request: HttpRequest, token: str, number: int | None = None) -> HttpResponse:
    """Return the table's own page: its sheet, the entry form (new or corrected hand), sign-off."""
    # One small query tells an unchanged page (a 304); the table is read only to render it.
    found = links.link_version(token)
    if found is None:
        raise Http404
    tournament_id, version = found
    return live.private_page(
        request,
        tournament_id,
        version,
        token,
        lambda: _table_link_page(request, _get_link_table(token), number),
    )


def _table_link_page(request: HttpRequest, table: Table, number: int | None) -> HttpResponse:
    if not links.is_open(table):
        return _link_closed(request, table)
    hand = get_object_or_404(Hand, table=table, number=number) if number is not None else None
    link_url = reverse("table_link", args=[table.token])
    role = Role("tournaments/table_link.html", link_url, by_table=True)
    entry = entry_for(request, table, number, hand, role)
    if entry.done is not None:
        return entry.done
    preview_args = [table.token] if number is None else [table.token, number]
    return hand_page(
        request,
        table,
        number,
        hand,
        role,
        entry,
        history=sheets.hand_history(table, hand) if hand else [],
        link_token=table.token,
        link_url=link_url,
        preview_url=reverse(
            "table_link_preview" if number is None else "table_link_hand_preview",
            args=preview_args,
        ),
        can_sign=links.can_sign(table),
        sheet_state=links.sheet_state(table),
        sent_back=sheets.sent_back_reason(table),
        **settlement.money_context(table, full_names=False),
    )


@require_POST
def table_link_preview(request: HttpRequest, token: str, number: int | None = None) -> HttpResponse:
    """Return the preview fragment of a hand being entered through the table's link."""
    table = _get_link_table(token)
    if not links.is_open(table):
        raise PermissionDenied
    if number is not None:
        get_object_or_404(Hand, table=table, number=number)
    return preview_fragment(request, table, number)


@require_POST
def table_link_sign(request: HttpRequest, token: str) -> HttpResponse:
    """Record that the table's players confirm their sheet (each ticked their name)."""
    table = _get_link_table(token)
    if not links.is_open(table):
        return _link_closed(request, table)
    # A value that is no seat number ("²" is a digit int() refuses) is kept as no seat (-1), so
    # the sheet is not signed: refused with the message, never a 500.
    ticked = [
        int(seat) if seat.isdecimal() and len(seat) <= 3 else -1
        for seat in request.POST.getlist("seat")
    ]
    try:
        links.sign(table, ticked, seen=request.POST.get("state"))
    except links.LinkError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request,
            _("Sheet signed. The tournament director checks it and closes the table."),
        )
    return redirect("table_link", token)
