"""Small builders for hand records, so each test case reads as the hand it describes."""

from typing import Any

from scoring import score_hand


def b(
    bonus: str, side: str = "declarer", announced: bool = False, result: str = "made"
) -> dict[str, Any]:
    """Return one bonus entry."""
    return {"bonus": bonus, "side": side, "announced": announced, "result": result}


def hand(contract: str, declarer: int = 1, **fields: Any) -> dict[str, Any]:
    """Return a played hand of a positive or negative contract."""
    return {"contract": contract, "declarer": declarer, **fields}


def players(*entries: tuple[Any, ...] | None) -> list[dict[str, Any] | None]:
    """Return Trischaken entries from (points, tricks) or (points, tricks, kontra) tuples."""
    out: list[dict[str, Any] | None] = []
    for e in entries:
        if e is None:
            out.append(None)
            continue
        entry: dict[str, Any] = {"points": e[0]}
        if len(e) > 1 and e[1] is not None:
            entry["tricks"] = e[1]
        if len(e) > 2:
            entry["kontra"] = e[2]
        out.append(entry)
    return out


def scores(ruleset: str, record: dict[str, Any], **kw: Any) -> tuple[int, ...]:
    """Return the seats' scores of one hand (dealer 0 unless given, so Vorhand is seat 1)."""
    return score_hand(ruleset, record, **kw).scores
