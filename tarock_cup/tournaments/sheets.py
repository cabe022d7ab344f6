"""A table's score sheet: the bridge between stored hands and the scoring engine.

Every change to a table's hands goes through `save_hand` or `delete_hand`: the whole sheet is
scored by `scoring` first, and only a sheet the engine accepts is written, in one transaction.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.forms.models import model_to_dict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

import scoring
import scoring.paper
from tarock_cup.tariffs.errors import PlayedHandRefused
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Change, Hand, Table, new_table_code
from tarock_cup.tournaments.naming import shown_name


def seat_names(table: Table, full_names: bool = True) -> list[str]:
    """Return the names of the table's players in seat order (public names unless
    `full_names`: see `naming`)."""
    return [shown_name(seat.player, full_names) for seat in table.seats.select_related("player")]


def sheet_for(
    table: Table, hands: Sequence[Mapping[str, Any]], names: list[str] | None = None
) -> dict[str, Any]:
    """Return the table's score sheet in the interchange format, with the given hands (and the
    players' names, if the caller has read them)."""
    tournament = table.round.tournament
    sheet: dict[str, Any] = {"ruleset": tournament.ruleset}
    if tournament.tariff is not None:
        # the sheet carries its tariff, so the file alone scores the same anywhere
        sheet["tariff"] = tournament.tariff.sheet_tariff()
    sheet.update(
        options=dict(tournament.options),
        players=seat_names(table) if names is None else names,
        first_dealer=table.first_dealer,
        hands=list(hands),
    )
    return sheet


def stored_hands(table: Table) -> list[Hand]:
    """Return the table's hands in order, locked for update inside a transaction."""
    return list(Hand.objects.select_for_update().filter(table=table).order_by("number"))


def lock_tariff(table: Table, hands: Sequence[Hand]) -> None:
    """Before a table's first hand is stored, read the tournament's tariff again under its lock
    (call under the table's lock, with the table's stored hands).

    A tariff edit takes the same lock before it asks whether the version is used: it waits for
    this save and then makes a new version, or this save waits for the edit and scores by the
    edited numbers. A table with hands needs no lock: its hands, locked by this save, keep the
    version used. Another table's hands do not: one may be deleted at this very moment.
    """
    if not hands:
        lock_tournament_tariff(table.round.tournament)


def lock_tournament_tariff(tournament: Any) -> None:
    """Read the tournament's tariff (if it has one) again under its lock, so that no edit
    changes its numbers in place while hands are scored by them in this transaction."""
    if tournament.tariff_id is not None:
        tournament.tariff = Tariff.objects.select_for_update().get(pk=tournament.tariff_id)


def mark_tariff_scored(tournament: Any) -> None:
    """Record that hands are stored as scored by the tournament's tariff (if it has one): that
    version never changes from now on, wherever the tournament and its hands go later."""
    if tournament.tariff_id is not None:
        tournament.tariff.mark_scored()


# What one table may store: more hands than any round plays, and each hand's entry as JSON
# no longer than the largest real one many times over (a Trischaken of five with every field).
MAX_HANDS = 1000
MAX_HAND_JSON = 4096


def check_size(hands: Sequence[Any]) -> None:
    """Raise ScoringError if there are more hands, or a longer hand, than a table stores.

    The message is the English template, translated where it is shown, like the engine's own.
    """
    if len(hands) > MAX_HANDS:
        raise scoring.ScoringError(
            "hands", gettext_noop("a table has at most %(max)s hands"), max=MAX_HANDS
        )
    for number, hand in enumerate(hands, start=1):
        try:
            size = len(json.dumps(hand, ensure_ascii=False))
        except TypeError:
            continue  # not JSON at all: the engine says why
        except ValueError:
            size = MAX_HAND_JSON + 1  # a number of thousands of digits, or a loop
        if size > MAX_HAND_JSON:
            raise scoring.ScoringError(
                "hand",
                gettext_noop("longer than %(max)s characters as JSON"),
                number,
                max=MAX_HAND_JSON,
            )


