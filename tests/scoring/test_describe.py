"""A recorded hand in words: one description that the table page and the workbook both show."""

from typing import Any

import pytest

from scoring import score_hand
from scoring.describe import Description, Phrase, describe
from tests.scoring.hands import b, hand, players

PLAYERS = ["Anna", "Bert", "Cilli", "Dora"]


def english(phrase: Phrase | None) -> str | None:
    """Return a phrase as its English template reads with the params."""
    return None if phrase is None else phrase.template % phrase.params


def read(description: Description) -> tuple[Any, ...]:
    """Return the description as the English workbook columns would read it."""
    return (
        description.contract,
        description.declarer,
        description.partner,
        description.points,
        english(description.result),
        [english(note) for note in description.notes],
    )


# (kind of hand, ruleset, hand, contract, declarer, partner, points, result, notes)
CASES = [
    (
        "positive with a partner",
        "standard",
        hand(
            "rufer",
            1,
            partner=2,
            points=40,
            kontra={"game": 1},
            bonuses=[b("pagat", announced=True), b("trull", "defenders")],
        ),
        ("Rufer", "Bert", "Cilli", 40, "40 points"),
        [
            "Kontra on the game",
            "Pagat ultimo announced, made (declarer's side)",
            "Trull silent, made (defenders)",
        ],
    ),
    (
        "alone, with a Kontra on a bonus",
        "standard",
        hand(
            "solorufer",
            2,
            partner=None,
            points="35/2",
            kontra={"uhu": 2},
            bonuses=[b("uhu", announced=True, result="failed")],
        ),
        ("Solorufer", "Cilli", "", "35/2", "35/2 points"),
        ["Uhu announced, failed (declarer's side), Rekontra"],
    ),
    (
        "king in the talon",
        "standard",
        hand("rufer", 1, partner=None, king_in_talon=True, points=20),
        ("Rufer", "Bert", "", 20, "20 points"),
        ["King in the talon"],
    ),
    (
        "surrendered",
        "standard",
        hand("rufer", 1, partner=None, king_in_talon=True, surrendered=True),
        ("Rufer", "Bert", "", None, "given up"),
        ["King in the talon"],
    ),
    (
        "bei",
        "extended",
        hand(
            "piccolo",
            1,
            tricks=1,
            kontra_by_seat=[1, 0, 0, 0],
            bei={"contract": "piccolo_bei", "declarer": 2, "tricks": 0},
        ),
        ("Piccolo", "Bert", "", None, "tricks: 1"),
        ["Kontra by Anna", "Cilli: Piccolo bei, tricks: 0"],
    ),
    (
        "negative, with a personal Kontra",
        "standard",
        hand("bettler", 3, tricks=0, kontra_by_seat=[0, 2, 0, 1]),
        ("Bettler", "Dora", "", None, "tricks: 0"),
        ["Rekontra by Bert"],
    ),
    (
        "Trischaken",
        "standard",
        {"contract": "trischaken", "players": players(("20", 3), ("10/2", 2), ("40", 7), ("0", 0))},
        ("Trischaken", "", "", None, None),
        [
            "Anna: 20 points, tricks: 3",
            "Bert: 10/2 points, tricks: 2",
            "Cilli: 40 points, tricks: 7",
            "Dora: 0 points, tricks: 0",
        ],
    ),
    (
        "Fahren with a Kontra",
        "lungau",
        {"contract": "fahren", "players": players((20, None, True), (10,), (30,), (10,))},
        ("Fahren (Trischaken)", "", "", None, None),
        ["Anna: 20 points, Kontra", "Bert: 10 points", "Cilli: 30 points", "Dora: 10 points"],
    ),
    (
        "Renonce",
        "tirol_cup",
        hand("rufer", 1, partner=2, points=40, renonce=3),
        ("Rufer", "Bert", "Cilli", 40, "40 points"),
        ["Renonce by Dora"],
    ),
    (
        "Renonce by two",
        "ooe",
        hand("rufer", 1, partner=2, points=40, renonce=[0, 3]),
        ("Rufer", "Bert", "Cilli", 40, "40 points"),
        ["Renonce by Anna and Dora"],
    ),
    (
        "entered by hand",
        "standard",
        {"manual": {"scores": [3, -1, -1, -1], "reason": "Schiedsrichter"}},
        ("", "", "", None, None),
        ["Entered by hand: Schiedsrichter"],
    ),
    (
        "Valat",
        "standard",
        hand("rufer", 1, partner=2, valat="declarer", valat_announced=True),
        ("Rufer", "Bert", "Cilli", None, "Valat"),
        ["Valat announced, made (declarer's side)"],
    ),
    (
        "Valat announced and failed",
        "standard",
        hand("rufer", 1, partner=2, points=50, valat=None, valat_announced=True),
        ("Rufer", "Bert", "Cilli", 50, "50 points"),
        ["Valat announced, failed (declarer's side)"],
    ),
]
IDS = [case[0] for case in CASES]


