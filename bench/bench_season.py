"""Time the season engine: rank 20 tournaments of 150 players (plus a final) by each method.

Run: python bench/bench_season.py  (budget: 20 ms a ranking, a fifth of the season page's 100 ms)
"""

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring.season import (  # noqa: E402
    READY_MADE,
    Placing,
    Season,
    Tournament,
    load_season,
    rank_season,
    season_to_json,
)

SEED = 20260912
TOURNAMENTS = 20
PLAYERS = 150
BUDGET_MS = 20


def season(rule_key: str) -> Season:
    """Return a season of 20 tournaments of 150 of 200 players, and a final of the best 30."""
    rng = random.Random(SEED)
    pool = [f"Spieler {i:03d}" for i in range(200)]
    rule = next(r.rule for r in READY_MADE if r.key == rule_key)
    tournaments = []
    for t in range(TOURNAMENTS + 1):
        players = rng.sample(pool, 30 if t == TOURNAMENTS else PLAYERS)
        scores = sorted((rng.randint(-150, 400) for _ in players), reverse=True)
        ranking = tuple(Placing(p, s) for p, s in zip(players, scores, strict=True))
        tournaments.append(Tournament(f"t{t}", ranking, final=t == TOURNAMENTS))
    return Season(rule, tuple(tournaments), best=8, final_factor=2, qualify=12)


def best_ms(action: object, runs: int = 7) -> float:
    """Return the fastest of some runs of the action, in milliseconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        timings.append(time.perf_counter() - start)
    return 1000 * min(timings)


def main() -> None:
    """Print the time to rank the season by each ready-made method, and to read it as JSON."""
    for ready in READY_MADE:
        s = season(ready.key)
        ms = best_ms(lambda s=s: rank_season(s))
        print(
            f"rank_season, {TOURNAMENTS} × {PLAYERS} players, {ready.key}: {ms:.1f} ms"
            f" (budget {BUDGET_MS} ms)"
        )
    data = json.dumps(season_to_json(season("heinewertung")))
    ms = best_ms(lambda: load_season(data))
    print(f"load_season, the same as JSON ({len(data) // 1024} KB): {ms:.1f} ms")


if __name__ == "__main__":
    main()
