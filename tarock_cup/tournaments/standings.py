"""Round and tournament standings from the tables' stored totals (a fixed number of queries)."""

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import scoring
from scoring import standings as ranking
from tarock_cup.tournaments.models import Registration, Round, Seat, Table, Tournament
from tarock_cup.tournaments.naming import NAME_FIELDS, shown


class PlayerRef(NamedTuple):
    """What the standings show of a player (the name as the viewer may see it)."""

    pk: int
    name: str
    club: str
    number: int | None
    withdrawn: bool = False


@dataclass(frozen=True)
class Row:
    rank: int
    player: PlayerRef
    rounds: tuple[int | None, ...]
    total: int
    hands: int
    decided_by: str | None
    lot: int | None
    # Where lots were drawn: the players just before and after this one in the drawn order.
    lot_behind: str | None = None
    lot_ahead_of: str | None = None


def default_tie_breakers(ruleset_key: str) -> tuple[str, ...]:
    """Return the tie-breakers the ruleset's cup uses (the Tirol Cup's for an unknown key)."""
    ruleset = scoring.RULESETS.get(ruleset_key)
    return ruleset.tie_breakers if ruleset is not None else ranking.DEFAULT_TIE_BREAKERS


def tie_breakers(tournament: Tournament) -> tuple[str, ...]:
    """Return the tournament's tie-breaker order (its ruleset's cup's when none is stored)."""
    return tuple(tournament.tie_breakers) or default_tie_breakers(tournament.ruleset)


class Facts(NamedTuple):
    """What a tournament's standings are ranked from, read as plain values."""

    numbers: list[int]  # the rounds counted, in order
    tables: dict[int, tuple[int, list[int], list[int]]]  # pk: (round number, totals, played)
    seats: list[tuple[int, int, int]]  # (player pk, table pk, position)
    # (player pk, club, withdrawn, *NAME_FIELDS) of each registration
    registered: list[tuple[Any, ...]]


def standings(
    tournament: Tournament, round_number: int | None = None, full_names: bool = False
) -> list[Row]:
    """Return the ranked standings, overall or for one round; private players by their public
    name unless `full_names` (`naming.sees_full_names`)."""
    numbers = list(tournament.rounds.order_by("number").values_list("number", flat=True))
    if round_number is not None:
        numbers = [n for n in numbers if n == round_number]
    # Each table's totals are read once (not once per seat): a large field has 750 tables.
    tables = {
        pk: (number, totals, played)
        for pk, number, totals, played in Table.objects.filter(
            round__tournament=tournament, round__number__in=numbers
        ).values_list("pk", "round__number", "totals", "hands_played")
    }
    seats = Seat.objects.filter(
        round__tournament=tournament, round__number__in=numbers
    ).values_list("player_id", "table_id", "position")
    # Plain tuples, not model instances: a large field has a thousand players.
    registered = tournament.registrations.values_list(
        "player_id", "player__club", "withdrawn", *NAME_FIELDS
    )
    return ranked_rows(
        tournament, Facts(numbers, tables, list(seats), list(registered)), full_names
    )


def many_standings(tournaments: list[Tournament]) -> dict[int, tuple[Facts, list[Row]]]:
    """Return each tournament's overall standings (public names) with what they are ranked
    from, by tournament pk: four queries however many tournaments."""
    facts = {t.pk: Facts([], {}, [], []) for t in tournaments}
    for tournament_id, number in (
        Round.objects.filter(tournament_id__in=facts)
        .order_by("tournament_id", "number")
        .values_list("tournament_id", "number")
    ):
        facts[tournament_id].numbers.append(number)
    for pk, tournament_id, number, totals, played in Table.objects.filter(
        round__tournament_id__in=facts
    ).values_list("pk", "round__tournament_id", "round__number", "totals", "hands_played"):
        facts[tournament_id].tables[pk] = (number, totals, played)
    for tournament_id, *seat in Seat.objects.filter(round__tournament_id__in=facts).values_list(
        "round__tournament_id", "player_id", "table_id", "position"
    ):
        facts[tournament_id].seats.append((seat[0], seat[1], seat[2]))
    for tournament_id, *registration in Registration.objects.filter(
        tournament_id__in=facts
    ).values_list("tournament_id", "player_id", "player__club", "withdrawn", *NAME_FIELDS):
        facts[tournament_id].registered.append(tuple(registration))
    return {t.pk: (facts[t.pk], ranked_rows(t, facts[t.pk], False)) for t in tournaments}


