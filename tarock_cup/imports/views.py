"""Views of the imports: check permission, validate the form, call domain code, render."""

from typing import Any, TypedDict, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

import scoring
from tarock_cup import downloads, previews
from tarock_cup.imports import players, sheets_json
from tarock_cup.imports.forms import PlayerImportForm, SheetUploadForm
from tarock_cup.pages import form_page
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.access import (
    get_table,
    get_tournament_for_director,
    get_tournament_for_user,
    played_here,
)
from tarock_cup.tournaments.models import Tournament
from tarock_cup.tournaments.naming import sees_full_names
from tarock_cup.tournaments.views.common import director_table


def _session_key(tournament: Tournament) -> str:
    return f"imports.players.{tournament.pk}"


class PendingImport(TypedDict):
    """A previewed player import, kept in the session until the director confirms it."""

    token: str
    filename: str
    rows: list[dict[str, Any]]
    signature: list[tuple[Any, ...]]


def _preview(
    request: HttpRequest,
    tournament: Tournament,
    pending: PendingImport,
    the_plan: players.Plan,
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "imports/players_preview.html",
        {
            "tournament": tournament,
            "plan": the_plan,
            # Each row to choose with its choice: as sent (shown again) or as it starts.
            "choose": [
                (row, request.POST.get(f"choice-{row.line}", row.initial_choice))
                for row in the_plan.choose
            ],
            "filename": pending["filename"],
            "token": pending["token"],
        },
        status=status,
    )


@login_required
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a player list and show what importing it would do; nothing is saved here."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    bound = request.method == "POST"
    form = PlayerImportForm(request.POST if bound else None, request.FILES if bound else None)
    if bound and form.is_valid():
        rows = form.cleaned_data["rows"]
        the_plan = players.plan(tournament, rows, request.user)
        kept = previews.keep(
            request,
            _session_key(tournament),
            the_plan.signature(),
            filename=form.cleaned_data["file"].name,
            rows=[row.as_dict() for row in rows],
        )
        return _preview(request, tournament, cast(PendingImport, kept), the_plan)
    return form_page(
        request,
        "imports/players_import.html",
        {"tournament": tournament, "form": form},
    )


@login_required
@require_POST
def players_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Carry out the previewed import: create the new players and register all (present only
    when the preview's box was ticked)."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    key = _session_key(tournament)
    sent = previews.sent_back(request, key)
    if sent is None:
        return redirect("players_import", slug)
    kept = cast(PendingImport, sent)
    # Decided again now: the players may have changed since the preview.
    the_plan = players.plan(tournament, kept["rows"], request.user)
    if not previews.unchanged(request, key, sent, the_plan.signature()):
        return _preview(request, tournament, kept, the_plan)
    choices = {k.removeprefix("choice-"): v for k, v in request.POST.dict().items()}
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    try:
        decided = players.with_choices(the_plan, choices, registered)
        count = players.apply(
            tournament, decided, request.user, checked_in=request.POST.get("checked_in") == "1"
        )
    except players.ChoiceError as error:
        messages.error(request, str(error))
        return _preview(request, tournament, kept, the_plan, status=400)
    except IntegrityError:
        messages.error(
            request, _("Another change came in between; nothing was imported. Try again.")
        )
        return redirect("players_import", slug)
    previews.done(request, key)
    messages.success(
        request,
        ngettext("%(n)s player registered.", "%(n)s players registered.", count) % {"n": count},
    )
    return redirect("registrations", slug)


def sheet_download(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Return the table's score sheet as a JSON file (for whoever may see the table)."""
    tournament = get_tournament_for_user(request.user, slug)
    table = get_table(tournament, round_number, table_number)
    return downloads.attachment(
        sheets_json.export_json(table, sees_full_names(request.user, tournament)),
        sheets_json.filename(table),
        "application/json; charset=utf-8",
    )


@login_required
def sheet_upload(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Fill a table's hands from a score sheet file, replacing those entered (after asking)."""
    tournament, table = director_table(request, slug, round_number, table_number)
    bound = request.method == "POST"
    form = SheetUploadForm(table, request.POST if bound else None, request.FILES if bound else None)
    if bound and form.is_valid():
        try:
            count = sheets_json.replace_hands(table, form.cleaned_data["hands"], request.user)
        except scoring.ScoringError as error:
            form.add_error(None, sheets_json.refusal(error))
        except sheets.Refused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(
                request,
                ngettext("%(n)s hand imported.", "%(n)s hands imported.", count) % {"n": count},
            )
            return redirect(table)
    return form_page(
        request,
        "imports/sheet_upload.html",
        {"tournament": tournament, "table": table, "form": form},
    )
