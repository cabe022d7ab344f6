"""Score a file of hands with the engine found under ROOT: bench_scoring.py's helper for
comparing two versions of the engine on the same hands, each in its own process.

Run: python bench/engine_rate.py ROOT CASES.json rate     (prints hands per second)
     python bench/engine_rate.py ROOT CASES.json accepts  (prints which hands it accepts)

CASES.json is a list of [ruleset, players, dealer, hand]. `rate` takes the best of 7 repeats.
"""

import json
import sys
import time

ROOT, CASES, MODE = sys.argv[1:4]
sys.path.insert(0, ROOT)

from scoring import ScoringError, score_hand  # noqa: E402


def accepts(case: list) -> bool:
    ruleset, n, dealer, hand = case
    try:
        score_hand(ruleset, hand, players=n, dealer=dealer)
    except (ScoringError, ValueError):  # a ruleset this version does not know
        return False
    return True


def rate(cases: list) -> float:
    best = float("inf")
    for _ in range(7):
        start = time.perf_counter()
        for ruleset, n, dealer, hand in cases:
            score_hand(ruleset, hand, players=n, dealer=dealer)
        best = min(best, time.perf_counter() - start)
    return len(cases) / best


with open(CASES) as f:
    cases = json.load(f)
if MODE == "accepts":
    print(json.dumps([accepts(c) for c in cases]))
else:
    print(f"{rate(cases):.0f}")
