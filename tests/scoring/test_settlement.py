"""The day's money: a table's settlement, a paper table, the prize rules and the payout.

Every expected figure is worked by hand in the comments beside it, from hand values the
rulesets' own tests check (tests/scoring/test_tirol_cup.py).
"""

from typing import Any

import pytest

from scoring.settlement import (
    KONTRAS_TO_BOX,
    KONTRAS_TO_PLAYERS,
    SettlementError,
    TableMoney,
    Terms,
    check_prizes,
    field_prizes,
    payout,
    settle_paper,
    settle_sheet,
)

# A four-hand table of the Tiroler Tarockcup (kontras not in the written score), first dealer 0.
FOUR_HANDS: list[dict[str, Any]] = [
    # dealer 0: Rufer of seat 1 with seat 3, won, Rekontra (×4): written -1 1 -1 1, money -4 4 -4 4
    {"contract": "rufer", "declarer": 1, "partner": 3, "points": 40, "kontra": {"game": 2}},
    # dealer 1: Piccolo of seat 1 won, seat 2 gave kontra: written -2 6 -2 -2, money -2 8 -4 -2
    {"contract": "piccolo", "declarer": 1, "tricks": 1, "kontra_by_seat": [0, 0, 1, 0]},
    # dealer 2: Piccolo of seat 2 won, no kontra: written = money -2 -2 6 -2
    {"contract": "piccolo", "declarer": 2, "tricks": 1},
    # dealer 3: Rufer of seat 0 with seat 2, lost, kontra (×2): written -1 1 -1 1, money -2 2 -2 2
    {"contract": "rufer", "declarer": 0, "partner": 2, "points": 20, "kontra": {"game": 1}},
]


def sheet(hands: list[dict[str, Any]], players: int = 4, **extra: Any) -> dict[str, Any]:
    """Return a Tiroler Tarockcup sheet of the hands."""
    names = ["Anna", "Bert", "Cilli", "Duri", "Emma"][:players]
    return {"ruleset": "tirol_cup", "players": names, "hands": hands, **extra}


# written totals: seat 0: -1-2-2-1 = -6; seat 1: 1+6-2+1 = 6; seat 2: -1-2+6-1 = 2;
# seat 3: 1-2-2+1 = -2. Kontra points (money less written): seat 0: -3+0+0-1 = -4;
# seat 1: 3+2+0+1 = 6; seat 2: -3-2+0-1 = -6; seat 3: 3+0+0+1 = 4.
# Kontra losses hand by hand (paid into the box): seat 0: 3+1 = 4; seat 2: 3+2+1 = 6.
FOUR_HAND_CASES = [
    pytest.param(
        KONTRAS_TO_PLAYERS,
        # (written + kontras) × 10: (-10, 12, -4, 2) × 10
        TableMoney((-6, 6, 2, -2), (-4, 6, -6, 4), (0, 0, 0, 0), (-100, 120, -40, 20)),
        id="kontras-to-the-players",
    ),
    pytest.param(
        KONTRAS_TO_BOX,
        # written × 10 less the box: -60-40, 60, 20-60, -20; the box holds 40+60 = 100
        TableMoney((-6, 6, 2, -2), (-4, 6, -6, 4), (40, 0, 60, 0), (-100, 60, -40, -20)),
        id="kontras-to-the-box",
    ),
]


@pytest.mark.parametrize(("kontras", "expected"), FOUR_HAND_CASES)
def test_a_four_hand_table_with_kontras_settles_by_hand(kontras: str, expected: TableMoney) -> None:
    money = settle_sheet(sheet(FOUR_HANDS), Terms(10, kontras))
    assert money == expected, f"the four-hand table with kontras to the {kontras} is {money}"


@pytest.mark.parametrize(
    ("kontras", "box"), [(KONTRAS_TO_PLAYERS, 0), (KONTRAS_TO_BOX, 100)], ids=["players", "box"]
)
def test_a_table_adds_up_to_minus_its_box(kontras: str, box: int) -> None:
    money = settle_sheet(sheet(FOUR_HANDS), Terms(10, kontras))
    assert sum(money.amounts) == -box, "a table should add up to zero, or to minus its box"


# A table of five, the dealer sitting out (0): dealer 0: Rufer of seat 1 with seat 3, won, kontra:
# written 0 1 -1 1 -1, money 0 2 -2 2 -2; dealer 1: Piccolo of seat 3 won, seat 4 kontra:
# written -2 0 -2 6 -2, money -2 0 -2 8 -4.
FIVE_HANDS: list[dict[str, Any]] = [
    {"contract": "rufer", "declarer": 1, "partner": 3, "points": 40, "kontra": {"game": 1}},
    {"contract": "piccolo", "declarer": 3, "tricks": 1, "kontra_by_seat": [0, 0, 0, 0, 1]},
]
# written: -2, 1, -3, 7, -3; kontras: 0, 1, -1, 1+2 = 3, -1-2 = -3; losses: seat 2: 1, seat 4: 3
FIVE_CASES = [
    pytest.param(
        KONTRAS_TO_PLAYERS,
        # money totals -2 2 -4 10 -6, × 10
        TableMoney((-2, 1, -3, 7, -3), (0, 1, -1, 3, -3), (0,) * 5, (-20, 20, -40, 100, -60)),
        id="players",
    ),
    pytest.param(
        KONTRAS_TO_BOX,
        # written × 10 less the box (0, 0, 10, 0, 30): -20, 10, -40, 70, -60; sum -40
        TableMoney(
            (-2, 1, -3, 7, -3), (0, 1, -1, 3, -3), (0, 0, 10, 0, 30), (-20, 10, -40, 70, -60)
        ),
        id="box",
    ),
]