def ranked_rows(tournament: Tournament, facts: Facts, full_names: bool) -> list[Row]:
    """Return the ranked rows of these facts by the tournament's tie-breakers."""
    numbers, tables = facts.numbers, facts.tables
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    places: dict[int, list[int]] = defaultdict(list)
    hands: dict[int, int] = defaultdict(int)
    # Each table's places by its totals (a paper table's are its recorded totals), once a table.
    ranks = {pk: ranking.table_ranks(totals) for pk, (_number, totals, _played) in tables.items()}
    for player_id, table_id, position in facts.seats:
        number, totals, played = tables[table_id]
        scores[player_id][number] = totals[position] if position < len(totals) else 0
        hands[player_id] += played[position] if position < len(played) else 0
        if position < len(totals):
            places[player_id].append(ranks[table_id][position])
    players = {
        pk: PlayerRef(pk, shown(name, number, private, forgotten, full_names), club, number, gone)
        for pk, club, gone, name, number, private, forgotten in facts.registered
        if pk in scores or not gone
    }
    entries = [
        ranking.Entry(
            player=pid,
            rounds=tuple(scores[pid].get(n, 0) for n in numbers),
            hands=hands[pid],
            table_ranks=tuple(places[pid]),
        )
        for pid in players
    ]
    ranked = ranking.rank(entries, tie_breakers(tournament), tournament.lot_seed)
    neighbours = _lot_neighbours(ranked, tie_breakers(tournament), tournament.lot_seed)
    return [
        Row(
            rank=item.rank,
            player=players[item.entry.player],
            rounds=tuple(scores[item.entry.player].get(n) for n in numbers),
            total=item.total,
            hands=item.entry.hands,
            decided_by=item.decided_by,
            lot=item.lot,
            lot_behind=_name(players, neighbours.get(item.entry.player, (None, None))[0]),
            lot_ahead_of=_name(players, neighbours.get(item.entry.player, (None, None))[1]),
        )
        for item in ranked
    ]


def _name(players: dict[int, PlayerRef], pk: int | None) -> str | None:
    return None if pk is None else players[pk].name


def _lot_neighbours(
    ranked: list[ranking.Ranked], keys: tuple[str, ...], seed: int
) -> dict[int, tuple[int | None, int | None]]:
    """Return, for each player who drew lots, who drew just before and just after them among
    the players the lots decided between (same total and same earlier tie-breakers)."""
    earlier = keys[: keys.index("lots")] if "lots" in keys else keys

    def group(item: ranking.Ranked) -> tuple[int, ...]:
        return (item.total, *(ranking.TIE_BREAKERS[k].key(item.entry, seed) for k in earlier))

    drew = [item for item in ranked if item.lot is not None]
    result: dict[int, tuple[int | None, int | None]] = {}
    for i, item in enumerate(drew):
        before = drew[i - 1] if i > 0 and group(drew[i - 1]) == group(item) else None
        after = drew[i + 1] if i + 1 < len(drew) and group(drew[i + 1]) == group(item) else None
        result[item.entry.player] = (
            before.entry.player if before else None,
            after.entry.player if after else None,
        )
    return result


class PaperTable(NamedTuple):
    """A table whose round the standings take from its paper block."""

    round: int
    table: int
    hands: int
    players: tuple[str, ...]


def paper_tables(
    tournament: Tournament, round_number: int | None = None, full_names: bool = False
) -> list[PaperTable]:
    """Return the tables recorded from a paper block, overall or in one round (two queries)."""
    tables = Table.objects.filter(round__tournament=tournament, paper__isnull=False)
    if round_number is not None:
        tables = tables.filter(round__number=round_number)
    # paper__isnull=False above: every paper block found is a dict, which the stubs cannot know.
    found = cast(
        list[tuple[int, int, int, dict[str, Any]]],
        list(
            tables.order_by("round__number", "number").values_list(
                "pk", "round__number", "number", "paper"
            )
        ),
    )
    names: dict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(table_id__in=[pk for pk, *_rest in found]).order_by("position")
    for table_id, name, number, private, forgotten in seats.values_list("table_id", *NAME_FIELDS):
        names[table_id].append(shown(name, number, private, forgotten, full_names))
    return [
        PaperTable(number, table, paper["hands"], tuple(names[pk]))
        for pk, number, table, paper in found
    ]
