"""A cup's level in a national final: a published preset, or a table of the final's organiser."""

from collections.abc import Sequence
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.oef import PRESETS, SOURCE, LevelPreset, OefError, points_table
from tarock_cup.national.models import OWN_LEVEL
from tarock_cup.tournaments.display import engine_text

PRESET_NAMES = tuple(preset.name for preset in PRESETS)


class LevelChoice(NamedTuple):
    """A level an organiser may choose, with the words that say where its numbers come from."""

    key: str
    label: str


def preset(name: str) -> LevelPreset | None:
    """Return the published level of this name, or None."""
    return next((p for p in PRESETS if p.name == name), None)


def level_choices() -> list[tuple[str, str]]:
    """Return the levels to choose from: each preset with its cups and source, then an own table."""
    choices = [
        (
            p.name,
            _("%(name)s: ranks 1–%(ranks)s (%(used_by)s; source: %(source)s)")
            % {
                "name": p.name,
                "ranks": len(p.points),
                "used_by": engine_text(p.used_by, {}),
                "source": engine_text(SOURCE, {}),
            },
        )
        for p in PRESETS
    ]
    choices.append((OWN_LEVEL, str(OWN_LABEL)))
    return choices


OWN_LABEL = gettext_lazy("a table of your own")


def level_name(level: str, cup_slug: str) -> str:
    """Return the level's name in the ÖF file: the preset's, or the cup's own table's."""
    return f"{OWN_LEVEL}-{cup_slug}" if level == OWN_LEVEL else level


def level_points(level: str, own_points: Sequence[int] | None) -> tuple[int, ...]:
    """Return the level's points by cup rank (a preset's table, or the own one)."""
    found = preset(level)
    if found is not None:
        return found.points
    return tuple(own_points or ())


def parse_table(text: str, field: str) -> tuple[int, ...]:
    """Return a points table typed as numbers apart by commas or spaces, checked by the engine
    (whole, none negative, none more than the one before); raise OefError naming the entry."""
    items = [item for item in text.replace(",", " ").replace(";", " ").split() if item]
    values: list[object] = []
    for i, item in enumerate(items):
        try:
            values.append(int(item))
        except ValueError:
            raise OefError(
                f"{field}[{i}]", "%(value)s is not a whole number", value=repr(item)
            ) from None
    return points_table(values, field)
