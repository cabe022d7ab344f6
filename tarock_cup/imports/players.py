"""Importing a list of players from a workbook (.xlsx) or a CSV file.

Reading a file gives plain rows (`read_rows`); `plan` decides for each row what would happen
(a new player, an existing player to register, already registered, a row to decide among the
alike players the register's matcher offers, or a bad row and why) without writing anything;
`with_choices` applies the director's decisions; `apply` carries out a plan in one transaction.
An import never changes an existing record's name or club.
"""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tarock_cup import uploads
from tarock_cup.imports import spreadsheet
from tarock_cup.register import similar
from tarock_cup.register.homes import keeps
from tarock_cup.textcheck import bad_character
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Player, Registration, Tournament
from tarock_cup.tournaments.players import (
    PlayerConflict,
    PlayerIndex,
    find_or_create_player,
    player_key,
)

# The bounds on a file are the spreadsheet reader's, shared with the cups' ranking import.
MAX_UPLOAD = uploads.MAX_UPLOAD
MAX_ROWS = spreadsheet.MAX_ROWS
NAME_LENGTH = Player._meta.get_field("name").max_length or 120
CLUB_LENGTH = Player._meta.get_field("club").max_length or 120
MAX_NUMBER = 2_147_483_647

# Column headers, compared case-insensitively without surrounding dots, colons and spaces.
HEADERS = {
    "name": {
        "name",
        "namen",
        "spieler",
        "spielerin",
        "spieler/in",
        "spieler:in",
        "player",
        "teilnehmer",
        "teilnehmerin",
        "vor- und nachname",
        "full name",
    },
    "club": {
        "verein",
        "ort",
        "club",
        "place",
        "klub",
        "verein/ort",
        "ort/verein",
        "club/place",
        "place/club",
        "verein oder ort",
        "club or place",
        "heimatort",
        "town",
        "city",
    },
    "number": {
        "nr",
        "nummer",
        "number",
        "no",
        "num",
        "#",
        "spielernummer",
        "spieler-nr",
        "spielernr",
        "startnummer",
        "start-nr",
        "player number",
    },
}


# A file that cannot be read as a list of players; the message is for the director.
ImportFileError = spreadsheet.SpreadsheetError


@dataclass
class RawRow:
    """One data row of the file as read: its row number in the file and its text."""

    line: int
    name: str
    club: str
    number: str

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "name": self.name, "club": self.club, "number": self.number}


@dataclass
class PlanRow:
    """What importing one row would do."""

    NEW = "new"
    REGISTER = "register"
    REGISTERED = "registered"
    CHOOSE = "choose"  # no exact match, but alike players: the director says who it is
    ERROR = "error"

    line: int
    name: str
    club: str
    number: int | None
    status: str
    player: Player | None = None
    reason: str = ""
    sets_number: bool = False
    number_text: str = ""
    offers: list[similar.Offer] = field(default_factory=list)
    # The player was chosen by the director among the offers (registered as is, never changed).
    chosen: bool = False

    def signature(self) -> tuple[Any, ...]:
        pk = self.player.pk if self.player else None
        offered = [offer.player.pk for offer in self.offers]
        return (
            self.line,
            self.name,
            self.club,
            self.number,
            self.status,
            pk,
            self.sets_number,
            offered,
        )

    @property
    def initial_choice(self) -> str:
        """Return the choice the preview starts with (see similar.initial_choice)."""
        return similar.initial_choice(self.offers)


@dataclass
class Plan:
    rows: list[PlanRow]

    def _with(self, status: str) -> list[PlanRow]:
        return [row for row in self.rows if row.status == status]

    @property
    def new(self) -> list[PlanRow]:
        return self._with(PlanRow.NEW)

    @property
    def register(self) -> list[PlanRow]:
        return self._with(PlanRow.REGISTER)

    @property
    def registered(self) -> list[PlanRow]:
        return self._with(PlanRow.REGISTERED)

    @property
    def errors(self) -> list[PlanRow]:
        return self._with(PlanRow.ERROR)

    @property
    def choose(self) -> list[PlanRow]:
        return self._with(PlanRow.CHOOSE)

    @property
    def changes(self) -> int:
        """Return how many players would be registered by applying the plan (each row to
        choose is one: an existing player or a new one)."""
        return len(self.new) + len(self.register) + len(self.choose)

    def signature(self) -> list[tuple[Any, ...]]:
        return [row.signature() for row in self.rows]


