"""The seating draw: table sizes, reproducibility, new faces and fifth seats that go round."""

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarock_cup.tournaments.seating import (
    Meetings,
    NoSeatLeft,
    SeatingError,
    draw,
    meetings,
    repeated_pairs,
    repeats_unavoidable,
    seat_late,
    swap,
    table_sizes,
)

SEEDS = range(200)


def play(n: int, rounds: int, seed: int) -> tuple[list[int], Counter[int]]:
    """Return each round's repeated pairs and the fifth-seat counts after drawing every round."""
    players = list(range(1, n + 1))
    past: list[list[int]] = []
    fives: Counter[int] = Counter()
    repeats = []
    for round_number in range(1, rounds + 1):
        tables = draw(players, seed * 1000 + round_number, past_tables=past, fives=fives)
        repeats.append(repeated_pairs(tables, past))
        fives.update(p for table in tables if len(table) == 5 for p in table)
        past += tables
    return repeats, fives


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        pytest.param(4, [4], id="4-one-table"),
        pytest.param(5, [5], id="5-one-table-of-five"),
        pytest.param(8, [4, 4], id="8-two-fours"),
        pytest.param(9, [4, 5], id="9-one-five"),
        pytest.param(10, [5, 5], id="10-two-fives"),
        pytest.param(12, [4, 4, 4], id="12-three-fours"),
        pytest.param(13, [4, 4, 5], id="13-five-last"),
        pytest.param(15, [5, 5, 5], id="15-three-fives"),
        pytest.param(19, [4, 5, 5, 5], id="19=4+3x5"),
        pytest.param(23, [4, 4, 5, 5, 5], id="23=2x4+3x5"),
        pytest.param(40, [4] * 10, id="40-ten-fours"),
    ],
)
def test_table_sizes_use_fours_and_only_the_fives_needed(n: int, sizes: list[int]) -> None:
    assert table_sizes(n) == sizes


@pytest.mark.parametrize(
    ("n", "message"),
    [
        pytest.param(0, "At least 4 players are needed for a table", id="nobody"),
        pytest.param(3, "At least 4 players are needed for a table", id="3"),
        pytest.param(6, "6 players cannot be seated at tables of four and five", id="6"),
        pytest.param(7, "7 players cannot be seated at tables of four and five", id="7"),
        pytest.param(11, "11 players cannot be seated at tables of four and five", id="11"),
    ],
)
def test_table_sizes_refuse_counts_that_do_not_split(n: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        table_sizes(n)


def test_every_count_from_12_splits_with_fewer_than_four_fives() -> None:
    # 11 = 4*5 - 4 - 5 is the largest count that is no sum of 4s and 5s; four fives would be
    # five fours, so a split with the fewest fives has at most three.
    for n in range(12, 300):
        sizes = table_sizes(n)
        assert sum(sizes) == n
        assert set(sizes) <= {4, 5}
        assert sizes.count(5) < 4
        assert sizes == sorted(sizes)


def test_the_same_seed_draws_the_same_tables() -> None:
    players = list(range(1, 14))
    past = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12, 13]]
    fives = {p: 1 for p in past[2]}
    first = draw(players, 42, past_tables=past, fives=fives)
    again = draw(players, 42, past_tables=past, fives=fives)
    assert first == again


def test_the_order_the_players_come_in_does_not_matter() -> None:
    players = [17, 3, 11, 5, 29, 8, 2, 13, 23, 19, 7, 31, 37]
    shuffled = [players[i] for i in (5, 0, 12, 3, 9, 1, 7, 11, 2, 10, 6, 4, 8)]
    assert draw(players, 7) == draw(shuffled, 7) == draw(sorted(players, reverse=True), 7)


def test_different_seeds_draw_different_tables() -> None:
    players = list(range(1, 17))
    draws = {tuple(map(tuple, draw(players, seed))) for seed in range(20)}
    assert len(draws) == 20


