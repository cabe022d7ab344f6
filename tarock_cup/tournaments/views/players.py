"""The players of a tournament: registering, checking in, correcting and removing them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.forms import BaseModelFormSet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.register import registering
from tarock_cup.register.homes import home_of
from tarock_cup.register.views.find import found_context
from tarock_cup.tournaments import display, history, players
from tarock_cup.tournaments.access import get_tournament_for_director, played_here
from tarock_cup.tournaments.forms import (
    PlayerEditForm,
    PlayerForm,
    RegistrationForm,
    RegistrationFormSet,
)
from tarock_cup.tournaments.models import Player, Registration, Seat, Tournament


@login_required
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    """Register players (found in the register or new), check them in, mark withdrawals."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    if request.method == "POST" and "pick" in request.POST:
        return _register_found(request, tournament)
    queryset = tournament.registrations.select_related("player")
    # Each of the page's two forms is bound only when it was the one sent.
    adding = request.method == "POST" and "add" in request.POST
    saving = request.method == "POST" and "save" in request.POST
    formset = RegistrationFormSet(request.POST if saving else None, queryset=queryset, prefix="reg")
    player_form = PlayerForm(request.POST if adding else None, prefix="new")
    alikes: list[Player] = []
    if adding and player_form.is_valid():
        with transaction.atomic():
            player, alikes = _new_player(request, player_form)
            if player is not None:
                registration, _created = registering.register(tournament, player, request.user)
        if player is not None:
            messages.success(request, _("%(player)s registered.") % {"player": player})
            return redirect("registrations", slug)
    if saving and formset.is_valid():
        _save_registrations(request, tournament, formset, queryset)
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
            "alikes": registering.listed(alikes, tournament),
            **found_context(request.user, request.GET.get("q", ""), tournament, None),
        },
        status=400 if player_form.errors or damaged else 200,
    )


def _save_registrations(
    request: HttpRequest,
    tournament: Tournament,
    formset: BaseModelFormSet[Registration, RegistrationForm],
    stored: QuerySet[Registration],
) -> None:
    """Save the check-ins and withdrawals, each changed row recorded in the history."""
    with transaction.atomic():
        # Read again: the formset's own rows hold the boxes as sent already.
        before = {reg.pk: history.registration_state(reg) for reg in stored.all()}
        for reg in formset.save():
            history.record_registration(reg, before.get(reg.pk), request.user)
    messages.success(request, _("Registrations saved."))


def _register_found(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register the player picked from the matches, if the director may see them."""
    try:
        player = registering.get_findable_player(request.user, request.POST["pick"])
    except registering.RegisterRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("registrations", tournament.slug)
    _registration, created = registering.register(tournament, player, request.user)
    if created:
        messages.success(request, _("%(player)s registered.") % {"player": player})
    else:
        messages.info(request, _("%(player)s was already registered.") % {"player": player})
    return redirect("registrations", tournament.slug)


def _new_player(request: HttpRequest, form: PlayerForm) -> tuple[Player | None, list[Player]]:
    """Return the new record the form asks for, or the look-alikes to confirm it against first.

    Neither (None and no look-alikes) when it is refused: the reason is then on the form.
    """
    data = form.cleaned_data
    alikes = registering.look_alikes(data["name"], request.user)
    if alikes and "different" not in request.POST:
        return None, alikes
    try:
        return registering.create_player(
            data["name"], data["club"], data["number"], request.user
        ), []
    except registering.RegisterRefused as refusal:
        form.add_error("number" if data["number"] else None, str(refusal))
        return None, alikes


def _get_registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )


@login_required
def registration_edit(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Correct a registered player's record (its keepers), or swap the registration to another."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    registration = _get_registration(tournament, registration_id)
    keeper = registering.may_correct(request.user, registration.player)
    if request.method == "POST" and ("swap" in request.POST or "add" in request.POST):
        return _swap(request, tournament, registration)
    if request.method == "POST" and not keeper:
        # Only the record's keepers change it; the page offered no such form.
        raise PermissionDenied
    form = PlayerEditForm(request.POST or None, instance=registration.player)
    if request.method == "POST" and form.is_valid():
        players.correct_player(registration, form.instance, request.user)
        messages.success(request, _("%(player)s saved.") % {"player": form.instance})
        return redirect("registrations", slug)
    return _edit_page(request, tournament, registration, form if keeper else None)


def _edit_page(
    request: HttpRequest,
    tournament: Tournament,
    registration: Registration,
    form: PlayerEditForm | None,
    new_form: PlayerForm | None = None,
    alikes: list[Player] | None = None,
) -> HttpResponse:
    """Return the page correcting a registration: the record's form (for its keepers) or the
    players to swap to, a new player, and removal."""
    removable = registering.seated_round(registration) is None
    errors = (form is not None and form.errors) or (new_form is not None and new_form.errors)
    return render(
        request,
        "tournaments/registration_form.html",
        {
            "tournament": tournament,
            "registration": registration,
            "form": form,
            "kept_by": home_of(registration.player),
            "player_form": new_form or PlayerForm(prefix="new"),
            "alikes": registering.listed(alikes or [], tournament),
            "removable": removable,
            **found_context(request.user, request.GET.get("q", ""), tournament, registration),
        },
        status=400 if errors else 200,
    )


def _swap(request: HttpRequest, tournament: Tournament, registration: Registration) -> HttpResponse:
    """Let the registration name a player found, or a new one (after its look-alikes)."""
    new_form = PlayerForm(request.POST if "add" in request.POST else None, prefix="new")
    alikes: list[Player] = []
    player: Player | None = None
    try:
        with transaction.atomic():
            if "swap" in request.POST:
                player = registering.get_findable_player(request.user, request.POST["swap"])
            elif new_form.is_valid():
                player, alikes = _new_player(request, new_form)
            if player is not None:
                registering.swap_registration(registration, player, request.user)
    except registering.RegisterRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("registration_edit", tournament.slug, registration.pk)
    if player is None:
        return _edit_page(request, tournament, registration, None, new_form, alikes)
    messages.success(request, _("The registration now names %(player)s.") % {"player": player})
    return redirect("registrations", tournament.slug)


@login_required
@require_POST
def registration_remove(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Remove a registration made by mistake (the player sits at no table)."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    registration = _get_registration(tournament, registration_id)
    name = registration.player.name
    try:
        players.remove_registration(registration, request.user)
    except players.RegistrationInUse as error:
        messages.error(request, str(error))
        return redirect("registration_edit", slug, registration_id)
    messages.success(request, _("%(name)s is no longer registered.") % {"name": name})
    return redirect("registrations", slug)
