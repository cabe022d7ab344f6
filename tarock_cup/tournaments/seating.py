"""The seating draw of a round: tables of four, and tables of five only where the count needs them.

Pure Python (no Django), so the draw can be reproduced and tested on its own. A draw is
reproducible from its seed: the same players, seed, history and fifth-seat counts always give
the same tables, whatever order the players are passed in.

Three wishes shape a draw, in this order:

1. No pair meets a third time: players who already shared a table twice are kept apart.
2. New faces: players who shared a table once are kept apart.
3. Fifth seats go round: the seats at tables of five go to the players who have sat at a table
   of five least often.

The draw looks for the seating that is best by the first wish, then by the second among those,
then by the third (`_costs`), with a bounded local search. The order matters where the wishes
collide (22 players in round 2 cannot have both new faces and five new players at each table
of five): a pair seated together again changes whom a player's games are against, a second
fifth seat only where the player sits (they play as many hands at a table of five).
"""

import random
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations, pairwise
from types import MappingProxyType
from typing import NamedTuple

from scoring.i18n import _

__all__ = [
    "Meetings",
    "NoSeatLeft",
    "SeatingError",
    "draw",
    "meetings",
    "repeated_pairs",
    "repeats_unavoidable",
    "seat_late",
    "swap",
    "table_sizes",
]


class SeatingError(ValueError):
    """The players cannot be seated as asked.

    The reason is a marked English template with its params, so a page can show it in the
    reader's language (like the engine's ScoringError); str() is the English text.
    """

    def __init__(self, template: str, **params: int) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params)


class NoSeatLeft(SeatingError):
    """Late arrivals cannot be seated without moving players who are already seated."""


_NO_FIVES: Mapping[int, int] = MappingProxyType({})

# Each start of the local search stops once no seating can be better (see `_Costs.floor`), or
# after this many candidate swaps looked at (over all starts), this many moves made, or this
# many moves without finding a better arrangement; the search starts afresh up to _STARTS times.
# A draw of 1,000 players stays well under a second even when repeated pairs cannot be avoided,
# and a small field where they cannot does not search for long (22 players: about 50 ms). In
# trials (16 to 40 players and the 22, 3 rounds, hundreds of seeds) every avoidable
# repeat was avoided.
_CANDIDATE_BUDGET = 150_000
_MOVE_BUDGET = 2_000
_PATIENCE = 200
_STARTS = 5


