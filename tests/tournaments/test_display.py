"""The engine's words on the pages: every marked string has German, refusals read in German."""

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

import scoring
from scoring import describe
from scoring.i18n import WORD_PARAMS
from scoring.lines import BONUS, BONUS_K, FAHREN_KONTRA, WHY_VALAT
from scoring.rulesets import KONTRA_NAMES
from tarock_cup.tournaments import display
from tests.scoring.hands import hand

# Templates made only of placeholders and punctuation read the same in German.
SAME_IN_GERMAN = {BONUS, BONUS_K, describe.BONUS, describe.BONUS_KONTRA, describe.BEI}
# The game's own words: contract, bonus and ruleset names such as Rufer, Trull, Mordkontra.
GAME_WORDS = (
    {rs.name for rs in scoring.rulesets()}
    | {c.name for rs in scoring.rulesets() for c in rs.contracts}
    | {b.name for rs in scoring.rulesets() for b in rs.bonuses}
    | set(KONTRA_NAMES)
    | {WHY_VALAT}
)


def _marked() -> list[str]:
    """Return every string marked with _() in scoring's source and packages, found with ast."""
    found = []
    for path in sorted(Path(scoring.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
            ):
                (arg,) = node.args
                # makemessages extracts only literals
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), path
                found.append(arg.value)
    # and the rulesets' data files, whose texts the makemessages command extracts
    found += (text for rs in scoring.rulesets() for text in rs.texts())
    return sorted(set(found))


MARKED = _marked()


def test_the_engine_marks_its_messages() -> None:
    # guards the search itself: finding nothing would leave nothing to check
    assert len(MARKED) > 250


def test_every_string_the_engine_marks_has_a_german_translation() -> None:
    with translation.override("de"):
        untranslated = [
            s
            for s in MARKED
            if s not in SAME_IN_GERMAN | GAME_WORDS and translation.gettext(s) == s
        ]
    assert untranslated == []


def test_german_translations_keep_the_engines_placeholders() -> None:
    def placeholders(text: str) -> list[str]:
        return sorted(re.findall(r"%\(\w+\)[-+ #0]*\w", text))

    with translation.override("de"):
        changed = [s for s in MARKED if placeholders(translation.gettext(s)) != placeholders(s)]
    assert changed == []


def _refusal(ruleset: str, record: dict) -> scoring.ScoringError:
    with pytest.raises(scoring.ScoringError) as error:
        scoring.score_sheet(
            {"ruleset": ruleset, "players": ["Anna", "Bert", "Cilli", "Dora"], "hands": [record]}
        )
    return error.value


BESSERRUFER = _refusal("tirol_cup", hand("besserrufer", partner=3, points=40))
VORHAND = _refusal("tirol_cup", hand("rufer", 0, partner=2, points=40))


@pytest.mark.parametrize(
    ("lang", "show", "error", "text"),
    [
        (
            "de",
            display.error_reason,
            BESSERRUFER,
            "Bei Besserrufer muss der Spieler Pagat oder Uhu oder Kakadu oder Quapil ansagen",
        ),
        (
            "en",
            display.error_reason,
            BESSERRUFER,
            "Besserrufer needs Pagat or Uhu or Kakadu or Quapil announced by the declarer",
        ),
        ("de", display.error_text, VORHAND, "Spiel 1: Rufer darf nur Vorhand spielen (Bert)"),
        ("en", display.error_text, VORHAND, "Hand 1: Rufer may be played by Vorhand only (Bert)"),
        (
            "de",
            display.upload_error_text,
            VORHAND,
            "Spiel 1, Feld declarer: Rufer darf nur Vorhand spielen (Bert)",
        ),
        (
            "en",
            display.upload_error_text,
            VORHAND,
            "Hand 1, field declarer: Rufer may be played by Vorhand only (Bert)",
        ),
        (
            "de",
            display.error_text,
            scoring.ScoringError("ruleset", "%(value)s is not a ruleset", value="'x'"),
            "'x' ist kein Regelwerk",
        ),
        (
            "de",
            display.upload_error_text,
            scoring.ScoringError("ruleset", "%(value)s is not a ruleset", value="'x'"),
            "Feld ruleset: 'x' ist kein Regelwerk",
        ),
    ],
    ids=[
        "reason-de",
        "reason-en",
        "hand-de",
        "hand-en",
        "upload-de",
        "upload-en",
        "no-hand-de",
        "upload-no-hand-de",
    ],
)
def test_a_refusal_is_shown_in_the_users_language(lang, show, error, text) -> None:
    with translation.override(lang):
        assert show(error) == text


def test_a_line_with_an_empty_text_param_does_not_show_the_catalog_header() -> None:
    line = {"template": "Entered by hand: %(reason)s", "params": {"reason": ""}}
    with translation.override("de"):
        assert display.line_text(line) == "Von Hand eingetragen: "


def test_a_player_named_like_a_word_of_the_pages_keeps_the_name() -> None:
    # "Dealer" is also a heading ("Geber" in German): a name is never translated.
    with translation.override("de"):
        text = display.line_text({"template": FAHREN_KONTRA, "params": {"player": "Dealer"}})
        refusal = display.error_reason(
            scoring.ScoringError(
                "declarer",
                "%(contract)s may be played by Vorhand only (%(player)s)",
                contract="Dreier",
                player="Dealer",
            )
        )
        heading = translation.gettext("Dealer")
    assert (text, refusal, heading) == (
        "Kontra von Dealer",
        "Dreier darf nur Vorhand spielen (Dealer)",
        "Geber",
    )


def _rule_numbers(rs: scoring.RulesetInfo) -> set[str]:
    rules = [getattr(rs.rules, f) for f in rs.rules.__dataclass_fields__]
    rules += [r for o in rs.options for set_rules in o.rules.values() for r in set_rules.values()]
    return {name for r in rules for name in r.numbers()}


def test_every_param_of_the_engine_is_a_word_or_a_value_it_knows() -> None:
    # A new param in a template must be sorted into WORD_PARAMS or left out of it knowingly.
    placeholders = {name for s in MARKED for name in re.findall(r"%\((\w+)\)", s)}
    users = {"player", "declarer", "payer", "payee", "other", "reason", "value", "path", "error"}
    numbers = {"points", "total", "n", "amount", "tricks", "sum", "multiplier", "maximum"}
    numbers |= {"more", "less", "last", "bonuses", "won", "lost", "threshold", "max", "due"}
    numbers |= {"hands", "low", "high"}
    # the season's numbers (scoring.season)
    numbers |= {"above", "cap", "exponent", "factor", "full", "rank", "score"}
    # the Österreich-Finale's (scoring.oef): a rank's position in its list, and level names
    numbers |= {"position"}
    # the settlement's (scoring.settlement): the better rank of a prize table
    numbers |= {"better"}
    # the numbers of the rules, which the rules page's texts show
    numbers |= {name for rs in scoring.rulesets() for name in _rule_numbers(rs)}
    # keys and entered text
    keys = {"option", "known", "choices", "allowed", "token", "code", "key", "fields"}
    keys |= {"id", "method", "methods", "level", "levels"}
    # a document's list names, as in its JSON (an id given twice: "cups", "tournaments")
    keys |= {"listed"}
    unsorted = placeholders - (users | numbers | keys) - WORD_PARAMS
    assert not unsorted, f"placeholders neither words nor values: {sorted(unsorted)}"
    assert placeholders >= WORD_PARAMS, "WORD_PARAMS names a placeholder no template uses"
