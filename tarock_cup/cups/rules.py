"""A cup's rules for the public page: the season engine's description, in the reader's language."""

from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring.season import Season, Sentence, describe_season, json_number
from tarock_cup.tournaments.display import engine_text


@dataclass(frozen=True)
class RulesText:
    """How the season gives its points, translated: sentences, worked examples, what counts."""

    system: str  # the real cup's system it is ("Fixpunkte (Upper Austrian cups)"), or ""
    method: list[str]
    examples_heading: str
    given: str  # what the examples start from: "Rank" or "Tournament score"
    examples: list[tuple[str, str]]  # (rank or score, cup points), numbers as the page writes them
    counting: list[str]


def number_text(value: Any) -> str:
    """Return an engine number as the page's language writes it (1,5 in German)."""
    shown = json_number(value)
    return str(shown) if isinstance(shown, int) else number_format(shown)


def sentence_text(sentence: Sentence) -> str:
    """Return one of the engine's sentences in the current language, its numbers localised."""
    return engine_text(
        sentence.template, {key: number_text(value) for key, value in sentence.params.items()}
    )


def rules_text(season: Season) -> RulesText:
    """Return how the season gives and counts its points, in the current language."""
    rules = describe_season(season)
    examples = rules.points.examples
    return RulesText(
        system=_(rules.system) if rules.system else "",
        method=[sentence_text(s) for s in rules.points.sentences],
        examples_heading=sentence_text(examples.heading),
        given=_(examples.given),
        examples=[(number_text(given), number_text(points)) for given, points in examples.pairs],
        counting=[sentence_text(s) for s in rules.counting],
    )
