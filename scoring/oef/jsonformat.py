"""The Österreich-Finale's JSON (docs/oef-format.md): read strictly into an Oef, written back.

Read as strictly as a season: no NaN or Infinity, no number longer than the file can hold, no
control characters, no key twice in one object, no field the format does not name (a misspelt
`provisonal` would otherwise quietly count an open season as final).
"""

from decimal import Decimal
from typing import Any, NoReturn

from ..documents import DocumentReader
from ..i18n import _
from .errors import OefError
from .national import Cup, CupPlace, Final, NationalRanking, Oef

DOCUMENT = "oef"  # the field a refusal of the whole file names
READER = DocumentReader(OefError, DOCUMENT)
MAX_DIGITS = 15  # a whole number's digits; a decimal's characters are twice that
_KEYS = ("name", "levels", "cups", "final")
_CUP_KEYS = ("id", "name", "level", "provisional", "ranking")
_PLACE_KEYS = ("player", "rank")
_FINAL_KEYS = ("points", "ranking")


def _constant(token: str) -> NoReturn:
    raise OefError(DOCUMENT, _("%(token)s is not a number this file can hold"), token=token)


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise OefError(
            DOCUMENT, _("a number of %(n)s digits is more than this file can hold"), n=digits
        )
    return int(text)


def _decimal(text: str) -> Decimal:
    value = Decimal(text) if len(text) <= 2 * MAX_DIGITS else None
    if value is None or (value and abs(value.adjusted()) > 2 * MAX_DIGITS):
        _constant(text[: 2 * MAX_DIGITS])
    return value


def loads(text: str) -> Any:
    """Return the JSON value of a national final's text, or raise OefError saying why not."""
    return READER.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_decimal)


def _place(value: Any, position: int, where: str) -> CupPlace:
    # a bare player string is ranked at its position; an object gives a shared rank
    if isinstance(value, str):
        return CupPlace(value, position)
    if not isinstance(value, dict):
        raise OefError(where, _("must be a player, or an object with player and rank"))
    data = READER.fields(value, where, _PLACE_KEYS, _PLACE_KEYS)
    return CupPlace(data["player"], data["rank"])


def _cup(value: Any, where: str) -> Cup:
    data = READER.fields(value, where, _CUP_KEYS, ("id", "level", "ranking"))
    ranking = READER.list(data["ranking"], f"{where}.ranking")
    return Cup(
        id=data["id"],
        level=data["level"],
        ranking=tuple(_place(p, k + 1, f"{where}.ranking[{k}]") for k, p in enumerate(ranking)),
        name=data.get("name"),
        provisional=data.get("provisional", False),
    )


def _final(value: Any) -> Final:
    data = READER.fields(value, "final", _FINAL_KEYS, _FINAL_KEYS)
    return Final(
        points=tuple(READER.list(data["points"], "final.points")),
        ranking=tuple(READER.list(data["ranking"], "final.ranking")),
    )


def oef_from_json(value: Any) -> Oef:
    """Return the checked Oef of a national final's JSON value, or raise OefError naming the
    field."""
    data = READER.fields(value, DOCUMENT, _KEYS, ("levels", "cups"))
    levels = data["levels"]
    if not isinstance(levels, dict):
        raise OefError("levels", _("must be an object"))
    return Oef(
        levels={name: tuple(READER.list(t, f"levels.{name}")) for name, t in levels.items()},
        cups=tuple(_cup(c, f"cups[{i}]") for i, c in enumerate(READER.list(data["cups"], "cups"))),
        final=None if "final" not in data else _final(data["final"]),
        name=data.get("name"),
    )


def load_oef(text: str) -> Oef:
    """Return the checked Oef of a national final's JSON text, or raise OefError."""
    return oef_from_json(loads(text))


def oef_to_json(oef: Oef) -> dict[str, Any]:
    """Return the national final as its JSON value (what oef_from_json reads)."""
    result: dict[str, Any] = {} if oef.name is None else {"name": oef.name}
    result["levels"] = {name: [*table] for name, table in oef.levels.items()}
    cups: list[dict[str, Any]] = []
    for cup in oef.cups:
        item: dict[str, Any] = {"id": cup.id}
        if cup.name is not None:
            item["name"] = cup.name
        item["level"] = cup.level
        if cup.provisional:
            item["provisional"] = True
        item["ranking"] = [
            p.player if p.rank == k else {"player": p.player, "rank": p.rank}
            for k, p in enumerate(cup.ranking, 1)
        ]
        cups.append(item)
    result["cups"] = cups
    if oef.final is not None:
        result["final"] = {"points": [*oef.final.points], "ranking": [*oef.final.ranking]}
    return result


def ranking_to_json(ranking: NationalRanking) -> dict[str, Any]:
    """Return the national ranking as the JSON value `python -m scoring.oef` prints."""
    return {
        "name": ranking.name,
        "provisional": ranking.provisional,
        "standings": [
            {
                "rank": s.rank,
                "player": s.player,
                "total": s.total,
                "qualifying": s.qualifying,
                "from_cup": s.from_cup,
                "final_rank": s.final_rank,
                "final_points": s.final_points,
                "cups": [{"cup": c.cup, "rank": c.rank, "points": c.points} for c in s.cups],
            }
            for s in ranking.standings
        ],
    }