@pytest.mark.parametrize(("kontras", "expected"), FIVE_CASES)
def test_a_table_of_five_settles_with_the_dealer_sitting_out(
    kontras: str, expected: TableMoney
) -> None:
    money = settle_sheet(sheet(FIVE_HANDS, players=5), Terms(10, kontras))
    assert money == expected, f"the table of five with kontras to the {kontras} is {money}"


def test_a_paper_table_is_its_totals_times_the_value() -> None:
    money = settle_paper((120, -40, -40, -40), Terms(10, KONTRAS_TO_BOX))
    assert money.amounts == (1200, -400, -400, -400), "a paper table pays its totals × 10 cents"


def test_a_paper_table_puts_nothing_into_the_box() -> None:
    money = settle_paper((120, -40, -40, -40), Terms(10, KONTRAS_TO_BOX))
    assert money.box_total == 0, "a paper block records no kontras, so nothing goes to the box"


def test_kontras_in_the_written_score_are_not_paid_twice() -> None:
    # count_kontras on: the written score is the money account (-10, 12, -4, 2), no kontra money
    money = settle_sheet(sheet(FOUR_HANDS, options={"count_kontras": True}), Terms(10))
    assert money.amounts == (-100, 120, -40, 20), "kontras already written are paid once"


def test_a_ruleset_that_always_counts_kontras_has_no_kontra_money() -> None:
    standard = {**sheet(FOUR_HANDS[:1]), "ruleset": "standard"}
    money = settle_sheet(standard, Terms(10, KONTRAS_TO_BOX))
    assert money.kontras == (0, 0, 0, 0), "where kontras are always written there is no extra"


def test_a_value_of_nothing_settles_to_nothing() -> None:
    money = settle_sheet(sheet(FOUR_HANDS), Terms(0, KONTRAS_TO_BOX))
    assert money.amounts == (0, 0, 0, 0), "at 0 cents a point nobody pays"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param({"cents": -1}, "cents", id="negative-cents"),
        pytest.param({"cents": 1.5}, "cents", id="float-cents"),
        pytest.param({"cents": 10, "kontras": "church"}, "kontras", id="unknown-kontras"),
    ],
)
def test_terms_refuse_bad_values(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(SettlementError) as refused:
        Terms(**kwargs)
    assert refused.value.field == field, f"the refusal should name {field}"


@pytest.mark.parametrize(
    ("players", "x", "expected"),
    [
        # ⌊19/2⌋ = 9: 9·3·100, 9·2·100, 9·1·100
        pytest.param(20, 100, (2700, 1800, 900), id="twenty-players-one-euro"),
        # ⌊20/2⌋ = 10: 10·3·50, 10·2·50, 10·1·50
        pytest.param(21, 50, (1500, 1000, 500), id="twenty-one-players-fifty-cents"),
        # ⌊1/2⌋ = 0
        pytest.param(2, 100, (0, 0, 0), id="two-players-win-nothing"),
    ],
)
def test_the_field_size_rule_pays_ranks_one_to_three(
    players: int, x: int, expected: tuple[int, ...]
) -> None:
    assert field_prizes(players, x) == expected, f"{players} players at X = {x} cents"


def test_a_fixed_prize_table_is_read_in_rank_order() -> None:
    table = check_prizes([(2, 3000), (1, 5000), (3, 1000)])
    assert table == (5000, 3000, 1000), "the prizes should be in rank order"


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        pytest.param([(1, 3000), (2, 5000)], "rank 2 would get more than rank 1", id="increasing"),
        pytest.param([(1, 5000), (1, 3000)], "rank 1 is listed twice", id="twice"),
        pytest.param([(1, 5000), (3, 3000)], "rank 2 is missing", id="gap"),
        pytest.param([(0, 5000)], "0 is not a rank", id="rank-zero"),
        pytest.param([(1, -5)], "-5 is not an amount in cents", id="negative"),
    ],
)
def test_a_bad_prize_table_is_refused(entries: list[tuple[int, int]], message: str) -> None:
    with pytest.raises(SettlementError) as refused:
        check_prizes(entries)
    assert message in refused.value.reason, f"the refusal should say {message!r}"


def test_the_payout_balances_fees_against_prizes() -> None:
    # 20 players × 10 € = 200 €; prizes 27 + 18 + 9 = 54 €; 146 € are left
    day = payout(20, 1000, (2700, 1800, 900))
    assert (day.fees, day.paid, day.balance) == (20000, 5400, 14600), "fees, prizes, balance"


def test_a_small_field_pays_only_the_places_it_has() -> None:
    # two players: places 1 and 2 only, 50 + 30 €
    day = payout(2, 1000, (5000, 3000, 1000))
    assert day.prizes == (5000, 3000), "a field of two should pay two places"
