"""How a season gives its points, in words: the method's explanation and the season's rules."""

from typing import NamedTuple

from ..i18n import _
from .cup_points import READY_MADE
from .ranking import Season
from .words import Explanation, Sentence


class SeasonRules(NamedTuple):
    """A season's rules in words: how a tournament gives cup points, then what counts."""

    system: str | None  # the marked name of the real cup's system it is, if it is one
    points: Explanation
    counting: tuple[Sentence, ...]  # best results, the final, qualification places


def describe_season(season: Season) -> SeasonRules:
    """Return how the season gives cup points and which count, in marked sentences."""
    system = next((r.label for r in READY_MADE if r.rule == season.points), None)
    return SeasonRules(system, season.points.explain(), _counting(season))


def _counting(season: Season) -> tuple[Sentence, ...]:
    sentences: list[Sentence] = []
    best = season.best
    if best is None:
        sentences.append(Sentence(_("Every result counts for the season.")))
    elif best == 1:
        sentences.append(
            Sentence(_("Each player's best result of the regular tournaments counts."))
        )
    else:
        sentences.append(
            Sentence(
                _("Each player's best %(n)s results of the regular tournaments count."),
                {"n": best},
            )
        )
    has_final = any(t.final for t in season.tournaments)
    if season.factor != 1:
        sentences.append(
            Sentence(
                _("The final's cup points are multiplied by %(factor)s."), {"factor": season.factor}
            )
        )
    if best is not None and (has_final or season.factor != 1):
        sentences.append(Sentence(_("The final always counts, in addition to those results.")))
    if season.qualify == 1:
        sentences.append(Sentence(_("The winner of the season table qualifies.")))
    elif season.qualify is not None:
        sentences.append(
            Sentence(
                _(
                    "The players ranked 1 to %(n)s in the season table qualify (equal season "
                    "points share a rank)."
                ),
                {"n": season.qualify},
            )
        )
    return tuple(sentences)
