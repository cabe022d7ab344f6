"""Views: check permission, validate the form, call domain code, render or redirect."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

import scoring
from scoring import standings as ranking
from tarock_cup import public_url
from tarock_cup.client_ip import client_ip
from tarock_cup.tournaments import (
    clock,
    directors,
    display,
    history,
    links,
    live,
    players,
    rounds,
    seating,
    sheets,
)
from tarock_cup.tournaments.forms import (
    DirectorForm,
    PaperForm,
    PlayerEditForm,
    PlayerForm,
    RegistrationFormSet,
    SwapForm,
    TournamentForm,
)
from tarock_cup.tournaments.hand_forms import HandFormBase, hand_form, script_data
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)
from tarock_cup.tournaments.standings import paper_tables, standings, tie_breakers
from tarock_cup.tournaments.tables import StandingsTable
from tarock_cup.tournaments.templatetags.cup import signed


def _visible_tournaments(request: HttpRequest) -> QuerySet[Tournament]:
    user = request.user
    if user.is_superuser:
        return Tournament.objects.all()
    if user.is_authenticated:
        return Tournament.objects.filter(
            Q(public=True) | Q(owner=user) | Q(directors=user)
        ).distinct()
    return Tournament.objects.filter(public=True)


def _get_tournament_for_user(request: HttpRequest, slug: str) -> Tournament:
    """Return the tournament if the user may see it; a hidden one is a 404 to others."""
    return get_object_or_404(_visible_tournaments(request), slug=slug)


def _get_tournament_for_director(request: HttpRequest, slug: str) -> Tournament:
    tournament = _get_tournament_for_user(request, slug)
    if not tournament.is_director(request.user):
        raise PermissionDenied
    return tournament


def _refuse_if_imported(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """Return a redirect saying why, when the tournament is only an imported final ranking."""
    if not tournament.imported:
        return None
    # Its ranking is the imported file's: a round, a registration or a hand here would be a second
    # ranking beside it.
    messages.error(
        request,
        _(
            "%(name)s is a final ranking imported without hands: no rounds are drawn, no players "
            "registered and no hands entered here. To correct it, import the ranking again in "
            "its cup."
        )
        % {"name": tournament.name},
    )
    return redirect(tournament)


def _may_set_directors(request: HttpRequest, tournament: Tournament | None) -> bool:
    """Return whether the user may choose the tournament's directors (owner or superuser)."""
    user = request.user
    return bool(user.is_superuser or tournament is None or tournament.owner_id == user.pk)


def _get_table(tournament: Tournament, round_number: int, table_number: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round"),
        round__tournament=tournament,
        round__number=round_number,
        number=table_number,
    )


def home(request: HttpRequest) -> HttpResponse:
    """Return the list of tournaments the visitor may see."""
    # The imported ranking is read with each tournament: the list marks imported ones.
    tournaments = (
        _visible_tournaments(request).select_related("imported_ranking").order_by("-date", "name")
    )
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Create a tournament; its creator owns and directs it."""
    form = TournamentForm(request.POST or None, user=request.user)
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
    tournament = _get_tournament_for_director(request, slug)
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
            "may_set_directors": _may_set_directors(request, tournament),
            "rescored": rescored if not form.errors else 0,
            "ruleset_defaults": TournamentForm.ruleset_defaults(),
            "tariff_moves": [display.tariff_move_text(c) for c in history.tariff_moves(tournament)],
        },
    )


@login_required
def tournament_directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner (or a superuser) adds and removes the tournament's directors."""
    tournament = _get_tournament_for_director(request, slug)
    if not _may_set_directors(request, tournament):
        raise PermissionDenied
    form = DirectorForm(request.POST if "add" in request.POST else None)
    link = None
    if request.method == "POST" and "remove" in request.POST:
        directors.remove(tournament, _posted_int(request, "remove"))
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
    return render(
        request,
        "tournaments/directors.html",
        {
            "tournament": tournament,
            "form": form,
            "link": link,
            "directors": tournament.directors.order_by("username"),
        },
        status=400 if form.errors else 200,
    )


def _add_hands_due(tournament: Tournament, tables: Any) -> None:
    """Give each table (seats prefetched) the number of hands it plays this round."""
    for table in tables:
        table.hands_due = tournament.hands_for(len(table.seats.all()))


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