@pytest.mark.parametrize("n", [4, 5, 9, 10, 13, 16, 22, 41], ids=lambda n: f"{n}-players")
def test_every_player_gets_exactly_one_seat(n: int) -> None:
    players = list(range(100, 100 + n))
    tables = draw(players, 5, past_tables=[players[:4]], fives={players[0]: 1})
    assert sorted(p for table in tables for p in table) == players
    assert [len(table) for table in tables] == table_sizes(n)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param([1, 2, 3, 4, 4, 5, 6, 7], "Player 4 is checked in twice", id="twice"),
        pytest.param([1, 2, 3, 4, 5, 6, 7], "7 players cannot be seated", id="seven"),
        pytest.param([1, 2, 3], "At least 4 players", id="three"),
    ],
)
def test_draw_refuses_a_field_it_cannot_seat(players: list[int], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        draw(players, 1)


# Why no pair need repeat in these fields (n = 4k players at k >= 4 tables):
# - round 2 can take one player from each of 4 different round-1 tables per table;
# - then every player is a cell of a k x k grid (round-1 table, round-2 table) with 4 players in
#   each row and column, and round 3 needs k groups of 4 in different rows and columns. Such a
#   split always exists (de Werra: a bipartite graph of largest degree 4 has a proper edge
#   colouring with any k >= 4 colours of equal size); for 16 players it is a Latin square.
# With one or two tables of five, round 2 still works by hand for 25, 29 and 30 players: each
# table of five takes one player from each of five different round-1 tables of four (players who
# have not sat at a table of five), and the rest are dealt out round robin over the tables of
# four, biggest round-1 table first.
@pytest.mark.parametrize(
    ("n", "rounds"),
    [
        pytest.param(16, 3, id="16-players-3-rounds"),
        pytest.param(20, 3, id="20-players-3-rounds"),
        pytest.param(24, 3, id="24-players-3-rounds"),
        pytest.param(28, 3, id="28-players-3-rounds"),
        pytest.param(32, 3, id="32-players-3-rounds"),
        pytest.param(40, 3, id="40-players-3-rounds"),
        pytest.param(25, 2, id="25-players-2-rounds"),
        pytest.param(29, 2, id="29-players-2-rounds"),
        pytest.param(30, 2, id="30-players-2-rounds"),
    ],
)
def test_no_pair_meets_again_when_that_can_be_avoided(n: int, rounds: int) -> None:
    for seed in SEEDS:
        repeats, _fives = play(n, rounds, seed)
        assert repeats == [0] * rounds, f"seed {seed}"


# Fewest repeats in round 2 when some are unavoidable, worked from the round-1 tables (a repeat
# weighs more than a fifth seat, so the fifth seats do not shape these):
# - 8: two tables A, B; each new table is 2+2 from A and B: 1 + 1 pairs, twice -> 4.
# - 12: three tables; each new table has 4 players from 3 old tables, so at least one pair,
#   and 2+1+1 at every table gives exactly 3.
# - 9: A (4) and the table of five F; the new four takes a from A and 4 - a from F, the new
#   five the rest: C(a,2) + C(4-a,2) + C(4-a,2) + C(1+a,2) is least at a = 2: 1+1+1+3 -> 6.
# - 13: A, B (4 each), F (5); the new five takes 2, 2, 1 from A, B, F (2 pairs), each new four
#   1, 1, 2 (1 pair each) -> 4; any five from fewer old tables costs more.
@pytest.mark.parametrize(
    ("n", "fewest"),
    [
        pytest.param(8, 4, id="8-players-4-pairs"),
        pytest.param(9, 6, id="9-players-6-pairs"),
        pytest.param(12, 3, id="12-players-3-pairs"),
        pytest.param(13, 4, id="13-players-4-pairs"),
    ],
)
def test_unavoidable_repeats_are_kept_to_the_fewest(n: int, fewest: int) -> None:
    for seed in range(20):
        repeats, _fives = play(n, 2, seed)
        assert repeats[1] == fewest, f"seed {seed}"


def meetings_by_round(n: int, rounds: int, seed: int) -> list[Meetings]:
    """Return each round's pairs meeting for the second and for the third time or more."""
    players = list(range(1, n + 1))
    past: list[list[int]] = []
    fives: Counter[int] = Counter()
    found = []
    for round_number in range(1, rounds + 1):
        tables = draw(players, seed * 1000 + round_number, past_tables=past, fives=fives)
        found.append(meetings(tables, past))
        fives.update(p for table in tables if len(table) == 5 for p in table)
        past += tables
    return found


# The issue's field: 22 players (three tables of four, two of five), three rounds. The old draw
# gave the fifth seats first, which in round 2 forces repeats (each new table of five took its
# five players from the three old tables of four: 8 pairs met again) and later one pair a third
# time. Seatings without any repeat exist: each new table takes its players from different old
# tables, which costs a second fifth seat to some players.
def test_the_issues_field_of_22_players_plays_three_rounds_without_a_repeat() -> None:
    for seed in range(15):
        found = meetings_by_round(22, 3, seed)
        assert found == [(0, 0)] * 3, f"seed {seed}: (second, third) meetings by round {found}"


# 8 players, round 3: the four cells (round-1 table x round-2 table) hold two players each, and
# the two of a cell met twice. A new table with one player of each cell repeats 4 pairs once
# (the two of each old table) and none twice: 8 second meetings in all, no third; two of one
# cell at a table would be a third meeting. The old draw counted every repeat alike and gave
# 4 pairs their third meeting instead.
def test_no_pair_meets_a_third_time_when_that_can_be_avoided() -> None:
    for seed in range(20):
        third_round = meetings_by_round(8, 3, seed)[2]
        assert third_round == (8, 0), f"seed {seed}: (second, third) meetings {third_round}"


def test_meetings_count_second_and_third_meetings_apart() -> None:
    past = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 5, 6], [3, 4, 7, 8]]
    # How often each pair at the new tables met before:
    # [1, 2, 3, 7]: 1-2 twice, 1-3 once, 2-3 once, 3-7 once, 1-7 and 2-7 never -> 3 second, 1 third
    # [4, 5, 6, 8]: 5-6 twice, 4-8 once, 5-8 once, 6-8 once, 4-5 and 4-6 never -> 3 second, 1 third
    assert meetings([[1, 2, 3, 7], [4, 5, 6, 8]], past) == (6, 2)