def score(
    table: Table, hands: Sequence[Mapping[str, Any]], names: list[str] | None = None
) -> scoring.ScoredSheet:
    """Return the engine's scoring of the table with these hands (raises ScoringError).

    Every save goes through here, so the sizes a table stores are checked here too.
    """
    check_size(hands)
    return scoring.score_sheet(sheet_for(table, hands, names))


def line_data(line: scoring.Line) -> dict[str, Any]:
    """Return a breakdown line as stored: template and parameters, so any language can show it."""
    return {"template": line.template, "params": dict(line.params), "text": line.text}


def result_fields(result: scoring.ScoredHand) -> dict[str, Any]:
    """Return what a stored hand keeps of the engine's scoring, by field of Hand."""
    return {
        "scores": list(result.scores),
        "running": list(result.running),
        "stake": result.stake,
        "double_left": result.double_left,
        "sitting_out": result.sitting_out,
        "dealer": result.dealer,
        "lines": [line_data(line) for line in result.lines],
    }


RESULT_FIELDS = ["scores", "running", "stake", "double_left", "sitting_out", "dealer", "lines"]


def preview_data(result: scoring.ScoredHand) -> dict[str, Any]:
    """Return a scored hand as the pages show it before it is saved."""
    return {
        "scores": list(result.scores),
        "stake": result.stake,
        "sitting_out": result.sitting_out,
        "double_left": result.double_left,
        "lines": [line_data(line) for line in result.lines],
    }


def _write(
    table: Table,
    hands: list[Hand],
    scored: scoring.ScoredSheet,
    *,
    renumbered: bool = False,
    user: Any = None,
) -> None:
    # Only hands whose results changed are written again (usually one), all after renumbering.
    changed = []
    for hand, result in zip(hands, scored.hands, strict=True):
        fresh = result_fields(result)
        if renumbered or any(getattr(hand, key) != value for key, value in fresh.items()):
            for key, value in fresh.items():
                setattr(hand, key, value)
            changed.append(hand)
    Hand.objects.bulk_update(changed, [*RESULT_FIELDS, "number"])
    # The players confirmed the sheet as it was: a change to it needs their confirmation again.
    store_totals(table, scored, user=user, unsign=True)


def hands_totals(scored: scoring.ScoredSheet) -> tuple[list[int], list[int]]:
    """Return the totals and each seat's hands played of the scored hands."""
    seats = len(scored.players)
    totals = list(scored.totals) if scored.hands else [0] * seats
    played = [
        sum(1 for result in scored.hands if result.sitting_out != seat) for seat in range(seats)
    ]
    return totals, played


def store_totals(
    table: Table, scored: scoring.ScoredSheet, *, user: Any = None, unsign: bool = False
) -> None:
    """Keep the table's totals and hands played, which the standings read (`unsign`: and clear
    the players' confirmation, in the same write).

    A table recorded from its paper block keeps the paper's, until its hands are all entered
    and come to the same totals: then the hands replace the paper record (in the history).
    """
    if scored.hands:
        mark_tariff_scored(table.round.tournament)
    totals, played = hands_totals(scored)
    paper = table.paper
    if paper is not None:
        if len(scored.hands) == paper["hands"] and totals == paper["totals"]:
            _drop_paper(table, totals, len(scored.hands), user)
        else:
            totals, played = list(paper["totals"]), paper_hands_played(table, paper)
    table.totals, table.hands_played = totals, played
    fields = ["totals", "hands_played"]
    if unsign:
        table.signed_at = None
        fields.append("signed_at")
    table.save(update_fields=fields)


class Refused(ValueError):
    """A change the table does not take now (it is closed, or has all its hands): nothing saved."""


class EarlyClose(ValueError):  # noqa: N818 - asks for a confirmation, not an error
    """Closing a table that has fewer hands than the round's count needs a confirmation."""

    def __init__(self, played: int, due: int) -> None:
        super().__init__(f"{played} of {due} hands played")
        self.played = played
        self.due = due


