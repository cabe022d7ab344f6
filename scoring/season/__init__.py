"""Season cups: cup points by rank or score, the results that count, the season ranking.

The application builds a Season from Python objects (or reads one with load_season) and ranks it:

    season = Season(PowerPoints(max=200, exponent=3), (Tournament("zirl", (Placing("Anna"),)),))
    rank_season(season).standings[0].points  # 200

A Season checks itself when it is made and raises SeasonError naming the field.
"""

from .cup_points import (
    METHODS,
    READY_MADE,
    CupPoints,
    PowerPoints,
    ReadyMade,
    ScorePoints,
    TablePoints,
)
from .describe import SeasonRules, describe_season
from .errors import SeasonError
from .jsonformat import load_season, loads, ranking_to_json, season_from_json, season_to_json
from .numbers import Number, Points, json_number
from .ranking import (
    Placing,
    Result,
    Season,
    SeasonRanking,
    Standing,
    Tournament,
    before_factor,
    rank_season,
    tournament_points,
)
from .words import Examples, Explanation, Sentence

__all__ = [
    "METHODS",
    "READY_MADE",
    "CupPoints",
    "Examples",
    "Explanation",
    "Number",
    "Placing",
    "Points",
    "PowerPoints",
    "ReadyMade",
    "Result",
    "ScorePoints",
    "Season",
    "Sentence",
    "SeasonError",
    "SeasonRanking",
    "SeasonRules",
    "Standing",
    "TablePoints",
    "Tournament",
    "before_factor",
    "describe_season",
    "json_number",
    "load_season",
    "loads",
    "rank_season",
    "ranking_to_json",
    "season_from_json",
    "season_to_json",
    "tournament_points",
]
