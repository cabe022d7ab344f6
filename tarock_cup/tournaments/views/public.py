"""Pages for everyone: the list of tournaments, standings, a player's page, the projector, the
rules.
"""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

import scoring
from scoring import standings as ranking
from tarock_cup.tournaments import clock, display, live, tariff_card
from tarock_cup.tournaments.access import get_tournament_for_user, visible_tournaments
from tarock_cup.tournaments.models import Registration, Round, Seat
from tarock_cup.tournaments.naming import sees_full_names
from tarock_cup.tournaments.standings import paper_tables, standings, tie_breakers
from tarock_cup.tournaments.tables import StandingsTable


def home(request: HttpRequest) -> HttpResponse:
    """Return the list of tournaments the visitor may see."""
    # The imported ranking is read with each tournament: the list marks imported ones.
    tournaments = (
        visible_tournaments(request.user)
        .select_related("imported_ranking")
        .order_by("-date", "name")
    )
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


STANDINGS_PAGE = 50


# What the page reads of its query: all players or a page of them (RequestConfig: "page").
@live.live_page(reads={"all": live.query_flag, "page": live.query_page})
def standings_view(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Return overall standings, or one round's."""
    tournament = get_tournament_for_user(request.user, slug)
    if tournament.imported:
        # Its standings are the imported ranking, shown on its own page.
        return redirect(tournament)
    if number is not None and not tournament.rounds.filter(number=number).exists():
        raise Http404
    full_names = sees_full_names(request.user, tournament)
    rows = standings(tournament, number, full_names)
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
            "paper_tables": paper_tables(tournament, number, full_names),
        },
    )


def player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Return a player's page: their tables and hands in this tournament."""
    tournament = get_tournament_for_user(request.user, slug)
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


@require_safe
def rules_card(request: HttpRequest, key: str) -> HttpResponse:
    """Return a ruleset's tariff card: its numbers on one printable page for the tables."""
    try:
        ruleset = scoring.get_ruleset(key)
    except scoring.ScoringError as error:
        raise Http404 from error
    context = {**tariff_card.card_context(ruleset), "title": _(ruleset.name)}
    return render(request, "tournaments/tariff_card.html", context)


def _still_playing(round_: Round | None) -> list[dict[str, Any]]:
    """Return the round's open tables, each with its hands entered and due."""
    if round_ is None:
        return []
    tables = (
        round_.tables.filter(finished=False)
        .with_hands_entered()
        .with_seats_counted()
        .order_by("number")
    )
    return [
        {
            "number": table.number,
            "played": table.played(),
            "due": table.hands_due(),
            "paper": table.paper is not None,
        }
        for table in tables
    ]


PODIUM = 3


@live.live_page(round_stamp=live.latest_round)
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the page for the room's projector: standings, the round's clock, tables playing.

    It polls itself (static/js/live.js) and takes in what changed without reloading.
    """
    tournament = get_tournament_for_user(request.user, slug)
    if tournament.imported:
        return redirect(tournament)  # no rounds, no clock: its ranking is on its own page
    round_ = tournament.rounds.order_by("-number").first()
    # The room sees the projector: public names, even where a director is signed in on it.
    rows = standings(tournament, full_names=False)
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
            "playing": _still_playing(round_),
        },
    )