def check_open(table: Table, hands: int | None = None, seats: int | None = None) -> None:
    """Raise Refused unless the (locked) table is open and, when hands are added, `hands` hands
    stay within its count (a count lowered later never blocks correcting a hand)."""
    if table.finished:
        raise Refused(
            _(
                "Table %(t)s is closed. A director must reopen it before hands can be entered "
                "or corrected."
            )
            % {"t": table.number}
        )
    if hands is not None and hands > (due := table.hands_due(seats)):
        raise Refused(
            _(
                "Table %(t)s plays %(due)s hands this round; a hand %(n)s is not taken. "
                "Raise the count in the settings if the cup allows it."
            )
            % {"t": table.number, "due": due, "n": hands}
        )


class Conflict(Exception):  # noqa: N818 - the word directors will read
    """A save made on a page that no longer shows the sheet as it is: nothing was saved."""

    def __init__(self, number: int, hand: Hand | None) -> None:
        super().__init__(f"hand {number} changed meanwhile")
        self.number = number
        self.hand = hand
        # Who last changed the hand (see `last_author`), given by `enter_hand`.
        self.author: str | None = None


def check_fresh(
    hands: list[Hand],
    number: int | None,
    *,
    expected: int | None = None,
    version: int | None = None,
) -> None:
    """Raise Conflict unless the page's view of the sheet (the number a new hand would get,
    the version of an edited hand) is still true."""
    if number is None:
        if expected is not None and expected != len(hands) + 1:
            raise Conflict(expected, hands[expected - 1] if 0 < expected <= len(hands) else None)
    elif not 1 <= number <= len(hands):
        raise Conflict(number, None)
    elif version is not None and version != hands[number - 1].version:
        raise Conflict(number, hands[number - 1])


def snapshot(hand: Hand) -> dict[str, Any]:
    """Return what the history keeps of a hand: its number, the entry and its scores."""
    return model_to_dict(hand, fields=["number", "data", "scores", "version"])


def record_hand(
    table: Table,
    hand: Hand,
    action: str,
    before: Any,
    after: Any,
    user: Any,
    *,
    by_table: bool = False,
) -> None:
    history.record(
        table.round.tournament_id,
        Change.Kind.HAND,
        hand.pk,
        action,
        before,
        after,
        user,
        table_id=table.pk,
        by_table=by_table,
    )


def _lock(
    table: Table,
    *,
    adding: bool = False,
    fresh: dict[str, int | None] | None = None,
    by_table: bool = False,
) -> tuple[list[Hand], list[str]]:
    """Return the table's hands and its players' names, read under the table's lock."""
    # One writer per table at a time; the hands are then read as they really are, and whether
    # the table is closed is read under the same lock.
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    hands = stored_hands(table)
    lock_tariff(table, hands)
    check_open(locked)
    if by_table and locked.round.finished:
        # A table's link takes nothing once its round is closed (a director still may); the
        # view said so before, but the round may have closed since.
        raise Refused(
            _("Round %(n)s is closed: a director enters or corrects its hands now.")
            % {"n": locked.round.number}
        )
    if fresh is not None:
        # A page showing an older sheet hears that first: another saved the last hand meanwhile,
        # rather than that the hand after it is beyond the round's count.
        check_fresh(hands, fresh["number"], expected=fresh["expected"], version=fresh["version"])
    # The names, read once, give the table's size for its count and the sheet to score.
    names = seat_names(table)
    check_open(locked, len(hands) + 1 if adding else None, len(names))
    # The totals are written from the caller's table: it must know the paper record as it is.
    table.paper = locked.paper
    return hands, names


def _renumber(hands: list[Hand]) -> None:
    # In two steps, so the unique (table, number) constraint never sees a clash.
    for position, hand in enumerate(hands, start=1):
        hand.number = position + 10_000
    Hand.objects.bulk_update(hands, ["number"])
    for position, hand in enumerate(hands, start=1):
        hand.number = position