def table_sizes(n: int) -> list[int]:
    """Return the table sizes for n players: tables of four, then as few tables of five as fit."""
    if n < 4:
        raise SeatingError(_("At least 4 players are needed for a table."))
    # A table of five seats one player more than a table of four, so the remainder of n / 4 is
    # the smallest number of tables of five that can work.
    fives = n % 4
    if 5 * fives > n:
        raise SeatingError(
            _(
                "%(n)s players cannot be seated at tables of four and five; "
                "add or withdraw a player."
            ),
            n=n,
        )
    return [4] * ((n - 5 * fives) // 4) + [5] * fives


def draw(
    players: Sequence[int],
    seed: int,
    *,
    past_tables: Sequence[Collection[int]] = (),
    fives: Mapping[int, int] = _NO_FIVES,
) -> list[list[int]]:
    """Return one round's tables (sizes as table_sizes, each in seat order) drawn from the seed."""
    seated = sorted(players)
    for first, second in pairwise(seated):
        if first == second:
            raise SeatingError(_("Player %(player)s is checked in twice."), player=first)
    sizes = table_sizes(len(seated))
    rng = random.Random(seed)
    costs = _costs(past_tables, seated, fives)
    # The search starts again from a new shuffle while no seating at the floor (no repeat, the
    # fifth seats to those with fewest) was found and the budget allows: a few fresh starts find
    # more than one long walk.
    candidates_left = _CANDIDATE_BUDGET
    best_cost: int | None = None
    for _attempt in range(_STARTS):
        start = _first_tables(seated, sizes, fives, rng)
        cost, start, used = _keep_apart(start, costs, rng, candidates_left)
        candidates_left -= used
        if best_cost is None or cost < best_cost:
            best_cost, tables = cost, start
        if best_cost == costs.floor or candidates_left <= 0:
            break
    for table in tables:
        rng.shuffle(table)
    return tables


def _first_tables(
    players: Sequence[int], sizes: Sequence[int], fives: Mapping[int, int], rng: random.Random
) -> list[list[int]]:
    """Return the tables a search starts from: shuffled, the fifth seats to those with fewest."""
    seated = list(players)
    rng.shuffle(seated)
    # The tables of five come last, so the players with the fewest fifth seats go last; the sort
    # is stable, so the shuffle still decides among players with equal counts.
    seated.sort(key=lambda player: -fives.get(player, 0))
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(seated[start : start + size])
        start += size
    return tables


def swap(tables: Sequence[Sequence[int]], a: int, b: int) -> list[list[int]]:
    """Return a copy of the tables with players a and b in each other's seats."""
    swapped = [list(table) for table in tables]
    seats = {player: (t, s) for t, table in enumerate(swapped) for s, player in enumerate(table)}
    missing = [player for player in dict.fromkeys((a, b)) if player not in seats]
    if len(missing) == 1:
        raise SeatingError(_("Player %(player)s is not seated in this round."), player=missing[0])
    if missing:
        raise SeatingError(_("Players %(a)s and %(b)s are not seated in this round."), a=a, b=b)
    (table_a, seat_a), (table_b, seat_b) = seats[a], seats[b]
    swapped[table_a][seat_a], swapped[table_b][seat_b] = b, a
    return swapped


def repeated_pairs(
    tables: Sequence[Collection[int]], past_tables: Sequence[Collection[int]]
) -> int:
    """Return how many pairs at the tables already shared a table in an earlier round."""
    return sum(meetings(tables, past_tables))


class Meetings(NamedTuple):
    """How many pairs at a round's tables meet for the second time, and for the third or more."""

    second: int
    third: int


def meetings(tables: Sequence[Collection[int]], past_tables: Sequence[Collection[int]]) -> Meetings:
    """Return how many pairs at the tables meet for the second time, and for the third or more."""
    met = _meeting_counts(past_tables)
    counts = [met.get(p, {}).get(q, 0) for table in tables for p, q in combinations(table, 2)]
    return Meetings(counts.count(1), sum(1 for n in counts if n >= 2))


def repeats_unavoidable(
    players: Collection[int], past_rounds: Sequence[Sequence[Collection[int]]]
) -> bool:
    """Return whether no seating at tables of four and five can keep every pair new.

    Two bounds, each enough on its own: a player has fewer than three players here left whom
    they have not met; or an earlier round seated the players here at fewer than four tables
    (every table now needs four players who all sat at different tables then).
    """
    present = set(players)
    met = _partners([table for round_ in past_rounds for table in round_], present)
    if any(len(present) - 1 - len(met.get(p, ())) < 3 for p in present):
        return True
    return any(
        sum(1 for table in round_ if present.intersection(table)) < 4
        for round_ in past_rounds
        if round_
    )


def seat_late(
    tables: Sequence[Sequence[int]],
    late: Sequence[int],
    *,
    past_tables: Sequence[Collection[int]] = (),
    fives: Mapping[int, int] = _NO_FIVES,
) -> list[list[int]]:
    """Return the tables with the late players seated, nobody already seated moved.

    Every four late players form a new table; each one left over takes the fifth seat at a table
    of four: the one where they have met fewest players, then whose players have sat at a table of
    five least often, then a new table before a seated one (the seated tables change least).
    NoSeatLeft when there are not enough tables of four.
    """
    seated = {p for table in tables for p in table}
    newcomers = sorted(set(late))
    if len(newcomers) != len(late) or seated & set(newcomers):
        raise SeatingError(_("A late player is listed twice or already seated."))
    result = [list(table) for table in tables]
    whole = len(newcomers) - len(newcomers) % 4
    result += [newcomers[start : start + 4] for start in range(0, whole, 4)]
    met = _partners(past_tables)
    for p in newcomers[whole:]:
        fours = [t for t, table in enumerate(result) if len(table) == 4]
        if not fours:
            raise NoSeatLeft(_("No table of four is left for player %(player)s."), player=p)
        known = met.get(p, set())
        best = min(
            fours,
            key=lambda t: (
                sum(1 for q in result[t] if q in known),
                sum(fives.get(q, 0) for q in result[t]),
                t < len(tables),
                t,
            ),
        )
        result[best].append(p)
    return result


def _partners(
    past_tables: Sequence[Collection[int]], present: Collection[int] | None = None
) -> dict[int, set[int]]:
    """Return, for each player, the players they already shared a table with."""
    met: dict[int, set[int]] = {}
    for table in past_tables:
        # Players who are not in this round (withdrawn) cannot be repeated partners.
        here = [p for p in table if present is None or p in present]
        for p, q in combinations(here, 2):
            if p != q:
                met.setdefault(p, set()).add(q)
                met.setdefault(q, set()).add(p)
    return met


def _meeting_counts(
    past_tables: Sequence[Collection[int]], present: Collection[int] | None = None
) -> dict[int, dict[int, int]]:
    """Return, for each player, how often they shared a table with each other player."""
    met: dict[int, dict[int, int]] = {}
    for table in past_tables:
        here = [p for p in table if present is None or p in present]
        for p, q in combinations(here, 2):
            if p != q:
                met.setdefault(p, {})[q] = met.get(p, {}).get(q, 0) + 1
                met.setdefault(q, {})[p] = met.get(q, {}).get(p, 0) + 1
    return met


class _Costs(NamedTuple):
    """What a seating costs, as one number ordered like the draw's wishes (see the top)."""

    pair: Mapping[int, Mapping[int, int]]  # pair[p][q]: what seating p with q again costs
    fifth: Mapping[int, int]  # fifth[p]: what a seat at a table of five costs p
    floor: int  # no seating costs less: no pair meets again, the fifth seats cost least


def _costs(
    past_tables: Sequence[Collection[int]], players: Collection[int], fives: Mapping[int, int]
) -> _Costs:
    """Return the costs of a draw: third meetings first, then second ones, then fifth seats."""
    least = min((fives.get(p, 0) for p in players), default=0)
    # A fifth seat costs 1 more than the last one did (0, 1, 3, 6 …): two players' second
    # seats are better than one player's third.
    fifth = {p: (n := fives.get(p, 0) - least) * (n + 1) // 2 for p in players}
    # Each weight is more than everything the later wishes can add up to, so no number of
    # second meetings outweighs a third one, and no fairer fifth seats outweigh a repeat.
    second = 1 + sum(fifth.values())
    third = second * (1 + 2 * len(fifth))  # a player has at most 4 partners: 2n pairs
    pair = {
        p: {q: second if n == 1 else third for q, n in counts.items()}
        for p, counts in _meeting_counts(past_tables, set(players)).items()
    }
    seats = 5 * (len(fifth) % 4)  # as table_sizes
    return _Costs(pair, fifth, sum(sorted(fifth.values())[:seats]))


def _keep_apart(
    tables: list[list[int]], costs: _Costs, rng: random.Random, candidates: int
) -> tuple[int, list[list[int]], int]:
    """Return the cost and the tables rearranged by swaps to cost as little as the search can
    find, and how many candidate swaps it looked at (at most about `candidates`)."""
    search = _Search(tables, costs)
    best_cost, best = search.cost, [list(table) for table in tables]
    # A player just moved stays put for a few moves, so the search does not undo its last step
    # and can walk across plateaus; short enough that small rounds always have someone to move.
    tenure = max(1, min(7, len(search.where) // 8))
    frozen_until: dict[int, int] = {}
    candidates_left = candidates
    best_move = 0
    for move in range(_MOVE_BUDGET):
        if best_cost == costs.floor or candidates_left <= 0 or move - best_move > _PATIENCE:
            break
        unhappy = search.unhappy()
        movable = [p for p in unhappy if frozen_until.get(p, -1) < move]
        p = rng.choice(movable or unhappy)
        candidates_left -= len(search.where)
        frozen = {q for q, until in frozen_until.items() if until >= move}
        choices, delta = search.best_swaps(p, frozen, best_cost)
        if not choices:
            continue
        q = rng.choice(choices)
        search.swap(p, q, delta)
        frozen_until[p] = frozen_until[q] = move + tenure
        if search.cost < best_cost:
            best_cost, best, best_move = search.cost, [list(table) for table in tables], move
    return best_cost, best, candidates - candidates_left


class _Search:
    """Tables being rearranged, with what each player's seat costs, kept up to date by swaps."""

    def __init__(self, tables: list[list[int]], costs: _Costs) -> None:
        self.tables = tables
        self.pair = costs.pair
        self.fifth = costs.fifth
        self.where = {p: t for t, table in enumerate(tables) for p in table}
        # own[p]: what p's meetings at its own table cost.
        self.own = {p: self._at(p, table) for table in tables for p in table}
        self.cost = sum(self.own.values()) // 2 + sum(
            self.fifth[p] for table in tables if len(table) == 5 for p in table
        )

    def _at(self, p: int, table: Sequence[int]) -> int:
        pair_p = self.pair.get(p, {})
        return sum(pair_p.get(q, 0) for q in table)

    def _seat(self, p: int) -> int:
        """Return what p's seat costs p: its meetings, and a fifth seat p should not have."""
        table = self.tables[self.where[p]]
        return self.own[p] + (self.fifth[p] if len(table) == 5 else 0)

    def unhappy(self) -> list[int]:
        """Return the players whose seat costs something, in seat order."""
        return [p for table in self.tables for p in table if self._seat(p)]

    def best_swaps(self, p: int, frozen: Collection[int], best: int) -> tuple[list[int], int]:
        """Return the players whose swap with p lowers the cost most, and by how much."""
        t = self.where[p]
        pair_p = self.pair.get(p, {})
        # What p's meetings cost at each table, and what each player's meetings with the rest
        # of p's table cost: both make a candidate swap O(1) to rate.
        cost_at = [0] * len(self.tables)
        for q, weight in pair_p.items():
            cost_at[self.where[q]] += weight
        with_rest: dict[int, int] = {}
        for r in self.tables[t]:
            if r != p:
                for q, weight in self.pair.get(r, {}).items():
                    with_rest[q] = with_rest.get(q, 0) + weight
        size = len(self.tables[t])
        best_delta: int | None = None
        choices: list[int] = []
        for u, table in enumerate(self.tables):
            if u == t:
                continue
            # p's fifth seat passes to q, or q's to p, when the two tables differ in size.
            sign = 0 if len(table) == size else (1 if size == 5 else -1)
            for q in table:
                delta = (
                    cost_at[u] - pair_p.get(q, 0) + with_rest.get(q, 0) - self.own[p] - self.own[q]
                ) + sign * (self.fifth[q] - self.fifth[p])
                # A player just moved only moves again to beat the best seating found.
                if q in frozen and self.cost + delta >= best:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, choices = delta, [q]
                elif delta == best_delta:
                    choices.append(q)
        return choices, best_delta or 0

    def swap(self, p: int, q: int, delta: int) -> None:
        """Seat p and q in each other's places; delta is what that changes the cost by."""
        t, u = self.where[p], self.where[q]
        self.tables[t][self.tables[t].index(p)] = q
        self.tables[u][self.tables[u].index(q)] = p
        self.where[p], self.where[q] = u, t
        pair_p, pair_q = self.pair.get(p, {}), self.pair.get(q, {})
        for r in self.tables[t]:
            if r != q:
                self.own[r] += pair_q.get(r, 0) - pair_p.get(r, 0)
        for r in self.tables[u]:
            if r != p:
                self.own[r] += pair_p.get(r, 0) - pair_q.get(r, 0)
        self.own[p] = self._at(p, self.tables[u])
        self.own[q] = self._at(q, self.tables[t])
        self.cost += delta
