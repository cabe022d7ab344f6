"""The checked values a hand's JSON record is read into (frozen, so hands and tables share them)."""

from typing import NamedTuple

from ..rulesets import BonusInfo, ContractInfo
from ..table import Table


class BonusEntry(NamedTuple):
    """One bonus of a positive hand: whose, announced or silent, made or failed, its Kontra."""

    info: BonusInfo
    of_declarer: bool
    announced: bool
    made: bool
    kontra: int  # the level given (whether it counts is the rules' business)


def bonus_entry(
    table: Table, info: BonusInfo, of_declarer: bool, announced: bool, made: bool, kontra: int
) -> BonusEntry:
    """Return the table's one entry of these values (entries are frozen, so hands share them)."""
    key = (info.key, of_declarer, announced, made, kontra)
    entry = table.bonus_entries.get(key)
    if entry is None:
        entry = table.bonus_entries[key] = BonusEntry(info, of_declarer, announced, made, kontra)
    return entry


def with_made(table: Table, entry: BonusEntry, made: bool) -> BonusEntry:
    """Return the table's entry that differs from `entry` only in being made or failed."""
    return bonus_entry(table, entry.info, entry.of_declarer, entry.announced, made, entry.kontra)


class ValatCall(NamedTuple):
    """A hand's Valat: made by a side, or announced (and then made or failed)."""

    side: str | None  # the side that took every trick; None: an announced Valat failed
    announced: bool
    by: str  # the side that announced it, or made it silently
    kontra: int


class PositiveHand(NamedTuple):
    """A King contract or solo, as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None  # the seat that sits out (the dealer at a table of five)
    declarer: int
    partner: int | None
    king_in_talon: bool
    surrendered: bool
    thirds: int | None  # the declarer's side's card points in thirds; None when not counted
    kontra: int  # the game's level
    top_kontra: int  # the highest level given to any element
    bonuses: tuple[BonusEntry, ...]
    valat: ValatCall | None  # None: no Valat made or announced
    renonce: tuple[int, ...] | None


class NegativeHand(NamedTuple):
    """A negative contract (and its bei contract, itself one of these), as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None
    declarer: int
    tricks: int | None  # None only in a Renonce
    kontra_by_seat: tuple[int, ...]  # each defender's personal level, 0 for the declarer
    bei: "NegativeHand | None"
    renonce: tuple[int, ...] | None


class TrischakenHand(NamedTuple):
    """A Fahren or Trischaken, each player for themselves, as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None
    points: tuple[int, ...]  # in thirds, per seat
    tricks: tuple[int, ...]
    kontra: tuple[bool, ...]
    renonce: tuple[int, ...] | None


class ManualHand(NamedTuple):
    """A hand entered by hand: the scores per seat and why."""

    out: int | None
    scores: tuple[int, ...]
    reason: str


Hand = PositiveHand | NegativeHand | TrischakenHand | ManualHand
