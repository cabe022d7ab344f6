"""A register record's pages: the record, its correction, merging, undoing a merge, the
proposals waiting for an organiser, and a cup's log of its players' changes.

A player's record (results, seasons, statistics) is public, as the viewer may see it: a private
player by the public name, hidden tournaments and cups left out, a forgotten player not found.
The register's details (home, earlier names) and log are shown only to its keepers and to
directors of a tournament the player plays in. Only keepers change it (`records`, `proposals`).
"""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tarock_cup import names
from tarock_cup.cups.models import Cup
from tarock_cup.register import chart, proposals, statistics
from tarock_cup.register.homes import home_of, keeps
from tarock_cup.register.models import PlayerChange, Proposal
from tarock_cup.register.records import (
    RecordRefused,
    formerly,
    may_see_record,
    shown_cups,
    shown_tournaments,
    split_merge,
)
from tarock_cup.tournaments.access import SignedInRequest
from tarock_cup.tournaments.models import Player
from tarock_cup.tournaments.naming import shown_name

LOG_PAGE = 50
CANDIDATES = 20


class RecordForm(forms.Form):
    """A record's name and club, checked as the register checks them.

    A plain form with the model's fields: a model form makes a Player, which draws a number.
    """

    name = Player._meta.get_field("name").formfield()
    club = Player._meta.get_field("club").formfield()


def _record_for(request: HttpRequest, number: int, *, keeper: bool = False) -> Player:
    """Return the record if the user may see it (with keeper: change it); else a 404."""
    player = get_object_or_404(Player.objects.select_related("home_cup"), number=number)
    allowed = keeps(request.user, player) if keeper else may_see_record(request.user, player)
    if not allowed:
        raise Http404
    return player


def record_summary(user: Any, player: Player) -> dict[str, Any]:
    """Return what the record page and the merge comparison show of a record."""
    return {
        "player": player,
        "home": home_of(player),
        "formerly": formerly(player),
        "tournaments": list(shown_tournaments(user, player)),
        "cups": list(shown_cups(user, player)),
    }


def register_player(request: HttpRequest, number: int) -> HttpResponse:
    """Show a player's record: results, seasons and statistics to everyone (as the viewer may
    see them); the register's details, actions and log to those who keep or meet the record."""
    player = get_object_or_404(Player.objects.select_related("home_cup"), number=number)
    insider = may_see_record(request.user, player)
    if player.forgotten and not insider:
        raise Http404
    keeper = keeps(request.user, player)
    record = _player_record(request, player)
    log = PlayerChange.objects.filter(number=player.number).select_related("by", "undone_by")
    return render(
        request,
        "register/player.html",
        {
            "player": player,
            "shown_name": shown_name(player, insider),
            "stats": record,
            "chart": chart.scores_chart(record.chart()),
            "record": record_summary(request.user, player) if insider else None,
            "keeper": keeper,
            "log": list(log[:LOG_PAGE]) if keeper else [],
            "proposals": proposals.groups_about(player) if keeper else [],
        },
    )


def _player_record(request: HttpRequest, player: Player) -> statistics.Record:
    """Return the record filtered as asked; an unknown season or cup says so and shows all."""
    season = request.GET.get("season", "").strip()[:40] or None
    cup = request.GET.get("cup", "").strip()[:80] or None
    try:
        return statistics.player_record(player, request.user, season, cup)
    except statistics.UnknownFilter as unknown:
        if str(unknown) == "season":
            text = _("The player has no results in the season %(season)s; all are shown.")
            messages.error(request, text % {"season": season})
        else:
            text = _("The player has no results in a cup %(cup)s; all are shown.")
            messages.error(request, text % {"cup": cup})
        return statistics.player_record(player, request.user)


@login_required
def register_player_edit(request: HttpRequest, number: int) -> HttpResponse:
    """Correct a record's name or club (recorded; a proposal where others must agree)."""
    player = _record_for(request, number, keeper=True)
    form = RecordForm(request.POST or None, initial={"name": player.name, "club": player.club})
    if request.method == "POST" and form.is_valid():
        try:
            outcome = proposals.request_correction(
                player, form.cleaned_data["name"], form.cleaned_data["club"], request.user
            )
        except RecordRefused as refused:
            messages.error(request, str(refused))
        else:
            _tell_outcome(request, outcome, _("The record was corrected."))
            return redirect("register_player", player.number)
    return render(request, "register/edit.html", {"player": player, "form": form})


def _tell_outcome(request: HttpRequest, outcome: proposals.Outcome, done: str) -> None:
    if outcome.change is not None:
        messages.success(request, done)
        return
    names = ", ".join(o.get_full_name() or o.get_username() for o in outcome.asked)
    messages.info(
        request,
        ngettext(
            "The player also plays in a tournament of %(names)s; the change waits for that "
            "organiser's answer.",
            "The player also plays in tournaments of %(names)s; the change waits for their "
            "answers.",
            len(outcome.asked),
        )
        % {"names": names},
    )


@login_required
def register_player_merge(request: HttpRequest, number: int) -> HttpResponse:
    """Merge another record into this one or this into the other: find the other record,
    compare both side by side, choose which stays, confirm."""
    player = _record_for(request, number, keeper=True)
    other = _other_record(request, player)
    if other is None:
        return _merge_search(request, player)
    if request.method == "POST":
        return _merge_confirmed(request, player, other)
    return render(
        request,
        "register/merge_compare.html",
        {
            "player": player,
            "other": other,
            "records": [record_summary(request.user, p) for p in (player, other)],
        },
    )


