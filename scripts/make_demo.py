"""Write fixtures/demo_tournament.json: the demo tournament that `manage.py load_demo` loads.

Run: .venv/bin/python scripts/make_demo.py  (the same seed always writes the same file)

Thirteen players, three rounds planned: round 1 fully played at tables of 4, 4 and 5, round 2
in progress, round 3 not drawn yet. The seating is drawn by the project's own seating draw from
the stored round seeds; the hands are dealt by `tarock_cup.tournaments.demo` and accepted by the
engine.
"""

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarock_cup.settings")

import django  # noqa: E402

django.setup()

from tarock_cup.tournaments import demo, seating  # noqa: E402

SEED = 20261121
OUTPUT = ROOT / "fixtures" / "demo_tournament.json"

TOURNAMENT = {
    "name": "Tarock-Herbstturnier Demo",
    "slug": demo.DEMO_SLUG,
    "date": "2026-11-21",
    "venue": "Gasthof Post, Radstadt",
    "ruleset": demo.RULESET,
    "options": {},
    "hands_four": 16,
    "hands_five": 20,
    "rounds_planned": 3,
    "public": True,
    "lot_seed": 4711,
    # 10 cents a point, kontra losses into a charity box, 10 € entry, prizes by field size (X 1 €)
    "settlement": {
        "cents": 10,
        "kontras": "box",
        "entry_fee": "10.00",
        "prize_rule": "field",
        "prize_x": 100,
    },
}
PLAYERS = [
    ("Maria Huber", "Radstadt"),
    ("Johann Gruber", "Altenmarkt im Pongau"),
    ("Anna Pichler", "St. Johann im Pongau"),
    ("Franz Moser", "Bischofshofen"),
    ("Theresia Steiner", "Schladming"),
    ("Josef Hofer", "Tamsweg"),
    ("Elisabeth Leitner", "Wagrain"),
    ("Karl Berger", "Flachau"),
    ("Christine Fuchs", "Mauterndorf"),
    ("Martin Eder", "Kufstein"),
    ("Hermine Wimmer", "Hallein"),
    ("Alois Schwaiger", "Saalfelden"),
    ("Gertraud Lackner", "Innsbruck"),
]
ROUND_SEEDS = {1: 830_417_265_113, 2: 5_520_981_337_402}
# Hands played so far at each table of round 2 (round 1 is complete).
ROUND_2_PLAYED = {1: 16, 2: 9, 3: 12}
# Hands that a demo should show at least once, placed on purpose: (round, table, hand) → kind.
PLANNED = {
    (1, 1, 3): "besserrufer",
    (1, 1, 7): "surrendered_rufer",
    (1, 1, 12): "virgin",
    (1, 2, 5): "valat",
    (1, 2, 10): "mayor",
    (1, 3, 8): "manual",
    (1, 3, 14): "piccolo",
    (2, 2, 4): "bettler",
}


def hands_due(seats: int) -> int:
    return TOURNAMENT["hands_five"] if seats == 5 else TOURNAMENT["hands_four"]


def build(seed: int = SEED) -> dict[str, Any]:
    """Return the demo document."""
    rng = random.Random(seed)
    names = [name for name, _ in PLAYERS]
    past: list[list[int]] = []
    rounds = []
    for number, round_seed in ROUND_SEEDS.items():
        fives = Counter(p for table in past if len(table) == 5 for p in table)
        drawn = seating.draw(range(len(names)), round_seed, past_tables=past, fives=fives)
        tables = []
        for table_number, seats in enumerate(drawn, start=1):
            due = hands_due(len(seats))
            played = due if number == 1 else ROUND_2_PLAYED[table_number]
            planned = {
                hand: kind
                for (r, t, hand), kind in PLANNED.items()
                if (r, t) == (number, table_number)
            }
            hands = demo.table_hands(rng, len(seats), played, planned=planned)
            tables.append(
                {
                    "number": table_number,
                    "first_dealer": 0,
                    "finished": played >= due,
                    "players": [names[p] for p in seats],
                    "hands": hands,
                }
            )
        past.extend(drawn)
        rounds.append(
            {
                "number": number,
                "seed": round_seed,
                "finished": all(t["finished"] for t in tables),
                "tables": tables,
            }
        )
    return {
        "about": "Demo tournament for tarock_cup; written by scripts/make_demo.py.",
        "tournament": TOURNAMENT,
        "players": [{"name": name, "club": club} for name, club in PLAYERS],
        "rounds": rounds,
    }


def main() -> None:
    document = build()
    OUTPUT.parent.mkdir(exist_ok=True)
    OUTPUT.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    hands = sum(len(t["hands"]) for r in document["rounds"] for t in r["tables"])
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(document['rounds'])} rounds, {hands} hands")


if __name__ == "__main__":
    main()
