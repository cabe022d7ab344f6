"""A table's paper block: its round totals recorded instead of the hands, or replaced by them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring
from tarock_cup.pages import form_page
from tarock_cup.tournaments import display, sheets
from tarock_cup.tournaments.access import get_table, get_tournament_for_director, played_here
from tarock_cup.tournaments.forms import PaperForm
from tarock_cup.tournaments.views.common import confirm, director_table


@login_required
def table_paper(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Record or correct a table's round from its paper block: the players' round totals."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    table = get_table(tournament, round_number, table_number)
    initial = (
        PaperForm.initial_from(table.paper)
        if table.paper is not None
        else {"hands": table.hands_due()}
    )
    entered = table.hands.count()
    form = PaperForm(
        sheets.seat_names(table),
        request.POST if request.method == "POST" else None,
        entered=entered,
        has_paper=table.paper is not None,
        initial=initial,
    )
    if request.method == "POST" and form.is_valid():
        try:
            sheets.record_paper(
                table,
                form.to_data(),
                user=request.user,
                over_hands=bool(form.cleaned_data.get("over_hands")),
            )
        except scoring.ScoringError as error:
            form.add_engine_error(error.field, display.error_reason(error))
        except sheets.Refused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(
                request,
                _("Table %(t)s: the paper block's totals are recorded; the standings count them.")
                % {"t": table.number},
            )
            return redirect(table)
    return form_page(
        request,
        "tournaments/paper.html",
        {
            "tournament": tournament,
            "table": table,
            "form": form,
            "entered": entered,
            "hands_due": table.hands_due(),
        },
    )


@login_required
@require_POST
def table_paper_replace(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Let the entered hands count instead of the paper block, after showing the difference."""
    tournament, table = director_table(request, slug, round_number, table_number)
    if table.paper is None:
        messages.error(
            request, _("Table %(t)s has no paper block to replace.") % {"t": table.number}
        )
        return redirect(table)
    if request.POST.get("confirm") != "1":
        entered = table.hands.count()
        points = [
            _("%(name)s: paper block %(paper)s, entered hands %(hands)s, difference %(diff)s")
            % {
                "name": row["name"],
                "paper": display.signed_text(row["paper"]),
                "hands": display.signed_text(row["hands"]),
                "diff": display.signed_text(row["difference"]),
            }
            for row in sheets.paper_rows(table)
        ]
        points.append(
            _(
                "The paper block records %(paper)s hands; %(n)s are entered. From now on the "
                "standings count the entered hands."
            )
            % {"paper": table.paper["hands"], "n": entered}
        )
        return confirm(
            request,
            tournament,
            title=_("Replace the paper totals of table %(t)s by the entered hands?")
            % {"t": table.number},
            points=points,
            fields={"confirm": "1", "seen": sheets.paper_state(table)},
            confirm_label=_("Replace by the %(n)s entered hands") % {"n": entered},
            cancel_url=table.get_absolute_url(),
        )
    try:
        sheets.replace_paper(table, user=request.user, seen=request.POST.get("seen", ""))
    except sheets.Refused as refused:
        messages.error(request, str(refused))
    except scoring.ScoringError as error:
        messages.error(request, display.error_text(error))
    else:
        messages.success(
            request,
            _("Table %(t)s: the entered hands now count instead of the paper block.")
            % {"t": table.number},
        )
    return redirect(table)