def _other_record(request: HttpRequest, player: Player) -> Player | None:
    """Return the record chosen to merge with, if one was chosen and the user keeps it.

    A record the user does not keep is not shown, not even its name: it may be someone
    else's, known only from a hidden tournament.
    """
    raw = request.POST.get("other") or request.GET.get("other") or ""
    if not raw.strip():
        return None
    digits = raw.strip()
    # Nine digits at most: a longer "number" is no player's and would overflow the column.
    number = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else None
    other = Player.objects.filter(number=number).first() if number is not None else None
    if other is None or other.pk == player.pk or not keeps(request.user, other):
        messages.error(
            request,
            _("No other record with the number %(number)s that you keep.") % {"number": raw[:20]},
        )
        return None
    return other


def _merge_search(request: HttpRequest, player: Player) -> HttpResponse:
    """Show the search for the other record: kept records whose name or club contains the
    words typed."""
    query = request.GET.get("q", "").strip()[:100]
    candidates = []
    if query:
        found = Player.objects.exclude(pk=player.pk)
        # Every word typed is in the name or club, in any order (as names compare).
        for word in names.plain(query).split():
            found = found.filter(search_key__contains=word)
        candidates = [p for p in found.order_by("name", "pk")[:200] if keeps(request.user, p)]
    return render(
        request,
        "register/merge_search.html",
        {"player": player, "query": query, "candidates": candidates[:CANDIDATES]},
    )


def _merge_confirmed(request: HttpRequest, player: Player, other: Player) -> HttpResponse:
    """Apply (or propose) the merge confirmed on the comparison page."""
    stays = request.POST.get("keep")
    if stays not in {str(player.number), str(other.number)}:
        messages.error(request, _("Choose which record stays."))
        return redirect(_compare_url(player, other))
    keep, drop = (player, other) if stays == str(player.number) else (other, player)
    try:
        outcome = proposals.request_merge(keep, drop, request.user)
    except RecordRefused as refused:
        messages.error(request, str(refused))
        return redirect(_compare_url(player, other))
    _tell_outcome(
        request,
        outcome,
        _("%(drop)s (%(number)s) was merged into this record.")
        % {"drop": drop.name, "number": drop.number_label()},
    )
    return redirect("register_player", keep.number)


def _compare_url(player: Player, other: Player) -> str:
    return f"{reverse('register_player_merge', args=[player.number])}?other={other.number}"


@login_required
def register_merge_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo a merge (asked to confirm first): the dropped record comes back with exactly the
    registrations, seats and places that moved."""
    merge = get_object_or_404(
        PlayerChange.objects.select_related("player"), pk=pk, kind=PlayerChange.Kind.MERGE
    )
    if merge.player is None or not keeps(request.user, merge.player):
        raise Http404
    if request.method == "POST" and request.POST.get("confirm") == "1":
        try:
            split = split_merge(merge, request.user)
        except RecordRefused as refused:
            messages.error(request, str(refused))
            return redirect("register_player", merge.player.number)
        messages.success(request, _("The merge was undone."))
        return redirect("register_player", split.number)
    return render(request, "register/undo.html", {"merge": merge, "moved": _moved_counts(merge)})


def _moved_counts(merge: PlayerChange) -> dict[str, int]:
    return {kind: len(merge.moved.get(kind, [])) for kind in ("registrations", "seats", "places")}


@login_required
def register_proposals(request: SignedInRequest) -> HttpResponse:
    """List the proposals waiting for the user's answer, and the user's own requests."""
    rows = Proposal.objects.select_related("player", "other", "proposed_by", "organiser")
    return render(
        request,
        "register/proposals.html",
        {
            "waiting": rows.filter(organiser=request.user, state=Proposal.State.PENDING),
            "answered": rows.filter(organiser=request.user).exclude(state=Proposal.State.PENDING)[
                :LOG_PAGE
            ],
            "mine": rows.filter(proposed_by=request.user)[:LOG_PAGE],
        },
    )


@login_required
@require_POST
def register_proposal_answer(request: SignedInRequest, pk: int) -> HttpResponse:
    """Accept or decline a proposal sent to the user."""
    proposal = get_object_or_404(Proposal, pk=pk, organiser=request.user)
    decision = request.POST.get("answer")
    if decision not in {"accept", "decline"}:
        messages.error(request, _("Choose to accept or to decline."))
        return redirect("register_proposals")
    try:
        proposals.answer(proposal, request.user, decision == "accept")
    except RecordRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("Accepted.") if decision == "accept" else _("Declined."))
    return redirect("register_proposals")


@login_required
def cup_player_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the cup's organisers every change of the records their cup keeps, newest first."""
    cup = get_object_or_404(Cup, slug=slug)
    if not cup.is_organiser(request.user):
        raise Http404
    log = PlayerChange.objects.filter(cup=cup).select_related("by", "player", "undone_by")
    page = Paginator(log, LOG_PAGE).get_page(request.GET.get("page"))
    return render(request, "register/cup_log.html", {"cup": cup, "page": page})