@pytest.mark.parametrize(("kind", "ruleset", "record", "columns", "notes"), CASES, ids=IDS)
def test_a_hand_reads_as_the_score_sheet_lists_it(
    kind: str, ruleset: str, record: dict[str, Any], columns: tuple[Any, ...], notes: list[str]
) -> None:
    assert read(describe(record, PLAYERS, ruleset)) == (*columns, notes)


# The notes a one-line summary shows beside the contract, players and result, by kind of hand
SUMMARY_NOTES = {
    "bei": ["Cilli: Piccolo bei, tricks: 0"],
    "Renonce": ["Renonce by Dora"],
    "Renonce by two": ["Renonce by Anna and Dora"],
    "entered by hand": ["Entered by hand: Schiedsrichter"],
    "Valat announced and failed": ["Valat announced, failed (declarer's side)"],
}


@pytest.mark.parametrize(("kind", "ruleset", "record", "columns", "notes"), CASES, ids=IDS)
def test_a_one_line_summary_keeps_bei_renonce_a_failed_valat_and_the_reason_of_a_manual_hand(
    kind: str, ruleset: str, record: dict[str, Any], columns: tuple[Any, ...], notes: list[str]
) -> None:
    described = describe(record, PLAYERS, ruleset)
    summary = [english(note) for note in described.notes if note.summary]
    assert summary == SUMMARY_NOTES.get(kind, [])


@pytest.mark.parametrize(
    ("record", "declarer", "partner"),
    [
        (hand("rufer", 7, partner=2, points=40), "?", "Cilli"),
        (hand("rufer", 1, partner=-1, points=40), "Bert", "?"),
        (hand("rufer", None, partner=None, points=40), "", ""),
    ],
)
def test_a_seat_the_table_lacks_reads_as_a_question_mark(
    record: dict[str, Any], declarer: str, partner: str
) -> None:
    described = describe(record, PLAYERS, "standard")
    assert (described.declarer, described.partner) == (declarer, partner)


def test_the_names_the_web_translates_are_the_engines_marked_words() -> None:
    # contracts, bonuses, Kontra levels and sides reach the pages as the engine's marked names
    record = hand("rufer", 1, partner=2, points=40, kontra={"trull": 3})
    (note,) = describe(record, PLAYERS, "standard").notes
    assert note.params == {"kontra": "Subkontra", "bonus": "Trull"}


@pytest.mark.parametrize("empty", [{}, []], ids=["object", "list"])
def test_a_renonce_in_trischaken_with_an_empty_valat_the_engine_accepts_reads_as_its_renonce(
    empty: Any,
) -> None:
    # The engine takes an empty field of another contract as not given: the hand is stored.
    record = {"contract": "trischaken", "renonce": 2, "valat": empty}
    score_hand("tirol_cup", record)
    notes = [english(note) for note in describe(record, PLAYERS, "tirol_cup").notes]
    assert notes == ["Renonce by Cilli"]
