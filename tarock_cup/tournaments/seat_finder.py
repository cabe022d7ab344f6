""" "Wo sitze ich?": a player types a few letters of their name or their number and reads their
table and seat; the wall list shows every player's, sorted by name.

The rounds shown are the one being played and the next once drawn (the first two not finished);
when every round is finished, the last one. Seats are numbered from 1 as the score cards do.
"""

import re
from dataclasses import dataclass, field

from tarock_cup import names
from tarock_cup.tournaments import naming
from tarock_cup.tournaments.models import Player, Round, Seat, Tournament

# Fewer letters would list half the room; more than MAX_FOUND players asks for more letters.
MIN_LETTERS = 2
MAX_FOUND = 8
# "1234", "Nr. 1234", "No 1234", "#1234": a player's number as typed (nine digits at most).
NUMBER = re.compile(r"(?:nr|no|#)?\.?\s*(\d{1,9})")


def rounds_shown(tournament: Tournament) -> list[Round]:
    """Return the round being played and the next once drawn; the last when all are finished."""
    rounds = list(tournament.rounds.order_by("number"))
    playing = [round_ for round_ in rounds if not round_.finished]
    return playing[:2] if playing else rounds[-1:]


@dataclass(frozen=True)
class Place:
    """Where a player sits in one round: table and seat, and the seat that deals first."""

    round_number: int
    table: int
    seat: int
    first_dealer: int
    finished: bool


@dataclass
class Found:
    """A player the search found, with their place in each round shown."""

    player: Player
    places: list[Place] = field(default_factory=list)


@dataclass
class Search:
    """What a search found; `problem` says why it found nothing (too short, nobody)."""

    found: list[Found]
    more: bool = False
    problem: str = ""


def place_of(seat: Seat, round_: Round) -> Place:
    """Return the seat as the page shows it (seats and dealer counted from 1)."""
    return Place(
        round_number=round_.number,
        table=seat.table.number,
        seat=seat.position + 1,
        first_dealer=seat.table.first_dealer + 1,
        finished=round_.finished,
    )


def seats_matching(rounds: list[Round], query: str, full: bool) -> list[Seat] | str:
    """Return the seats in the rounds of the players the query names, or why it names none:
    "short" (too few letters to search by). Names are matched as the viewer sees them (`full`
    or not, naming.shown_name): letters of a private player's last name do not find them for
    the public, so the search cannot tell who "Anna H." is."""
    text = names.plain(query)
    seats = Seat.objects.filter(round__in=rounds).select_related("player", "table")
    number = NUMBER.fullmatch(text)
    if number:
        return list(seats.filter(player__number=int(number.group(1))))
    words = text.split()
    if len("".join(words)) < MIN_LETTERS:
        return "short"
    # The search key holds the name's words and then the club's: the database narrows by it,
    # the name as shown alone decides (typing a club's letters does not list the whole club).
    for word in words:
        seats = seats.filter(player__search_key__contains=word)
    return [
        seat
        for seat in seats
        if all(word in names.plain(naming.shown_name(seat.player, full)) for word in words)
    ]


def find_seats(tournament: Tournament, query: str, full: bool = False) -> Search:
    """Return the players the query names (a few letters of the name or the number) with
    their places in the rounds shown, sorted by name; `full`: the viewer sees full names."""
    rounds = rounds_shown(tournament)
    if not rounds:
        return Search(found=[], problem="no_round")
    matched = seats_matching(rounds, query, full)
    if isinstance(matched, str):
        return Search(found=[], problem=matched)
    by_round = {round_.pk: round_ for round_ in rounds}
    found: dict[int, Found] = {}
    for seat in sorted(matched, key=lambda s: (by_round[s.round_id].number, s.position)):
        found.setdefault(seat.player_id, Found(seat.player)).places.append(
            place_of(seat, by_round[seat.round_id])
        )
    players = sorted(
        found.values(),
        key=lambda f: (names.plain(naming.shown_name(f.player, full)), f.player.number),
    )
    if not players:
        return Search(found=[], problem="nobody")
    return Search(found=players[:MAX_FOUND], more=len(players) > MAX_FOUND)


@dataclass(frozen=True)
class WallRow:
    """A line of the wall list: a player and their table and seat."""

    name: str
    club: str
    table: int
    seat: int


def wall_list(round_: Round, full: bool = False) -> list[WallRow]:
    """Return every seated player of the round with table and seat, sorted by name as shown
    (`full`: the viewer sees full names, naming.shown_name)."""
    seats = Seat.objects.filter(round=round_).select_related("player", "table")
    rows = [
        WallRow(
            naming.shown_name(seat.player, full),
            seat.player.club,
            seat.table.number,
            seat.position + 1,
        )
        for seat in seats
    ]
    return sorted(rows, key=lambda row: (names.plain(row.name), names.plain(row.club)))
