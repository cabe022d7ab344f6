"""Pages for correcting an imported ranking (the corrections themselves: cups.ranking_edit).

Only the cup's organisers reach them; a tournament hidden from the user is not found, and a
cup hidden from the user is not found either.
"""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tarock_cup.cups import rankings
from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace
from tarock_cup.cups.ranking_edit import (
    PlaceEdit,
    PlayerWanted,
    RankingEditRefused,
    add_place,
    change_place,
    may_edit,
    needs_scores,
    remove_place,
)
from tarock_cup.pages import form_page
from tarock_cup.tournaments.access import visible_tournaments


class PlaceForm(forms.Form):
    """One row of an imported ranking as the director wants it."""

    rank = forms.IntegerField(label=gettext_lazy("Rank"), min_value=1)
    player = forms.CharField(
        label=gettext_lazy("Player"),
        max_length=rankings.NAME_LENGTH,
        help_text=gettext_lazy("A name, or a player's number such as 100023."),
    )
    club = forms.CharField(
        label=gettext_lazy("Club"),
        max_length=rankings.CLUB_LENGTH,
        required=False,
        help_text=gettext_lazy("Tells players of one name apart; a new player gets it."),
    )
    score = forms.IntegerField(
        label=gettext_lazy("Score"),
        required=False,
        min_value=-rankings.MAX_SCORE,
        max_value=rankings.MAX_SCORE,
    )
    new = forms.BooleanField(
        label=gettext_lazy("new player (not yet in the list of players)"), required=False
    )

    def __init__(self, *args: Any, scores_needed: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["score"].required = scores_needed
        self.fields["rank"].widget.attrs["inputmode"] = "numeric"

    def edit(self) -> PlaceEdit:
        """Return the cleaned form as the correction it asks for."""
        data = self.cleaned_data
        wanted = PlayerWanted(data["player"], data["club"], data["new"])
        return PlaceEdit(data["rank"], wanted, data["score"])


def _entry(request: HttpRequest, slug: str, tournament_slug: str) -> CupTournament:
    """Return the cup's entry of an imported ranking the user may correct.

    404 when the cup, or the tournament, is hidden from the user or has no imported ranking;
    403 for a visible cup the user does not organise.
    """
    cup = get_object_or_404(Cup, slug=slug)
    if not may_edit(cup, request.user):
        if cup.public:
            raise PermissionDenied
        raise Http404
    return get_object_or_404(
        CupTournament.objects.select_related("cup", "tournament__imported_ranking"),
        cup=cup,
        tournament__slug=tournament_slug,
        tournament__imported_ranking__isnull=False,
        tournament__in=visible_tournaments(request.user),
    )


def _place(entry: CupTournament, place_id: int) -> ImportedPlace:
    return get_object_or_404(
        ImportedPlace.objects.select_related("player", "ranking__tournament"),
        pk=place_id,
        ranking=entry.tournament.imported_ranking,
    )


def _back(entry: CupTournament) -> HttpResponse:
    return redirect("cup_ranking_edit", entry.cup.slug, entry.tournament.slug)


@login_required
def ranking_edit(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    """List the ranking's rows to correct; a POST adds a forgotten row."""
    entry = _entry(request, slug, tournament_slug)
    ranking = entry.tournament.imported_ranking
    places = list(ranking.places.select_related("player"))
    scores_needed = needs_scores(ranking)
    initial = {"rank": len(places) + 1}
    form = PlaceForm(request.POST or None, initial=initial, scores_needed=scores_needed)
    if request.method == "POST" and form.is_valid():
        try:
            place = add_place(entry.cup, ranking, form.edit(), request.user)
        except RankingEditRefused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(
                request,
                _("%(name)s added at rank %(rank)s.")
                % {"name": place.player.name, "rank": place.rank},
            )
            return _back(entry)
    return form_page(
        request,
        "cups/ranking_edit.html",
        {
            "cup": entry.cup,
            "entry": entry,
            "places": places,
            "form": form,
            "scores": scores_needed or any(p.score is not None for p in places),
        },
    )


@login_required
def ranking_place_edit(
    request: HttpRequest, slug: str, tournament_slug: str, place_id: int
) -> HttpResponse:
    """Correct one row: its player, score and rank."""
    entry = _entry(request, slug, tournament_slug)
    place = _place(entry, place_id)
    initial = {
        "rank": place.rank,
        "player": place.player.name,
        "club": place.player.club,
        "score": place.score,
    }
    scores_needed = needs_scores(place.ranking)
    form = PlaceForm(request.POST or None, initial=initial, scores_needed=scores_needed)
    if request.method == "POST" and form.is_valid():
        try:
            change_place(entry.cup, place, form.edit(), request.user)
        except RankingEditRefused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(request, _("Rank %(rank)s saved.") % {"rank": form.edit().rank})
            return _back(entry)
    return form_page(
        request,
        "cups/ranking_edit_place.html",
        {"cup": entry.cup, "entry": entry, "place": place, "form": form},
    )


@login_required
@require_POST
def ranking_place_remove(
    request: HttpRequest, slug: str, tournament_slug: str, place_id: int
) -> HttpResponse:
    """Remove a row entered by mistake."""
    entry = _entry(request, slug, tournament_slug)
    place = _place(entry, place_id)
    try:
        remove_place(entry.cup, place, request.user)
    except RankingEditRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request,
            _("%(name)s removed from the ranking.") % {"name": place.player.name},
        )
    return _back(entry)