@transaction.atomic
def save_hand(
    table: Table,
    data: Mapping[str, Any],
    *,
    number: int | None = None,
    user: Any = None,
    expected: int | None = None,
    version: int | None = None,
    action: str | None = None,
    by_table: bool = False,
) -> Hand:
    """Add a hand (number None) or replace hand `number`, rescoring the whole sheet (a hand
    replaced by the same data is left as it is).

    `expected` is the number a new hand had on the director's page and `version` the version
    of the edited hand there; when the sheet has moved on since, Conflict is raised. `by_table`:
    entered through the table's own link (its history says so).
    """
    fresh = {"number": number, "expected": expected, "version": version}
    hands, names = _lock(table, adding=number is None, fresh=fresh, by_table=by_table)
    entries = [hand.data for hand in hands]
    if number is None:
        hand = Hand(table=table, number=len(hands) + 1, data=dict(data), entered_by=user)
        entries.append(hand.data)
        before = None
    else:
        hand = hands[number - 1]
        if hand.data == dict(data):
            # Saved as it was: nothing changed, so no new version, no history entry and the
            # players' confirmation stands.
            return hand
        before = snapshot(hand)
        hand.data = dict(data)
        hand.version += 1
        entries[number - 1] = hand.data
    scored = score(table, entries, names)
    # The hand is written with its results at once (_write then finds it unchanged).
    for key, value in result_fields(scored.hands[hand.number - 1]).items():
        setattr(hand, key, value)
    if number is None:
        hand.save()
        hands.append(hand)
    else:
        hand.save(update_fields=["data", "version", "updated_at", *RESULT_FIELDS])
    _write(table, hands, scored, user=user)
    record_hand(
        table,
        hand,
        action or (Change.Action.CREATE if before is None else Change.Action.UPDATE),
        before,
        snapshot(hand),
        user,
        by_table=by_table,
    )
    return hand


def last_author(hand: Hand) -> str:
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


@dataclass(frozen=True)
class Preview:
    """A hand judged in its place on the sheet: how it would score, or why the engine refuses
    it (`in_hand`: the error lies in this hand, not elsewhere on the sheet). Without a hand
    (the page could not make one), only the sheet's freshness was judged: both are None."""

    scores: dict[str, Any] | None = None
    error: scoring.ScoringError | None = None
    in_hand: bool = False


@dataclass(frozen=True)
class Saved:
    """A hand saved (`unchanged`: saved as it was, so nothing changed)."""

    hand: Hand
    unchanged: bool


def preview_hand(
    table: Table,
    hand: Mapping[str, Any],
    number: int | None,
    entries: list[Any] | None = None,
) -> Preview:
    """Return how the hand (new, or hand `number`) would score in its place on the sheet."""
    if entries is None:
        entries = [stored.data for stored in table.hands.order_by("number")]
    if number is None:
        entries.append(hand)
        index = len(entries) - 1
    else:
        entries[number - 1] = hand
        index = number - 1
    try:
        return Preview(preview_data(score(table, entries).hands[index]))
    except scoring.ScoringError as error:
        return Preview(error=error, in_hand=error.hand in (None, index + 1))


def enter_hand(
    table: Table,
    hand: Mapping[str, Any] | None,
    number: int | None,
    seen: Mapping[str, int | None],
    by: Any,
    save: bool,
) -> Preview | Saved | Conflict:
    """Judge an entered hand (new, or hand `number`) and save it if asked and it scores.

    `seen` is the sheet as the page showed it (`expected`, `version`: see `check_fresh`); a
    sheet moved on since gives the Conflict, carrying who changed it. `by` is the director who
    entered it, or None for the table's own link. Raises Refused when the table takes no hand.
    """
    stored = list(table.hands.order_by("number").select_related("entered_by"))
    try:
        # A page that shows an older sheet is refused before anything else is judged.
        check_fresh(stored, number, expected=seen.get("expected"), version=seen.get("version"))
        if hand is None:
            return Preview()
        preview = preview_hand(table, hand, number, [stored_hand.data for stored_hand in stored])
        if preview.scores is None or not save:
            return preview
        before = stored[number - 1].version if number is not None else None
        saved = save_hand(
            table,
            hand,
            number=number,
            user=by,
            by_table=by is None,
            expected=seen.get("expected"),
            version=seen.get("version"),
        )
    except Conflict as conflict:
        if conflict.hand is not None:
            conflict.author = last_author(conflict.hand)
        return conflict
    except scoring.ScoringError as error:
        return Preview(error=error)
    return Saved(saved, unchanged=saved.version == before)


