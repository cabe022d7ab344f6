"""Tournament standings: the sum of the round scores, ties broken as the tournament chose.

The Tirol Cup procedure ranks by total, then by the best single round, then by drawing lots
(`DEFAULT_TIE_BREAKERS`); each ruleset's data names its cup's own order as a new tournament's
default. A tournament may choose other tie-breakers, in order, from `TIE_BREAKERS`. Lots are
reproducible: each player's lot depends only on the tournament's lot seed and the player's id
(see `lot_value`), so it can be checked afterwards and does not change when players join or
leave.
"""

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .i18n import _

__all__ = [
    "DEFAULT_TIE_BREAKERS",
    "TIE_BREAKERS",
    "Entry",
    "Ranked",
    "StandingsError",
    "TieBreaker",
    "lot_value",
    "rank",
    "table_ranks",
]


class StandingsError(ValueError):
    """The standings cannot be ranked as asked."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's scores: round scores in round order (a round not played is 0 or missing).

    `table_ranks`: the player's place at their table in each round played (see `table_ranks`).
    """

    player: int
    rounds: tuple[int, ...]
    hands: int
    table_ranks: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Ranked:
    """One line of the standings."""

    rank: int  # 1-based; players nobody could separate share it, and the next rank skips
    entry: Entry
    total: int
    # The key of the last tie-breaker needed to separate this player from a neighbour in the
    # standings with the same total; None where no tie-breaker separated them.
    decided_by: str | None
    lot: int | None  # the player's lot, only where lots were drawn among tied players


@dataclass(frozen=True, slots=True)
class TieBreaker:
    """A tie-breaker: its English name and a key where the higher value ranks first."""

    name: str
    key: Callable[[Entry, int], int]


