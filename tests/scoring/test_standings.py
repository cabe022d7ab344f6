"""Tournament standings: totals first, then the tournament's tie-breakers in order."""

import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rulesets import RULESETS
from scoring.standings import (
    DEFAULT_TIE_BREAKERS,
    TIE_BREAKERS,
    Entry,
    Ranked,
    StandingsError,
    lot_value,
    rank,
    table_ranks,
)


def entry(player: int, *rounds: int) -> Entry:
    """Return an entry with 16 hands per round played."""
    return Entry(player=player, rounds=rounds, hands=16 * len(rounds))


def lines(ranked: list[Ranked]) -> list[tuple[int, int, int, str | None]]:
    """Return (player, rank, total, decided_by) for each line of the standings."""
    return [(r.entry.player, r.rank, r.total, r.decided_by) for r in ranked]


# Expected lines are (player, rank, total, decided_by), worked out by hand.
@pytest.mark.parametrize(
    ("entries", "tie_breakers", "expected"),
    [
        pytest.param(
            [entry(1, 10, 20), entry(2, 50, -5), entry(3, 0, 0), entry(4, -10, 5)],
            ("best_round",),
            [(2, 1, 45, None), (1, 2, 30, None), (3, 3, 0, None), (4, 4, -5, None)],
            id="plain-totals",
        ),
        pytest.param(
            [entry(1, 25, 15), entry(2, 30, 10), entry(3, 5, 5)],
            ("best_round",),
            [(2, 1, 40, "best_round"), (1, 2, 40, "best_round"), (3, 3, 10, None)],
            id="tie-broken-by-best-round-30-over-25",
        ),
        pytest.param(
            [entry(1, 30, 5, 5), entry(2, 30, 10, 0)],
            ("best_round", "second_best_round"),
            [(2, 1, 40, "second_best_round"), (1, 2, 40, "second_best_round")],
            id="best-rounds-equal-second-best-10-over-5",
        ),
        pytest.param(
            [entry(1, 20, -5, 25), entry(2, 10, 10, 20)],
            ("fewest_negative_rounds",),
            [(2, 1, 40, "fewest_negative_rounds"), (1, 2, 40, "fewest_negative_rounds")],
            id="no-negative-round-over-one",
        ),
        pytest.param(
            [entry(1, 50, -10), entry(2, 20, 20)],
            ("fewest_negative_rounds", "best_round"),
            [(2, 1, 40, "fewest_negative_rounds"), (1, 2, 40, "fewest_negative_rounds")],
            id="first-chosen-tie-breaker-decides-negatives",
        ),
        pytest.param(
            [entry(1, 50, -10), entry(2, 20, 20)],
            ("best_round", "fewest_negative_rounds"),
            [(1, 1, 40, "best_round"), (2, 2, 40, "best_round")],
            id="first-chosen-tie-breaker-decides-best-round",
        ),
        pytest.param(
            [entry(1, 50, 0, -10), entry(2, 40, 10, -10), entry(3, 40, 0, 0)],
            ("best_round", "second_best_round"),
            [
                (1, 1, 40, "best_round"),
                (2, 2, 40, "second_best_round"),
                (3, 3, 40, "second_best_round"),
            ],
            id="three-equal-totals-decided-at-different-depths",
        ),
        pytest.param(
            [entry(1, 40, 10), entry(2, 20, 10), entry(3, 10, 20), entry(4, 25, 0)],
            ("best_round",),
            [(1, 1, 50, None), (2, 2, 30, None), (3, 2, 30, None), (4, 4, 25, None)],
            id="equal-after-all-share-rank-2-next-is-4",
        ),
        pytest.param(
            [entry(4, 10), entry(3, 30), entry(2, 30), entry(1, 30)],
            ("best_round", "second_best_round", "fewest_negative_rounds"),
            [(1, 1, 30, None), (2, 1, 30, None), (3, 1, 30, None), (4, 4, 10, None)],
            id="three-share-rank-1-next-is-4",
        ),
        pytest.param(
            [entry(1, 30, 10), entry(2, 10, 30)],
            (),
            [(1, 1, 40, None), (2, 1, 40, None)],
            id="no-tie-breakers-equal-totals-share",
        ),
        pytest.param(
            [entry(1, 30, 10), entry(2, 10, 30)],
            ("best_round", "lots"),
            [(1, 1, 40, None), (2, 1, 40, None)],
            id="lots-chosen-but-not-drawn-without-a-seed",
        ),
        pytest.param(
            [entry(1, -5), entry(2, -2, -3)],
            ("best_round",),
            [(1, 1, -5, "best_round"), (2, 2, -5, "best_round")],
            id="a-missing-round-counts-as-0-best-0-over-minus-2",
        ),
        pytest.param([], ("best_round", "lots"), [], id="nobody"),
        # Third-best round: 40 + 10 + 0 + 0 = 50 and 40 + 10 + 5 - 5 = 50; best 40 and
        # second-best 10 equal; third-best 5 over 0.
        pytest.param(
            [entry(1, 40, 10, 0, 0), entry(2, 40, 10, 5, -5)],
            ("best_round", "second_best_round", "third_best_round"),
            [(2, 1, 50, "third_best_round"), (1, 2, 50, "third_best_round")],
            id="best-and-second-best-equal-third-best-5-over-0",
        ),
        # Two rounds only: the third-best round is 0 for both (a missing round counts as 0,
        # padded like every round), so it does not separate 30 + 10 from 20 + 20.
        pytest.param(
            [entry(1, 30, 10), entry(2, 20, 20)],
            ("third_best_round",),
            [(1, 1, 40, None), (2, 1, 40, None)],
            id="two-rounds-third-best-0-for-both",
        ),
    ],
)
def test_rank_orders_by_total_then_tie_breakers(
    entries: list[Entry],
    tie_breakers: tuple[str, ...],
    expected: list[tuple[int, int, int, str | None]],
) -> None:
    ranked = rank(entries, tie_breakers, None)
    assert lines(ranked) == expected
    assert [r.lot for r in ranked if r.lot is not None] == [], "no lot is drawn here"


