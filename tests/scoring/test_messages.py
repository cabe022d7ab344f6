"""Refusals are marked English templates with params, so the web can show them in any language."""

import ast
import dataclasses
import importlib
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

import scoring
from scoring import ScoringError, get_ruleset, score_hand, score_sheet
from scoring.rules import RenonceRule, RenonceWinnings
from scoring.rulesets import RULESETS
from tests.scoring.hands import b, hand, players

PACKAGE = Path(scoring.__file__).parent
PLACEHOLDER = re.compile(r"%\((\w+)\)")


def _templates(module: Any, node: ast.expr) -> list[str]:
    """Return the templates a ScoringError call may be given: a marked literal or a constant."""
    if isinstance(node, ast.IfExp):
        return _templates(module, node.body) + _templates(module, node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
        assert isinstance(node.args[0], ast.Constant)
        return [node.args[0].value]
    if isinstance(node, ast.Name):
        return [getattr(module, node.id)]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return list(getattr(module, node.value.id).values())
    raise AssertionError(f"{ast.unparse(node)} is not a marked template")


def _refusals() -> list[Any]:
    """Return every ScoringError built in scoring's source, as (templates, keyword names)."""
    cases = []
    # the engine's modules and the hand readers' package (the season has its own walk)
    for path in sorted([*PACKAGE.glob("*.py"), *PACKAGE.glob("record/*.py")]):
        if path.name == "errors.py":
            continue  # the error type itself, which passes templates on
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(f"scoring.{name}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                # `error`: the type jsontext.checked_text is given (ScoringError or TariffError)
                and node.func.id in ("ScoringError", "TariffError", "error")
                # a pickled error's rebuild passes its template on
                and ast.unparse(node.args[1]) != "template"
            ):
                names = {keyword.arg for keyword in node.keywords}
                cases.append(
                    pytest.param(
                        _templates(module, node.args[1]),
                        names,
                        id=f"{name}:{node.lineno}",
                    )
                )
    return cases


REFUSALS = _refusals()


def test_the_source_has_the_refusals_it_is_known_for() -> None:
    # guards the search itself: a walk that found nothing would pass every case below
    assert len(REFUSALS) > 90


@pytest.mark.parametrize(("templates", "names"), REFUSALS)
def test_each_refusal_passes_exactly_the_params_its_template_names(
    templates: list[str], names: set[str]
) -> None:
    assert [set(PLACEHOLDER.findall(t)) for t in templates] == [names] * len(templates)


def _english(params: dict[str, Any]) -> dict[str, Any]:
    return {k: " or ".join(v) if isinstance(v, tuple) else v for k, v in params.items()}


def _refusal(call: Any) -> ScoringError:
    with pytest.raises(ScoringError) as e:
        call()
    return e.value


SHEET = {"ruleset": "tirol_cup", "players": ["Anna", "Bert", "Cilli", "Dora"]}
FIVE = {"ruleset": "lungau", "players": ["Anna", "Bert", "Cilli", "Dora", "Erich"]}


def _sheet(base: dict[str, Any], *hands: dict[str, Any], **fields: Any) -> Any:
    return lambda: score_sheet({**base, **fields, "hands": list(hands)})


# Refusals of many kinds: echoed values, names, numbers, alternatives.
CASES = [
    pytest.param(lambda: score_hand("lungau", hand("dreier", points=72)), id="points"),
    pytest.param(lambda: score_hand("lungau", hand("dreier", points="35/2")), id="whole-points"),
    pytest.param(lambda: score_hand("lungau", hand("dreier", points=[1])), id="not-points"),
    pytest.param(lambda: score_hand("lungau", hand("dreier", 9, points=40)), id="seat"),
    pytest.param(lambda: score_hand("lungau", hand("zauber")), id="contract"),
    pytest.param(
        lambda: score_hand("tirol_cup", hand("besserrufer", partner=3, points=40)),
        id="birds-as-alternatives",
    ),
    pytest.param(
        lambda: score_hand(
            "extended", hand("piccolo", tricks=1, bei={"contract": "x", "declarer": 2})
        ),
        id="bei-alternatives",
    ),
    pytest.param(
        _sheet({**SHEET, "ruleset": "lungau"}, options={"valat": "fixed"}),
        id="option-choices",
    ),
    pytest.param(
        lambda: score_hand(
            "standard", {"contract": "trischaken", "players": players((10, 3), (20, 3))}
        ),
        id="entries-per-seat",
    ),
    pytest.param(
        _sheet(SHEET, hand("rufer", 0, partner=2, points=40)), id="vorhand-names-the-player"
    ),
    pytest.param(_sheet(FIVE, hand("dreier", 0, points=40)), id="dealer-names-the-player"),
    pytest.param(
        lambda: score_hand("lungau", {"manual": {"scores": [1, 1, 1, 0], "reason": "x"}}),
        id="manual-sum",
    ),
    pytest.param(
        lambda: score_hand("standard", hand("rufer", partner=3, points=40, bonuses=[b("x")])),
        id="bonus",
    ),
]


@pytest.mark.parametrize("call", CASES)
def test_a_refusal_reason_is_its_template_filled_with_its_params(call: Any) -> None:
    error = _refusal(call)
    assert (
        error.reason,
        "%(" in error.reason,
        all(isinstance(v, str | int | tuple) for v in error.params.values()),
        str(error).endswith(f"{error.field}: {error.reason}"),
    ) == (error.template % _english(error.params), False, True, True)


@pytest.mark.parametrize(
    ("call", "field", "reason"),
    [
        pytest.param(
            _sheet(SHEET, hand("rufer", 0, partner=2, points=40)),
            "declarer",
            "Rufer may be played by Vorhand only (Bert)",
            id="vorhand-only",
        ),
        pytest.param(
            _sheet(FIVE, hand("dreier", 0, points=40)),
            "declarer",
            "Anna is the dealer, who sits out this hand",
            id="dealer-as-declarer",
        ),
        pytest.param(
            _sheet(
                {**FIVE, "ruleset": "standard"},
                hand("piccolo", 2, tricks=1, kontra_by_seat=[1, 0, 0, 0, 0]),
            ),
            "kontra_by_seat[0]",
            "Anna is the dealer, who sits out this hand",
            id="dealer-kontra",
        ),
        pytest.param(
            _sheet(
                {**FIVE, "ruleset": "tirol_cup"},
                {"contract": "trischaken", "renonce": 0},
            ),
            "renonce",
            "Anna is the dealer, who sits out this hand",
            id="dealer-renonce",
        ),
    ],
)
def test_refusals_name_the_player_not_the_seat(call: Any, field: str, reason: str) -> None:
    error = _refusal(call)
    assert (error.field, error.reason) == (field, reason)


def test_score_hand_names_seats_as_it_always_did() -> None:
    error = _refusal(lambda: score_hand("lungau", hand("sechserdreier", 2, points=40)))
    assert str(error) == "hand 1: declarer: Sechserdreier may be played by Vorhand only (seat 1)"


def test_a_refusal_keeps_its_template_and_params_when_pickled_and_placed_in_a_hand() -> None:
    error = _refusal(lambda: score_hand("tirol_cup", hand("besserrufer", partner=3, points=40)))
    moved = pickle.loads(pickle.dumps(error)).in_hand(7)  # noqa: S301 - bytes pickled here
    assert (moved.field, moved.template, moved.params, moved.reason, str(moved)) == (
        error.field,
        error.template,
        error.params,
        error.reason,
        str(error).replace("hand 1:", "hand 7:"),
    )


def _variant(monkeypatch: pytest.MonkeyPatch, key: str, renonce: bool) -> str:
    """Return the key of a copy of the ruleset with its Renonce rule set as given."""
    rs = get_ruleset(key)
    rule = RenonceWinnings(trischaken=4) if renonce else RenonceRule()
    rules = dataclasses.replace(rs.rules, renonce=rule)
    variant = dataclasses.replace(rs, key=f"{key}_variant", rules=rules)
    monkeypatch.setitem(RULESETS, variant.key, variant)
    return variant.key


TRISCHAKEN_RENONCE = {"contract": "trischaken", "renonce": 2}


def test_a_trischaken_renonce_is_scored_where_the_ruleset_scores_renonce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = _variant(monkeypatch, "standard", True)
    assert score_hand(key, TRISCHAKEN_RENONCE).scores == (4, 4, -12, 4)


def test_a_trischaken_renonce_is_refused_where_the_ruleset_scores_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = _variant(monkeypatch, "tirol_cup", False)
    error = _refusal(lambda: score_hand(key, TRISCHAKEN_RENONCE))
    assert (error.field, error.reason) == (
        "renonce",
        "Tiroler Tarockcup 2019/20 scores no Renonce: enter the hand by hand",
    )


# A Trischaken with a Renonce is not played to the end: the players' entries a form sends with it
# are not scored, but what is not an entry at all is refused (the Upper Austrian rules score it).
@pytest.mark.parametrize(
    ("players", "field", "reason"),
    [
        pytest.param(
            "junk",
            "players",
            "one entry per seat is needed (4), null for a dealer who sits out",
            id="not-a-list",
        ),
        pytest.param(
            [None, None, None],
            "players",
            "one entry per seat is needed (4), null for a dealer who sits out",
            id="too-few",
        ),
        pytest.param(
            [None, 7, None, None], "players[1]", "must be an object or null", id="not-an-entry"
        ),
    ],
)
def test_a_trischaken_renonce_refuses_players_that_are_not_entries(
    players: Any, field: str, reason: str
) -> None:
    record = {"contract": "trischaken", "renonce": 1, "players": players}
    error = _refusal(lambda: score_hand("ooe", record))
    assert f"{error.field}: {error.reason}" == f"{field}: {reason}"


def test_a_trischaken_renonce_takes_the_entries_a_form_sends_without_scoring_them() -> None:
    entries = [None, {"points": "", "tricks": None}, {"points": "20", "tricks": 3}, None]
    record = {"contract": "trischaken", "renonce": 1, "players": entries}
    # ooe: the Trischaker (Vorhand, seat 1) pays 4 to each other player (RULES.md 6b)
    assert score_hand("ooe", record).scores == (4, -12, 4, 4)
