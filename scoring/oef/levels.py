"""The qualifying-point tables (Cupstufen) known from a public source, offered as presets.

Since the ÖF-Modus 2018 a player brings to the national final a fixed number of qualifying points
for the final rank in a cup's season ranking, read from the table of the cup's level; the
level follows the cup's average turnout. The official overview of all six levels is a PDF of
the ÖF organisers that no public copy holds, so a file names its levels' tables itself. These
three were in use in 2020/21 and are public in the ABAKUS cup app
(`Statistik/showHeinewertung.js`): the engine does not fall back on them, the application
offers them to an organiser, naming that source.
"""

from typing import NamedTuple

from ..i18n import _

SOURCE = _("ABAKUS cup app (Statistik/showHeinewertung.js), as used in 2020/21")


class LevelPreset(NamedTuple):
    """A published level: its name, the cups it was used by, and its points by cup rank."""

    name: str
    used_by: str  # marked words: which cups used it
    points: tuple[int, ...]


# fmt: off
PRESETS: tuple[LevelPreset, ...] = (
    LevelPreset("L40", _("Carinthian, Styrian and Tirol cups"), (
        120, 109, 100, 93, 87, 82, 78, 73, 69, 64, 60, 57, 53, 50, 46, 43, 41, 38, 35, 33,
        31, 29, 27, 25, 23, 22, 20, 19, 18, 17, 16, 15, 14, 13, 13, 12, 12, 11, 11, 11,
    )),
    LevelPreset("L60", _("Raiffeisen, Hausruckviertler and Viennese cups"), (
        120, 111, 104, 98, 95, 91, 88, 84, 81, 78, 75, 72, 69, 66, 63, 61, 58, 56, 53, 51,
        49, 47, 45, 43, 41, 39, 37, 36, 34, 32, 31, 30, 28, 27, 26, 25, 24, 23, 22, 21,
        20, 19, 18, 17, 17, 16, 15, 15, 14, 14, 13, 13, 13, 12, 12, 12, 11, 11, 11, 11,
    )),
    LevelPreset("L80", _("Sauwald cup"), (
        120, 112, 106, 101, 98, 96, 93, 90, 88, 85, 83, 80, 78, 76, 73, 71, 69, 67, 65, 63,
        61, 59, 57, 55, 53, 52, 50, 48, 47, 45, 44, 42, 41, 40, 38, 37, 36, 35, 33, 32,
        31, 30, 29, 28, 27, 26, 25, 24, 24, 23, 22, 21, 21, 20, 19, 19, 18, 18, 17, 17,
        16, 16, 15, 15, 14, 14, 14, 13, 13, 13, 13, 12, 12, 12, 12, 11, 11, 11, 11, 11,
    )),
)
# fmt: on


def preset_levels() -> dict[str, tuple[int, ...]]:
    """Return the presets as a file's `levels`: level name -> points by cup rank."""
    return {preset.name: preset.points for preset in PRESETS}
