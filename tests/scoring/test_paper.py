"""A paper block's round: what scoring.paper accepts and why it refuses the rest."""

import pytest

from scoring import ScoringError
from scoring.paper import Paper, check_paper, seat_hands

GOOD = {"totals": [120, -40, -40, -40], "hands": 16, "note": "signed by all"}


def test_it_accepts_totals_that_add_up_to_zero():
    assert check_paper(GOOD, 4, 16) == Paper((120, -40, -40, -40), 16, "signed by all"), (
        "a possible round should be returned as a Paper"
    )


def test_it_accepts_a_record_without_a_note():
    paper = check_paper({"totals": [0, 0, 0, 0], "hands": 3}, 4, 16)
    assert paper.note == "", "a missing note should be an empty note"


def test_it_writes_the_record_back_as_stored():
    assert check_paper(GOOD, 4, 16).to_json() == GOOD, "to_json should give the stored record"


def test_a_total_of_exactly_the_bound_is_accepted():
    paper = check_paper({"totals": [20_000, -20_000, 0, 0], "hands": 2}, 4, 16)
    assert paper.totals[0] == 20_000, "10,000 times the hands played should still be possible"


REFUSALS = [
    ("not an object", [1, 2], "paper", "must be an object with totals, hands and note"),
    ("unknown field", {**GOOD, "winner": 0}, "paper.winner", "is not a field"),
    ("no hands", {**GOOD, "hands": 0}, "paper.hands", "0 is not a number of hands played"),
    ("hands as text", {**GOOD, "hands": "16"}, "paper.hands", "'16' is not a number of hands"),
    ("hands as bool", {**GOOD, "hands": True}, "paper.hands", "True is not a number of hands"),
    ("too many hands", {**GOOD, "hands": 17}, "paper.hands", "17 hands: this round plays 16"),
    ("three totals", {**GOOD, "totals": [1, -1, 0]}, "paper.totals", "must be 4 whole numbers"),
    ("a float", {**GOOD, "totals": [1.5, -1.5, 0, 0]}, "paper.totals", "must be 4 whole numbers"),
    ("no totals", {"hands": 16}, "paper.totals", "must be 4 whole numbers"),
    (
        "beyond the bound",
        {**GOOD, "hands": 2, "totals": [20_001, -20_001, 0, 0]},
        "paper.totals[0]",
        "20001 is more than 2 hands can score (at most 20000 either way)",
    ),
    (
        "not adding up",
        {**GOOD, "totals": [120, -40, -40, -10]},
        "paper.totals",
        "the totals add up to 30, not 0",
    ),
    ("note not text", {**GOOD, "note": 5}, "paper.note", "must be a text"),
    ("long note", {**GOOD, "note": "x" * 201}, "paper.note", "longer than 200 characters"),
    ("control character", {**GOOD, "note": "a\x00b"}, "paper.note", "control character U+0000"),
]


def refusal(data):
    with pytest.raises(ScoringError) as refused:
        check_paper(data, 4, 16)
    return refused.value


@pytest.mark.parametrize(
    ("case", "data", "field", "reason"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_it_refuses_a_round_no_paper_block_can_show_naming_the_field(case, data, field, reason):
    assert refusal(data).field == field, f"{case}: the refusal should name {field}"


@pytest.mark.parametrize(
    ("case", "data", "field", "reason"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_it_refuses_a_round_no_paper_block_can_show_saying_why(case, data, field, reason):
    assert reason in refusal(data).reason, f"{case}: the refusal should say “{reason}”"


def test_a_huge_total_is_named_without_printing_all_its_digits():
    with pytest.raises(ScoringError) as refused:
        check_paper({**GOOD, "totals": [10**40, -(10**40), 0, 0]}, 4, 16)
    assert "…" in refused.value.reason, "a number of 40 digits should be shown as …"


SEAT_HANDS = [
    ("four players play every hand", 4, 0, 16, (16, 16, 16, 16)),
    ("at five the dealer sits out", 5, 0, 20, (16, 16, 16, 16, 16)),
    ("at five with 7 hands from seat 3", 5, 3, 7, (6, 6, 6, 5, 5)),
]


@pytest.mark.parametrize(
    ("case", "seats", "first", "hands", "expected"), SEAT_HANDS, ids=[c[0] for c in SEAT_HANDS]
)
def test_each_seat_played_the_hands_it_did_not_deal(case, seats, first, hands, expected):
    assert seat_hands(seats, first, hands) == expected, case
