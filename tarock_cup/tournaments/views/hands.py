"""A table's score sheet for directors: entering, correcting, deleting and restoring hands,
closing and reopening the table.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring
from tarock_cup.tournaments import display, live, settlement, sheets
from tarock_cup.tournaments.access import (
    get_table,
    get_tournament_for_director,
    get_tournament_for_user,
    played_here,
)
from tarock_cup.tournaments.models import Change, Hand, Table, Tournament
from tarock_cup.tournaments.views.common import confirm, director_table, posted_int
from tarock_cup.tournaments.views.entry import (
    Entry,
    Role,
    conflict_message,
    entry_for,
    hand_page,
    preview_fragment,
    table_hand_form,
)


@live.live_page(round_stamp=live.round_named("round_number"))
def table_sheet(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int | None = None
) -> HttpResponse:
    """Return a table's score sheet; directors also get the entry form (new or edited hand)."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    tournament = played_here(get_tournament_for_user(request.user, slug))
    table = get_table(tournament, round_number, table_number)
    is_director = tournament.is_director(request.user)
    if not is_director and (number is not None or request.method == "POST"):
        raise PermissionDenied
    hand = get_object_or_404(Hand, table=table, number=number) if number is not None else None
    role = _director(table)
    entry = entry_for(request, table, number, hand, role) if is_director else Entry()
    if entry.done is not None:
        return entry.done
    return _table_page(request, table, number, hand, entry, is_director)


def _director(table: Table) -> Role:
    """Return the director's role on a table's page: its own template, back to the table."""
    return Role("tournaments/table.html", table.get_absolute_url())


def _table_page(
    request: HttpRequest,
    table: Table,
    number: int | None,
    hand: Hand | None,
    entry: Entry,
    is_director: bool,
) -> HttpResponse:
    """Return a table's score sheet page; a director's has the entry form (of hand `number`,
    or of a new hand) and the histories."""
    return hand_page(
        request,
        table,
        number,
        hand,
        _director(table),
        entry,
        is_director=is_director,
        history=sheets.hand_history(table, hand) if is_director and hand else [],
        deleted=sheets.deleted_hands(table) if is_director and not hand else [],
        table_history=sheets.table_history(table) if is_director else [],
        paper_history=sheets.paper_history(table) if is_director else [],
        # the table's money is its directors' (and its players', on its own link)
        **(settlement.money_context(table, full_names=True) if is_director else {}),
    )


