"""The national final's pages: the public ranking (and its projector view and downloads), and
what its organiser and the cups' organisers do there.

Who may do what is `national.access`; the ranking is `national.ranking`, the arithmetic
scoring.oef's.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.oef import OefError
from tarock_cup.cups.access import visible_cups
from tarock_cup.national import access
from tarock_cup.national.forms import (
    FinalSettingsForm,
    InviteForm,
    NationalFinalForm,
    table_text,
)
from tarock_cup.national.live import national_page
from tarock_cup.national.models import Decline, NationalCup, NationalFinal
from tarock_cup.national.ranking import National, build_national
from tarock_cup.national.rows import ranking_rows
from tarock_cup.tournaments.access import SignedInRequest
from tarock_cup.tournaments.display import upload_error_text
from tarock_cup.tournaments.models import Player


def _ranked(final: NationalFinal) -> tuple[National | None, str]:
    """Return the final ranked, or None and why the engine refuses what is stored."""
    try:
        return build_national(final), ""
    except OefError as error:
        return None, upload_error_text(error)


def national_list(request: HttpRequest) -> HttpResponse:
    """List the national finals; show an organiser the invitations waiting for their cups."""
    waiting = NationalCup.objects.none()
    if request.user.is_authenticated:
        waiting = NationalCup.objects.filter(
            cup__in=access.organised_cups(request.user), accepted_at__isnull=True
        ).select_related("cup", "final")
    return render(
        request,
        "national/list.html",
        {
            "finals": NationalFinal.objects.all(),
            "waiting": waiting,
            "may_create": access.may_create_final(request.user),
        },
    )


@login_required
def national_new(request: SignedInRequest) -> HttpResponse:
    """Create a national final (organisers of a cup only); its creator runs it."""
    if not access.may_create_final(request.user):
        raise PermissionDenied
    form = NationalFinalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        final = form.save(commit=False)
        final.organiser = request.user
        final.save()
        messages.success(request, _("National final created. Now invite the cups."))
        return redirect("national_manage", final.slug)
    return render(request, "national/new.html", {"form": form})


@national_page
def national_final(request: HttpRequest, slug: str) -> HttpResponse:
    """The public national ranking with each cup's qualification list."""
    final = access.get_final(slug)
    national, reason = _ranked(final)
    user = request.user
    entries = list(final.cups.select_related("cup", "final"))
    # A cup hidden from this visitor is not named, even as one whose results do not count.
    shown = visible_cups(user).filter(pk__in=[e.cup_id for e in entries])
    seen = set(shown.values_list("pk", flat=True))
    lines = [line for line in national.cups if line.entry.cup_id in seen] if national else []
    accepts = {entry.pk for entry in entries if entry.cup.is_organiser(user)}
    speaks = {entry.pk for entry in entries if access.speaks_for_cup(user, entry)}
    return render(
        request,
        "national/final.html",
        {
            "final": final,
            "national": national,
            "lines": lines,
            "rows": ranking_rows(national) if national else [],
            "reason": reason,
            "is_organiser": final.is_organiser(user),
            "speaks": speaks,
            "accepts": accepts,
        },
        status=200 if national else 409,
    )


@national_page
def national_projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The national ranking in large type, for a room's projector or a phone held up."""
    final = access.get_final(slug)
    national, reason = _ranked(final)
    rows = ranking_rows(national) if national else []
    return render(
        request,
        "national/projector.html",
        {"final": final, "national": national, "reason": reason, "rows": rows},
    )


@login_required
def national_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The final's organiser: the final points, the final tournament, and the cups invited."""
    final = access.get_final_for_organiser(request.user, slug)
    initial = {
        "final_points": table_text(final.final_points),
        "tournament": final.tournament.slug if final.tournament else "",
    }
    form = FinalSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        final.final_points = form.cleaned_data["final_points"]
        final.tournament = form.cleaned_data["tournament"]
        final.save(update_fields=["final_points", "tournament"])
        messages.success(request, _("Saved."))
        return redirect("national_manage", final.slug)
    return _manage_page(request, final, form, _invite_form(request, final))


