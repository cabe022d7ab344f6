"""Cup pages: the season table, a player's season, the cup's form and its downloads.

Who may see and change a cup is decided in `access.get_cup_for_user` (through
`_get_cup_for_user` here).
"""

import datetime
import functools
import json
from collections.abc import Callable, Sequence
from typing import Any, TypedDict, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.season import season_to_json
from tarock_cup import downloads, previews
from tarock_cup.cups import exports, rankings
from tarock_cup.cups.access import get_cup_for_user, visible_cups
from tarock_cup.cups.forms import CupForm, RankingImportForm
from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.cups.players import likely_duplicates, mergeable
from tarock_cup.cups.rules import rules_text
from tarock_cup.cups.season import UnusableSeason, checked_season, cup_season
from tarock_cup.cups.tables import (
    SeasonTable,
    player_results,
    points_text,
    row_html,
    season_rows,
)
from tarock_cup.pages import form_page
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.display import upload_error_text

SEASON_PAGE = 50


def _visible_cups(request: HttpRequest) -> QuerySet[Cup]:
    return visible_cups(request.user)


def _get_cup_for_user(
    request: HttpRequest,
    slug: str,
    *,
    organiser: bool = False,
    may: Callable[[Cup, Any], bool] | None = None,
) -> Cup:
    """Return the cup if the user may see it and has the right `may` asks for (see
    `access.get_cup_for_user`); `organiser=True` is short for `may=Cup.is_organiser`."""
    return get_cup_for_user(request.user, slug, Cup.is_organiser if organiser else may)


def _explains_unusable_season(
    view: Callable[..., HttpResponseBase],
) -> Callable[..., HttpResponseBase]:
    """Answer a season the engine refuses with a page saying why, not with a server error."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        try:
            return view(request, *args, **kwargs)
        except UnusableSeason as unusable:
            # 409: the request is fine; the cup's stored settings are what has to change.
            return render(
                request,
                "cups/cup_unusable.html",
                {
                    "cup": unusable.cup,
                    "reason": upload_error_text(unusable.error),
                    "is_organiser": unusable.cup.is_organiser(request.user),
                },
                status=409,
            )

    return wrapper


def _closed(request: HttpRequest, the_cup: Cup) -> HttpResponse:
    """Send the user back to the cup: its season is closed, its ranking not changed."""
    messages.error(request, Cup.closed_season_text())
    return redirect(the_cup)


def cup_list(request: HttpRequest) -> HttpResponse:
    return render(request, "cups/cup_list.html", {"cups": _visible_cups(request)})


def _save(form: CupForm, request: HttpRequest) -> Cup:
    with transaction.atomic():
        cup = form.save(commit=False)
        cup.points = form.cleaned_data["points"]
        if cup.pk is None:
            cup.owner = request.user
        cup.save()
        chosen = list(form.cleaned_data["tournaments"])
        final = form.cleaned_data.get("final")
        if final is not None and final not in chosen:
            chosen.append(final)
        cup.entries.exclude(tournament__in=chosen).delete()
        cup.entries.update(final=False)
        for tournament in chosen:
            CupTournament.objects.update_or_create(
                cup=cup, tournament=tournament, defaults={"final": tournament == final}
            )
    return cup


@login_required
def cup_new(request: HttpRequest) -> HttpResponse:
    """Create a cup; its creator owns it."""
    form = CupForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        cup = _save(form, request)
        messages.success(request, _("Cup created."))
        return redirect(cup)
    return render(request, "cups/cup_form.html", {"form": form})


@login_required
def cup_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Change the cup: its settings (organisers) and its tournaments (organisers, deputies)."""
    cup = _get_cup_for_user(request, slug, may=Cup.manages_tournaments)
    form = CupForm(request.POST or None, instance=cup, user=request.user)
    if request.method == "POST" and form.is_valid():
        _save(form, request)
        messages.success(request, _("Cup saved."))
        return redirect(cup)
    return render(request, "cups/cup_form.html", {"form": form, "cup": cup})


