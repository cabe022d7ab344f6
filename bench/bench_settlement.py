"""Benchmark the day's money: a 160-player day (40 tables × 3 rounds) settled through the engine.

Each table is one of the demo fixture's played tables (Tiroler Tarockcup, with kontras), scored
twice by scoring.settlement (the written score and the money account), kontras into the box.

Run: python bench/bench_settlement.py
"""

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring.settlement import KONTRAS_TO_BOX, Terms, settle_sheet  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "demo_tournament.json"
TABLES = 40 * 3
REPEATS = 5


def sheets() -> list[dict[str, object]]:
    """Return the fixture's tables as sheets, repeated to a 160-player day's 120 tables."""
    document = json.loads(FIXTURE.read_text(encoding="utf-8"))
    played = [
        {
            "ruleset": document["tournament"]["ruleset"],
            "players": table["players"],
            "first_dealer": table.get("first_dealer", 0),
            "hands": table["hands"],
        }
        for round_ in document["rounds"]
        for table in round_["tables"]
        if table["hands"]
    ]
    return [played[i % len(played)] for i in range(TABLES)]


def main() -> None:
    day = sheets()
    terms = Terms(10, KONTRAS_TO_BOX)
    hands = sum(len(sheet["hands"]) for sheet in day)  # type: ignore[arg-type]
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        box = sum(settle_sheet(sheet, terms).box_total for sheet in day)
        best = min(best, time.perf_counter() - start)
    print(f"settled {TABLES} tables ({hands} hands) in {best * 1000:.1f} ms (best of {REPEATS})")
    print(f"{TABLES / best:,.0f} tables/s; the day's box: {box // 100}.{box % 100:02d} €")


if __name__ == "__main__":
    main()
