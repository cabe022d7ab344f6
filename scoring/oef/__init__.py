"""The Tarock-Österreich-Finale: the national ranking across the Austrian cups.

Each cup's final season ranking brings qualifying points by the table of the cup's level (a
player in several cups brings the highest), the final tournament adds final points by its rank,
and the national ranking orders the sums (docs/oef-format.md is the file format, RULES section 13
of the developers' brief the arithmetic). The application builds an Oef from Python objects (or
reads one with load_oef) and ranks it:

    oef = Oef({"L40": (120, 109)}, (Cup("ttc", "L40", (CupPlace("Anna", 1),)),))
    rank_national(oef).standings[0].total  # 120

An Oef checks itself when it is made and raises OefError naming the field.
"""

from .errors import OefError
from .jsonformat import load_oef, loads, oef_from_json, oef_to_json, ranking_to_json
from .levels import PRESETS, SOURCE, LevelPreset, preset_levels
from .national import (
    Cup,
    CupPlace,
    CupResult,
    Final,
    NationalRanking,
    NationalStanding,
    Oef,
    points_at,
    points_table,
    rank_national,
)

__all__ = [
    "PRESETS",
    "SOURCE",
    "Cup",
    "CupPlace",
    "CupResult",
    "Final",
    "LevelPreset",
    "NationalRanking",
    "NationalStanding",
    "Oef",
    "OefError",
    "load_oef",
    "loads",
    "oef_from_json",
    "oef_to_json",
    "points_at",
    "points_table",
    "preset_levels",
    "rank_national",
    "ranking_to_json",
]
