"""The slots a hand form is declared with: paths into a hand, written, read back, and the field an
engine refusal belongs to."""

from typing import Any

import pytest

from tarock_cup.tournaments.hand_slots import (
    LEVEL,
    Slot,
    ValatSlots,
    field_at,
    filled,
    path_value,
    put,
)

HAND: dict[str, Any] = {
    "kontra": {"game": 2},
    "bonuses": [{"bonus": "trull", "side": "declarer"}, {"bonus": "pagat", "side": "defenders"}],
    "players": [None, {"points": "20"}],
}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        pytest.param("kontra.game", 2, id="a-key-of-an-object"),
        pytest.param("players[1].points", "20", id="a-place-in-a-list"),
        pytest.param("bonuses[bonus=pagat].side", "defenders", id="an-entry-named-by-key"),
        pytest.param("players[0].points", None, id="a-null-entry"),
        pytest.param("players[7].points", None, id="beyond-the-list"),
        pytest.param("bonuses[bonus=uhu].side", None, id="an-entry-not-there"),
    ],
)
def test_a_path_reads_its_value_from_a_hand(path, expected):
    assert path_value(HAND, path) == expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        pytest.param("kontra.game", {"kontra": {"game": 1}}, id="an-object-made"),
        pytest.param("scores[2]", {"scores": [None, None, 1]}, id="a-list-filled-up-to-its-place"),
        pytest.param(
            "bonuses[bonus=uhu].side",
            {"bonuses": [{"bonus": "uhu", "side": 1}]},
            id="an-entry-made-with-its-key",
        ),
    ],
)
def test_a_value_is_written_at_its_path_making_what_is_on_the_way(path, expected):
    hand: dict[str, Any] = {}
    put(hand, path, 1)
    assert hand == expected


def test_a_value_is_written_into_the_entry_already_there():
    hand = {"bonuses": [{"bonus": "uhu", "side": "declarer"}]}
    put(hand, "bonuses[bonus=uhu].announced", True)
    assert hand == {"bonuses": [{"bonus": "uhu", "side": "declarer", "announced": True}]}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param({"kontra_game": 2, "side": "declarer"}, {"kontra": {"game": 2}}, id="given"),
        pytest.param({"kontra_game": 0, "side": "declarer"}, {"kontra": {}}, id="no-kontra"),
        pytest.param({"kontra_game": 2, "side": ""}, {"kontra": {}}, id="its-condition-unmet"),
    ],
)
def test_a_slot_writes_its_field_only_when_there_is_something_to_say(data, expected):
    hand: dict[str, Any] = {"kontra": {}}
    Slot("kontra_game", "kontra.game", LEVEL, when=filled("side")).write(data, hand)
    assert hand == expected


@pytest.mark.parametrize(
    ("valat", "by", "expected"),
    [
        pytest.param("", "", {"valat_announced": False}, id="none"),
        pytest.param("", "declarer", {"valat_announced": True}, id="announced-and-lost"),
        pytest.param(
            "",
            "defenders",
            {"valat_announced": True, "valat_announced_by": "defenders"},
            id="announced-by-the-defenders-and-lost",
        ),
        pytest.param("declarer", "declarer", {"valat_announced": True}, id="announced-and-made"),
        pytest.param(
            "declarer",
            "defenders",
            {"valat_announced": False, "valat_announced_by": "defenders"},
            id="made-by-the-other-side",
        ),
    ],
)
def test_the_valat_fields_come_back_from_the_hand_they_write(valat, by, expected):
    hand: dict[str, Any] = {}
    ValatSlots().write({"valat": valat, "valat_announced_by": by}, hand)
    read = ValatSlots().read(hand)
    assert (hand, read) == (
        {"valat": valat or None, **expected},
        {k: v for k, v in {"valat": valat, "valat_announced_by": by}.items() if v},
    ), "the hand written, and the fields read back from it"


SLOTS = [
    Slot("renonce", "renonce"),
    Slot("points", "points", also=("bonuses[bonus=sack].result",)),
    Slot("b_pagat_side", "bonuses[bonus=pagat].side", also=("bonuses[bonus=pagat].bonus",)),
    Slot("p1_points", "players[1].points", also=("players[1]",)),
    ValatSlots(),
]
POSTED = {"bonuses": [{"bonus": "sack"}, {"bonus": "pagat"}]}


@pytest.mark.parametrize(
    ("path", "field"),
    [
        pytest.param("renonce", "renonce", id="its-own-path"),
        pytest.param("renonce[1]", "renonce", id="a-path-below-it"),
        pytest.param("bonuses[1].side", "b_pagat_side", id="an-entry-named-by-its-place"),
        pytest.param("bonuses[1].bonus", "b_pagat_side", id="a-path-it-takes-on-too"),
        pytest.param("bonuses[0].result", "points", id="a-sacks-result-at-the-points"),
        pytest.param("bonuses[2].side", None, id="an-entry-not-posted"),
        pytest.param("players[1]", "p1_points", id="a-players-row"),
        pytest.param("valat_announced_by", "valat", id="the-valat-announcement"),
        pytest.param("kontra.game", None, id="a-path-no-slot-has"),
        pytest.param("manual.odd key", None, id="a-path-of-no-known-shape"),
    ],
)
def test_an_engine_refusal_belongs_to_the_field_of_its_path(path, field):
    assert field_at(SLOTS, path, lambda: POSTED) == field
