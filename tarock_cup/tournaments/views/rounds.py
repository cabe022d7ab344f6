"""Rounds: the draw, the seating list and score cards, swaps, the clock, closing a round."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

import scoring
from tarock_cup import public_url
from tarock_cup.tournaments import clock, display, links, live, round_tables, rounds, seating
from tarock_cup.tournaments.access import (
    get_tournament_for_director,
    get_tournament_for_user,
    played_here,
)
from tarock_cup.tournaments.forms import SwapForm
from tarock_cup.tournaments.models import Round
from tarock_cup.tournaments.views.common import confirm, director_round, posted_int


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the seating of the next round (asking first while tables are open)."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    try:
        number = rounds.draw_round(
            tournament, user=request.user, confirmed=posted_int(request, "confirm")
        )
    except rounds.NeedsConfirmation as ask:
        return confirm(
            request,
            tournament,
            title=_("Draw round %(n)s now?") % {"n": ask.number},
            points=ask.concerns,
            note=_("Hands can still be entered at open tables after the draw."),
            fields={"confirm": ask.number},
            confirm_label=_("Draw round %(n)s anyway") % {"n": ask.number},
            cancel_url=tournament.get_absolute_url(),
        )
    except seating.SeatingError as error:
        messages.error(request, display.engine_text(error.template, error.params))
        return redirect(tournament)
    round_ = tournament.rounds.get(number=number)
    drawn = _("Round %(n)s drawn.") % {"n": number}
    messages.success(request, f"{drawn} {rounds.describe_repeats(round_)}".strip())
    return redirect("round", slug, number)


@login_required
@require_POST
def round_withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Withdraw a drawn round that has no hands (after asking); the history keeps its seating."""
    tournament, round_ = director_round(request, slug, number)
    if request.POST.get("confirm") != "1" and rounds.withdrawable(round_) is None:
        return confirm(
            request,
            tournament,
            title=_("Withdraw round %(n)s?") % {"n": number},
            points=[
                _("Its seating list and score cards become void; the history keeps who sat where."),
                _("The next draw draws round %(n)s again, from the players checked in then.")
                % {"n": number},
            ],
            fields={"confirm": "1"},
            confirm_label=_("Withdraw round %(n)s") % {"n": number},
            cancel_url=reverse("round", args=[slug, number]),
        )
    try:
        rounds.withdraw_round(round_, user=request.user)
    except rounds.RoundError as error:
        messages.error(request, str(error))
        return redirect("round", slug, number)
    messages.success(request, _("Round %(n)s withdrawn.") % {"n": number})
    return redirect(tournament)


