"""Time the Österreich-Finale's engine: the national ranking of 7 cups × 150 players and a
260-player final, from Python objects and from the file's JSON.

Run: python bench/bench_oef.py  (budget: 100 ms a national ranking)
"""

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring.oef import (  # noqa: E402
    PRESETS,
    Cup,
    CupPlace,
    Final,
    Oef,
    load_oef,
    oef_to_json,
    preset_levels,
    rank_national,
    ranking_to_json,
)

SEED = 20270612
CUPS = 7
PLAYERS = 150
FINALISTS = 260
BUDGET_MS = 100


def national_final() -> Oef:
    """Return 7 cups of 150 of 700 players (some in several cups, some ranks shared) and a
    final of 260 of them, with the published levels and a final table of 60 falling to 0."""
    rng = random.Random(SEED)
    pool = [f"Spieler {i:03d}" for i in range(700)]
    cups = []
    for c in range(CUPS):
        players = rng.sample(pool, PLAYERS)
        places, rank = [], 1
        for position, player in enumerate(players, 1):
            if rng.random() > 0.1:  # one in ten shares the rank above
                rank = position
            places.append(CupPlace(player, rank))
        cups.append(Cup(f"cup{c}", PRESETS[c % len(PRESETS)].name, tuple(places)))
    final_table = tuple(max(0, 60 - (rank * 60) // 100) for rank in range(100))
    final = Final(final_table, tuple(rng.sample(pool, FINALISTS)))
    return Oef(preset_levels(), tuple(cups), final, name="Benchmark")


def median_ms(action: Callable[[], object], runs: int = 21) -> float:
    """Return the median of some runs of the action, in milliseconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return 1000 * statistics.median(timings)


def main() -> None:
    """Print the median times: ranking a checked Oef, and the whole CLI path from JSON text."""
    oef = national_final()
    ms = median_ms(lambda: rank_national(oef))
    print(f"rank_national, {CUPS} cups × {PLAYERS} players, a final of {FINALISTS}: {ms:.1f} ms")
    text = json.dumps(oef_to_json(oef))
    ms = median_ms(lambda: json.dumps(ranking_to_json(rank_national(load_oef(text)))))
    print(
        f"read, check, rank and write the same as JSON ({len(text) // 1024} KB): {ms:.1f} ms"
        f" (budget {BUDGET_MS} ms)"
    )
    players = len(rank_national(oef).standings)
    print(f"players in the national ranking: {players}")


if __name__ == "__main__":
    main()