@transaction.atomic
def delete_hand(table: Table, number: int, *, user: Any = None, version: int | None = None) -> None:
    """Delete hand `number`; later hands move up one and the sheet is rescored."""
    hands, names = _lock(table)
    check_fresh(hands, number, version=version)
    gone = hands[number - 1]
    remaining = [hand for hand in hands if hand is not gone]
    scored = score(table, [hand.data for hand in remaining], names)
    record_hand(table, gone, Change.Action.DELETE, snapshot(gone), None, user)
    gone.delete()
    _renumber(remaining)
    _write(table, remaining, scored, renumbered=True, user=user)


@transaction.atomic
def restore_deleted(table: Table, change: Change, *, user: Any = None) -> Hand:
    """Put a deleted hand back at its old place (or last, if the sheet is shorter now)."""
    hands, names = _lock(table, adding=True)
    old = change.before or {}
    number = min(int(old.get("number", len(hands) + 1)), len(hands) + 1)
    hand = Hand(table=table, number=number, data=old.get("data", {}), entered_by=user)
    ordered = [*hands[: number - 1], hand, *hands[number - 1 :]]
    scored = score(table, [h.data for h in ordered], names)
    # Move the stored hands out of the way first: (table, number) is unique at every step.
    for h in hands:
        h.number += 10_000
    Hand.objects.bulk_update(hands, ["number"])
    for position, h in enumerate(ordered, start=1):
        h.number = position
    hand.save()
    _write(table, ordered, scored, renumbered=True, user=user)
    record_hand(table, hand, Change.Action.RESTORE, None, snapshot(hand), user)
    Change.objects.filter(pk=change.pk).update(after={"restored_as": hand.pk})
    return hand


def hand_history(table: Table, hand: Hand | None = None) -> list[Change]:
    """Return the changes of a table's hands (of one hand when given), newest first."""
    changes = Change.objects.filter(table=table, kind=Change.Kind.HAND).select_related("user")
    if hand is not None:
        changes = changes.filter(object_id=hand.pk)
    return list(changes)


def deleted_hands(table: Table) -> list[Change]:
    """Return the table's deleted hands that have not been restored, newest first."""
    return [
        change
        for change in hand_history(table)
        if change.action == Change.Action.DELETE and not change.after
    ]


@transaction.atomic
def rescore(table: Table) -> scoring.ScoredSheet:
    """Rescore a table from its stored hands (after a change of players or ruleset options)."""
    hands = stored_hands(table)
    scored = score(table, [hand.data for hand in hands])
    _write(table, hands, scored)
    return scored


def rescore_tournament(tournament: Any, *, save: bool = True, user: Any = None) -> int:
    """Score every table by the tournament's rules as they stand on the instance (perhaps not
    saved yet) and return how many entered hands score differently. With save, write the new
    scores and record each changed hand in its history. Raises ScoringError if a hand no
    longer fits the rules (PlayedHandRefused, naming the round and table of a refused hand)."""
    changed = 0
    if save:
        # the version moved to may be unused yet: its numbers must not change under this
        lock_tournament_tariff(tournament)
    for table in Table.objects.filter(round__tournament=tournament).select_related("round"):
        table.round.tournament = tournament
        hands = stored_hands(table) if save else list(table.hands.order_by("number"))
        if not hands:
            continue
        if save:
            # the hands are the new version's now, even those whose scores stay the same
            mark_tariff_scored(tournament)
        try:
            scored = score(table, [hand.data for hand in hands])
        except scoring.ScoringError as error:
            if error.hand is None:
                raise
            # the director finds the hand by its round and table, not by its number alone
            raise PlayedHandRefused(error, table.round.number, table.number) from error
        moved = [
            (hand, snapshot(hand))
            for hand, result in zip(hands, scored.hands, strict=True)
            if list(result.scores) != list(hand.scores)
        ]
        changed += len(moved)
        if save and moved:
            _write(table, hands, scored, user=user)
            for hand, before in moved:
                record_hand(table, hand, Change.Action.UPDATE, before, snapshot(hand), user)
    return changed


