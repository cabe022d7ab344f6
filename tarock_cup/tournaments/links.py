"""A table's own link and code: its players enter their hands on a phone, and sign the sheet.

Each table has an unguessable token (its link, printed as a QR code on the score card) and a
short code of CODE_LENGTH signs that can be typed instead. Either opens that table's sheet and
nothing else, and only while the table and its round are open. Typed codes are few enough to be
guessed, so wrong ones are counted per client address and window of GUESS_SECONDS, and no code
is looked up beyond GUESSES in a window. The count is a database row (CodeAttempts) raised by
the database itself, so every server process sees the same count and codes sent at once are
counted exactly. Every change made through a link is recorded as made by the table.
"""

import functools
import hashlib
import io
import json
import string
import time
from typing import Any

import segno
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tarock_cup.client_ip import address_digest
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Change,
    CodeAttempts,
    Round,
    Table,
    Tournament,
    new_table_code,
)

# Ten wrong codes in ten minutes from one address: a table mistyping its code a few times is
# never stopped, while trying the 244 million codes would take centuries.
GUESSES = 10
GUESS_SECONDS = 600


class LinkError(ValueError):
    """A code or link that opens no table now; the message says why, for the players."""


class UnknownCode(LinkError):
    """A well-formed code that no open table has (counted as a guess)."""


class TooManyGuesses(LinkError):
    """Too many wrong codes from this address lately: no code is looked up for a while."""


class Closed(LinkError):
    """The table or its round is closed: its link takes no more entries."""


# The digits and capitals a code never has, for the message to one typed with them.
UNUSED_SIGNS = sorted(set(string.digits + string.ascii_uppercase) - set(CODE_ALPHABET))


def normalise_code(text: str) -> str:
    """Return a typed code as stored: capitals, without spaces and dashes."""
    return "".join(text.split()).replace("-", "").replace("–", "").upper()


def is_code(code: str) -> bool:
    """Return whether a normalised code could be a table's code at all."""
    return len(code) == CODE_LENGTH and all(sign in CODE_ALPHABET for sign in code)


def format_code(code: str) -> str:
    """Return a code as printed: two groups of three, easier to read out and type."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def current_window() -> int:
    """Return the number of the window of GUESS_SECONDS that is now."""
    return int(time.time()) // GUESS_SECONDS


def wrong_guesses(address: str | None) -> int:
    """Return how many typed codes count against this address in the current window."""
    row = CodeAttempts.objects.filter(address=address_digest(address), window=current_window())
    return row.values_list("count", flat=True).first() or 0


def count_attempt(address: str | None) -> tuple[int, int]:
    """Count a typed code against the address; return the window and the count with it.

    The database raises the count (count = count + 1) and this transaction holds the row until
    it has read it back: of codes sent at once, each sees its own number, so exactly GUESSES of
    them are within the limit, however many processes take them.
    """
    digest, window = address_digest(address), current_window()
    with transaction.atomic():
        # Insert the window's row unless there is one (INSERT ... ON CONFLICT DO NOTHING).
        CodeAttempts.objects.bulk_create(
            [CodeAttempts(address=digest, window=window)], ignore_conflicts=True
        )
        row = CodeAttempts.objects.filter(address=digest, window=window)
        row.update(count=F("count") + 1)
        count = row.values_list("count", flat=True).get()
    # Rows of past windows count nothing any more: cleared on the way.
    CodeAttempts.objects.filter(window__lt=window).delete()
    return window, count


def uncount_attempt(address: str | None, window: int) -> None:
    """Take back a code counted by count_attempt in `window` (it was right: not a guess)."""
    row = CodeAttempts.objects.filter(address=address_digest(address), window=window)
    row.filter(count__gt=0).update(count=F("count") - 1)


def _check_form(code: str) -> None:
    """Raise LinkError if the normalised code cannot be anybody's (not a guess: not counted)."""
    if len(code) != CODE_LENGTH:
        raise LinkError(
            _("A table code has %(n)s letters and digits, as printed on your score card.")
            % {"n": CODE_LENGTH}
        )
    if not is_code(code):
        sign = next(sign for sign in code if sign not in CODE_ALPHABET)
        raise LinkError(
            _(
                "“%(sign)s” is in no table code: codes leave out the signs that look alike "
                "(%(unused)s). Please check the code on your score card."
            )
            % {"sign": sign, "unused": ", ".join(UNUSED_SIGNS)}
        )


