"""The rulesets' data files: the loader's checks, and scores and pages that follow the data."""

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import scoring
from scoring import get_ruleset, rulesets, score_hand
from scoring.rulesets import RULESETS, RulesetDataError, RulesetInfo, load_ruleset
from tests.scoring.hands import b, hand, players

DATA = Path(scoring.__file__).parent
CATALOGUE = Path(__file__).parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.po"


def _copy(tmp_path: Path, key: str, old: str, new: str, as_key: str | None = None) -> Path:
    """Return a copy of a ruleset's data file with the first `old` replaced by `new`."""
    text = (DATA / f"{key}.toml").read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {key}.toml"
    text = text.replace(old, new, 1)
    name = as_key or key
    if as_key:
        text = text.replace(f'key = "{key}"', f'key = "{as_key}"', 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _refusal(path: Path) -> RulesetDataError:
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset(path)
    return caught.value


@pytest.mark.parametrize(
    ("key", "old", "new", "expected"),
    [
        pytest.param(
            "tirol_cup",
            'rule = "bonus"',
            'rule = "jackpot"',
            (
                "tirol_cup.toml",
                "rules.valat.rule",
                "'jackpot' is not one of times_hand, times_game, bonus, game_multiplier, "
                "game_multiplier_trick_bonuses, bonus_silent_kontra_void",
            ),
            id="unknown-rule",
        ),
        pytest.param(
            "tirol_cup",
            "announced = 20\n",
            "",
            ("tirol_cup.toml", "rules.valat.announced", "missing"),
            id="missing-number",
        ),
        pytest.param(
            "tirol_cup",
            "trischaken = 4\n",
            "trischaken = 0\n",
            ("tirol_cup.toml", "rules.renonce.trischaken", "0 is below 1"),
            id="number-below-one",
        ),
        pytest.param(
            "tirol_cup",
            'bonuses = ["four_kings", "sack", "sack2"]',
            'bonuses = ["four_kings", "sack", "sack3"]',
            (
                "tirol_cup.toml",
                "contracts.farbendreier.bonuses[2]",
                "'sack3' is not a bonus of this ruleset",
            ),
            id="unknown-bonus-in-a-contract",
        ),
        pytest.param(
            "extended",
            'bei = ["piccolo_bei", "bettler_bei"]',
            'bei = ["piccolo_bei", "bettler_mit"]',
            ("extended.toml", "contracts.piccolo.bei[1]", "'bettler_mit' is not a bei contract"),
            id="unknown-bei-contract",
        ),
        pytest.param(
            "lungau",
            'default = "multiplier"',
            'default = "double"',
            (
                "lungau.toml",
                "options.valat.default",
                "'double' is not one of the choices ['multiplier', 'ramingstein']",
            ),
            id="option-default-outside-its-choices",
        ),
        pytest.param(
            "lungau",
            "when.false.double_stakes",
            "when.maybe.double_stakes",
            (
                "lungau.toml",
                "options.double_stakes.when.maybe",
                "'maybe' is not a value of the option",
            ),
            id="option-value-that-does-not-exist",
        ),
        pytest.param(
            "lungau",
            'requires_option = "solorufer"',
            'requires_option = "solo"',
            (
                "lungau.toml",
                "contracts.solorufer.requires_option",
                "'solo' is not one of valat, solorufer, solodreier, double_stakes",
            ),
            id="contract-needing-an-unknown-option",
        ),
        pytest.param(
            "tirol_cup",
            'name = "Rufer"\n',
            'name = "Rufer"\ncolour = "red"\n',
            ("tirol_cup.toml", "contracts.rufer.colour", "is not a field here"),
            id="unknown-field",
        ),
        pytest.param(
            "tirol_cup",
            "won = 1\n",
            'won = "one"\n',
            ("tirol_cup.toml", "contracts.rufer.won", "'one' is not a whole number"),
            id="number-as-text",
        ),
        pytest.param(
            "tirol_cup",
            'mandatory_birds = ["pagat", "uhu", "kakadu", "quapil"]',
            'mandatory_birds = ["pagat", "uhu", "kakadu", "trull"]',
            (
                "tirol_cup.toml",
                "contracts.besserrufer.mandatory_birds",
                "'trull' is not a bird of it",
            ),
            id="mandatory-bird-that-is-no-bird",
        ),
        pytest.param(
            "tirol_cup",
            'threshold = "45/2"',
            'threshold = "45/4"',
            (
                "tirol_cup.toml",
                "bonuses.sack.threshold",
                "'45/4' is not card points (write 36, 35/2 or 35 2/3)",
            ),
            id="threshold-that-is-no-points",
        ),
        pytest.param(
            "tirol_cup",
            'name = "Trull"\n',
            'name = "Trull"\nsilent_from_points = true\n',
            (
                "tirol_cup.toml",
                "bonuses.trull.silent_from_points",
                "only a threshold bonus without a silent value may have it",
            ),
            id="silent-from-points-on-a-bonus-without-a-threshold",
        ),
        pytest.param(
            "tirol_cup",
            "%(silent)s silent, %(announced)s announced",
            "%(silent)s silent, 20 announced",
            ("tirol_cup.toml", "rules.valat.text", "does not show %(announced)s"),
            id="rule-text-with-a-number-written-in",
        ),
        pytest.param(
            "tirol_cup",
            "%(silent)s silent",
            "%(quiet)s silent",
            ("tirol_cup.toml", "rules.valat.text", "%(quiet)s is not a number of the rule"),
            id="rule-text-with-an-unknown-number",
        ),
        pytest.param(
            "ooe",
            'tie_breakers = ["best_round", "second_best_round", "lots"]',
            'tie_breakers = ["best_round", "second_round", "lots"]',
            (
                "ooe.toml",
                "tie_breakers[1]",
                "'second_round' is not one of best_round, second_best_round, third_best_round, "
                "better_table_ranks, fewest_negative_rounds, lots",
            ),
            id="unknown-tie-breaker",
        ),
        pytest.param(
            "lungau",
            'tie_breakers = ["best_round", "lots"]',
            'tie_breakers = ["best_round", "lots", "best_round"]',
            ("lungau.toml", "tie_breakers[2]", "'best_round' is named twice"),
            id="tie-breaker-named-twice",
        ),
        pytest.param(
            "standard",
            'tie_breakers = ["best_round", "lots"]\n',
            "",
            ("standard.toml", "tie_breakers", "missing"),
            id="no-tie-breakers",
        ),
        pytest.param(
            "standard",
            'key = "standard"',
            'key = "standart"',
            ("standard.toml", "key", "'standart' must be the file's name, 'standard'"),
            id="key-that-is-not-the-file-name",
        ),
        pytest.param(
            "standard",
            'family = "negative"',
            'family = "minus"',
            (
                "standard.toml",
                "contracts.piccolo.family",
                "'minus' is not one of rufer, positive-alone, negative, trischaken",
            ),
            id="unknown-family",
        ),
    ],
)
def test_the_loader_refuses_a_data_file_naming_file_and_field(
    tmp_path: Path, key: str, old: str, new: str, expected: tuple[str, str, str]
) -> None:
    error = _refusal(_copy(tmp_path, key, old, new))
    assert (error.file, error.field, error.reason) == expected


def test_a_data_file_error_is_a_value_error() -> None:
    assert issubclass(RulesetDataError, ValueError)


def test_a_ruleset_is_its_data_file() -> None:
    assert sorted(rs.key for rs in rulesets()) == sorted(p.stem for p in DATA.glob("*.toml"))


# --- a number changed in a copy of the data changes the score and the page ---------------------


def _variant(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, key: str, old: str, new: str
) -> RulesetInfo:
    """Return a copy of a ruleset with one number changed, registered as `<key>_variant`."""
    rs = load_ruleset(_copy(tmp_path, key, old, new, as_key=f"{key}_variant"))
    monkeypatch.setitem(RULESETS, rs.key, rs)
    monkeypatch.setattr("scoring.sheet._TABLES", {})  # no table of another variant
    return rs


RUFER_ANNOUNCED_VALAT = hand("rufer", partner=3, valat="declarer", valat_announced=True)
SPATZ_SILENT_VALAT = hand(
    "rufer_pagat", partner=3, valat="declarer", bonuses=[b("pagat", announced=True)]
)


@pytest.mark.parametrize(
    ("key", "old", "new", "record", "options", "expected"),
    [
        # the game 1 + the announced Valat, now 30 instead of 20: 31 each
        pytest.param(
            "tirol_cup",
            "announced = 20",
            "announced = 30",
            RUFER_ANNOUNCED_VALAT,
            None,
            (-31, 31, -31, 31),
            id="tirol-valat-announced-30",
        ),
        # Rufer mit Spatz, silent Valat: 7 (was 6) × (1 + 2) = 21
        pytest.param(
            "lungau",
            "silent = 6",
            "silent = 7",
            SPATZ_SILENT_VALAT,
            None,
            (-21, 21, -21, 21),
            id="lungau-valat-silent-7",
        ),
        # Ramingstein silent Valat: 20 (was 16) × the game 1
        pytest.param(
            "lungau",
            "silent = 16",
            "silent = 20",
            SPATZ_SILENT_VALAT,
            {"valat": "ramingstein"},
            (-20, 20, -20, 20),
            id="lungau-ramingstein-silent-20",
        ),
        # extended silent Valat: 5 (was 4) × the Dreier 4 = 20, one against three: 60
        pytest.param(
            "extended",
            "silent = 4\n",
            "silent = 5\n",
            hand("dreier", valat="declarer"),
            None,
            (-20, 60, -20, -20),
            id="extended-valat-silent-5",
        ),
        # a Dreier won, now worth 6 (was 5): 3 × 6
        pytest.param(
            "tirol_cup",
            'won = 5\nlost = 5\ntalon = "3 cards"\nbonuses = ["pagat"',
            'won = 6\nlost = 5\ntalon = "3 cards"\nbonuses = ["pagat"',
            hand("dreier", points=40),
            None,
            (-6, 18, -6, -6),
            id="tirol-dreier-won-6",
        ),
        # a silent Pagat, now 3 (was 1): game 1 + 3 = 4
        pytest.param(
            "tirol_cup",
            "silent = 1\nannounced = 2\nbird = true",
            "silent = 3\nannounced = 2\nbird = true",
            hand("rufer", partner=3, points=40, bonuses=[b("pagat")]),
            None,
            (-4, 4, -4, 4),
            id="tirol-pagat-silent-3",
        ),
        # standard Trischaken: the loser (seat 2, 30 points, not Vorhand) pays 3 (was 2) each
        pytest.param(
            "standard",
            "pays = 2",
            "pays = 3",
            {"contract": "trischaken", "players": players((20, 3), (10, 3), (30, 3), (10, 3))},
            None,
            (3, 3, -9, 3),
            id="standard-trischaken-pays-3",
        ),
        # a Renonce in Trischaken: the offender pays 5 (was 4) to each other player
        pytest.param(
            "tirol_cup",
            "trischaken = 4",
            "trischaken = 5",
            {"contract": "trischaken", "renonce": 2},
            None,
            (5, 5, -15, 5),
            id="tirol-renonce-trischaken-5",
        ),
        # Lungau surrender: the declarer pays 4 (was 3) to each defender
        pytest.param(
            "lungau",
            "pays = 3",
            "pays = 4",
            hand("rufer_pagat", king_in_talon=True, surrendered=True),
            None,
            (4, -12, 4, 4),
            id="lungau-surrender-pays-4",
        ),
    ],
)
def test_a_number_changed_in_the_data_changes_the_score(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    key: str,
    old: str,
    new: str,
    record: dict[str, Any],
    options: dict[str, Any] | None,
    expected: tuple[int, ...],
) -> None:
    rs = _variant(monkeypatch, tmp_path, key, old, new)
    assert score_hand(rs.key, record, options=options).scores == expected


def test_double_stakes_follow_the_number_of_deals_in_the_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rs = _variant(monkeypatch, tmp_path, "lungau", "deals = 4", "deals = 2")
    fahren = {"contract": "fahren", "players": players((20,), (20,), (20,), (11,))}
    assert score_hand(rs.key, fahren).double_left == 2


def test_the_rules_page_shows_the_number_the_engine_scores(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rule = _variant(
        monkeypatch, tmp_path, "tirol_cup", "announced = 20", "announced = 30"
    ).rules.valat
    assert "30 announced" in rule.text % rule.numbers()


def _rules_with_text(rs: RulesetInfo) -> Iterator[Any]:
    for slot in ("valat", "trischaken", "renonce", "surrender", "double_stakes"):
        yield getattr(rs.rules, slot)
    for o in rs.options:
        for rules in o.rules.values():
            yield from rules.values()


def test_every_number_of_a_rule_is_shown_from_its_value() -> None:
    written_in = [
        (rs.key, type(rule).__name__, name)
        for rs in rulesets()
        for rule in _rules_with_text(rs)
        if rule.text
        for name, value in rule.numbers().items()
        if type(value) is int and f"%({name})s" not in rule.text
    ]
    assert written_in == []


# --- the data's words reach the translation catalogue -----------------------------------------


def _catalogue() -> dict[str, str]:
    """Return the German catalogue's translations by English text."""
    text = CATALOGUE.read_text(encoding="utf-8")
    entries = re.finditer(r'(?m)^msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', text)

    def unquote(block: str) -> str:
        return "".join(re.findall(r'"(.*)"', block)).replace('\\"', '"').replace("\\\\", "\\")

    return {unquote(m[1]): unquote(m[2]) for m in entries}


def test_every_text_of_the_data_files_has_a_german_translation() -> None:
    german = _catalogue()
    missing = [(rs.key, t) for rs in rulesets() for t in rs.texts() if not german.get(t)]
    assert missing == []


def test_the_valat_of_a_built_in_ruleset_is_kontra_able_only_where_it_is_a_bonus() -> None:
    built_in = ("lungau", "tirol_cup", "standard", "extended", "ooe")
    assert [k for k in built_in if get_ruleset(k).rules.valat.is_bonus] == ["tirol_cup", "standard"]


def test_the_registry_is_what_get_ruleset_finds() -> None:
    assert [key for key, rs in RULESETS.items() if get_ruleset(key) is not rs] == []