@login_required
@require_POST
def hand_preview(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int | None = None
) -> HttpResponse:
    """Return the preview fragment of a hand being entered (for the live preview)."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    table = get_table(tournament, round_number, table_number)
    if number is not None:
        # An edit preview of a hand that is not on the sheet (any more) is a 404, not a crash.
        get_object_or_404(Hand, table=table, number=number)
    return preview_fragment(request, table, number)


@login_required
@require_POST
def hand_delete(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int
) -> HttpResponse:
    tournament, table = director_table(request, slug, round_number, table_number)
    version = posted_int(request, "version")
    if version is None:
        # Without the version the page showed, a hand changed meanwhile would be deleted
        # unseen: the hand's page is shown again, and nothing is deleted.
        hand = get_object_or_404(Hand, table=table, number=number)
        messages.error(
            request,
            _(
                "The page did not say which state of hand %(n)s it shows. Nothing was deleted; "
                "please check the hand and delete it again."
            )
            % {"n": number},
        )
        # Only a director deletes: the form names the players in full.
        form = table_hand_form(table, number=number, stored=hand.data, full_names=True)
        return _table_page(request, table, number, hand, Entry(form, status=400), True)
    try:
        sheets.delete_hand(table, number, user=request.user, version=version)
    except sheets.Conflict as conflict:
        messages.error(request, conflict_message(table, conflict))
    except sheets.Refused as refused:
        messages.error(request, str(refused))
    except scoring.ScoringError as error:
        messages.error(
            request,
            _("The hand cannot be deleted: %(error)s") % {"error": display.error_text(error)},
        )
    else:
        messages.success(request, _("Hand %(n)s deleted; later hands renumbered.") % {"n": number})
    return redirect(table)


@login_required
@require_POST
def hand_restore(
    request: HttpRequest, slug: str, round_number: int, table_number: int, change_id: int
) -> HttpResponse:
    """Restore a hand as it was before or after a recorded change, or bring back a deleted one."""
    tournament, table = director_table(request, slug, round_number, table_number)
    change = get_object_or_404(Change, pk=change_id, table=table, kind=Change.Kind.HAND)
    try:
        if change.action == Change.Action.DELETE:
            if change.after:
                raise Http404
            hand = sheets.restore_deleted(table, change, user=request.user)
        else:
            hand = get_object_or_404(Hand, table=table, pk=change.object_id)
            state = change.before if request.POST.get("state") == "before" else change.after
            if not state:
                raise Http404
            hand = sheets.save_hand(
                table,
                state["data"],
                number=hand.number,
                user=request.user,
                action=Change.Action.RESTORE,
            )
    except sheets.Refused as refused:
        messages.error(request, str(refused))
        return redirect(table)
    except scoring.ScoringError as error:
        messages.error(
            request,
            _("The hand cannot be restored: %(error)s") % {"error": display.error_text(error)},
        )
        return redirect(table)
    messages.success(request, _("Hand %(n)s restored.") % {"n": hand.number})
    return redirect(table)


@login_required
@require_POST
def table_finish(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Close a table to entries (before all its hands only when confirmed), or reopen it."""
    tournament, table = director_table(request, slug, round_number, table_number)
    if request.POST.get("finished") != "1":
        return _reopen_table(request, tournament, table)
    try:
        played, due = sheets.close_table(
            table, user=request.user, early=request.POST.get("confirm") == "1"
        )
    except sheets.EarlyClose as early:
        return confirm(
            request,
            tournament,
            title=_("Close table %(t)s early?") % {"t": table.number},
            points=[
                _("Only %(n)s of %(due)s hands are entered.")
                % {"n": early.played, "due": early.due},
                _(
                    "Its players stand on the hands they played. No hand can be entered or "
                    "corrected until a director reopens the table."
                ),
            ],
            fields={"finished": "1", "confirm": "1", "back": request.POST.get("back", "")},
            confirm_label=_("Close with %(n)s hands") % {"n": early.played},
            cancel_url=table.get_absolute_url(),
        )
    if played < due:
        message = _(
            "Table %(t)s closed after %(n)s of %(due)s hands; its players stand on the hands "
            "they played. Reopen it to add more."
        )
    else:
        message = _("Table %(t)s closed with %(n)s hands.")
    messages.success(request, message % {"t": table.number, "n": played, "due": due})
    return redirect(_back(request, table))


REASON_MAX = 300


def _reopen_table(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    """Reopen a closed table, or send a signed sheet back to its table, after asking (with the
    reason the table's phone shows, for a sheet sent back)."""
    send_back = not table.finished
    # A note on one line, without control characters (nothing a phone or a backup trips over).
    typed = "".join(ch for ch in request.POST.get("reason", "") if ch.isprintable() or ch.isspace())
    reason = " ".join(typed.split())[:REASON_MAX]
    if request.POST.get("confirm") != "1":
        return confirm(
            request,
            tournament,
            title=(_("Send table %(t)s's sheet back?") if send_back else _("Reopen table %(t)s?"))
            % {"t": table.number},
            points=[
                _("Its players' confirmation is cleared; they confirm the sheet again.")
                if send_back
                else _("Its hands can be entered and corrected again, at the table too."),
            ],
            reason_max=REASON_MAX if send_back else None,
            fields={"finished": "0", "confirm": "1", "back": request.POST.get("back", "")},
            confirm_label=_("Send back") if send_back else _("Reopen table"),
            cancel_url=_back(request, table),
        )
    sheets.reopen_table(table, user=request.user, reason=reason)
    if send_back:
        message = _("Table %(t)s's sheet is sent back to its players.")
    else:
        message = _("Table %(t)s reopened: hands can be entered and corrected again.")
    messages.success(request, message % {"t": table.number})
    return redirect(_back(request, table))


def _back(request: HttpRequest, table: Table) -> str:
    """Return where a table's closing or reopening leads: its round's page, or the table."""
    if request.POST.get("back") == "round":
        return reverse("round", args=[table.round.tournament.slug, table.round.number])
    return table.get_absolute_url()