def test_a_lot_is_the_documented_hash_of_seed_and_player() -> None:
    # The rule a director can check by hand: `printf 7:12 | sha256sum`, first 8 hex digits.
    digest = hashlib.sha256(b"7:12").hexdigest()
    assert lot_value(7, 12) == int(digest[:8], 16)


@pytest.mark.parametrize("seed", [1, 7, 2026, -3, 2**62], ids=lambda seed: f"seed-{seed}")
def test_lots_decide_a_tie_on_best_round_higher_lot_first(seed: int) -> None:
    winner, loser = sorted((1, 2), key=lambda player: lot_value(seed, player), reverse=True)
    ranked = rank([entry(1, 30, 10), entry(2, 10, 30)], ("best_round", "lots"), seed)
    assert lines(ranked) == [(winner, 1, 40, "lots"), (loser, 2, 40, "lots")]
    assert [r.lot for r in ranked] == [lot_value(seed, winner), lot_value(seed, loser)]


@pytest.mark.parametrize("seed", [1, 7, 2026], ids=lambda seed: f"seed-{seed}")
def test_lots_are_drawn_only_among_players_still_tied(seed: int) -> None:
    # 1 wins on best round (50); 2 and 3 both have 30, so lots order them.
    first, second = sorted((2, 3), key=lambda player: lot_value(seed, player), reverse=True)
    entries = [entry(1, 50, -10), entry(2, 30, 10), entry(3, 10, 30), entry(4, 0, 0)]
    ranked = rank(entries, ("best_round", "lots"), seed)
    assert lines(ranked) == [
        (1, 1, 40, "best_round"),
        (first, 2, 40, "lots"),
        (second, 3, 40, "lots"),
        (4, 4, 0, None),
    ]
    assert [r.lot for r in ranked] == [None, lot_value(seed, first), lot_value(seed, second), None]


def test_lots_separate_every_tie() -> None:
    players = list(range(1, 11))
    ranked = rank([entry(p, 10, 10) for p in players], DEFAULT_TIE_BREAKERS, 99)
    by_lot = sorted(players, key=lambda player: lot_value(99, player), reverse=True)
    assert [r.entry.player for r in ranked] == by_lot
    assert [r.rank for r in ranked] == list(range(1, 11))


def test_a_new_player_does_not_change_how_lots_order_the_others() -> None:
    for seed in range(20):
        two = rank([entry(1, 20), entry(2, 20)], ("lots",), seed)
        three = rank([entry(1, 20), entry(2, 20), entry(3, 20)], ("lots",), seed)
        order = [r.entry.player for r in three if r.entry.player != 3]
        assert order == [r.entry.player for r in two], f"seed {seed}"


def test_the_same_standings_rank_the_same_way_twice() -> None:
    entries = [entry(p, (p * 7) % 5, (p * 3) % 4) for p in range(1, 30)]
    assert rank(entries, DEFAULT_TIE_BREAKERS, 5) == rank(entries, DEFAULT_TIE_BREAKERS, 5)


@given(
    scores=st.dictionaries(
        st.integers(1, 500), st.lists(st.integers(-60, 60), max_size=4), max_size=25
    ),
    order=st.randoms(use_true_random=False),
    lot_seed=st.one_of(st.none(), st.integers(0, 2**62)),
)
def test_the_order_entries_come_in_does_not_matter(
    scores: dict[int, list[int]], order: random.Random, lot_seed: int | None
) -> None:
    entries = [entry(player, *rounds) for player, rounds in scores.items()]
    shuffled = list(entries)
    order.shuffle(shuffled)
    breakers = ("best_round", "second_best_round", "fewest_negative_rounds", "lots")
    ranked = rank(entries, breakers, lot_seed)
    assert rank(shuffled, breakers, lot_seed) == ranked
    # Ranks start at 1, and a rank is either shared with the line above or its position.
    for i, line in enumerate(ranked):
        assert line.rank in ({i + 1} if i == 0 else {ranked[i - 1].rank, i + 1})
        assert line.total == sum(line.entry.rounds)