def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the tournament's page: rounds, tables and the director's actions."""
    tournament = _get_tournament_for_user(request, slug)
    if tournament.imported:
        return _imported_tournament(request, tournament)
    # Hands are only counted here; loading them would cost seconds in a large tournament.
    tables = Table.objects.with_hands_entered().prefetch_related("seats__player")
    rounds = list(tournament.rounds.prefetch_related(Prefetch("tables", queryset=tables)))
    for round_ in rounds:
        _add_hands_due(tournament, round_.tables.all())
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
            "draw_summary": display.tables_summary(present) if is_director else "",
            "ruleset": scoring.get_ruleset(tournament.ruleset),
            "tariff_problem": display.tariff_problem(tournament),
        },
    )


@login_required
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    """Register players, check them in, mark withdrawals."""
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
        return refused
    queryset = tournament.registrations.select_related("player")
    # Each of the page's two forms is bound only when it was the one sent.
    adding = request.method == "POST" and "add" in request.POST
    saving = request.method == "POST" and "save" in request.POST
    formset = RegistrationFormSet(request.POST if saving else None, queryset=queryset, prefix="reg")
    player_form = PlayerForm(request.POST if adding else None, prefix="new", tournament=tournament)
    if adding and player_form.is_valid():
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
    refused = saving  # a valid save has redirected; the boxes alone cannot be wrong
    if refused:
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
        status=400 if player_form.errors or refused else 200,
    )


def _get_registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )


@login_required
def registration_edit(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Correct a registered player's name, club or number."""
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
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
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
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


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the seating of the next round (asking first while tables are open)."""
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
        return refused
    try:
        number = rounds.draw_round(
            tournament, user=request.user, confirmed=_posted_int(request, "confirm")
        )
    except rounds.NeedsConfirmation as ask:
        return _confirm(
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
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    if request.POST.get("confirm") != "1" and rounds.withdrawable(round_) is None:
        return _confirm(
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
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
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


@live.live_page
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Return the seating list of a round (printable)."""
    tournament = _get_tournament_for_user(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    tables = (
        round_.tables.with_hands_entered()
        .annotate(last_entry=Max("hands__updated_at"))
        .prefetch_related("seats__player")
    )
    _add_hands_due(tournament, tables)
    is_director = tournament.is_director(request.user)
    if is_director:
        # The links are the tables' secrets: only a director's seating list shows them.
        base = public_url.absolute_url(request, "/")
        for table in tables:
            links.attach(table, base)
    started = round_.started
    swap_form = SwapForm(round_) if is_director and not started else None
    return render(
        request,
        "tournaments/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "tables": tables,
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
    tournament = _get_tournament_for_user(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    # The links are the tables' secrets: only a director's cards carry them.
    base = public_url.absolute_url(request, "/") if tournament.is_director(request.user) else None
    cards = []
    for table in round_.tables.prefetch_related("seats__player"):
        if base is not None:
            links.attach(table, base)
        seats = list(table.seats.all())
        count = tournament.hands_for(len(seats))
        # The deal moves one seat each hand, starting with the table's first dealer.
        rows = [
            {"number": n, "dealer": seats[scoring.dealer_of(n - 1, table.first_dealer, len(seats))]}
            for n in range(1, count + 1)
        ]
        cards.append(
            {
                "table": table,
                "seats": seats,
                "rows": rows,
                "first_dealer": seats[table.first_dealer % len(seats)],
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
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
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
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    finished = request.POST.get("finished") == "1"
    if finished == round_.finished:
        return redirect("round", slug, number)
    if request.POST.get("confirm") != "1":
        return _confirm(
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


def _sheet_context(table: Table, number: int | None = None) -> dict[str, Any]:
    seats = list(table.seats.select_related("player"))
    hands = list(table.hands.order_by("number"))
    rows = [{"hand": hand, "running": hand.running} for hand in hands]
    tournament = table.round.tournament
    # The deal moves one seat each hand (the sheet format's rule); shown to help the director.
    position = len(hands) if number is None else number - 1
    dealer = scoring.dealer_of(position, table.first_dealer, len(seats)) if seats else 0
    return {
        "next_dealer": seats[dealer] if seats else None,
        "next_vorhand": seats[scoring.vorhand_of(dealer, len(seats))] if seats else None,
        "table": table,
        "seats": seats,
        "rows": rows,
        "names": [seat.player.name for seat in seats],
        # A paper table's totals are the paper block's (shown above the sheet); under the
        # hands entered so far stand their own totals.
        "totals": (hands[-1].running if hands else [0] * len(seats))
        if table.paper
        else table.totals or [0] * len(seats),
        "paper_rows": sheets.paper_rows(table) if table.paper else [],
        # What closing the table counts: a paper block's hands, or those entered.
        "played": table.played(entered=len(hands)),
        "hands_due": tournament.hands_for(len(seats)),
        "complete": len(hands) >= tournament.hands_for(len(seats)),
    }


def _hand_form(
    table: Table, data: Any = None, *, number: int | None = None, stored: Any = None
) -> HandFormBase:
    """Return the form of the chosen contract's family for hand `number` (None: a new hand)."""
    tournament = table.round.tournament
    players = [seat.player.name for seat in table.seats.select_related("player")]
    position = table.hands.count() if number is None else number - 1
    dealer = scoring.dealer_of(position, table.first_dealer, len(players)) if players else None
    return hand_form(
        tournament.ruleset_info(),
        tournament.options,
        players,
        data,
        dealer=dealer,
        stored=stored,
    )


def _preview(
    table: Table, form: HandFormBase, number: int | None, hands: list[Any] | None = None
) -> dict[str, Any] | None:
    """Return how the hand would score in its place on the sheet, or put the error on the form."""
    if hands is None:
        hands = [hand.data for hand in table.hands.order_by("number")]
    hand = form.to_hand()
    if number is None:
        hands.append(hand)
        index = len(hands) - 1
    else:
        hands[number - 1] = hand
        index = number - 1
    try:
        return sheets.preview_data(sheets.score(table, hands).hands[index])
    except scoring.ScoringError as error:
        if error.hand not in (None, index + 1):
            form.add_error(None, display.error_text(error))
        else:
            form.add_engine_error(error)
        return None


def _posted_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def _last_author(hand: Hand) -> str:
    """Return who last changed the hand: a director, or the table through its own link."""
    last = (
        Change.objects.filter(kind=Change.Kind.HAND, object_id=hand.pk)
        .select_related("user", "table")
        .first()
    )
    if last is not None and last.by_table:
        # Read after "by" in the conflict messages (in German the dative after "von").
        return _("a phone at table %(t)s") % {"t": hand.table.number}
    if last is not None and last.user is not None:
        return str(last.user)
    return str(hand.entered_by or _("another director"))


def _conflict_message(table: Table, conflict: sheets.Conflict, *, new: bool = False) -> str:
    """Return what happened to the sheet meanwhile (`new`: the page was entering a new hand)."""
    hand = conflict.hand
    if hand is None:
        return _(
            "The sheet changed while you were entering: hand %(n)s no longer exists. "
            "Nothing was saved; please check your entry."
        ) % {"n": conflict.number}
    names = [seat.player.name for seat in table.seats.select_related("player")]
    facts = {
        "n": hand.number,
        "user": _last_author(hand),
        "summary": display.hand_summary(hand.data, names, table.round.tournament.ruleset),
        "scores": display.scores_text(hand.scores),
    }
    if new:
        # Two phones or directors entered the same hand: the later one hears what is on the
        # sheet now and that its entry, if it is another hand, is the next one.
        message = _(
            "Hand %(n)s has just been entered by %(user)s: “%(summary)s” with scores "
            "%(scores)s. Your entry was not saved; if it is another hand, check it and save "
            "it as the next hand."
        )
    else:
        message = _(
            "Hand %(n)s was changed meanwhile by %(user)s: it is now “%(summary)s” with scores "
            "%(scores)s. Your entry was not saved; check it and save again if it is still right."
        )
    return message % facts


def _shows_no_sheet(form: HandFormBase, number: int | None) -> bool:
    """Return whether a posted hand lacks the sheet as its page showed it: the number a new
    hand gets, or the version of an edited hand (call after is_valid())."""
    return form.freshness()["expected" if number is None else "version"] is None


def _enter_hand(
    request: HttpRequest,
    table: Table,
    number: int | None,
    hand: Hand | None,
    *,
    done_url: str,
    by_table: bool = False,
) -> HttpResponse | tuple[HandFormBase, dict[str, Any] | None, int]:
    """Judge a posted hand (new, or hand `number`): preview it, or save it and redirect.

    The director's page and the table's own link both come here, so both get the same checks
    and the same conflict protection. Returns the form, its preview and the page's status when
    the page is to be shown again.
    """
    preview = None
    status = 200
    form = _hand_form(table, request.POST, number=number)
    # Judge the entry against one reading of the sheet; saving checks again under a lock.
    stored = list(table.hands.order_by("number").select_related("entered_by"))
    valid = form.is_valid()
    if _shows_no_sheet(form, number):
        # Without it a save could add a hand twice or overwrite another's correction unseen:
        # such a post is refused before anything is judged.
        form.add_error(
            None,
            _(
                "The page did not say which state of the sheet it shows. Nothing was saved; "
                "please check the entry and save again."
            ),
        )
        return form, None, 400
    try:
        # A page that shows an older sheet is refused before anything else is judged.
        sheets.check_fresh(stored, number, **form.freshness())
    except sheets.Conflict as conflict:
        form.add_error(None, _conflict_message(table, conflict, new=number is None))
        status = 409
    if status == 200 and form.chosen_anew():
        # Without a script the page shows a new family's fields after a submit: nothing
        # is judged or saved yet.
        form = form.unbound()
    elif status == 200 and valid:
        preview = _preview(table, form, number, [stored_hand.data for stored_hand in stored])
    if preview and "save" in request.POST:
        try:
            saved = sheets.save_hand(
                table,
                form.to_hand(),
                number=number,
                user=None if by_table else request.user,
                by_table=by_table,
                **form.freshness(),
            )
        except sheets.Conflict as conflict:
            form.add_error(None, _conflict_message(table, conflict, new=number is None))
            preview, status = None, 409
            if hand is not None:
                hand.refresh_from_db()
        except scoring.ScoringError as error:
            form.add_error(None, display.error_text(error))
            preview = None
        except sheets.Refused as refused:
            messages.error(request, str(refused))
            return redirect(done_url)
        else:
            # tagged so that the entry form shows it beside the Save button too
            scores = display.scores_text(saved.scores)
            done = (
                _("Hand %(n)s unchanged (%(scores)s).")
                if hand is not None and saved.version == hand.version
                else _("Hand %(n)s saved (%(scores)s).")
            )
            messages.success(
                request,
                done % {"n": saved.number, "scores": scores},
                extra_tags="hand-saved",
            )
            return redirect(done_url)
    if form.errors and status == 200:
        status = 400
    return form, preview, status


@live.live_page
def table_sheet(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int | None = None
) -> HttpResponse:
    """Return a table's score sheet; directors also get the entry form (new or edited hand)."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    tournament = _get_tournament_for_user(request, slug)
    if refused := _refuse_if_imported(request, tournament):
        return refused
    table = _get_table(tournament, round_number, table_number)
    is_director = tournament.is_director(request.user)
    if not is_director and (number is not None or request.method == "POST"):
        raise PermissionDenied
    hand = get_object_or_404(Hand, table=table, number=number) if number is not None else None
    form = preview = None
    status = 200
    if is_director and request.method == "POST":
        outcome = _enter_hand(request, table, number, hand, done_url=table.get_absolute_url())
        if isinstance(outcome, HttpResponse):
            return outcome
        form, preview, status = outcome
    elif is_director:
        form = _hand_form(table, number=number, stored=hand.data if hand else None)
    return _table_page(request, table, number, hand, form, preview, is_director, status)


def _table_page(
    request: HttpRequest,
    table: Table,
    number: int | None,
    hand: Hand | None,
    form: HandFormBase | None,
    preview: dict[str, Any] | None,
    is_director: bool,
    status: int,
) -> HttpResponse:
    """Return a table's score sheet page; a director's has the entry form (of hand `number`,
    or of a new hand) and the histories."""
    tournament = table.round.tournament
    context = _sheet_context(table, number) | {
        "tournament": tournament,
        "is_director": is_director,
        "form": form,
        "preview": preview,
        "editing": number,
        "hand": hand,
        "history": sheets.hand_history(table, hand) if is_director and hand else [],
        "deleted": sheets.deleted_hands(table) if is_director and not hand else [],
        "table_history": sheets.table_history(table) if is_director else [],
        "paper_history": sheets.paper_history(table) if is_director else [],
        "ruleset": (ruleset := tournament.ruleset_info()),
        "ruleset_json": script_data(ruleset),
        "clock": clock.clock_of(table.round),
    }
    return render(request, "tournaments/table.html", context, status=status)


@login_required
@require_POST
def hand_preview(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int | None = None
) -> HttpResponse:
    """Return the preview fragment of a hand being entered (for the live preview)."""
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
        return refused
    table = _get_table(tournament, round_number, table_number)
    if number is not None:
        # An edit preview of a hand that is not on the sheet (any more) is a 404, not a crash.
        get_object_or_404(Hand, table=table, number=number)
    return _preview_fragment(request, table, number)


def _preview_fragment(request: HttpRequest, table: Table, number: int | None) -> HttpResponse:
    """Return the preview fragment of the posted hand (new, or hand `number`)."""
    form = _hand_form(table, request.POST, number=number)
    preview = _preview(table, form, number) if form.is_valid() else None
    seats = list(table.seats.select_related("player"))
    return render(
        request, "tournaments/_preview.html", {"form": form, "preview": preview, "seats": seats}
    )


@login_required
@require_POST
def hand_delete(
    request: HttpRequest, slug: str, round_number: int, table_number: int, number: int
) -> HttpResponse:
    tournament = _get_tournament_for_director(request, slug)
    table = _get_table(tournament, round_number, table_number)
    version = _posted_int(request, "version")
    if version is None:
        # Without the version the page showed, a hand changed meanwhile would be deleted
        # unseen: the hand's page is shown again, and nothing is deleted.
        hand = get_object_or_404(Hand, table=table, number=number)
        messages.error(
            request,
            _(
                "The page did not say which state of hand %(n)s it shows. Nothing was deleted; "
                "please check the hand and delete it again."
            )
            % {"n": number},
        )
        form = _hand_form(table, number=number, stored=hand.data)
        return _table_page(request, table, number, hand, form, None, True, 400)
    try:
        sheets.delete_hand(table, number, user=request.user, version=version)
    except sheets.Conflict as conflict:
        messages.error(request, _conflict_message(table, conflict))
    except sheets.Refused as refused:
        messages.error(request, str(refused))
    except scoring.ScoringError as error:
        messages.error(
            request,
            _("The hand cannot be deleted: %(error)s") % {"error": display.error_text(error)},
        )
    else:
        messages.success(request, _("Hand %(n)s deleted; later hands renumbered.") % {"n": number})
    return redirect(table)


@login_required
@require_POST
def hand_restore(
    request: HttpRequest, slug: str, round_number: int, table_number: int, change_id: int
) -> HttpResponse:
    """Restore a hand as it was before or after a recorded change, or bring back a deleted one."""
    tournament = _get_tournament_for_director(request, slug)
    table = _get_table(tournament, round_number, table_number)
    change = get_object_or_404(Change, pk=change_id, table=table, kind=Change.Kind.HAND)
    try:
        if change.action == Change.Action.DELETE:
            if change.after:
                raise Http404
            hand = sheets.restore_deleted(table, change, user=request.user)
        else:
            hand = get_object_or_404(Hand, table=table, pk=change.object_id)
            state = change.before if request.POST.get("state") == "before" else change.after
            if not state:
                raise Http404
            hand = sheets.save_hand(
                table,
                state["data"],
                number=hand.number,
                user=request.user,
                action=Change.Action.RESTORE,
            )
    except sheets.Refused as refused:
        messages.error(request, str(refused))
        return redirect(table)
    except scoring.ScoringError as error:
        messages.error(
            request,
            _("The hand cannot be restored: %(error)s") % {"error": display.error_text(error)},
        )
        return redirect(table)
    messages.success(request, _("Hand %(n)s restored.") % {"n": hand.number})
    return redirect(table)


@login_required
@require_POST
def table_finish(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Close a table to entries (before all its hands only when confirmed), or reopen it."""
    tournament = _get_tournament_for_director(request, slug)
    table = _get_table(tournament, round_number, table_number)
    if request.POST.get("finished") != "1":
        return _reopen_table(request, tournament, table)
    try:
        played, due = sheets.close_table(
            table, user=request.user, early=request.POST.get("confirm") == "1"
        )
    except sheets.EarlyClose as early:
        return _confirm(
            request,
            tournament,
            title=_("Close table %(t)s early?") % {"t": table.number},
            points=[
                _("Only %(n)s of %(due)s hands are entered.")
                % {"n": early.played, "due": early.due},
                _(
                    "Its players stand on the hands they played. No hand can be entered or "
                    "corrected until a director reopens the table."
                ),
            ],
            fields={"finished": "1", "confirm": "1", "back": request.POST.get("back", "")},
            confirm_label=_("Close with %(n)s hands") % {"n": early.played},
            cancel_url=table.get_absolute_url(),
        )
    if played < due:
        message = _(
            "Table %(t)s closed after %(n)s of %(due)s hands; its players stand on the hands "
            "they played. Reopen it to add more."
        )
    else:
        message = _("Table %(t)s closed with %(n)s hands.")
    messages.success(request, message % {"t": table.number, "n": played, "due": due})
    return redirect(_back(request, table))


REASON_MAX = 300


def _reopen_table(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    """Reopen a closed table, or send a signed sheet back to its table, after asking (with the
    reason the table's phone shows, for a sheet sent back)."""
    send_back = not table.finished
    # A note on one line, without control characters (nothing a phone or a backup trips over).
    typed = "".join(ch for ch in request.POST.get("reason", "") if ch.isprintable() or ch.isspace())
    reason = " ".join(typed.split())[:REASON_MAX]
    if request.POST.get("confirm") != "1":
        return _confirm(
            request,
            tournament,
            title=(_("Send table %(t)s's sheet back?") if send_back else _("Reopen table %(t)s?"))
            % {"t": table.number},
            points=[
                _("Its players' confirmation is cleared; they confirm the sheet again.")
                if send_back
                else _("Its hands can be entered and corrected again, at the table too."),
            ],
            reason_max=REASON_MAX if send_back else None,
            fields={"finished": "0", "confirm": "1", "back": request.POST.get("back", "")},
            confirm_label=_("Send back") if send_back else _("Reopen table"),
            cancel_url=_back(request, table),
        )
    sheets.reopen_table(table, user=request.user, reason=reason)
    if send_back:
        message = _("Table %(t)s's sheet is sent back to its players.")
    else:
        message = _("Table %(t)s reopened: hands can be entered and corrected again.")
    messages.success(request, message % {"t": table.number})
    return redirect(_back(request, table))


def _back(request: HttpRequest, table: Table) -> str:
    """Return where a table's closing or reopening leads: its round's page, or the table."""
    if request.POST.get("back") == "round":
        return reverse("round", args=[table.round.tournament.slug, table.round.number])
    return table.get_absolute_url()


def _confirm(request: HttpRequest, tournament: Tournament, **question: Any) -> HttpResponse:
    """Return the page that asks the director to confirm a step (posted again to the same URL)."""
    context = {"tournament": tournament, "action": request.path, "fields": {}, "points": []}
    return render(request, "tournaments/confirm.html", context | question)


STANDINGS_PAGE = 50


# What the page reads of its query: all players or a page of them (RequestConfig: "page").
@live.live_page(reads={"all": live.query_flag, "page": live.query_page})
def standings_view(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Return overall standings, or one round's."""
    tournament = _get_tournament_for_user(request, slug)
    if tournament.imported:
        # Its standings are the imported ranking, shown on its own page.
        return redirect(tournament)
    if number is not None and not tournament.rounds.filter(number=number).exists():
        raise Http404
    rows = standings(tournament, number)
    numbers = (
        [number]
        if number
        else list(tournament.rounds.order_by("number").values_list("number", flat=True))
    )
    table = StandingsTable(rows, slug=slug, round_numbers=numbers)
    show_all = request.GET.get("all") == "1"
    if not show_all:
        # A page of 50 keeps a large field quick on a phone; "all" is there for printing.
        RequestConfig(request, paginate={"per_page": STANDINGS_PAGE}).configure(table)
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "round_number": number,
            "tie_breaker_names": [
                _(ranking.TIE_BREAKERS[key].name) for key in tie_breakers(tournament)
            ],
            "round_numbers": list(tournament.rounds.values_list("number", flat=True)),
            "paginated": not show_all and len(rows) > STANDINGS_PAGE,
            "paper_tables": paper_tables(tournament, number),
        },
    )


def player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Return a player's page: their tables and hands in this tournament."""
    tournament = _get_tournament_for_user(request, slug)
    reg = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, player_id=player_id
    )
    seats = (
        Seat.objects.filter(round__tournament=tournament, player=reg.player)
        .select_related("table__round__tournament")
        .prefetch_related("table__seats__player")
        .order_by("round__number")
    )
    return render(
        request,
        "tournaments/player.html",
        {"tournament": tournament, "player": reg.player, "registration": reg, "seats": seats},
    )


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/rules_index.html", {"rulesets": scoring.rulesets()})


def rules(request: HttpRequest, key: str) -> HttpResponse:
    """Return a ruleset's rules page, generated from the engine's data."""
    try:
        ruleset = scoring.get_ruleset(key)
    except scoring.ScoringError as error:
        raise Http404 from error
    return render(
        request,
        "tournaments/rules.html",
        {
            "ruleset": ruleset,
            "contracts": display.contract_rows(ruleset),
            "sections": display.rule_sections(ruleset),
            "readings": display.readings(ruleset),
            "kontra_max_name": display.kontra_name(ruleset.max_kontra),
            "tie_breaker_names": display.tie_breaker_names(ruleset.tie_breakers),
        },
    )


@login_required
def table_paper(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Record or correct a table's round from its paper block: the players' round totals."""
    tournament = _get_tournament_for_director(request, slug)
    if refused := _refuse_if_imported(request, tournament):
        return refused
    table = _get_table(tournament, round_number, table_number)
    initial = (
        PaperForm.initial_from(table.paper)
        if table.paper is not None
        else {"hands": sheets.hands_due(table)}
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
    return render(
        request,
        "tournaments/paper.html",
        {
            "tournament": tournament,
            "table": table,
            "form": form,
            "entered": entered,
            "hands_due": sheets.hands_due(table),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def table_paper_replace(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    """Let the entered hands count instead of the paper block, after showing the difference."""
    tournament = _get_tournament_for_director(request, slug)
    table = _get_table(tournament, round_number, table_number)
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
                "paper": signed(row["paper"]),
                "hands": signed(row["hands"]),
                "diff": signed(row["difference"]),
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
        return _confirm(
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


# --- the round clock and the projector ----------------------------------------------------------


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Start, pause, resume or extend the round's clock."""
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    action = request.POST.get("action", "")
    try:
        clock.act(round_, action, _posted_int(request, "minutes"), user=request.user)
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
    tournament = _get_tournament_for_director(request, slug)
    round_ = get_object_or_404(tournament.rounds, number=number)
    still_open = rounds.open_tables(round_)
    if not still_open:
        messages.info(request, _("No table of round %(n)s is still open.") % {"n": number})
        return redirect("round", slug, number)
    if request.POST.get("confirm") != "1":
        return _confirm(
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


def _still_playing(tournament: Tournament, round_: Any) -> list[dict[str, Any]]:
    """Return the round's open tables, each with its hands entered and due."""
    if round_ is None:
        return []
    tables = (
        round_.tables.filter(finished=False)
        .with_hands_entered()
        .annotate(seated=Count("seats", distinct=True))
        .order_by("number")
    )
    return [
        {
            "number": table.number,
            "played": table.played(),
            "due": tournament.hands_for(table.seated),
            "paper": table.paper is not None,
        }
        for table in tables
    ]


PODIUM = 3


@live.live_page
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the page for the room's projector: standings, the round's clock, tables playing.

    It polls itself (static/js/live.js) and takes in what changed without reloading.
    """
    tournament = _get_tournament_for_user(request, slug)
    if tournament.imported:
        return redirect(tournament)  # no rounds, no clock: its ranking is on its own page
    round_ = tournament.rounds.order_by("-number").first()
    rows = standings(tournament)
    return render(
        request,
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "round": round_,
            "clock": clock.clock_of(round_) if round_ else None,
            # The first three stay on screen; the rest of the field scrolls beneath them.
            "podium": rows[:PODIUM],
            "rest": rows[PODIUM:],
            "playing": _still_playing(tournament, round_),
        },
    )


# --- the table's own link (links.py): its players enter, correct and sign their sheet ---------


def _get_link_table(token: str) -> Table:
    """Return the table of this link (404 for a token no table has)."""
    try:
        return links.table_for_token(token)
    except Table.DoesNotExist:
        raise Http404 from None


def _link_closed(request: HttpRequest, table: Table) -> HttpResponse:
    """Return the page that says the table's link takes nothing more (403 to a posted change)."""
    status = 403 if request.method == "POST" else 200
    context = {"table": table, "tournament": table.round.tournament}
    if request.method == "POST" and request.POST.get("contract"):
        # A hand typed while the director closed the table: say it was not saved, and show it.
        context["typed"] = _hand_form(table, request.POST).typed()
    return render(request, "tournaments/table_link_closed.html", context, status=status)


def table_code(request: HttpRequest) -> HttpResponse:
    """Return the page where a table types its code; a right code leads to the table's link."""
    error = None
    status = 200
    if request.method == "POST":
        try:
            table = links.table_for_code(request.POST.get("code", "")[:40], client_ip(request))
        except links.TooManyGuesses as refused:
            error, status = str(refused), 429
        except links.LinkError as refused:
            error, status = str(refused), 400
        else:
            return redirect("table_link", table.token)
    return render(request, "tournaments/table_code.html", {"error": error}, status=status)


def table_link(request: HttpRequest, token: str, number: int | None = None) -> HttpResponse:
    """Return the table's own page: its sheet, the entry form (new or corrected hand), sign-off."""
    table = _get_link_table(token)
    tournament = table.round.tournament
    return live.private_page(
        request,
        tournament.pk,
        tournament.version,
        token,
        lambda: _table_link_page(request, table, number),
    )


def _table_link_page(request: HttpRequest, table: Table, number: int | None) -> HttpResponse:
    if not links.is_open(table):
        return _link_closed(request, table)
    tournament = table.round.tournament
    hand = get_object_or_404(Hand, table=table, number=number) if number is not None else None
    link_url = reverse("table_link", args=[table.token])
    preview = None
    status = 200
    if request.method == "POST":
        outcome = _enter_hand(request, table, number, hand, done_url=link_url, by_table=True)
        if isinstance(outcome, HttpResponse):
            return outcome
        form, preview, status = outcome
    else:
        form = _hand_form(table, number=number, stored=hand.data if hand else None)
    preview_args = [table.token] if number is None else [table.token, number]
    context = _sheet_context(table, number) | {
        "tournament": tournament,
        "form": form,
        "preview": preview,
        "editing": number,
        "hand": hand,
        "history": sheets.hand_history(table, hand) if hand else [],
        "ruleset": (ruleset := tournament.ruleset_info()),
        "ruleset_json": script_data(ruleset),
        "clock": clock.clock_of(table.round),
        "link_token": table.token,
        "link_url": link_url,
        "preview_url": reverse(
            "table_link_preview" if number is None else "table_link_hand_preview",
            args=preview_args,
        ),
        "can_sign": links.can_sign(table),
        "sheet_state": links.sheet_state(table),
        "sent_back": sheets.sent_back_reason(table),
    }
    return render(request, "tournaments/table_link.html", context, status=status)


@require_POST
def table_link_preview(request: HttpRequest, token: str, number: int | None = None) -> HttpResponse:
    """Return the preview fragment of a hand being entered through the table's link."""
    table = _get_link_table(token)
    if not links.is_open(table):
        raise PermissionDenied
    if number is not None:
        get_object_or_404(Hand, table=table, number=number)
    return _preview_fragment(request, table, number)


@require_POST
def table_link_sign(request: HttpRequest, token: str) -> HttpResponse:
    """Record that the table's players confirm their sheet (each ticked their name)."""
    table = _get_link_table(token)
    if not links.is_open(table):
        return _link_closed(request, table)
    # A value that is no seat number ("²" is a digit int() refuses) is kept as no seat (-1), so
    # the sheet is not signed: refused with the message, never a 500.
    ticked = [
        int(seat) if seat.isdecimal() and len(seat) <= 3 else -1
        for seat in request.POST.getlist("seat")
    ]
    try:
        links.sign(table, ticked, seen=request.POST.get("state"))
    except links.LinkError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request,
            _("Sheet signed. The tournament director checks it and closes the table."),
        )
    return redirect("table_link", token)