def _table_state(table: Table, played: int, due: int) -> dict[str, Any]:
    return {"finished": table.finished, "hands": played, "due": due}


def _record_table_change(table: Table, before: Any, after: Any, user: Any) -> None:
    """Record a table's closing or reopening: `table_history` reads these back."""
    history.record(
        table.round.tournament_id,
        Change.Kind.TABLE,
        table.pk,
        Change.Action.UPDATE,
        before,
        after,
        user,
        table_id=table.pk,
    )


@transaction.atomic
def close_table(table: Table, *, user: Any = None, early: bool = False) -> tuple[int, int]:
    """Close the table to entries; return (hands played, hands due).

    A table with fewer hands than its count is only closed with `early` (EarlyClose otherwise):
    its players then stand on the hands they played. Recorded in the history with the count.
    """
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    played, due = hands_played(locked), locked.hands_due()
    if locked.finished:
        return played, due
    if played < due and not early:
        raise EarlyClose(played, due)
    before = _table_state(locked, played, due)
    locked.finished = table.finished = True
    locked.save(update_fields=["finished"])
    _record_table_change(locked, before, _table_state(locked, played, due), user)
    return played, due


@transaction.atomic
def reopen_table(table: Table, *, user: Any = None, reason: str = "") -> None:
    """Open a closed table for entries and corrections again (recorded in the history).

    `reason`: what the director tells the table (a signed sheet sent back); its phone shows it.
    """
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    # An open table the players signed goes back to them too: its signature is cleared.
    if not locked.finished and locked.signed_at is None:
        return
    played, due = hands_played(locked), locked.hands_due()
    before = _table_state(locked, played, due)
    locked.finished = table.finished = False
    locked.signed_at = table.signed_at = None
    # While the table was closed its code was free for new tables: it takes a new one if so.
    if Table.objects.open_for_entry().filter(code=locked.code).exclude(pk=locked.pk).exists():
        locked.code = table.code = new_table_code()
    locked.save(update_fields=["finished", "signed_at", "code"])
    after = _table_state(locked, played, due) | ({"reason": reason} if reason else {})
    _record_table_change(locked, before, after, user)


def table_history(table: Table) -> list[Change]:
    """Return when the table was closed and reopened, newest first."""
    return list(Change.objects.filter(table=table, kind=Change.Kind.TABLE).select_related("user"))


def sent_back_reason(table: Table) -> str:
    """Return what the director said when sending the table's sheet back, while it applies.

    It applies until the table signs again or is closed: only the table's latest closing,
    reopening or sign-off counts.
    """
    if table.finished or table.signed_at is not None:
        return ""
    last = Change.objects.filter(table=table, kind=Change.Kind.TABLE).only("after").first()
    after = last.after if last is not None else None
    return str(after.get("reason", "")) if isinstance(after, dict) else ""


# --- paper tables -------------------------------------------------------------------------------
# A director may record a table's round from its paper block: the players' round totals, the
# hands played and a note (checked by scoring.paper). The standings then count those totals.
# Hands entered later replace the record once they are all there and come to the same totals,
# or when a director replaces it explicitly.


def hands_played(table: Table) -> int:
    """Return how many hands the table played: its paper block's count, or its entered hands."""
    return table.played()


def paper_hands_played(table: Table, paper: Mapping[str, Any]) -> list[int]:
    """Return each seat's hands played by the paper record (the dealer sits out at five)."""
    seats = len(paper["totals"])
    return list(scoring.paper.seat_hands(seats, table.first_dealer, paper["hands"]))


def check_paper(table: Table, data: Any) -> scoring.paper.Paper:
    """Return the paper record checked against the table (raises ScoringError naming the field)."""
    seats = table.seat_count()
    return scoring.paper.check_paper(data, seats, table.hands_due(seats))