@_explains_unusable_season
def cup(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the season table and the cup's tournaments with their winners."""
    the_cup = _get_cup_for_user(request, slug)
    season = cup_season(the_cup, request.user)
    organiser = the_cup.is_organiser(request.user)
    standings = season.ranking.standings
    show_all = request.GET.get("all") == "1"
    # A page of 50 keeps a long season quick on a phone; "all" is there for printing.
    page = Paginator(standings, len(standings) or 1 if show_all else SEASON_PAGE).get_page(
        request.GET.get("page")
    )
    rows = season_rows(season, list(page.object_list))
    table = SeasonTable(season, rows)
    return render(
        request,
        "cups/cup.html",
        {
            "cup": the_cup,
            "table": table,
            "rows": row_html(table, rows),
            "page": page,
            "entries": [(entry, season.winner(entry)) for entry in season.entries],
            "provisional": any(entry.provisional for entry in season.entries),
            "hidden": season.hidden,
            "rules": rules_text(season.season),
            "is_organiser": organiser,
            "manages_tournaments": the_cup.manages_tournaments(request.user),
            # Only organisers can act on them; the names are shown to no one else.
            "duplicates": (
                likely_duplicates(mergeable(season.players.values(), request.user))
                if organiser
                else []
            ),
        },
    )


@_explains_unusable_season
@login_required
@require_POST
def cup_merge(request: HttpRequest, slug: str) -> HttpResponse:
    """Lead from two likely duplicates of the cup's season to the register's merge, where both
    records are compared side by side and the organiser chooses which stays."""
    the_cup = _get_cup_for_user(request, slug, organiser=True)
    season = cup_season(the_cup, request.user)
    try:
        keep_pk, drop_pk = int(request.POST["keep"]), int(request.POST["drop"])
    except (KeyError, ValueError):
        raise Http404 from None
    # Only players of this cup's season: an organiser does not reach into other players.
    if keep_pk not in season.keys or drop_pk not in season.keys:
        raise Http404
    keep = season.players[season.keys[keep_pk]]
    drop = season.players[season.keys[drop_pk]]
    if len(mergeable([keep, drop], request.user)) != 2:
        messages.error(
            request,
            _(
                "Only the organisers of a record's home change it; one of these records is "
                "kept by someone else. Ask its home's organisers."
            ),
        )
        return redirect(the_cup)
    merge = reverse("register_player_merge", args=[keep.number])
    return redirect(f"{merge}?other={drop.number}")


@_explains_unusable_season
def cup_player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Return a player's season: each tournament's rank and cup points, counted ones marked."""
    the_cup = _get_cup_for_user(request, slug)
    season = cup_season(the_cup, request.user)
    key = season.keys.get(player_id)
    standing = season.ranking.standing(key) if key else None
    if key is None or standing is None:
        raise Http404
    return render(
        request,
        "cups/player.html",
        {
            "cup": the_cup,
            "player": season.players[key],
            "standing": standing,
            "points": points_text(standing.points),
            "lines": player_results(season, standing),
        },
    )


@_explains_unusable_season
def cup_csv(request: HttpRequest, slug: str) -> HttpResponse:
    the_cup = _get_cup_for_user(request, slug)
    return downloads.attachment(
        exports.season_csv(cup_season(the_cup, request.user)),
        f"{slug}-season.csv",
        "text/csv; charset=utf-8",
    )


@_explains_unusable_season
def cup_xlsx(request: HttpRequest, slug: str) -> FileResponse:
    the_cup = _get_cup_for_user(request, slug)
    season = cup_season(the_cup, request.user)
    return downloads.workbook(
        lambda out: exports.season_workbook(season, out), f"{slug}-season.xlsx"
    )


@_explains_unusable_season
def cup_json(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the season as SEASON JSON: `python -m scoring.season` ranks it as the page does."""
    the_cup = _get_cup_for_user(request, slug)
    season = cup_season(the_cup, request.user).season
    text = json.dumps(season_to_json(season), ensure_ascii=False, indent=1)
    return downloads.attachment(text.encode("utf-8"), f"{slug}-season.json", "application/json")


def _import_key(cup: Cup) -> str:
    return f"cups.ranking_import.{cup.pk}"


class PendingRanking(TypedDict):
    """A previewed ranking import, kept in the session until the organiser confirms it."""

    token: str
    filename: str
    name: str
    date: str
    final: bool
    places: list[dict[str, Any]]
    signature: list[Any]


def _ranking_preview(
    request: HttpRequest,
    cup: Cup,
    pending: PendingRanking,
    rows: list[rankings.PlanRow],
    status: int = 200,
) -> HttpResponse:
    alike: dict[str, Sequence[rankings.Place]] = {}
    for row in rows:
        if row.alike_group:
            alike.setdefault(row.alike_key, row.alike_group)
    return render(
        request,
        "cups/ranking_preview.html",
        {
            "cup": cup,
            "pending": pending,
            "date": datetime.date.fromisoformat(pending["date"]),
            # Each row with its choice: as sent (kept when shown again) or as it starts.
            "lines": [
                (r, request.POST.get(f"choice-{r.place.line}", r.initial_choice)) for r in rows
            ],
            "found": sum(1 for r in rows if r.player is not None),
            "new": sum(1 for r in rows if r.player is None and not r.offers),
            "choose": sum(1 for r in rows if r.choose),
            "scores": any(r.place.score is not None for r in rows),
            # Each group of look-alike rows with its confirmation, kept when shown again.
            "alike": [(key, group, request.POST.get(key) == "1") for key, group in alike.items()],
        },
        status=status,
    )


@_explains_unusable_season
@login_required
def ranking_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a past tournament's final ranking and show what importing it would do."""
    the_cup = _get_cup_for_user(request, slug, may=Cup.manages_tournaments)
    if the_cup.season_closed:
        return _closed(request, the_cup)
    checked_season(the_cup)  # the form reads the cup's rule
    bound = request.method == "POST"
    form = RankingImportForm(
        request.POST if bound else None, request.FILES if bound else None, cup=the_cup
    )
    if bound and form.is_valid():
        places = form.cleaned_data["places"]
        rows = rankings.plan(places, request.user)
        kept = previews.keep(
            request,
            _import_key(the_cup),
            rankings.signature(rows),
            filename=form.cleaned_data["file"].name,
            name=form.cleaned_data["name"],
            date=form.cleaned_data["date"].isoformat(),
            final=form.cleaned_data["final"],
            places=[place.as_dict() for place in places],
        )
        return _ranking_preview(request, the_cup, cast(PendingRanking, kept), rows)
    return form_page(
        request,
        "cups/ranking_import.html",
        {"cup": the_cup, "form": form},
    )


@_explains_unusable_season
@login_required
@require_POST
def ranking_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Carry out the previewed import: the tournament, its ranking and its place in the cup."""
    the_cup = _get_cup_for_user(request, slug, may=Cup.manages_tournaments)
    if the_cup.season_closed:
        return _closed(request, the_cup)
    key = _import_key(the_cup)
    sent = previews.sent_back(request, key)
    if sent is None:
        return redirect("cup_ranking_import", slug)
    kept = cast(PendingRanking, sent)
    # Decided again now: the players may have changed since the preview.
    rows = rankings.plan((rankings.Place(**place) for place in kept["places"]), request.user)
    if not previews.unchanged(request, key, sent, rankings.signature(rows)):
        return _ranking_preview(request, the_cup, kept, rows)
    choices = {k.removeprefix("choice-"): v for k, v in request.POST.dict().items()}
    try:
        chosen = rankings.chosen_players(rows, choices)
        tournament = rankings.apply(
            the_cup,
            rows,
            chosen,
            name=kept["name"],
            date=datetime.date.fromisoformat(kept["date"]),
            final=kept["final"],
            filename=kept["filename"],
            user=request.user,
        )
    except rankings.ChoiceError as error:
        messages.error(request, str(error))
        return _ranking_preview(request, the_cup, kept, rows, status=400)
    except rankings.FinalTaken as error:
        # Trying again cannot help: this import was to be the final.
        previews.done(request, key)
        messages.error(request, str(error))
        return redirect("cup_ranking_import", slug)
    except IntegrityError:
        messages.error(
            request, _("Another change came in between; nothing was imported. Try again.")
        )
        return redirect("cup_ranking_import", slug)
    previews.done(request, key)
    messages.success(
        request,
        ngettext(
            "Ranking of %(name)s imported: %(n)s player.",
            "Ranking of %(name)s imported: %(n)s players.",
            len(rows),
        )
        % {"name": tournament.name, "n": len(rows)},
    )
    return redirect(the_cup)


def _imported_entry(request: HttpRequest, the_cup: Cup, tournament_slug: str) -> CupTournament:
    """Return the cup's imported tournament by its slug, if the user may see it (else 404)."""
    return get_object_or_404(
        CupTournament.objects.select_related("tournament__imported_ranking"),
        cup=the_cup,
        tournament__slug=tournament_slug,
        tournament__imported_ranking__isnull=False,
        tournament__in=visible_tournaments(request.user),
    )


def cup_ranking(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    """Return an imported tournament's final ranking as the cup counts it."""
    the_cup = _get_cup_for_user(request, slug)
    entry = _imported_entry(request, the_cup, tournament_slug)
    places = entry.tournament.imported_ranking.places.select_related("player")
    return render(
        request,
        "cups/ranking.html",
        {
            "cup": the_cup,
            "entry": entry,
            "places": places,
            "scores": any(p.score is not None for p in places),
            "manages_tournaments": the_cup.manages_tournaments(request.user),
        },
    )


@login_required
@require_POST
def cup_ranking_remove(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    """Take an imported ranking out of the cup (a mistaken import is then imported again)."""
    the_cup = _get_cup_for_user(request, slug, may=Cup.manages_tournaments)
    if the_cup.season_closed:
        return _closed(request, the_cup)
    entry = _imported_entry(request, the_cup, tournament_slug)
    name = entry.tournament.name
    rankings.remove(entry, request.user)
    messages.success(request, _("%(name)s is no longer counted in the cup.") % {"name": name})
    return redirect(the_cup)
