"""A table's score sheet as a JSON file in the interchange format (see docs/sheet-format.md).

`export_sheet` is what `python -m scoring` reads; `check` turns an uploaded sheet into the
table's hands after the engine has scored them, and `replace_hands` writes them in place of the
table's hands, in one transaction, the way `sheets.save_hand` stores a scored hand.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from scoring.jsontext import without_bad_characters
from tarock_cup.textcheck import json_text_refusal
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.display import upload_error_text
from tarock_cup.tournaments.models import Change, Hand, Table, Tournament
from tarock_cup.uploads import MAX_UPLOAD, too_large

MAX_HANDS = 1000


class SheetFileError(Exception):
    """An uploaded sheet that does not fit the table; the message is for the director."""


def refusal(error: scoring.ScoringError) -> str:
    """Return why an uploaded sheet was refused, naming the hand and the field."""
    return _("Nothing was imported: %(error)s") % {"error": upload_error_text(error)}


def export_sheet(table: Table, full_names: bool = False) -> dict[str, Any]:
    """Return the table's sheet: ruleset, options, players, first dealer and the stored hands,
    and, for a table recorded from its paper block, that record as "paper" (private players by
    their public names unless `full_names`)."""
    hands = Hand.objects.filter(table=table).order_by("number").values_list("data", flat=True)
    sheet = sheets.sheet_for(table, list(hands), sheets.seat_names(table, full_names))
    if table.paper is not None:
        sheet["paper"] = dict(table.paper)
    # The file must read back: a name stored before control characters were refused loses them
    # here, as the sheet's reader would refuse them (and `check` compares names without them).
    return cast(dict[str, Any], printable(sheet))


def printable(value: Any) -> Any:
    """Return a JSON value with every text (keys included) rid of its control characters."""
    if isinstance(value, str):
        return without_bad_characters(value)
    if isinstance(value, dict):
        return {printable(key): printable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [printable(item) for item in value]
    return value


def export_json(table: Table, full_names: bool = False) -> str:
    return json.dumps(export_sheet(table, full_names), ensure_ascii=False, indent=2) + "\n"


def filename(table: Table) -> str:
    return f"{table.round.tournament.slug}-round{table.round.number}-table{table.number}.json"


def _effective_options(ruleset: scoring.RulesetInfo, options: Mapping[str, Any]) -> dict[str, Any]:
    return {option.key: options.get(option.key, option.default) for option in ruleset.options}


def _names(names: Sequence[Any]) -> list[str]:
    return [" ".join(without_bad_characters(str(name)).split()) for name in names]


def parse(data: bytes) -> dict[str, Any]:
    """Return the JSON object of an uploaded file, or raise SheetFileError.

    Raises scoring.ScoringError for JSON no sheet can hold: NaN or Infinity, a number of more
    digits than any score, a control character or lone surrogate in a text, deep nesting.
    """
    if len(data) > MAX_UPLOAD:
        raise SheetFileError(too_large())
    if not data.strip():
        raise SheetFileError(_("The file is empty."))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SheetFileError(_("The file is not UTF-8 text.")) from error
    sheet = scoring.parse_json(text)
    if not isinstance(sheet, dict):
        raise SheetFileError(
            _("The file is not a score sheet: it must be an object with ruleset, players, hands.")
        )
    # The engine refused the other control characters already; these are the C1 ones.
    refusal = json_text_refusal(sheet)
    if refusal is not None:
        raise SheetFileError(refusal)
    return sheet


def check(table: Table, sheet: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return the sheet's hands if the sheet belongs to this table and the engine accepts it.

    Raises SheetFileError when the ruleset, options, players or first dealer differ from the
    table's, and scoring.ScoringError (naming the hand and field) when a hand is refused.
    """
    tournament = table.round.tournament
    _check_ruleset_and_tariff(tournament, sheet)
    _check_options(tournament, sheet.get("options") or {})
    _check_players(table, sheet.get("players"))
    _check_first_dealer(table, sheet.get("first_dealer", 0))
    hands = sheet.get("hands")
    if not isinstance(hands, list):
        raise SheetFileError(_("The sheet's hands must be a list."))
    if not hands:
        raise SheetFileError(_("The sheet has no hands."))
    if len(hands) > MAX_HANDS:
        raise SheetFileError(_("The sheet has more than %(n)s hands.") % {"n": MAX_HANDS})
    sheets.score(table, hands)
    return [dict(hand) for hand in hands]