def table_for_code(text: str, address: str | None) -> Table:
    """Return the open table with this typed code (raises LinkError; a wrong code is counted)."""
    code = normalise_code(text)
    _check_form(code)
    # Counted before it is looked up, and judged by its own count: a code counted beyond the
    # limit is never looked up, however many come at once.
    window, count = count_attempt(address)
    if count > GUESSES:
        raise TooManyGuesses(
            _(
                "Too many wrong codes from this device. Please wait %(minutes)s minutes, or ask "
                "the tournament director for your table's link."
            )
            % {"minutes": GUESS_SECONDS // 60}
        )
    table = Table.objects.open_for_entry().filter(code=code).first()
    if table is None:
        raise UnknownCode(
            _(
                "No open table has the code %(code)s. Check it on your score card; a closed "
                "table takes no more entries."
            )
            % {"code": format_code(code)}
        )
    uncount_attempt(address, window)
    return table


def table_for_token(token: str) -> Table:
    """Return the table of this link, open or closed (Table.DoesNotExist for a wrong token)."""
    # One query: a phone's poll of an unchanged page needs no more than this (see live.py).
    return Table.objects.select_related("round__tournament").get(token=token)


def link_version(token: str) -> tuple[int, int] | None:
    """Return the tournament's pk and the version of the table's link page (None for a token no
    table has): its table's, its round's clock's and the tournament's links_version added,
    which rise with all it shows, never with a save at another table."""
    found = Table.objects.filter(token=token).values_list(
        "round__tournament_id", "version", "round__version", "round__tournament__links_version"
    )
    row = found.first()
    return None if row is None else (row[0], row[1] + row[2] + row[3])


def is_open(table: Table) -> bool:
    """Return whether the table's link still takes entries (the table and its round open)."""
    return not table.finished and not table.round.finished


def check_open(table: Table) -> None:
    """Raise Closed unless the table's link still takes entries."""
    if not is_open(table):
        raise Closed(
            _(
                "Table %(t)s of round %(r)s is closed: nothing more can be entered or signed "
                "here. Ask the tournament director if something is wrong."
            )
            % {"t": table.number, "r": table.round.number}
        )


def sheet_state(table: Table) -> str:
    """Return a short fingerprint of the table's hands, to see a confirmation's sheet is current."""
    hands = list(table.hands.order_by("number").values_list("number", "version"))
    return hashlib.sha256(json.dumps(hands).encode()).hexdigest()[:16]


def can_sign(table: Table) -> bool:
    """Return whether the players can confirm the sheet now: open, all hands in, not signed."""
    return (
        is_open(table)
        and table.signed_at is None
        and table.paper is None
        and table.hands.count() >= table.hands_due()
    )


@transaction.atomic
def sign(table: Table, ticked: list[int], *, seen: str | None = None) -> None:
    """Record that the table's players confirm its sheet (each seat in `ticked`).

    Raises LinkError, changing nothing, when the table is closed, not all hands are in, not
    every player ticked their name, or the sheet changed since the page showed it (`seen`).
    """
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    check_open(locked)
    seats = locked.seats.count()
    played, due = locked.hands.count(), locked.hands_due(seats)
    if locked.paper is not None:
        raise LinkError(
            _("Table %(t)s was recorded from its paper block; the director confirms it.")
            % {"t": locked.number}
        )
    if played < due:
        raise LinkError(
            _("Only %(n)s of %(due)s hands are entered: sign when the round is played.")
            % {"n": played, "due": due}
        )
    if seen is not None and seen != sheet_state(locked):
        raise LinkError(
            _("The sheet changed meanwhile. Nothing was signed; check the totals and sign again.")
        )
    if sorted(set(ticked)) != list(range(seats)):
        raise LinkError(_("Every player ticks their own name before the sheet is signed."))
    if locked.signed_at is not None:
        return
    locked.signed_at = table.signed_at = timezone.now()
    locked.save(update_fields=["signed_at"])
    history.record(
        locked.round.tournament_id,
        Change.Kind.TABLE,
        locked.pk,
        Change.Action.SIGN,
        None,
        {"totals": list(locked.totals), "hands": played},
        None,
        table_id=locked.pk,
        by_table=True,
    )


@transaction.atomic
def finish_round(round_: Round, finished: bool, *, user: Any = None) -> None:
    """Close the round to entries, or reopen it, giving its tables free codes if need be.

    Recorded in the history. Its tables stay as they are: `clock.close_round` closes those still
    playing first, as a director's "close round" does.
    """
    if round_.finished != finished:
        history.record(
            round_.tournament_id,
            Change.Kind.ROUND,
            round_.pk,
            Change.Action.UPDATE,
            {"finished": round_.finished},
            {"finished": finished},
            user,
        )
    round_.finished = finished
    round_.save(update_fields=["finished"])
    if not finished:
        # While the round was closed its tables' codes were free for new tables: as when one
        # table is reopened (sheets.reopen_table), a table whose code an open table took meanwhile
        # takes a new one, so a typed code never names two open tables.
        for table in round_.tables.filter(finished=False).select_for_update().order_by("pk"):
            if Table.objects.open_for_entry().filter(code=table.code).exclude(pk=table.pk).exists():
                table.code = new_table_code()
                table.save(update_fields=["code"])
    Tournament.bump_version(round_.tournament_id)


# A round's page draws every table's code on each of its polls; a code takes milliseconds to
# make and a link never changes, so each process keeps the codes of the links it last drew.
@functools.lru_cache(maxsize=1024)
def qr_svg(url: str) -> str:
    """Return the link as a QR code in inline SVG that scales with its box (no size, no XML)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", xmldecl=False, svgns=True, nl=False, omitsize=True, border=2
    )
    return buffer.getvalue().decode()


def attach(table: Table, base_url: str) -> Table:
    """Return the table with its link, printed code and QR code as attributes for a template."""
    table.link_url = base_url.rstrip("/") + reverse("table_link", args=[table.token])
    table.link_code = format_code(table.code)
    table.link_qr = qr_svg(table.link_url)
    return table