def lot_value(seed: int, player: int) -> int:
    """Return the player's lot: the first 4 bytes of sha256("{seed}:{player}"), big-endian."""
    # A higher lot ranks first. The lot depends on nothing else, so anyone can recompute it
    # (`printf 7:12 | sha256sum`) and a player joining or leaving changes nobody else's lot.
    # Equal lots (one chance in about four billion) leave the players sharing a rank.
    digest = hashlib.sha256(f"{seed}:{player}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


# The keys get the rounds padded to the same length for everybody (a missing round is a 0) and
# the lot seed, which only `lots` uses.
def _best_round(entry: Entry, lot_seed: int) -> int:
    return max(entry.rounds, default=0)


def _second_best_round(entry: Entry, lot_seed: int) -> int:
    ordered = sorted(entry.rounds, reverse=True)
    return ordered[1] if len(ordered) > 1 else 0


def _third_best_round(entry: Entry, lot_seed: int) -> int:
    ordered = sorted(entry.rounds, reverse=True)
    return ordered[2] if len(ordered) > 2 else 0


def _better_table_ranks(entry: Entry, lot_seed: int) -> int:
    # The lower sum of places ranks first (the Tirol cup's 2019 text; RULES.md section 9).
    return -sum(entry.table_ranks)


def table_ranks(totals: Sequence[int]) -> list[int]:
    """Return each seat's place at its table by round score: 1 = best, level seats share the
    better place (totals 5, 9, 5, -19 give 2, 1, 2, 4)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def _fewest_negative_rounds(entry: Entry, lot_seed: int) -> int:
    return -sum(1 for score in entry.rounds if score < 0)


def _lots(entry: Entry, lot_seed: int) -> int:
    return lot_value(lot_seed, entry.player)


TIE_BREAKERS: Mapping[str, TieBreaker] = MappingProxyType(
    {
        "best_round": TieBreaker(_("Best round"), _best_round),
        "second_best_round": TieBreaker(_("Second-best round"), _second_best_round),
        "third_best_round": TieBreaker(_("Third-best round"), _third_best_round),
        "better_table_ranks": TieBreaker(_("Better table ranks"), _better_table_ranks),
        "fewest_negative_rounds": TieBreaker(_("Fewest negative rounds"), _fewest_negative_rounds),
        "lots": TieBreaker(_("Drawing lots"), _lots),
    }
)

DEFAULT_TIE_BREAKERS: tuple[str, ...] = ("best_round", "lots")


def rank(
    entries: Sequence[Entry],
    tie_breakers: Sequence[str] = DEFAULT_TIE_BREAKERS,
    lot_seed: int | None = None,
) -> list[Ranked]:
    """Return the standings, best first; players no tie-breaker separates share a rank."""
    # Without a lot seed no lots are drawn (`lots` is skipped) and such ties stay shared.
    _check_standings(entries, tie_breakers)
    used = [key for key in tie_breakers if key != "lots" or lot_seed is not None]
    seed = 0 if lot_seed is None else lot_seed  # only `lots` reads it, and only with a seed
    return _ranked(_sorted_rows(entries, used, seed), used)


def _check_standings(entries: Sequence[Entry], tie_breakers: Sequence[str]) -> None:
    """Raise StandingsError for an unknown or repeated tie-breaker or a player listed twice."""
    for key in tie_breakers:
        if key not in TIE_BREAKERS:
            known = ", ".join(TIE_BREAKERS)
            raise StandingsError(f"Unknown tie-breaker {key!r}; choose from {known}.")
    if len(set(tie_breakers)) != len(tie_breakers):
        raise StandingsError(f"A tie-breaker is chosen twice in {', '.join(tie_breakers)}.")
    seen: set[int] = set()
    for entry in entries:
        if entry.player in seen:
            raise StandingsError(f"Player {entry.player} appears twice in the standings.")
        seen.add(entry.player)


# a standings row: the total, the values of the tie-breakers used, the entry
_Row = tuple[int, tuple[int, ...], Entry]


def _sorted_rows(entries: Sequence[Entry], used: list[str], seed: int) -> list[_Row]:
    """Return each entry's row, best first."""
    width = max((len(entry.rounds) for entry in entries), default=0)

    def breaks(entry: Entry) -> tuple[int, ...]:
        padded = Entry(
            entry.player,
            entry.rounds + (0,) * (width - len(entry.rounds)),
            entry.hands,
            entry.table_ranks,
        )
        return tuple(TIE_BREAKERS[key].key(padded, seed) for key in used)

    rows = [(sum(entry.rounds), breaks(entry), entry) for entry in entries]
    # The player id only fixes the display order of players who share a rank.
    rows.sort(key=lambda row: (-row[0], tuple(-value for value in row[1]), row[2].player))
    return rows


def _ranked(rows: list[_Row], used: list[str]) -> list[Ranked]:
    """Return the sorted rows ranked, each with the tie-breaker that decided it and its lot."""

    def separated_by(i: int, j: int) -> int | None:
        """Return the index in `used` of the tie-breaker separating rows i and j of equal total."""
        return next(
            (k for k, (a, b) in enumerate(zip(rows[i][1], rows[j][1], strict=True)) if a != b), None
        )

    lots_at = used.index("lots") if "lots" in used else None
    # How many players share each total and the tie-breaker values before the lots: where that
    # is more than one, lots were drawn and each of those players is shown their lot.
    before_lots = Counter((total, values[:lots_at]) for total, values, _entry in rows)
    ranked: list[Ranked] = []
    for i, (total, values, entry) in enumerate(rows):
        levels = [
            level
            for j in (i - 1, i + 1)
            if 0 <= j < len(rows) and rows[j][0] == total
            if (level := separated_by(i, j)) is not None
        ]
        tied_before = i > 0 and rows[i - 1][0] == total and rows[i - 1][1] == values
        position = ranked[-1].rank if tied_before else i + 1
        drew_lots = lots_at is not None and before_lots[total, values[:lots_at]] > 1
        ranked.append(
            Ranked(
                rank=position,
                entry=entry,
                total=total,
                decided_by=used[max(levels)] if levels else None,
                lot=values[lots_at] if drew_lots and lots_at is not None else None,
            )
        )
    return ranked