# The fifth seats go to players who have not had one where that costs no repeat: in round 1,
# and in round 2 of fields where each table of five can take five players from five different
# round-1 tables of four (see the fields worked by hand above; 35: five tables of four give
# each of the three tables of five one player each, and the rest fill the five tables of four
# with one player from each old table of five and one from an old four).
@pytest.mark.parametrize(
    ("n", "rounds"),
    [
        pytest.param(9, 1, id="9-players-1-round-5-fifth-seats"),
        pytest.param(25, 2, id="25-players-2-rounds-10-fifth-seats"),
        pytest.param(29, 2, id="29-players-2-rounds-10-fifth-seats"),
        pytest.param(30, 2, id="30-players-2-rounds-20-fifth-seats"),
        pytest.param(35, 2, id="35-players-2-rounds-30-fifth-seats"),
    ],
)
def test_nobody_sits_at_a_table_of_five_twice_when_new_faces_leave_room(
    n: int, rounds: int
) -> None:
    for seed in range(30):
        _repeats, fives = play(n, rounds, seed)
        assert max(fives.values()) == 1, f"seed {seed}"


# 13 players in round 2: no seating has both new faces at the table of five and fifth seats for
# new players (the five new ones come from the two old tables of four: 3 + 1 pairs at least,
# against 4 in all when one of the old table of five sits there again); the repeat decides.
def test_a_repeat_weighs_more_than_a_second_fifth_seat() -> None:
    for seed in range(20):
        repeats, fives = play(13, 2, seed)
        assert (repeats[1], max(fives.values())) == (4, 2), f"seed {seed}"


def test_the_fifth_seats_go_to_players_who_have_not_had_one() -> None:
    players = list(range(1, 14))
    fives = {p: 1 for p in range(1, 9)}
    for seed in SEEDS:
        tables = draw(players, seed, fives=fives)
        assert sorted(tables[-1]) == [9, 10, 11, 12, 13], f"seed {seed}"


