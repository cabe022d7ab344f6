"""Benchmark the cup's season page: 20 tournaments of 150 players.

Run: python bench/bench_cup.py [--tournaments 20] [--players 150] [--runs 5]

Budget (issue 17): the season page in under 100 ms, with a query count that does not grow with
the number of tournaments. Each tournament is one finished round of tables with stored totals
(bulk inserts into a throwaway SQLite file); its ranking is read from its standings once and then
cached by the tournament's version, and the season's ranking by all it is made of, so the first
view (printed apart) ranks every tournament and the season, and the later ones read them back.
The best of --runs views counts; all are printed, with their median.
"""

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_web  # noqa: E402,F401  (sets up Django on a throwaway database)
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from tarock_cup.cups.models import Cup, CupTournament  # noqa: E402
from tarock_cup.tournaments.models import (  # noqa: E402
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)

BUDGET_MS = 100.0


def build(tournaments: int, players: int) -> Cup:
    """Return a cup of finished tournaments drawn from a pool of players (most play each day)."""
    rng = random.Random(17)
    owner = get_user_model().objects.create_user("bench")
    pool = Player.objects.bulk_create(
        Player(name=f"Spieler {i:04d}", club="Bench") for i in range(players * 2)
    )
    cup = Cup.objects.create(
        name="Bench Cup",
        slug="bench",
        points={"method": "power", "max": 200, "exponent": 3},
        best=8,
        qualify=12,
        owner=owner,
    )
    for n in range(tournaments):
        t = Tournament.objects.create(
            name=f"Turnier {n + 1}",
            slug=f"t{n}",
            date=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * n),
            ruleset="tirol_cup",
            owner=owner,
            rounds_planned=1,
        )
        field = rng.sample(pool, players)
        Registration.objects.bulk_create(Registration(tournament=t, player=p) for p in field)
        round_ = Round.objects.create(tournament=t, number=1, finished=True)
        tables = Table.objects.bulk_create(
            Table(
                round=round_,
                number=k + 1,
                finished=True,
                totals=[rng.randint(-200, 400) for _ in range(4)],
                hands_played=[16] * 4,
            )
            for k in range(players // 4 + 1)
        )
        Seat.objects.bulk_create(
            Seat(round=round_, table=tables[i // 4], position=i % 4, player=p)
            for i, p in enumerate(field)
        )
        CupTournament.objects.create(cup=cup, tournament=t, final=n == tournaments - 1)
    return cup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    cup = build(args.tournaments, args.players)
    client = Client()
    url = reverse("cup", args=[cup.slug])
    start = time.perf_counter()
    client.get(url)
    print(f"first view (ranks each tournament): {(time.perf_counter() - start) * 1000:.0f} ms")
    times = []
    for _ in range(args.runs):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
    assert response.status_code == 200, response.status_code
    best = min(times)
    print(
        f"season page, {args.tournaments} tournaments x {args.players} players: "
        f"{best:.0f} ms best, {statistics.median(times):.0f} ms median of "
        f"{', '.join(f'{t:.0f}' for t in times)}; {len(queries)} queries"
    )
    print(f"budget {BUDGET_MS:.0f} ms: {'ok' if best < BUDGET_MS else 'OVER'}")


if __name__ == "__main__":
    main()
