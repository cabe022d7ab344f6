"""Entering a hand, shared by the director's table page and the table's own link.

Both audiences get the same checks, the same preview and the same conflict protection.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import scoring
from tarock_cup.tournaments import clock, display, sheets
from tarock_cup.tournaments.hand_forms import HandFormBase, hand_form, script_data
from tarock_cup.tournaments.models import Hand, Table
from tarock_cup.tournaments.naming import sees_full_names, shown_name


def sheet_context(
    table: Table, number: int | None = None, full_names: bool = False
) -> dict[str, Any]:
    seats = list(table.seats.select_related("player"))
    hands = list(table.hands.order_by("number"))
    rows = [{"hand": hand, "running": hand.running} for hand in hands]
    # The deal moves one seat each hand (the sheet format's rule); shown to help the director.
    upcoming = len(hands) + 1 if number is None else number
    dealer = table.dealer_of(upcoming, len(seats)) if seats else 0
    due = table.hands_due(len(seats))
    return {
        "next_dealer": seats[dealer] if seats else None,
        "next_vorhand": seats[scoring.vorhand_of(dealer, len(seats))] if seats else None,
        "table": table,
        "seats": seats,
        "rows": rows,
        "names": [shown_name(seat.player, full_names) for seat in seats],
        # A paper table's totals are the paper block's (shown above the sheet); under the
        # hands entered so far stand their own totals.
        "totals": (hands[-1].running if hands else [0] * len(seats))
        if table.paper
        else table.totals or [0] * len(seats),
        "paper_rows": sheets.paper_rows(table, full_names) if table.paper else [],
        # What closing the table counts: a paper block's hands, or those entered.
        "played": table.played(entered=len(hands)),
        "hands_due": due,
        "complete": len(hands) >= due,
    }


def table_hand_form(
    table: Table,
    data: Any = None,
    *,
    number: int | None = None,
    stored: Any = None,
    full_names: bool = False,
) -> HandFormBase:
    """Return the form of the chosen contract's family for hand `number` (None: a new hand)."""
    tournament = table.round.tournament
    players = sheets.seat_names(table, full_names)
    position = table.hands.count() + 1 if number is None else number
    dealer = table.dealer_of(position, len(players)) if players else None
    return hand_form(
        tournament.ruleset_info(),
        tournament.options,
        players,
        data,
        dealer=dealer,
        stored=stored,
    )


def preview_hand(table: Table, form: HandFormBase, number: int | None) -> dict[str, Any] | None:
    """Return how the hand would score in its place on the sheet, or put the error on the form."""
    return place_preview(form, sheets.preview_hand(table, form.to_hand(), number))


def place_preview(form: HandFormBase, preview: sheets.Preview) -> dict[str, Any] | None:
    """Return the preview's scores, or put why the engine refused the hand on the form."""
    if preview.error is not None:
        if preview.in_hand:
            form.add_engine_error(preview.error)
        else:
            form.add_error(None, display.error_text(preview.error))
    return preview.scores