def test_a_withdrawn_player_in_the_history_does_not_matter() -> None:
    players = list(range(1, 17))
    past = [[1, 2, 3, 4, 99], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    tables = draw(players, 3, past_tables=past)
    assert repeated_pairs(tables, past) == 0
    assert 99 not in {p for table in tables for p in table}


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        pytest.param(2, 7, [[1, 7, 3, 4], [5, 6, 2, 8, 9]], id="across-tables"),
        pytest.param(1, 4, [[4, 2, 3, 1], [5, 6, 7, 8, 9]], id="within-a-table"),
        pytest.param(9, 3, [[1, 2, 9, 4], [5, 6, 7, 8, 3]], id="into-the-table-of-five"),
        pytest.param(5, 5, [[1, 2, 3, 4], [5, 6, 7, 8, 9]], id="with-oneself"),
    ],
)
def test_swap_exchanges_two_seats(a: int, b: int, expected: list[list[int]]) -> None:
    tables = [[1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert swap(tables, a, b) == expected
    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        pytest.param(2, 10, "Player 10 is not seated", id="second-missing"),
        pytest.param(10, 2, "Player 10 is not seated", id="first-missing"),
        pytest.param(10, 11, "Players 10 and 11 are not seated", id="both-missing"),
    ],
)
def test_swap_refuses_a_player_who_is_not_seated(a: int, b: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        swap([[1, 2, 3, 4], [5, 6, 7, 8, 9]], a, b)


@pytest.mark.parametrize(
    ("tables", "past", "count"),
    [
        pytest.param([[1, 2, 3, 4]], [], 0, id="no-history"),
        pytest.param([[1, 2, 5, 6], [3, 4, 7, 8]], [[1, 2, 3, 4]], 2, id="1-2-and-3-4"),
        pytest.param([[1, 2, 7, 8]], [[1, 2, 3, 4], [1, 2, 5, 6]], 1, id="met-twice-counts-once"),
        pytest.param([[1, 2, 3, 4]], [[1, 2, 3, 4]], 6, id="same-table-again"),
        pytest.param([[1, 5, 6, 7]], [[1, 2, 3, 4], [5, 8, 9, 10]], 0, id="new-faces"),
    ],
)
def test_repeated_pairs_counts_pairs_that_shared_a_table(
    tables: Sequence[Sequence[int]], past: Sequence[Sequence[int]], count: int
) -> None:
    assert repeated_pairs(tables, past) == count


VALID_COUNTS = [n for n in range(4, 61) if n not in (6, 7, 11)]


@settings(max_examples=150, deadline=None)
@given(
    players=st.sampled_from(VALID_COUNTS).flatmap(
        lambda n: st.sets(st.integers(-(10**6), 10**6), min_size=n, max_size=n)
    ),
    seed=st.integers(-(2**63), 2**63),
    round_one_seed=st.integers(0, 2**32),
)
def test_any_field_and_seed_seats_everyone_once(
    players: set[int], seed: int, round_one_seed: int
) -> None:
    # With a first round as history, so the search has something to rearrange.
    past = draw(sorted(players), round_one_seed)
    fives = {p: 1 for table in past if len(table) == 5 for p in table}
    tables = draw(sorted(players), seed, past_tables=past, fives=fives)
    assert sorted(p for table in tables for p in table) == sorted(players)
    assert [len(table) for table in tables] == table_sizes(len(players))


@pytest.mark.parametrize(
    ("tables", "late", "expected"),
    [
        ([[1, 2, 3, 4], [5, 6, 7, 8]], [9], [[1, 2, 3, 4, 9], [5, 6, 7, 8]]),
        ([[1, 2, 3, 4], [5, 6, 7, 8]], [9, 10], [[1, 2, 3, 4, 9], [5, 6, 7, 8, 10]]),
        (
            [[1, 2, 3, 4], [5, 6, 7, 8, 9]],
            [10, 11, 12, 13],
            [[1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13]],
        ),
        # Five late players: a new table, and the fifth seat at the new table (seated ones stay).
        ([[1, 2, 3, 4]], [5, 6, 7, 8, 9], [[1, 2, 3, 4], [5, 6, 7, 8, 9]]),
    ],
    ids=["one late joins a four", "two late join two fours", "four late form a table", "five late"],
)
def test_late_players_join_tables_of_four_or_form_new_ones(
    tables: list[list[int]], late: list[int], expected: list[list[int]]
) -> None:
    assert seat_late(tables, late) == expected, "late players should be seated as the rule says"


def test_a_late_player_joins_the_table_where_they_met_fewest() -> None:
    seated = seat_late([[1, 2, 3, 4], [5, 6, 7, 8]], [9], past_tables=[[9, 1, 2, 5]])
    assert seated[1][-1] == 9, "player 9 met two players of table 1 and one of table 2"


def test_a_late_player_joins_the_table_with_fewest_fifth_seats() -> None:
    seated = seat_late([[1, 2, 3, 4], [5, 6, 7, 8]], [9], fives={1: 1})
    assert seated[1][-1] == 9, "the players of table 1 already sat at a table of five"


def test_late_players_are_refused_when_no_table_of_four_is_left() -> None:
    with pytest.raises(NoSeatLeft):
        seat_late([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], [11])


@pytest.mark.parametrize(
    ("players", "past", "expected"),
    [
        (range(1, 17), [], False),
        (range(1, 17), [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]], False),
        (range(1, 10), [[[1, 2, 3, 4], [5, 6, 7, 8, 9]]], True),
        (range(1, 14), [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12, 13]]], True),
        (
            range(1, 17),
            [
                [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
                [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]],
                [[1, 6, 11, 16], [2, 5, 12, 15], [3, 8, 9, 14], [4, 7, 10, 13]],
                [[1, 7, 12, 14], [2, 8, 11, 13], [3, 5, 10, 16], [4, 6, 9, 15]],
                [[1, 8, 10, 15], [2, 7, 9, 16], [3, 6, 12, 13], [4, 5, 11, 14]],
            ],
            True,
        ),
    ],
    ids=[
        "first round",
        "sixteen after one round",
        "nine after two tables",
        "thirteen after three tables",
        "sixteen who all met",
    ],
)
def test_repeats_are_unavoidable_when_the_field_is_too_small_for_new_faces(
    players: range, past: list[list[list[int]]], expected: bool
) -> None:
    assert repeats_unavoidable(players, past) is expected, "the field's history decides"
