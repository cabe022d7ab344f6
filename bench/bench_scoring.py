"""Benchmark the scoring engine: hands per second through score_hand, and the CLI end to end.

Run: python bench/bench_scoring.py  (budgets: 100,000 hands/s; 10,000-hand sheet under 1 s)
     python bench/bench_scoring.py --before REV  (also the engine at git revision REV and this
     one on the same hands, each in its own process: the figures of two versions on one machine)
"""

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring import ScoringError, get_ruleset, rulesets, score_hand  # noqa: E402
from scoring.rules import GiveUp  # noqa: E402
from scoring.rulesets import Family, RulesetInfo  # noqa: E402

SEED = 20240611
RULESETS = [rs.key for rs in rulesets()]


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _positive(  # noqa: C901
    rng: random.Random, rs: RulesetInfo, c: Any, active: list[int], vorhand: int
) -> dict[str, Any]:
    declarer = vorhand if c.vorhand_only else rng.choice(active)
    hand: dict[str, Any] = {"contract": c.key, "declarer": declarer}
    partner = None
    if c.calls_king:
        roll = rng.random()
        if roll < 0.8:
            partner = rng.choice([s for s in active if s != declarer])
        elif roll < 0.9:
            hand["king_in_talon"] = True
            if c.can_surrender and rng.random() < 0.5:
                hand["surrendered"] = True
        hand["partner"] = partner
    hand["points"] = rng.choice([rng.randint(0, rs.pack_total), "35/2", "35 1/3", "36"])
    bonuses = []
    kontra: dict[str, int] = {"game": rng.choice([0, 0, 0, 1, 2])}
    birds = set(c.mandatory_birds)
    must = rng.choice(c.mandatory_birds) if c.mandatory_birds else None
    for key in c.bonuses:
        info = rs.bonus_map[key]
        if info.needs_king and partner is None:
            continue
        if info.side == "defenders":
            if rng.random() < 0.2:
                bonuses.append({"bonus": key, "side": "defenders", "result": "made"})
            continue
        if key != must and (key in birds or rng.random() > 0.3):
            continue
        announced = key == must or (
            info.announced is not None and (info.silent is None or rng.random() < 0.4)
        )
        side = "declarer" if key == must else rng.choice(["declarer", "defenders"])
        entry = {"bonus": key, "side": side, "announced": announced}
        if info.threshold is None:  # a Sack's or Grammeln's result follows from the points
            entry["result"] = rng.choice(["made", "made", "failed"])
        bonuses.append(entry)
        if announced and rng.random() < 0.3:
            kontra[key] = 1
    hand["bonuses"] = bonuses
    hand["kontra"] = kontra
    if hand.get("surrendered"):
        hand["kontra"] = {}
        if isinstance(rs.rules.surrender, GiveUp):
            hand["bonuses"] = [b for b in bonuses if b["bonus"] == must]
    elif rng.random() < 0.05:
        hand["valat"] = rng.choice(["declarer", "defenders"])
        hand["valat_announced"] = rng.random() < 0.5
    elif rng.random() < 0.03:
        hand["valat_announced"] = True
    return hand


def _trischaken(
    rng: random.Random, rs: RulesetInfo, key: str, n: int, out: int | None
) -> dict[str, Any]:
    active = [s for s in range(n) if s != out]
    players: list[Any] = [None] * n
    if "kontra" in rs.trischaken_entry:
        pts = _split(rng, rs.pack_total - (0 if n == 5 else rng.randint(0, 15)), len(active))
        for s, p in zip(active, pts, strict=True):
            players[s] = {"points": p, "kontra": rng.random() < 0.3}
        return {"contract": key, "players": players}
    tricks = _split(rng, 12, len(active))
    takers = [s for s, t in zip(active, tricks, strict=True) if t]
    pts = _split(rng, rs.pack_thirds - 3 * len(takers), len(takers))
    thirds = dict(zip(takers, [p + 3 for p in pts], strict=True))
    for s, t in zip(active, tricks, strict=True):
        p = thirds.get(s, 0)
        players[s] = {"points": f"{p // 3}/{p % 3}", "tricks": t}
    return {"contract": key, "players": players}


