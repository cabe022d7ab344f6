"""The seating draw of a round: tables of four, and tables of five only where the count needs them.

Pure Python (no Django), so the draw can be reproduced and tested on its own. A draw is
reproducible from its seed: the same players, seed, history and fifth-seat counts always give
the same tables, whatever order the players are passed in.

Two wishes shape a draw, in this order:

1. Fifth seats go round: the seats at tables of five go to the players who have sat at a table
   of five least often, so nobody sits at one twice while somebody else has not sat at one yet.
2. New faces: players who already shared a table in an earlier round are kept apart.

The first wish is met exactly; the second as well as a bounded local search can manage. The
order matters where the two collide (for example 13 players in round 2 cannot have both); a
second fifth seat is a visible unfairness to one player, a repeated pair is not.
"""

import random
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations, pairwise
from types import MappingProxyType

from scoring.i18n import _

__all__ = [
    "NoSeatLeft",
    "SeatingError",
    "draw",
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

# The local search stops once no pair repeats, or after this many candidate swaps looked at, this
# many moves made, or this many moves without finding a better arrangement: a draw of 1,000
# players stays well under a second even when repeated pairs cannot be avoided, and a small
# field where they cannot does not search for long. In trials (16 to 40 players, 3 rounds,
# hundreds of seeds) every avoidable repeat was avoided well within these limits.
_CANDIDATE_BUDGET = 150_000
_MOVE_BUDGET = 2_000
_PATIENCE = 300


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
    rng.shuffle(seated)
    # The tables of five come last, so the players with the fewest fifth seats go last; the sort
    # is stable, so the shuffle still decides among players with equal counts.
    seated.sort(key=lambda player: -fives.get(player, 0))
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(seated[start : start + size])
        start += size
    tables = _keep_apart(tables, _partners(past_tables, set(seated)), fives, rng)
    for table in tables:
        rng.shuffle(table)
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
    met = _partners(past_tables)
    return sum(1 for table in tables for p, q in combinations(table, 2) if q in met.get(p, ()))


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


def _keep_apart(
    tables: list[list[int]],
    met: Mapping[int, Collection[int]],
    fives: Mapping[int, int],
    rng: random.Random,
) -> list[list[int]]:
    """Return the tables rearranged by swaps to repeat as few pairs as the search can find."""
    nobody: frozenset[int] = frozenset()
    where = {p: t for t, table in enumerate(tables) for p in table}

    def known(p: int, table: list[int]) -> int:
        met_p = met.get(p, nobody)
        return sum(1 for q in table if q in met_p)

    # own[p]: how many players at p's own table p has met before.
    own = {p: known(p, table) for table in tables for p in table}
    cost = sum(own.values()) // 2
    best_cost, best = cost, [list(table) for table in tables]
    # A player just moved stays put for a few moves, so the search does not undo its last step
    # and can walk across plateaus; short enough that small rounds always have someone to move.
    tenure = max(1, min(7, len(where) // 8))
    frozen_until: dict[int, int] = {}
    candidates_left = _CANDIDATE_BUDGET
    best_move = 0
    for move in range(_MOVE_BUDGET):
        if cost == 0 or candidates_left <= 0 or move - best_move > _PATIENCE:
            break
        unhappy = [p for table in tables for p in table if own[p] > 0]
        movable = [p for p in unhappy if frozen_until.get(p, -1) < move]
        p = rng.choice(movable or unhappy)
        t = where[p]
        met_p = met.get(p, nobody)
        # How many acquaintances of p sit at each table, and how many players of p's table
        # (other than p) each player has met: both make a candidate swap cost O(1) to rate.
        known_at = [0] * len(tables)
        for q in met_p:
            known_at[where[q]] += 1
        knows_rest: dict[int, int] = {}
        for r in tables[t]:
            if r != p:
                for q in met.get(r, nobody):
                    knows_rest[q] = knows_rest.get(q, 0) + 1
        five_count = fives.get(p, 0)
        best_delta: int | None = None
        choices: list[int] = []
        for u, table in enumerate(tables):
            if u == t:
                continue
            # Between tables of different sizes only players with equal fifth-seat counts may
            # change places, so the fifth seats stay with the players who had fewest of them.
            same_size = len(table) == len(tables[t])
            candidates_left -= len(table)
            for q in table:
                if not same_size and fives.get(q, 0) != five_count:
                    continue
                # p trades its table for q's, q the other way round.
                delta = known_at[u] - (q in met_p) + knows_rest.get(q, 0) - own[p] - own[q]
                if frozen_until.get(q, -1) >= move and cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, choices = delta, [q]
                elif delta == best_delta:
                    choices.append(q)
        if best_delta is None:
            continue
        q = rng.choice(choices)
        u = where[q]
        tables[t][tables[t].index(p)] = q
        tables[u][tables[u].index(q)] = p
        where[p], where[q] = u, t
        for r in tables[t]:
            own[r] = known(r, tables[t])
        for r in tables[u]:
            own[r] = known(r, tables[u])
        cost += best_delta
        frozen_until[p] = frozen_until[q] = move + tenure
        if cost < best_cost:
            best_cost, best, best_move = cost, [list(table) for table in tables], move
    return best
