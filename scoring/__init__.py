"""Pure scoring engine for Austrian Tarock (Königrufen) tournaments; no Django, no I/O."""

from .errors import ScoringError
from .jsontext import loads as parse_json
from .lines import Line
from .points import format_points, parse_points
from .record import MAX_REASON, MAX_SCORE
from .rulesets import (
    RULESETS,
    BonusInfo,
    ContractInfo,
    Family,
    OptionInfo,
    RulesetInfo,
    get_ruleset,
    rulesets,
)
from .sheet import (
    ScoredHand,
    ScoredSheet,
    dealer_of,
    score_hand,
    score_sheet,
    vorhand_of,
)
from .table import double_deals

__all__ = [
    "MAX_REASON",
    "MAX_SCORE",
    "RULESETS",
    "BonusInfo",
    "ContractInfo",
    "Family",
    "Line",
    "OptionInfo",
    "RulesetInfo",
    "ScoredHand",
    "ScoredSheet",
    "ScoringError",
    "dealer_of",
    "double_deals",
    "format_points",
    "get_ruleset",
    "parse_json",
    "parse_points",
    "rulesets",
    "score_hand",
    "score_sheet",
    "vorhand_of",
]
