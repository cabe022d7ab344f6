"""The day's money, for the tournament's directors only: the settlement settings, the day's
totals per player with the charity box, and the printable payout list."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tarock_cup.pages import form_page
from tarock_cup.tournaments import settlement
from tarock_cup.tournaments.access import get_tournament_for_director, played_here
from tarock_cup.tournaments.models import Settlement, Tournament
from tarock_cup.tournaments.settlement_forms import SettlementForm


@login_required
def settlement_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The director sets what a point is worth, the kontra money, the entry fee and the prizes."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    settings = settlement.settlement_of(tournament)
    if request.method == "POST" and "off" in request.POST:
        Settlement.objects.filter(tournament=tournament).delete()
        Tournament.bump_version(tournament.pk)
        messages.success(request, _("This tournament settles no money now."))
        return redirect(tournament)
    form = SettlementForm(request.POST or None, instance=settings, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        form.save_all()
        messages.success(request, _("Settlement saved."))
        return redirect("settlement", slug)
    return form_page(
        request,
        "tournaments/settlement_form.html",
        {"tournament": tournament, "form": form, "settings": settings},
    )


def _money_page(
    request: HttpRequest, slug: str, template: str, name: str, build: Callable[..., Any]
) -> HttpResponse:
    """Render one of the day's money pages, `build` making its figures under `name`; without
    settlement settings, the director is sent to make them."""
    tournament = get_tournament_for_director(request.user, slug)
    settings = settlement.settlement_of(tournament)
    if settings is None:
        return redirect("settlement_edit", slug)
    figures = build(tournament, settings, full_names=True)
    return render(
        request, template, {"tournament": tournament, "settings": settings, name: figures}
    )


@login_required
def settlement_day(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the day's money: each player's amount and the charity box, table by table."""
    return _money_page(request, slug, "tournaments/settlement.html", "day", settlement.day_money)


@login_required
def settlement_payout(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the printable payout list: fees and prizes by place, and their balance."""
    return _money_page(request, slug, "tournaments/payout.html", "payout", settlement.payout_list)