# -- reading files -------------------------------------------------------------------------------

SPEC = spreadsheet.TableSpec(
    HEADERS,
    ("name",),
    # Lazy so that it is translated when shown; the reader only ever turns it into text.
    cast(
        str,
        gettext_lazy(
            "No name column found. The first row must name the columns, for example "
            "“Name”, “Verein” and “Nr.” (or “Name”, “Club”, “Number”)."
        ),
    ),
)


def read_rows(filename: str, data: bytes) -> list[RawRow]:
    """Return the player rows of an uploaded file, or raise ImportFileError saying why not."""
    return [
        RawRow(row["line"], row["name"], row["club"], row["number"])
        for row in spreadsheet.read_table(filename, data, SPEC)
    ]


# -- deciding what to do -----------------------------------------------------------------------


def control_character_reason(name: str, club: str) -> str | None:
    """Return why a row's name or club cannot be stored for a control character, or None."""
    if code := bad_character(name):
        return _(
            "The name holds the invisible control character %(code)s, which cannot be stored."
        ) % {"code": code}
    if code := bad_character(club):
        return _(
            "The club or place holds the invisible control character %(code)s, which cannot be "
            "stored."
        ) % {"code": code}
    return None


def parse_number(text: str) -> int | None:
    """Return a player number from a cell's text (None when empty); raise ValueError if bad."""
    text = text.strip()
    if not text:
        return None
    match = re.fullmatch(r"\+?(\d+)(?:[.,]0+)?", text)
    if not match or not 1 <= int(match.group(1)) <= MAX_NUMBER:
        raise ValueError(text)
    return int(match.group(1))


def plan(tournament: Tournament, raw_rows: Iterable[RawRow | Mapping[str, Any]], user: Any) -> Plan:
    """Return what importing the rows into the tournament would do; nothing is written.

    A row that names nobody exactly is offered the alike players the user may see.
    """
    # Only players the user may see are found: one used only by someone's hidden tournament is
    # neither matched nor named (its number is refused without its name, below).
    index = PlayerIndex(similar.visible_to(user))
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    seen = _Seen()
    rows = [
        _plan_row(raw if isinstance(raw, RawRow) else RawRow(**raw), index, registered, seen)
        for raw in raw_rows
    ]
    _refuse_unseen_numbers(rows)
    matcher = similar.Matcher.for_user(user)
    for row in rows:
        if row.sets_number and row.player is not None:
            # Only those who keep the record give it a cup's own number.
            row.sets_number = keeps(user, row.player)
        if row.status == PlanRow.NEW:
            row.offers = matcher.offers(row.name, row.club, row.number)
            if row.offers:
                row.status = PlanRow.CHOOSE
    return Plan(rows)


def _refuse_unseen_numbers(rows: list[PlanRow]) -> None:
    """Mark bad the rows that would give a number a player the user may not see has (unnamed):
    a new player's, or one a found player would get."""
    giving = {
        row.number: row
        for row in rows
        if row.number and (row.status == PlanRow.NEW or row.sets_number)
    }
    for number in Player.objects.filter(number__in=list(giving)).values_list("number", flat=True):
        row = giving[number]
        row.status = PlanRow.ERROR
        row.reason = _("Number %(n)s belongs to another player.") % {"n": number}


def field_problem(row: RawRow) -> str | None:
    """Return why a row's name or club cannot be stored, or None."""
    if not row.name:
        return _("The name is empty.")
    if len(row.name) > NAME_LENGTH:
        return _("The name is longer than %(n)s characters.") % {"n": NAME_LENGTH}
    if len(row.club) > CLUB_LENGTH:
        return _("The club or place is longer than %(n)s characters.") % {"n": CLUB_LENGTH}
    return control_character_reason(row.name, row.club)


@dataclass
class _Seen:
    """The players and numbers the rows above named, by the row that named them first."""

    targets: dict[Any, int] = field(default_factory=dict)
    numbers: dict[int, int] = field(default_factory=dict)

    def repeat(self, target: Any, number: int | None) -> str | None:
        """Return why a row repeats one above (the same player, or the same number), or None."""
        if target in self.targets:
            return _("The same player as in row %(n)s.") % {"n": self.targets[target]}
        if number is not None and number in self.numbers:
            return _("Number %(n)s is also given in row %(row)s.") % {
                "n": number,
                "row": self.numbers[number],
            }
        return None

    def note(self, target: Any, number: int | None, line: int) -> None:
        self.targets[target] = line
        if number is not None:
            self.numbers[number] = line


