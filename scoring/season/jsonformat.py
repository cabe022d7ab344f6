"""The season's JSON (docs/season-format.md): read strictly into a Season, written back out.

The text is read as strictly as a score sheet: no NaN or Infinity, no number longer than a
season can hold, no control characters, no key twice in one object, no field the format does
not name (a misspelt `bset` would otherwise silently count every result). A decimal such as
1.5 is read as that decimal exactly.
"""

import datetime
import json
import re
from decimal import Decimal
from typing import Any, NoReturn

from ..documents import DocumentReader
from ..i18n import _
from .cup_points import METHODS, CupPoints
from .errors import SeasonError
from .numbers import json_number
from .ranking import Placing, Season, SeasonRanking, Tournament

MAX_DIGITS = 15  # a whole number's digits; a decimal's characters are twice that
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# Each method's fields: JSON name -> the field of its type (a table's list cannot be called
# `points` in Python, where points() is the method that gives them).
_METHOD_FIELDS: dict[str, dict[str, str]] = {
    "power": {"max": "max", "exponent": "exponent"},
    "table": {"points": "points_by_rank"},
    "score": {"full": "full", "cap": "cap"},
}
READER = DocumentReader(SeasonError, "season")
_SEASON_KEYS = ("name", "points", "best", "final_factor", "qualify", "tournaments")
_TOURNAMENT_KEYS = ("id", "name", "date", "final", "ranking")
_PLACING_KEYS = ("player", "score")


def _constant(token: str) -> NoReturn:
    raise SeasonError("season", _("%(token)s is not a number a season can hold"), token=token)


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise SeasonError(
            "season", _("a number of %(n)s digits is more than a season can hold"), n=digits
        )
    return int(text)


def _decimal(text: str) -> Decimal:
    value = Decimal(text) if len(text) <= 2 * MAX_DIGITS else None
    if value is None or (value and abs(value.adjusted()) > 2 * MAX_DIGITS):
        raise SeasonError(
            "season",
            _("%(token)s is not a number a season can hold"),
            token=text[: 2 * MAX_DIGITS],
        )
    return value


def loads(text: str) -> Any:
    """Return the JSON value of a season's text, or raise SeasonError saying why not."""
    return READER.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_decimal)


def _points_from_json(value: Any) -> CupPoints:
    if not isinstance(value, dict):
        raise SeasonError("points", _("must be an object"))
    method = value.get("method")
    if method is None:
        raise SeasonError("points.method", _("missing"))
    if not isinstance(method, str) or method not in METHODS:
        raise SeasonError(
            "points.method",
            _("%(method)s is not a cup-point method (%(methods)s)"),
            method=repr(method) if isinstance(method, str) else json.dumps(method),
            methods=tuple(METHODS),
        )
    names = _METHOD_FIELDS[method]
    data = READER.fields(value, "points", ("method", *names), tuple(names))
    if method == "table":
        READER.list(data["points"], "points.points")
    return METHODS[method](**{names[key]: data[key] for key in names})


def _date(value: Any, where: str) -> datetime.date:
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise SeasonError(
        where,
        _("%(value)s is not a date (write it as 2026-09-12)"),
        value=repr(value) if isinstance(value, str) else json.dumps(value),
    )


def _placing_from_json(value: Any, where: str) -> Placing:
    if isinstance(value, str):
        return Placing(value)
    if not isinstance(value, dict):
        raise SeasonError(where, _("must be a player, or an object with player and score"))
    data = READER.fields(value, where, _PLACING_KEYS, ("player",))
    return Placing(data["player"], data.get("score"))


def _tournament_from_json(value: Any, where: str) -> Tournament:
    data = READER.fields(value, where, _TOURNAMENT_KEYS, ("id", "ranking"))
    ranking = READER.list(data["ranking"], f"{where}.ranking")
    return Tournament(
        id=data["id"],
        ranking=tuple(
            _placing_from_json(p, f"{where}.ranking[{k}]") for k, p in enumerate(ranking)
        ),
        final=data.get("final", False),
        name=data.get("name"),
        date=None if "date" not in data else _date(data["date"], f"{where}.date"),
    )


def season_from_json(value: Any) -> Season:
    """Return the checked Season of a season's JSON value, or raise SeasonError naming the field."""
    data = READER.fields(value, "season", _SEASON_KEYS, ("points", "tournaments"))
    tournaments = READER.list(data["tournaments"], "tournaments")
    return Season(
        points=_points_from_json(data["points"]),
        tournaments=tuple(
            _tournament_from_json(t, f"tournaments[{i}]") for i, t in enumerate(tournaments)
        ),
        best=data.get("best"),
        final_factor=data.get("final_factor", 1),
        qualify=data.get("qualify"),
        name=data.get("name"),
    )


def load_season(text: str) -> Season:
    """Return the checked Season of a season's JSON text, or raise SeasonError."""
    return season_from_json(loads(text))


def _points_to_json(rule: CupPoints) -> dict[str, Any]:
    result: dict[str, Any] = {"method": rule.method}
    for key, attribute in _METHOD_FIELDS[rule.method].items():
        value = getattr(rule, attribute)
        result[key] = [*value] if isinstance(value, tuple) else json_number(value)
    return result


def season_to_json(season: Season) -> dict[str, Any]:
    """Return the season as its JSON value (what season_from_json reads)."""
    result: dict[str, Any] = {} if season.name is None else {"name": season.name}
    result["points"] = _points_to_json(season.points)
    if season.best is not None:
        result["best"] = season.best
    if season.factor != 1:
        result["final_factor"] = json_number(season.final_factor)
    if season.qualify is not None:
        result["qualify"] = season.qualify
    tournaments: list[dict[str, Any]] = []
    for t in season.tournaments:
        item: dict[str, Any] = {"id": t.id}
        if t.name is not None:
            item["name"] = t.name
        if t.date is not None:
            item["date"] = t.date.isoformat()
        if t.final:
            item["final"] = True
        item["ranking"] = [
            p.player if p.score is None else {"player": p.player, "score": json_number(p.score)}
            for p in t.ranking
        ]
        tournaments.append(item)
    result["tournaments"] = tournaments
    return result


def ranking_to_json(ranking: SeasonRanking) -> dict[str, Any]:
    """Return the season ranking as the JSON value `python -m scoring.season` prints."""
    standings: list[dict[str, Any]] = []
    for s in ranking.standings:
        line: dict[str, Any] = {
            "rank": s.rank,
            "player": s.player,
            "points": json_number(s.points),
            "participations": s.participations,
            "podiums": [*s.podiums],
            "best_rank": s.best_rank,
        }
        if s.qualified is not None:
            line["qualified"] = s.qualified
        line["results"] = [
            {
                "tournament": r.tournament,
                "rank": r.rank,
                "points": json_number(r.points),
                "counted": r.counted,
            }
            for r in s.results
        ]
        standings.append(line)
    return {"name": ranking.name, "standings": standings}