def conflict_message(table: Table, conflict: sheets.Conflict, *, new: bool = False) -> str:
    """Return what happened to the sheet meanwhile (`new`: the page was entering a new hand)."""
    hand = conflict.hand
    if hand is None:
        return _(
            "The sheet changed while you were entering: hand %(n)s no longer exists. "
            "Nothing was saved; please check your entry."
        ) % {"n": conflict.number}
    names = sheets.seat_names(table, full_names=False)
    facts = {
        "n": hand.number,
        "user": conflict.author or sheets.last_author(hand),
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


@dataclass
class Entry:
    """The hand entry of a table's page: the form, its preview and the page's status; or, once
    a posted hand is saved (or refused outright), the redirect that ends the page (`done`)."""

    form: HandFormBase | None = None
    preview: dict[str, Any] | None = None
    status: int = 200
    done: HttpResponse | None = None


@dataclass(frozen=True)
class Role:
    """What differs between those who enter hands: the page's template, where a saved hand
    returns, and who saved it (the table's phone, or the signed-in director)."""

    template: str
    done_url: str
    by_table: bool = False


def entry_for(
    request: HttpRequest, table: Table, number: int | None, hand: Hand | None, role: Role
) -> Entry:
    """Return the page's hand entry: the form of a new or stored hand, or the posted one judged."""
    if request.method != "POST":
        stored = hand.data if hand else None
        full_names = sees_full_names(request.user, table.round.tournament)
        return Entry(table_hand_form(table, number=number, stored=stored, full_names=full_names))
    return enter_hand(request, table, number, hand, role)


def enter_hand(
    request: HttpRequest, table: Table, number: int | None, hand: Hand | None, role: Role
) -> Entry:
    """Judge a posted hand (new, or hand `number`): preview it, or save it and redirect.

    The director's page and the table's own link both come here; the judging and saving is
    `sheets.enter_hand`, and this only turns its outcome into the page.
    """
    full_names = sees_full_names(request.user, table.round.tournament)
    form = table_hand_form(table, request.POST, number=number, full_names=full_names)
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
        return Entry(form, status=400)
    # Without a script the page shows a new family's fields after a submit: nothing is judged
    # or saved yet (but a sheet moved on is still told).
    anew = form.chosen_anew()
    try:
        outcome = sheets.enter_hand(
            table,
            form.to_hand() if valid and not anew else None,
            number,
            form.freshness(),
            by=None if role.by_table else request.user,
            save="save" in request.POST,
        )
    except sheets.Refused as refused:
        messages.error(request, str(refused))
        return Entry(form, done=redirect(role.done_url))
    if isinstance(outcome, sheets.Conflict):
        form.add_error(None, conflict_message(table, outcome, new=number is None))
        if hand is not None and outcome.hand is not None:
            hand.refresh_from_db()
        return Entry(form, status=409)
    if isinstance(outcome, sheets.Saved):
        _tell_saved(request, outcome)
        return Entry(form, done=redirect(role.done_url))
    if anew:
        return Entry(form.unbound())
    preview = place_preview(form, outcome)
    return Entry(form, preview, status=400 if form.errors else 200)


def _tell_saved(request: HttpRequest, saved: sheets.Saved) -> None:
    done = (
        _("Hand %(n)s unchanged (%(scores)s).")
        if saved.unchanged
        else _("Hand %(n)s saved (%(scores)s).")
    )
    # tagged so that the entry form shows it beside the Save button too
    messages.success(
        request,
        done % {"n": saved.hand.number, "scores": display.scores_text(saved.hand.scores)},
        extra_tags="hand-saved",
    )


def hand_page(
    request: HttpRequest,
    table: Table,
    number: int | None,
    hand: Hand | None,
    role: Role,
    entry: Entry,
    **extra: Any,
) -> HttpResponse:
    """Return a table's page with its hand entry: what every audience sees, and the role's own."""
    tournament = table.round.tournament
    full_names = sees_full_names(request.user, tournament)
    context = sheet_context(table, number, full_names) | {
        "full_names": full_names,
        "tournament": tournament,
        "form": entry.form,
        "preview": entry.preview,
        "editing": number,
        "hand": hand,
        "ruleset": (ruleset := tournament.ruleset_info()),
        "ruleset_json": script_data(ruleset),
        "clock": clock.clock_of(table.round),
    }
    return render(request, role.template, context | extra, status=entry.status)


def preview_fragment(request: HttpRequest, table: Table, number: int | None) -> HttpResponse:
    """Return the preview fragment of the posted hand (new, or hand `number`)."""
    full_names = sees_full_names(request.user, table.round.tournament)
    form = table_hand_form(table, request.POST, number=number, full_names=full_names)
    preview = preview_hand(table, form, number) if form.is_valid() else None
    seats = list(table.seats.select_related("player"))
    context = {"form": form, "preview": preview, "seats": seats, "full_names": full_names}
    return render(request, "tournaments/_preview.html", context)