def _plan_row(row: RawRow, index: PlayerIndex, registered: set[Any], seen: _Seen) -> PlanRow:
    """Return what importing one row would do, or why it cannot be imported."""
    out = PlanRow(row.line, row.name, row.club, None, PlanRow.ERROR, number_text=row.number)
    if reason := field_problem(row):
        out.reason = reason
        return out
    try:
        out.number = parse_number(row.number)
    except ValueError:
        out.reason = _("The number “%(value)s” is not a positive whole number.") % {
            "value": row.number
        }
        return out
    try:
        found = index.match(row.name, row.club, out.number)
    except PlayerConflict as conflict:
        out.reason = str(conflict)
        return out
    player, out.sets_number = found.player, found.sets_number
    target = (
        ("player", player.pk) if player else ("new", player_key(row.name), player_key(row.club))
    )
    if reason := seen.repeat(target, out.number):
        out.reason = reason
        return out
    seen.note(target, out.number, row.line)
    out.player = player
    if player is None:
        out.status = PlanRow.NEW
    elif player.pk in registered:
        out.status = PlanRow.REGISTERED
        out.sets_number = False
    else:
        out.status = PlanRow.REGISTER
    return out


class ChoiceError(Exception):
    """The director's choices do not say who each row is, one player per row; the message
    says which row."""


def with_choices(the_plan: Plan, choices: Mapping[str, str], registered: set[Any]) -> Plan:
    """Return the plan with each row to choose decided: the chosen player (to register, or
    already registered) or a new one.

    choices maps a row's line (as text) to an offered player's pk or "new"; `registered` holds
    the tournament's registered players' pks. Raises ChoiceError, deciding nothing, for a row
    without a choice, a choice that was not offered, or a player chosen for two rows.
    """
    taken = {row.player.pk: row.line for row in the_plan.rows if row.player is not None}
    rows = []
    for row in the_plan.rows:
        if row.status != PlanRow.CHOOSE:
            rows.append(row)
            continue
        try:
            player = similar.chosen(row.offers, choices.get(str(row.line), ""))
        except similar.NotOffered:
            raise ChoiceError(
                _("Choose who %(name)s (row %(n)s) is: one of the players offered, or new.")
                % {"name": row.name, "n": row.line}
            ) from None
        if player is None:
            rows.append(replace(row, status=PlanRow.NEW))
            continue
        if player.pk in taken:
            raise ChoiceError(
                _("Rows %(a)s and %(b)s would both be %(name)s; choose again.")
                % {"a": taken[player.pk], "b": row.line, "name": player}
            )
        taken[player.pk] = row.line
        status = PlanRow.REGISTERED if player.pk in registered else PlanRow.REGISTER
        rows.append(replace(row, player=player, status=status, chosen=True))
    return Plan(rows)


@transaction.atomic
def apply(
    tournament: Tournament, the_plan: Plan, user: Any = None, *, checked_in: bool = False
) -> int:
    """Create the plan's new players and register them and the matched ones.

    Returns how many players were registered. They are marked present only when `checked_in`:
    a list sent in advance says who signed up, not who came. Bad rows and registered players
    are left alone; rows still to choose are skipped (decide them first: `with_choices`). A
    chosen player is registered as the record is, its name, club and number unchanged. Each new
    registration is recorded in the change log.
    """
    registered = 0
    index = PlayerIndex(similar.visible_to(user))
    for row in the_plan.rows:
        if row.status not in (PlanRow.NEW, PlanRow.REGISTER):
            continue
        if row.chosen and row.player is not None:
            player = row.player
        else:
            # The same rule as the registration form (the plan was checked against it now).
            # A found player's number is set only by those who keep the record.
            player, _created = find_or_create_player(
                row.name, row.club, row.number, index, may_change=lambda p: keeps(user, p)
            )
        registration, created = Registration.objects.get_or_create(
            tournament=tournament, player=player, defaults={"checked_in": checked_in}
        )
        if created:
            registered += 1
            history.record_registration(registration, None, user)
    return registered