@login_required
@require_POST
def round_seat_late(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Seat the players checked in after the draw, in a round that has no hands yet."""
    tournament, round_ = director_round(request, slug, number)
    try:
        placed = rounds.seat_late_arrivals(round_, user=request.user)
    except rounds.RoundError as error:
        messages.error(request, str(error))
        return redirect("round", slug, number)
    seated = ", ".join(
        _("%(name)s at table %(t)s") % {"name": player.name, "t": table} for player, table in placed
    )
    messages.success(
        request,
        _("Seated: %(list)s.") % {"list": seated} if placed else _("Nobody is waiting for a seat."),
    )
    return redirect("round", slug, number)


@live.live_page(round_stamp=live.round_named("number"))
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Return the seating list of a round (printable)."""
    tournament = get_tournament_for_user(request.user, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    is_director = tournament.is_director(request.user)
    # The links are the tables' secrets: only a director's seating list shows them.
    base = public_url.absolute_url(request, "/") if is_director else None
    # A director sees the full names (naming.sees_full_names), as on every page of theirs.
    shown = round_tables.table_blocks(round_, full_names=is_director, director_base=base)
    started = shown.started
    swap_form = SwapForm(round_) if is_director and not started else None
    return render(
        request,
        "tournaments/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "table_blocks": shown.html,
            "is_director": is_director,
            "swap_form": swap_form,
            "repeats": rounds.describe_repeats(round_),
            "late": rounds.late_arrivals(round_) if is_director and not started else [],
            "clock": clock.clock_of(round_),
            "withdrawable": is_director and not started and rounds.withdrawable(round_) is None,
        },
    )


def score_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Return the printable score cards of a round, one per table, with the deal order."""
    tournament = get_tournament_for_user(request.user, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    # The links are the tables' secrets: only a director's cards carry them.
    base = public_url.absolute_url(request, "/") if tournament.is_director(request.user) else None
    cards = []
    for table in round_.tables.prefetch_related("seats__player"):
        if base is not None:
            links.attach(table, base)
        seats = list(table.seats.all())
        count = table.hands_due(len(seats))
        rows = [
            {"number": n, "dealer": seats[table.dealer_of(n, len(seats))]}
            for n in range(1, count + 1)
        ]
        cards.append(
            {
                "table": table,
                "seats": seats,
                "rows": rows,
                "first_dealer": seats[table.dealer_of(1, len(seats))],
            }
        )
    return render(
        request,
        "tournaments/score_cards.html",
        {
            "tournament": tournament,
            "round": round_,
            "cards": cards,
            "ruleset": (ruleset := tournament.ruleset_info()),
            # a column to mark doubled deals only where deals can count double
            "doubles": scoring.double_deals(ruleset, tournament.options) > 0,
            "table_code_url": public_url.absolute_url(request, reverse("table_code")),
        },
    )


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Exchange two players' seats before the round starts."""
    tournament, round_ = director_round(request, slug, number)
    form = SwapForm(round_, request.POST)
    if round_.started:
        messages.error(request, _("Hands have been entered; the seating can no longer change."))
    elif form.is_valid():
        rounds.swap_players(
            round_, form.cleaned_data["first"], form.cleaned_data["second"], user=request.user
        )
        messages.success(request, _("Players swapped."))
    else:
        messages.error(request, _("Choose two different players of this round."))
    return redirect("round", slug, number)


@login_required
@require_POST
def round_finish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close the round with its tables still playing, or reopen it; either after asking."""
    tournament, round_ = director_round(request, slug, number)
    finished = request.POST.get("finished") == "1"
    if finished == round_.finished:
        return redirect("round", slug, number)
    if request.POST.get("confirm") != "1":
        return confirm(
            request,
            tournament,
            fields={"finished": "1" if finished else "0", "confirm": "1"},
            cancel_url=reverse("round", args=[slug, number]),
            **(_close_round_question(round_) if finished else _reopen_round_question(round_)),
        )
    if not finished:
        links.finish_round(round_, False, user=request.user)
        messages.success(request, _("Round %(n)s reopened.") % {"n": number})
        return redirect("round", slug, number)
    closed = clock.close_round(round_, user=request.user)
    message = _("Round %(n)s closed.") % {"n": number}
    if closed:
        message += " " + _("Closed with it: %(tables)s.") % {"tables": _closed_text(closed)}
    messages.success(request, message)
    return redirect("round", slug, number)


def _close_round_question(round_: Round) -> dict[str, Any]:
    """Return the question before a round is closed: which tables are still playing."""
    still_open = rounds.open_tables(round_)
    points = [
        _("No hand of this round can be entered or corrected until a director reopens it."),
    ]
    if still_open:
        points[:0] = [
            _("Still playing (hands entered of those due): %(tables)s.")
            % {"tables": ", ".join(still_open)},
            _(
                "These tables are closed with the hands they have played; their players stand "
                "on those hands."
            ),
        ]
    return {
        "title": _("Close round %(n)s?") % {"n": round_.number},
        "points": points,
        "confirm_label": _("Close round %(n)s") % {"n": round_.number},
    }


def _reopen_round_question(round_: Round) -> dict[str, Any]:
    """Return the question before a closed round is opened to entries again."""
    return {
        "title": _("Reopen round %(n)s?") % {"n": round_.number},
        "points": [
            _(
                "Its tables stay closed: reopen a table to let its hands be entered or corrected "
                "again. Standings change with every corrected hand."
            )
        ],
        "confirm_label": _("Reopen round %(n)s") % {"n": round_.number},
    }


def _closed_text(closed: list[clock.Closed]) -> str:
    """Return the tables closed in one step, each with its hands played of those due."""
    return ", ".join(
        _("table %(t)s after %(n)s of %(due)s hands")
        % {"t": table.number, "n": table.played, "due": table.due}
        for table in closed
    )


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Start, pause, resume or extend the round's clock."""
    tournament, round_ = director_round(request, slug, number)
    action = request.POST.get("action", "")
    try:
        clock.act(round_, action, posted_int(request, "minutes"), user=request.user)
    except clock.ClockError as error:
        messages.error(request, str(error))
    else:
        done = {
            "start": _("The clock of round %(n)s is running."),
            "pause": _("The clock of round %(n)s is paused."),
            "resume": _("The clock of round %(n)s is running again."),
            "extend": _("The clock of round %(n)s is extended."),
        }
        messages.success(request, done[action] % {"n": number})
    return redirect("round", slug, number)


@login_required
@require_POST
def round_close_open(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close every table of the round still playing (after asking), each with its hands."""
    tournament, round_ = director_round(request, slug, number)
    still_open = rounds.open_tables(round_)
    if not still_open:
        messages.info(request, _("No table of round %(n)s is still open.") % {"n": number})
        return redirect("round", slug, number)
    if request.POST.get("confirm") != "1":
        return confirm(
            request,
            tournament,
            title=_("Close the tables still playing in round %(n)s?") % {"n": number},
            points=[
                _("Still playing (hands entered of those due): %(tables)s.")
                % {"tables": ", ".join(still_open)},
                _(
                    "Each table is closed with the hands it has played; its players stand on "
                    "those hands. The history records each table with its hands, and a director "
                    "can reopen a table."
                ),
            ],
            fields={"confirm": "1"},
            confirm_label=ngettext("Close %(n)s table", "Close %(n)s tables", len(still_open))
            % {"n": len(still_open)},
            cancel_url=reverse("round", args=[slug, number]),
        )
    closed = clock.close_open_tables(round_, user=request.user)
    messages.success(request, _("Closed: %(tables)s.") % {"tables": _closed_text(closed)})
    return redirect("round", slug, number)
