"""A table's score sheet: the bridge between stored hands and the scoring engine.

Every change to a table's hands goes through `save_hand` or `delete_hand`: the whole sheet is
scored by `scoring` first, and only a sheet the engine accepts is written, in one transaction.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

import scoring
from tarock_cup.tournaments.models import Hand, Table


def seat_names(table: Table) -> list[str]:
    """Return the names of the table's players in seat order."""
    return [seat.player.name for seat in table.seats.all()]


def sheet_for(table: Table, hands: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Return the table's score sheet in the interchange format, with the given hands."""
    tournament = table.round.tournament
    return {
        "ruleset": tournament.ruleset,
        "options": dict(tournament.options),
        "players": seat_names(table),
        "first_dealer": table.first_dealer,
        "hands": list(hands),
    }


def stored_hands(table: Table) -> list[Hand]:
    """Return the table's hands in order, locked for update inside a transaction."""
    return list(Hand.objects.select_for_update().filter(table=table).order_by("number"))


def score(table: Table, hands: Sequence[Mapping[str, Any]]) -> scoring.ScoredSheet:
    """Return the engine's scoring of the table with these hands (raises ScoringError)."""
    return scoring.score_sheet(sheet_for(table, hands))


def line_data(line: scoring.Line) -> dict[str, Any]:
    """Return a breakdown line as stored: template and parameters, so any language can show it."""
    return {"template": line.template, "params": dict(line.params), "text": line.text}


def preview_data(result: scoring.ScoredHand) -> dict[str, Any]:
    """Return a scored hand as the pages show it before it is saved."""
    return {
        "scores": list(result.scores),
        "stake": result.stake,
        "sitting_out": result.sitting_out,
        "double_left": result.double_left,
        "lines": [line_data(line) for line in result.lines],
    }


def _write(table: Table, hands: list[Hand], scored: scoring.ScoredSheet) -> None:
    for hand, result in zip(hands, scored.hands, strict=True):
        hand.scores = list(result.scores)
        hand.stake = result.stake
        hand.double_left = result.double_left
        hand.sitting_out = result.sitting_out
        hand.dealer = result.dealer
        hand.lines = [line_data(line) for line in result.lines]
    Hand.objects.bulk_update(
        hands, ["scores", "stake", "double_left", "dealer", "sitting_out", "lines", "number"]
    )
    seats = len(scored.players)
    table.totals = list(scored.totals) if scored.hands else [0] * seats
    table.hands_played = [
        sum(1 for result in scored.hands if result.sitting_out != seat) for seat in range(seats)
    ]
    table.save(update_fields=["totals", "hands_played"])


@transaction.atomic
def save_hand(
    table: Table, data: Mapping[str, Any], *, number: int | None = None, user: Any = None
) -> Hand:
    """Add a hand (number None) or replace hand `number`, rescoring the whole sheet."""
    Table.objects.select_for_update().filter(pk=table.pk).first()
    hands = stored_hands(table)
    entries = [hand.data for hand in hands]
    if number is None:
        hand = Hand(table=table, number=len(hands) + 1, data=dict(data), entered_by=user)
        entries.append(hand.data)
    else:
        hand = hands[number - 1]
        hand.data = dict(data)
        entries[number - 1] = hand.data
    scored = score(table, entries)
    if number is None:
        hand.save()
        hands.append(hand)
    else:
        hand.save(update_fields=["data", "updated_at"])
    _write(table, hands, scored)
    return hand


@transaction.atomic
def delete_hand(table: Table, number: int) -> None:
    """Delete hand `number`; later hands move up one and the sheet is rescored."""
    Table.objects.select_for_update().filter(pk=table.pk).first()
    hands = stored_hands(table)
    remaining = [hand for hand in hands if hand.number != number]
    scored = score(table, [hand.data for hand in remaining])
    hands[number - 1].delete()
    # Renumber in two steps so the unique (table, number) constraint never sees a clash.
    for position, hand in enumerate(remaining, start=1):
        hand.number = position + 10_000
    Hand.objects.bulk_update(remaining, ["number"])
    for position, hand in enumerate(remaining, start=1):
        hand.number = position
    _write(table, remaining, scored)


@transaction.atomic
def rescore(table: Table) -> scoring.ScoredSheet:
    """Rescore a table from its stored hands (after a change of players or ruleset options)."""
    hands = stored_hands(table)
    scored = score(table, [hand.data for hand in hands])
    _write(table, hands, scored)
    return scored