def random_hand(rng: random.Random, ruleset: str, n: int, dealer: int) -> dict[str, Any]:
    """Return one random valid hand for the ruleset (valid unless the rules refuse a tie)."""
    rs = get_ruleset(ruleset)
    out = dealer if n == 5 else None
    vorhand = (dealer + 1) % n
    active = [s for s in range(n) if s != out]
    if rng.random() < 0.02:
        scores = [0] * n
        a, b = rng.sample(active, 2)
        scores[a], scores[b] = 3, -3
        return {"manual": {"scores": scores, "reason": "director's decision"}}
    contracts = [c for c in rs.contracts if not c.bei_only and not c.requires_option]
    c = rng.choice(contracts)
    if c.family is Family.TRISCHAKEN:
        return _trischaken(rng, rs, c.key, n, None if rs.trischaken_dealer_plays else out)
    if c.family is Family.NEGATIVE:
        declarer = rng.choice(active)
        hand: dict[str, Any] = {
            "contract": c.key,
            "declarer": declarer,
            "tricks": rng.choice([0, 1, 2, 3]),
        }
        if rng.random() < 0.3:
            hand["kontra_by_seat"] = [rng.choice([0, 1]) if s != out else 0 for s in range(n)]
        if c.bei and rng.random() < 0.3:
            hand["bei"] = {
                "contract": rng.choice(c.bei),
                "declarer": rng.choice([s for s in active if s != declarer]),
                "tricks": rng.choice([0, 1]),
            }
        return hand
    return _positive(rng, rs, c, active, vorhand)


def generate(count: int, seed: int = SEED) -> list[tuple[str, int, int, dict[str, Any]]]:
    """Return count random valid (ruleset, players, dealer, hand) cases."""
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        ruleset = rng.choice(RULESETS)
        n = 5 if rng.random() < 0.2 else 4
        dealer = rng.randrange(n)
        hand = random_hand(rng, ruleset, n, dealer)
        try:
            score_hand(ruleset, hand, players=n, dealer=dealer)
        except ScoringError:
            continue  # a tie the rules refuse; keep only valid hands
        cases.append((ruleset, n, dealer, hand))
    return cases


def bench_score_hand(repeats: int = 7) -> float:
    """Return hands per second through score_hand on random valid hands.

    Each repeat scores the same 20,000 hands; the best repeat counts (as timeit does), since
    other work on a shared machine only ever slows a repeat down.
    """
    cases = generate(20_000)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for ruleset, n, dealer, hand in cases:
            score_hand(ruleset, hand, players=n, dealer=dealer)
        best = min(best, time.perf_counter() - start)
    return len(cases) / best


def sheet(count: int = 10_000, seed: int = SEED) -> dict[str, Any]:
    """Return a valid Lungau sheet of count hands with rotating dealers."""
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    while len(hands) < count:
        dealer = len(hands) % 4
        hand = random_hand(rng, "lungau", 4, dealer)
        try:
            score_hand("lungau", hand, dealer=dealer)
        except ScoringError:
            continue
        hands.append(hand)
    return {
        "ruleset": "lungau",
        "players": ["Anna", "Bert", "Cilli", "Dora"],
        "first_dealer": 0,
        "hands": hands,
    }


def bench_cli(count: int = 10_000) -> float:
    """Return the seconds `python -m scoring` takes on a count-hand sheet, end to end."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(sheet(count), f)
    try:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "scoring", f.name], cwd=root, capture_output=True, check=True
            )
            best = min(best, time.perf_counter() - start)
            assert json.loads(done.stdout)["hands"]
    finally:
        os.unlink(f.name)
    return best


def compare(before: str, rounds: int = 3) -> tuple[int, float, float]:
    """Return how many hands, and the hands per second of the engine at git revision `before`
    and of this one, on the same random hands (those both accept).

    Each engine runs in its own process (bench/engine_rate.py), the two taking turns `rounds`
    times; the best run of each counts.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "..")
    helper = os.path.join(here, "engine_rate.py")
    archive = subprocess.run(
        ["git", "-C", root, "archive", before, "scoring"], capture_output=True, check=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        old = os.path.join(tmp, "before")
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        path = os.path.join(tmp, "cases.json")

        def run(engine: str, mode: str) -> Any:
            done = subprocess.run(
                [sys.executable, helper, engine, path, mode],
                capture_output=True,
                text=True,
                check=True,
            )
            return json.loads(done.stdout)

        cases = generate(20_000)
        with open(path, "w") as f:
            json.dump(cases, f)
        both = zip(run(old, "accepts"), run(root, "accepts"), strict=True)
        cases = [case for case, ok in zip(cases, both, strict=True) if all(ok)]
        with open(path, "w") as f:
            json.dump(cases, f)
        rates: dict[str, list[float]] = {old: [], root: []}
        for _ in range(rounds):
            for engine in rates:
                rates[engine].append(run(engine, "rate"))
    return len(cases), max(rates[old]), max(rates[root])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="also compare with the engine at REV")
    args = parser.parse_args()
    rate = bench_score_hand()
    print(f"score_hand: {rate:,.0f} hands/s (budget 100,000)")
    seconds = bench_cli()
    print(f"python -m scoring, 10,000-hand sheet: {seconds:.3f} s end to end (budget 1 s)")
    if args.before:
        count, old, new = compare(args.before)
        print(
            f"score_hand on the same {count:,} hands: {old:,.0f} hands/s at {args.before}, "
            f"{new:,.0f} hands/s now ({new / old - 1:+.0%})"
        )
