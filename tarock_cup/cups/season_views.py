"""Closing a cup's season (its ranking final, e.g. for a national final) and reopening it.

Only the cup's organisers; who closed it and when is kept, and reopening asks first.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.cups.access import get_cup_for_user
from tarock_cup.cups.models import Cup
from tarock_cup.tournaments.access import SignedInRequest


@login_required
@require_POST
def season_close(request: SignedInRequest, slug: str) -> HttpResponse:
    """Close the cup's season: its ranking is final (recorded: who, when)."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    if cup.season_closed:
        messages.info(request, _("The season is closed already."))
    else:
        cup.season_closed_at = timezone.now()
        cup.season_closed_by = request.user
        cup.save(update_fields=["season_closed_at", "season_closed_by"])
        messages.success(request, _("Season closed: its ranking is final."))
    return redirect("cup", cup.slug)


@login_required
def season_reopen(request: HttpRequest, slug: str) -> HttpResponse:
    """Ask first, then reopen the cup's season (its ranking is provisional again)."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    if request.method == "POST" and request.POST.get("confirm"):
        cup.season_closed_at = None
        cup.season_closed_by = None
        cup.save(update_fields=["season_closed_at", "season_closed_by"])
        messages.success(request, _("Season reopened: its ranking is provisional again."))
        return redirect("cup", cup.slug)
    return render(request, "cups/season_reopen.html", {"cup": cup})
