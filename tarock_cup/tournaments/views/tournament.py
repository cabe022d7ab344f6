"""The tournament itself: its page, creating it, its settings and its directors."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tarock_cup import public_url
from tarock_cup.pages import form_page
from tarock_cup.signon import entries
from tarock_cup.tariffs import shipped
from tarock_cup.tournaments import directors, display, history, live, sheets
from tarock_cup.tournaments.access import (
    SignedInRequest,
    get_tournament_for_director,
    get_tournament_for_user,
    may_set_directors,
)
from tarock_cup.tournaments.forms import DirectorForm, TournamentForm
from tarock_cup.tournaments.models import Change, Table, Tournament
from tarock_cup.tournaments.views.common import posted_int


@login_required
def tournament_new(request: SignedInRequest) -> HttpResponse:
    """Create a tournament; its creator owns and directs it. `?rules=KEY` starts it with a
    cup's rules: a shipped tariff or preset, or a ruleset (the page "Cups and their rules")."""
    start = shipped.tournament_start(request.GET.get("rules", ""))
    form = TournamentForm(
        request.POST or None, user=request.user, instance=Tournament(**start) if start else None
    )
    if request.method == "POST" and form.is_valid():
        tournament = form.save(commit=False)
        tournament.owner = request.user
        tournament.save()
        form.save_m2m()
        messages.success(request, _("Tournament created."))
        return redirect(tournament)
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "ruleset_defaults": TournamentForm.ruleset_defaults()},
    )


@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament_for_director(request.user, slug)
    # the form puts the chosen tariff on the instance: the history keeps the one it had
    was = tournament.tariff
    form = TournamentForm(request.POST or None, instance=tournament, user=request.user)
    rescored = 0
    if request.method == "POST" and form.is_valid():
        try:
            # The form has put the new rules on the instance: how many played hands change?
            rescored = sheets.rescore_tournament(form.instance, save=False)
            # A change of scores is saved only once confirmed for exactly this many hands.
            if not rescored or request.POST.get("confirm") == str(rescored):
                with transaction.atomic():
                    form.save()
                    sheets.rescore_tournament(tournament, user=request.user)
                    history.record_tariff_move(tournament, was, rescored, request.user)
        except scoring.ScoringError as error:
            form.add_error(
                None,
                _("The new rules do not fit an entered hand: %(error)s")
                % {"error": display.error_text(error)},
            )
        else:
            if not rescored or request.POST.get("confirm") == str(rescored):
                messages.success(
                    request,
                    ngettext(
                        "Tournament saved; %(n)s hand scored anew.",
                        "Tournament saved; %(n)s hands scored anew.",
                        rescored,
                    )
                    % {"n": rescored}
                    if rescored
                    else _("Tournament saved."),
                )
                return redirect(tournament)
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "may_set_directors": may_set_directors(request.user, tournament),
            "rescored": rescored if not form.errors else 0,
            "ruleset_defaults": TournamentForm.ruleset_defaults(),
            "tariff_moves": [display.tariff_move_text(c) for c in history.tariff_moves(tournament)],
        },
    )


@login_required
def tournament_directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner (or a superuser) adds and removes the tournament's directors."""
    tournament = get_tournament_for_director(request.user, slug)
    if not may_set_directors(request.user, tournament):
        raise PermissionDenied
    form = DirectorForm(request.POST if "add" in request.POST else None)
    link = None
    if request.method == "POST" and "remove" in request.POST:
        directors.remove(tournament, posted_int(request, "remove"))
        messages.success(request, _("Director removed."))
        return redirect("tournament_directors", slug)
    if form.is_valid():
        user, created = directors.add(tournament, form.cleaned_data["username"])
        if created or not user.has_usable_password():
            link = public_url.absolute_url(request, directors.set_password_path(user))
        messages.success(
            request,
            (
                _("Account %(name)s created and added as director.")
                if created
                else _("%(name)s added as director.")
            )
            % {"name": user.get_username()},
        )
        form = DirectorForm()
    return form_page(
        request,
        "tournaments/directors.html",
        {
            "tournament": tournament,
            "form": form,
            "link": link,
            "directors": tournament.directors.order_by("username"),
        },
    )


def _imported_tournament(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Return the page of a tournament whose final ranking was imported: the ranking itself."""
    places = list(tournament.imported_ranking.places.select_related("player"))
    user = request.user
    cups = [cup for cup in tournament.cups.all() if cup.public or cup.is_organiser(user)]
    # Who moved a place (a player merge) is for the people who may change it.
    may_see_history = tournament.is_director(user) or any(c.is_organiser(user) for c in cups)
    return render(
        request,
        "tournaments/imported.html",
        {
            "tournament": tournament,
            "places": places,
            "scores": any(place.score is not None for place in places),
            "cups": cups,
            "history": (
                tournament.changes.filter(kind=Change.Kind.PLACE).select_related("user")
                if may_see_history
                else []
            ),
        },
    )


@live.live_page
def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the tournament's page: rounds, tables and the director's actions."""
    tournament = get_tournament_for_user(request.user, slug)
    if tournament.imported:
        return _imported_tournament(request, tournament)
    # Hands are only counted here; loading them would cost seconds in a large tournament.
    tables = (
        Table.objects.with_hands_entered().with_seats_counted().prefetch_related("seats__player")
    )
    rounds = list(tournament.rounds.prefetch_related(Prefetch("tables", queryset=tables)))
    is_director = tournament.is_director(request.user)
    # Beside the draw button: who is here and the tables the next draw makes of them.
    present = (
        tournament.registrations.filter(checked_in=True, withdrawn=False).count()
        if is_director
        else 0
    )
    return render(
        request,
        "tournaments/tournament.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "is_director": is_director,
            "may_publish": is_director and may_set_directors(request.user, tournament),
            "draw_summary": display.tables_summary(present) if is_director else "",
            "ruleset": scoring.get_ruleset(tournament.ruleset),
            "tariff_problem": display.tariff_problem(tournament),
            "sign_on_open": entries.closed_reason(tournament) is None,
        },
    )