def _invite_form(request: HttpRequest, final: NationalFinal, data: Any = None) -> InviteForm:
    invited = final.cups.values("cup")
    cups = visible_cups(request.user).exclude(pk__in=invited).order_by("name", "season")
    return InviteForm(data, cups=cups)


def _manage_page(
    request: HttpRequest, final: NationalFinal, form: FinalSettingsForm, invite: InviteForm
) -> HttpResponse:
    entries = final.cups.select_related("cup", "invited_by", "accepted_by")
    status = 400 if form.errors or invite.errors else 200
    return render(
        request,
        "national/manage.html",
        {"final": final, "form": form, "invite": invite, "entries": entries},
        status=status,
    )


@login_required
@require_POST
def national_invite(request: SignedInRequest, slug: str) -> HttpResponse:
    """Invite a cup with its level; it counts once one of the cup's organisers accepts."""
    final = access.get_final_for_organiser(request.user, slug)
    invite = _invite_form(request, final, request.POST)
    if not invite.is_valid():
        initial = {"final_points": table_text(final.final_points)}
        return _manage_page(request, final, FinalSettingsForm(initial=initial), invite)
    data = invite.cleaned_data
    try:
        with transaction.atomic():
            NationalCup.objects.create(
                final=final,
                cup=data["cup"],
                level=data["level"],
                own_points=data["own_points"],
                invited_by=request.user,
            )
    except IntegrityError:
        messages.error(request, _("This cup is invited already."))
        return redirect("national_manage", final.slug)
    messages.success(request, _("Cup invited: it counts once one of its organisers accepts."))
    return redirect("national_manage", final.slug)


@login_required
@require_POST
def national_accept(request: SignedInRequest, slug: str, cup_slug: str) -> HttpResponse:
    """One of the cup's organisers agrees to send the cup's players (recorded: who, when)."""
    entry = access.get_entry(access.get_final(slug), cup_slug)
    if not entry.cup.is_organiser(request.user):
        raise PermissionDenied
    updated = NationalCup.objects.filter(pk=entry.pk, accepted_at__isnull=True).update(
        accepted_by=request.user, accepted_at=timezone.now()
    )
    if updated:
        messages.success(request, _("Your cup takes part in the national final."))
    else:
        messages.info(request, _("Your cup had accepted already."))
    return redirect("national_final", slug)


@login_required
@require_POST
def national_remove_cup(request: HttpRequest, slug: str, cup_slug: str) -> HttpResponse:
    """The final's organiser, or one of the cup's organisers, takes the cup out of the final."""
    final = access.get_final(slug)
    entry = access.get_entry(final, cup_slug)
    if not (final.is_organiser(request.user) or entry.cup.is_organiser(request.user)):
        raise PermissionDenied
    entry.delete()
    messages.success(request, _("The cup no longer takes part in the national final."))
    return redirect("national_final", slug)


def _in_ranking(entry: NationalCup, player: Player) -> bool:
    national, _reason = _ranked(entry.final)
    lines = national.cups if national else ()
    return any(
        line.entry.pk == entry.pk and any(p.player.pk == player.pk for p in line.places)
        for line in lines
    )


@login_required
@require_POST
def national_decline(request: SignedInRequest, slug: str, cup_slug: str) -> HttpResponse:
    """Mark a qualified player as declining (the next in line moves up), or take it back."""
    entry = access.get_entry(access.get_final(slug), cup_slug)
    if not access.speaks_for_cup(request.user, entry):
        raise PermissionDenied
    number = request.POST.get("number", "")
    # ASCII digits and a bound: int() refuses "²", and no player's number has 19 digits
    known = number.isascii() and number.isdigit() and len(number) <= 18
    player = Player.objects.filter(number=int(number)).first() if known else None
    if player is None or not _in_ranking(entry, player):
        messages.error(request, _("Player: not in this cup's season ranking."))
        return redirect("national_final", slug)
    if request.POST.get("undo"):
        Decline.objects.filter(entry=entry, player=player).delete()
        messages.success(request, _("The player's place is theirs again."))
    else:
        Decline.objects.get_or_create(
            entry=entry, player=player, defaults={"recorded_by": request.user}
        )
        messages.success(request, _("Marked as declined: the next in line moves up."))
    return redirect("national_final", slug)
