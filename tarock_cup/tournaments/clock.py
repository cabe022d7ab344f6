"""The round clock: the director starts a round with its time limit, pauses, resumes or extends
it; when it has run out, the tables still playing are closed in one step.

The server is the truth: pages get the clock's state and the moment it runs out, and only count
down in the browser (static/js/live.js). Every action is recorded in the round's history.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tarock_cup.tournaments import history, links, sheets
from tarock_cup.tournaments.models import Change, Round, Table

IDLE, RUNNING, PAUSED, OVER = "idle", "running", "paused", "over"
MAX_MINUTES = 600


class ClockError(ValueError):
    """A clock action that does not fit the clock's state; the message says why."""


@dataclass(frozen=True)
class Clock:
    """A round clock as it stands at one moment."""

    state: str
    left: int  # seconds to go (0 when over or not started)
    limit: int | None  # the whole time limit in seconds, extensions included
    ends_at: datetime | None  # while running

    @property
    def ends_ms(self) -> int | None:
        """Return when a running clock runs out, in milliseconds since 1970 (for the script)."""
        return int(self.ends_at.timestamp() * 1000) if self.ends_at else None


def clock_of(round_: Round, now: datetime | None = None) -> Clock:
    """Return the round's clock at `now` (default: the present)."""
    now = now or timezone.now()
    if round_.clock_limit is None:
        return Clock(IDLE, 0, None, None)
    if round_.clock_left is not None:
        return Clock(PAUSED, round_.clock_left, round_.clock_limit, None)
    ends_at = round_.clock_ends_at or now
    left = max(0, int((ends_at - now).total_seconds() + 0.999))
    return Clock(RUNNING if left else OVER, left, round_.clock_limit, ends_at)


def clock_time(seconds: int) -> str:
    """Return seconds as the clock shows them: 45:00, 1:30:00 (as static/js/live.js does)."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _state(round_: Round) -> dict[str, Any]:
    return {
        "clock_limit": round_.clock_limit,
        "clock_ends_at": round_.clock_ends_at.isoformat() if round_.clock_ends_at else None,
        "clock_left": round_.clock_left,
    }


def _check_minutes(minutes: Any) -> int:
    if not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
        raise ClockError(
            _("Give the minutes as a whole number from 1 to %(max)s.") % {"max": MAX_MINUTES}
        )
    return minutes


@transaction.atomic
def act(round_: Round, action: str, minutes: Any = None, *, user: Any = None) -> Clock:
    """Start (with `minutes`), pause, resume or extend (by `minutes`) the round's clock.

    Raises ClockError, changing nothing, when the action does not fit the clock's state; each
    action taken is recorded in the history with the clock before and after.
    """
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    now = timezone.now()
    clock = clock_of(locked, now)
    before = _state(locked)
    if action == "start":
        if clock.state != IDLE:
            raise ClockError(_("The clock of this round has already been started."))
        seconds = _check_minutes(minutes) * 60
        locked.clock_limit, locked.clock_ends_at = seconds, now + timedelta(seconds=seconds)
    elif action == "pause":
        if clock.state != RUNNING:
            raise ClockError(_("Only a running clock can be paused."))
        locked.clock_left, locked.clock_ends_at = clock.left, None
    elif action == "resume":
        if clock.state != PAUSED:
            raise ClockError(_("Only a paused clock can be resumed."))
        locked.clock_ends_at = now + timedelta(seconds=clock.left)
        locked.clock_left = None
    elif action == "extend":
        if clock.state == IDLE:
            raise ClockError(_("Start the clock before extending it."))
        seconds = _check_minutes(minutes) * 60
        locked.clock_limit = (locked.clock_limit or 0) + seconds
        if clock.state == PAUSED:
            locked.clock_left = clock.left + seconds
        else:
            # Time that has run out is not given back: an extension counts from now.
            locked.clock_ends_at = max(clock.ends_at or now, now) + timedelta(seconds=seconds)
    else:
        raise ClockError(_("Unknown clock action."))
    locked.save(update_fields=["clock_limit", "clock_ends_at", "clock_left"])
    history.record(
        locked.tournament_id,
        Change.Kind.ROUND,
        locked.pk,
        Change.Action.UPDATE,
        {"clock": action, **before},
        {"clock": action, **_state(locked)},
        user,
        clock=True,
    )
    round_.clock_limit, round_.clock_ends_at = locked.clock_limit, locked.clock_ends_at
    round_.clock_left = locked.clock_left
    return clock_of(locked, now)


@dataclass(frozen=True)
class Closed:
    """A table closed by `close_open_tables`, with the hands it played of those due."""

    number: int
    played: int
    due: int


@transaction.atomic
def close_open_tables(round_: Round, *, user: Any = None) -> list[Closed]:
    """Close every table of the round that is still open (the cup allows it once time is up).

    Each is closed as a director closes a single table early (sheets.close_table), so the
    history records each with the hands it played; its players stand on those hands.
    """
    # Every open table is locked first, before close_table also locks the round and the
    # tournament: a table's save takes its table first too, so the two cannot deadlock.
    tables = list(
        Table.objects.select_for_update().filter(round=round_, finished=False).order_by("pk")
    )
    closed = []
    for table in sorted(tables, key=lambda table: table.number):
        played, due = sheets.close_table(table, user=user, early=True)
        closed.append(Closed(table.number, played, due))
    return closed


@transaction.atomic
def close_round(round_: Round, *, user: Any = None) -> list[Closed]:
    """Close the round: first every table still playing (each with its hands), then the round.

    Return the tables closed here. Each step is in the history.
    """
    closed = close_open_tables(round_, user=user)
    links.finish_round(round_, True, user=user)
    return closed