def _check_ruleset_and_tariff(tournament: Tournament, sheet: Mapping[str, Any]) -> None:
    if sheet.get("ruleset") != tournament.ruleset:
        raise SheetFileError(
            _("The sheet's ruleset is “%(sheet)s”; this tournament plays “%(tournament)s”.")
            % {"sheet": sheet.get("ruleset"), "tournament": tournament.ruleset}
        )
    # the sheet scores by its own tariff elsewhere: here only by the tournament's, so they agree
    tariff = printable(tournament.tariff.sheet_tariff()) if tournament.tariff is not None else None
    if sheet.get("tariff") != tariff:
        raise SheetFileError(
            _("The sheet's tariff is not this tournament's (%(tournament)s).")
            % {"tournament": tournament.tariff or _("none")}
        )


def _check_options(tournament: Tournament, options: Any) -> None:
    ruleset = scoring.get_ruleset(tournament.ruleset)
    if not isinstance(options, Mapping):
        raise SheetFileError(_("The sheet's options must be an object."))
    unknown = sorted(set(options) - {option.key for option in ruleset.options})
    if unknown:
        raise SheetFileError(
            _("The sheet has options this ruleset does not know: %(keys)s")
            % {"keys": ", ".join(map(str, unknown))}
        )
    if _effective_options(ruleset, options) != _effective_options(ruleset, tournament.options):
        raise SheetFileError(
            _("The sheet's options (%(sheet)s) are not this tournament's (%(tournament)s).")
            % {
                "sheet": json.dumps(dict(options), ensure_ascii=False),
                "tournament": json.dumps(dict(tournament.options), ensure_ascii=False),
            }
        )


def _check_players(table: Table, players: Any) -> None:
    seats = sheets.seat_names(table)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetFileError(_("The sheet's players must be a list of names."))
    if [name.casefold() for name in _names(players)] != [name.casefold() for name in _names(seats)]:
        raise SheetFileError(
            _(
                "The sheet's players (%(sheet)s) are not this table's players in seat order "
                "(%(table)s)."
            )
            % {"sheet": ", ".join(players), "table": ", ".join(seats)}
        )


def _check_first_dealer(table: Table, first_dealer: Any) -> None:
    if first_dealer is None:
        first_dealer = 0
    if first_dealer != table.first_dealer or type(first_dealer) is not int:
        raise SheetFileError(
            _("The sheet's first dealer is seat %(sheet)s; at this table it is seat %(table)s.")
            % {"sheet": first_dealer, "table": table.first_dealer}
        )


@transaction.atomic
def replace_hands(table: Table, hands: Sequence[Mapping[str, Any]], user: Any = None) -> int:
    """Replace all of the table's hands by these, scored by the engine first; return the count.

    Raises scoring.ScoringError or sheets.Refused (and writes nothing) when the engine refuses a
    hand or the table takes no such sheet. The change log gets a deletion for every replaced
    hand and a creation for every new one.
    """
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    # A closed table, or more hands than the round's count, is refused as on the table page.
    sheets.check_open(locked, len(hands))
    old = sheets.stored_hands(table)
    sheets.lock_tariff(table, old)
    scored = sheets.score(table, hands)
    user = user if getattr(user, "is_authenticated", False) else None
    for hand in old:
        sheets.record_hand(table, hand, Change.Action.DELETE, sheets.snapshot(hand), None, user)
    Hand.objects.filter(pk__in=[hand.pk for hand in old]).delete()
    new = []
    for number, (data, result) in enumerate(zip(hands, scored.hands, strict=True), start=1):
        new.append(
            Hand(
                table=table,
                number=number,
                data=dict(data),
                entered_by=user,
                **sheets.result_fields(result),
            )
        )
    Hand.objects.bulk_create(new)
    # Read back with primary keys (not every database returns them from a bulk insert).
    new = sheets.stored_hands(table)
    for hand in new:
        sheets.record_hand(table, hand, Change.Action.CREATE, None, sheets.snapshot(hand), user)
    table.paper = locked.paper  # hands that match a paper record replace it
    sheets.store_totals(table, scored, user=user)
    return len(new)
