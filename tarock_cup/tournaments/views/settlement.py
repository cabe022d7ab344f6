"""The day's money, for the tournament's directors only: the settlement settings, the day's
totals per player with the charity box, and the printable payout list."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tarock_cup.tournaments import settlement
from tarock_cup.tournaments.access import get_tournament_for_director, refuse_if_imported
from tarock_cup.tournaments.models import Settlement, Tournament
from tarock_cup.tournaments.settlement_forms import SettlementForm


@login_required
def settlement_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The director sets what a point is worth, the kontra money, the entry fee and the prizes."""
    tournament = get_tournament_for_director(request.user, slug)
    if refused := refuse_if_imported(request, tournament):
        return refused
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
    return render(
        request,
        "tournaments/settlement_form.html",
        {"tournament": tournament, "form": form, "settings": settings},
        status=400 if form.errors else 200,
    )


@login_required
def settlement_day(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the day's money: each player's amount and the charity box, table by table."""
    tournament = get_tournament_for_director(request.user, slug)
    settings = settlement.settlement_of(tournament)
    if settings is None:
        return redirect("settlement_edit", slug)
    day = settlement.day_money(tournament, settings, full_names=True)
    return render(
        request,
        "tournaments/settlement.html",
        {"tournament": tournament, "settings": settings, "day": day},
    )


@login_required
def settlement_payout(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the printable payout list: fees and prizes by place, and their balance."""
    tournament = get_tournament_for_director(request.user, slug)
    settings = settlement.settlement_of(tournament)
    if settings is None:
        return redirect("settlement_edit", slug)
    payout = settlement.payout_list(tournament, settings, full_names=True)
    return render(
        request,
        "tournaments/payout.html",
        {"tournament": tournament, "settings": settings, "payout": payout},
    )