def record_paper(
    table: Table, data: Mapping[str, Any], *, user: Any = None, over_hands: bool = False
) -> scoring.paper.Paper:
    """Record or correct the table's round from its paper block; the standings count it.

    Raises ScoringError (the record is not a possible round) or Refused (the table is closed, or
    has hands entered and `over_hands` was not chosen); nothing is saved then. With `over_hands`
    the paper's totals count instead of the entered hands, which stay on the sheet.
    """
    with transaction.atomic():
        locked = (
            Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
        )
        check_open(locked)
        paper = check_paper(locked, data)
        entered = locked.hands.count()
        if entered and locked.paper is None and not over_hands:
            raise Refused(
                ngettext(
                    "Table %(t)s already has %(n)s hand entered. To let the paper block count "
                    "instead, tick the box below (the hand stays on the sheet).",
                    "Table %(t)s already has %(n)s hands entered. To let the paper block count "
                    "instead, tick the box below (the hands stay on the sheet).",
                    entered,
                )
                % {"t": locked.number, "n": entered}
            )
        before = locked.paper
        locked.paper = paper.to_json()
        locked.totals = list(paper.totals)
        locked.hands_played = paper_hands_played(locked, locked.paper)
        locked.save(update_fields=["paper", "totals", "hands_played"])
        history.record(
            locked.round.tournament_id,
            Change.Kind.PAPER,
            locked.pk,
            Change.Action.CREATE if before is None else Change.Action.UPDATE,
            before,
            {**locked.paper, "entered": entered},
            user,
            table_id=locked.pk,
        )
    table.paper, table.totals, table.hands_played = locked.paper, locked.totals, locked.hands_played
    return paper


def paper_state(table: Table) -> str:
    """Return what a confirmation to replace the paper record was shown, to see it is unchanged."""
    hands = list(table.hands.order_by("number").values_list("number", "version"))
    return json.dumps([table.paper, hands], sort_keys=True)


def replace_paper(table: Table, *, user: Any = None, seen: str | None = None) -> None:
    """Let the entered hands count instead of the table's paper record (recorded in the history).

    `seen` is `paper_state` as the director's confirmation showed it; when the record or the
    hands changed since, Refused is raised and nothing is changed.
    """
    with transaction.atomic():
        hands, names = _lock(table)
        if table.paper is None:
            raise Refused(_("Table %(t)s has no paper block to replace.") % {"t": table.number})
        if seen is not None and seen != paper_state(table):
            raise Refused(
                _(
                    "The paper block or the hands of table %(t)s changed meanwhile. Nothing was "
                    "replaced; look at the difference again."
                )
                % {"t": table.number}
            )
        scored = score(table, [hand.data for hand in hands], names)
        totals, played = hands_totals(scored)
        _drop_paper(table, totals, len(hands), user)
        table.totals, table.hands_played = totals, played
        table.save(update_fields=["totals", "hands_played"])


def _drop_paper(table: Table, totals: list[int], hands: int, user: Any) -> None:
    before = table.paper
    table.paper = None
    table.save(update_fields=["paper"])
    history.record(
        table.round.tournament_id,
        Change.Kind.PAPER,
        table.pk,
        Change.Action.DELETE,
        before,
        {"replaced_by_hands": hands, "totals": totals},
        user,
        table_id=table.pk,
    )


def paper_history(table: Table) -> list[Change]:
    """Return the changes of the table's paper record, newest first."""
    return list(Change.objects.filter(table=table, kind=Change.Kind.PAPER).select_related("user"))


def paper_rows(table: Table, full_names: bool = True) -> list[dict[str, Any]]:
    """Return each player's paper total beside the entered hands' total and the difference
    (private players by their public names unless `full_names`)."""
    names = seat_names(table, full_names)
    # The entered hands' totals are the last hand's running totals (the engine's).
    last = table.hands.order_by("-number").values_list("running", flat=True).first()
    entered = last or [0] * len(names)
    paper = table.paper["totals"] if table.paper is not None else entered
    return [
        {"name": name, "paper": on_paper, "hands": by_hands, "difference": by_hands - on_paper}
        for name, on_paper, by_hands in zip(names, paper, entered, strict=False)
    ]