@pytest.mark.parametrize(
    ("tie_breakers", "message"),
    [
        pytest.param(("best_round", "coin_toss"), "Unknown tie-breaker 'coin_toss'", id="unknown"),
        pytest.param(("Best round",), "Unknown tie-breaker 'Best round'", id="name-not-key"),
        pytest.param(("lots", "lots"), "A tie-breaker is chosen twice", id="twice"),
    ],
)
def test_rank_refuses_tie_breakers_it_does_not_know(
    tie_breakers: tuple[str, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        rank([entry(1, 10)], tie_breakers, 1)


def test_rank_refuses_a_player_listed_twice() -> None:
    with pytest.raises(StandingsError, match="Player 3 appears twice"):
        rank([entry(3, 10), entry(3, 20)], DEFAULT_TIE_BREAKERS, 1)


def test_the_tirol_cup_order_is_the_default_and_every_tie_breaker_has_a_name() -> None:
    assert DEFAULT_TIE_BREAKERS == ("best_round", "lots")
    assert set(TIE_BREAKERS) == {
        "best_round",
        "second_best_round",
        "third_best_round",
        "better_table_ranks",
        "fewest_negative_rounds",
        "lots",
    }
    assert [key for key, breaker in TIE_BREAKERS.items() if not breaker.name] == []


# A table's places by round score (RULES.md section 9, Reading of "better table ranks"): 1 is
# the best, players level at their table share the better place, and the next place skips.
@pytest.mark.parametrize(
    ("totals", "places"),
    [
        pytest.param([12, -4, 7, -15], [1, 3, 2, 4], id="all-different"),
        pytest.param([5, 9, 5, -19], [2, 1, 2, 4], id="two-level-share-place-2-next-is-4"),
        pytest.param([0, 0, 0, 0], [1, 1, 1, 1], id="all-level-all-first"),
        pytest.param([10, 10, -5, -5, -10], [1, 1, 3, 3, 5], id="table-of-five-two-pairs-level"),
    ],
)
def test_table_ranks_are_places_at_the_table_level_players_sharing_the_better(
    totals: list[int], places: list[int]
) -> None:
    assert table_ranks(totals) == places


def placed(player: int, rounds: tuple[int, ...], places: tuple[int, ...]) -> Entry:
    """Return an entry with its table ranks, one per round played."""
    return Entry(player=player, rounds=rounds, hands=16 * len(rounds), table_ranks=places)


# Expected lines (player, rank, total, decided_by), worked by hand: the lower sum of table ranks
# ranks first.
@pytest.mark.parametrize(
    ("entries", "tie_breakers", "expected"),
    [
        # 20 + 10 + 0 = 30 with places 1 + 2 + 3 = 6; 15 + 15 + 0 = 30 with 2 + 2 + 1 = 5.
        pytest.param(
            [placed(1, (20, 10, 0), (1, 2, 3)), placed(2, (15, 15, 0), (2, 2, 1))],
            ("better_table_ranks",),
            [(2, 1, 30, "better_table_ranks"), (1, 2, 30, "better_table_ranks")],
            id="places-5-over-6",
        ),
        # The Tirol cup's 2019 order: the best round first (20 over 15), table ranks only after.
        pytest.param(
            [placed(1, (20, 10, 0), (1, 2, 3)), placed(2, (15, 15, 0), (2, 2, 1))],
            ("best_round", "better_table_ranks", "lots"),
            [(1, 1, 30, "best_round"), (2, 2, 30, "best_round")],
            id="best-round-before-table-ranks",
        ),
        # Best rounds equal (20): places 1 + 4 = 5 against 2 + 2 = 4.
        pytest.param(
            [placed(1, (20, -5), (1, 4)), placed(2, (20, -5), (2, 2))],
            ("best_round", "better_table_ranks"),
            [(2, 1, 15, "better_table_ranks"), (1, 2, 15, "better_table_ranks")],
            id="best-round-equal-places-4-over-5",
        ),
        # Equal sums of places (1 + 3 = 2 + 2): still level, they share the rank.
        pytest.param(
            [placed(1, (20, -5), (1, 3)), placed(2, (5, 10), (2, 2))],
            ("better_table_ranks",),
            [(1, 1, 15, None), (2, 1, 15, None)],
            id="equal-sums-of-places-share",
        ),
    ],
)
def test_better_table_ranks_put_the_lower_sum_of_places_first(
    entries: list[Entry],
    tie_breakers: tuple[str, ...],
    expected: list[tuple[int, int, int, str | None]],
) -> None:
    assert lines(rank(entries, tie_breakers, None)) == expected


# RULES.md section 9: each ruleset's data names its cup's tie-breakers.
@pytest.mark.parametrize(
    ("ruleset", "tie_breakers"),
    [
        ("tirol_cup", ("best_round", "lots")),
        ("ooe", ("best_round", "second_best_round", "lots")),
        ("lungau", ("best_round", "lots")),
        ("standard", ("best_round", "lots")),
        ("extended", ("best_round", "lots")),
    ],
)
def test_each_ruleset_names_its_cups_tie_breakers(
    ruleset: str, tie_breakers: tuple[str, ...]
) -> None:
    assert RULESETS[ruleset].tie_breakers == tie_breakers
