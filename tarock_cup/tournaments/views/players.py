"""The players of a tournament: registering, checking in, correcting and removing them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.tournaments import display, history, players
from tarock_cup.tournaments.access import get_tournament_for_director, refuse_if_imported
from tarock_cup.tournaments.forms import PlayerEditForm, PlayerForm, RegistrationFormSet
from tarock_cup.tournaments.models import Change, Registration, Seat, Tournament


@login_required
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    """Register players, check them in, mark withdrawals."""
    tournament = get_tournament_for_director(request.user, slug)
    if refused := refuse_if_imported(request, tournament):
        return refused
    queryset = tournament.registrations.select_related("player")
    # Each of the page's two forms is bound only when it was the one sent.
    adding = request.method == "POST" and "add" in request.POST
    saving = request.method == "POST" and "save" in request.POST
    formset = RegistrationFormSet(request.POST if saving else None, queryset=queryset, prefix="reg")
    player_form = PlayerForm(request.POST if adding else None, prefix="new", tournament=tournament)
    if adding and player_form.is_valid():
        _add_player(request, tournament, player_form)
        return redirect("registrations", slug)
    if saving and formset.is_valid():
        with transaction.atomic():
            before = {reg.pk: history.registration_state(reg) for reg in queryset}
            for reg in formset.save():
                history.record(
                    tournament.pk,
                    Change.Kind.REGISTRATION,
                    reg.pk,
                    Change.Action.UPDATE,
                    before.get(reg.pk),
                    history.registration_state(reg),
                    request.user,
                )
        messages.success(request, _("Registrations saved."))
        return redirect("registrations", slug)
    damaged = saving  # a valid save has redirected; the boxes alone cannot be wrong
    if damaged:
        # A damaged form (its hidden counts, or a row that is not this tournament's) shows the
        # list as stored, never an empty page or a row without its player.
        messages.error(request, _("The list could not be read; nothing was saved. Try again."))
        formset = RegistrationFormSet(queryset=queryset, prefix="reg")
    present = queryset.filter(checked_in=True, withdrawn=False).count()
    seated = set(
        Seat.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    return render(
        request,
        "tournaments/registrations.html",
        {
            "tournament": tournament,
            "formset": formset,
            "player_form": player_form,
            "summary": display.tables_summary(present),
            "seated": seated,
        },
        status=400 if player_form.errors or damaged else 200,
    )


def _add_player(request: HttpRequest, tournament: Tournament, player_form: PlayerForm) -> None:
    """Register the form's player (found or new), recording it, and say so."""
    with transaction.atomic():
        reg = player_form.save()
        if player_form.created:
            history.record(
                tournament.pk,
                Change.Kind.REGISTRATION,
                reg.pk,
                Change.Action.CREATE,
                None,
                history.registration_state(reg),
                request.user,
            )
    if player_form.created:
        messages.success(request, _("%(player)s registered.") % {"player": reg.player})
    else:
        messages.info(request, _("%(player)s was already registered.") % {"player": reg.player})


def _get_registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )


@login_required
def registration_edit(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Correct a registered player's name, club or number."""
    tournament = get_tournament_for_director(request.user, slug)
    if refused := refuse_if_imported(request, tournament):
        return refused
    registration = _get_registration(tournament, registration_id)
    form = PlayerEditForm(request.POST or None, instance=registration.player)
    if request.method == "POST" and form.is_valid():
        players.correct_player(registration, form.instance, request.user)
        messages.success(request, _("%(player)s saved.") % {"player": form.instance})
        return redirect("registrations", slug)
    removable = not Seat.objects.filter(
        round__tournament=tournament, player_id=registration.player_id
    ).exists()
    return render(
        request,
        "tournaments/registration_form.html",
        {
            "tournament": tournament,
            "registration": registration,
            "form": form,
            "removable": removable,
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def registration_remove(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Remove a registration made by mistake (the player sits at no table)."""
    tournament = get_tournament_for_director(request.user, slug)
    if refused := refuse_if_imported(request, tournament):
        return refused
    registration = _get_registration(tournament, registration_id)
    name = registration.player.name
    try:
        players.remove_registration(registration, request.user)
    except players.RegistrationInUse as error:
        messages.error(request, str(error))
        return redirect("registration_edit", slug, registration_id)
    messages.success(request, _("%(name)s is no longer registered.") % {"name": name})
    return redirect("registrations", slug)
