"""Benchmark a cup's hall of fame: 10 seasons x 20 tournaments x 60 players.

Run: python bench/bench_hall_of_fame.py [--seasons 10] [--tournaments 20] [--players 60]
     [--rounds 3] [--runs 10]

The issue asks for a constant number of queries (cups.hall_of_fame reads the whole series in
eight however many seasons and tournaments it has). Printed: the computation alone
(`hall_of_fame`), the page and the API answer, each cold (every cache cleared before each run:
everything ranked anew) and warm (the kept hall read back under its version), as the median of
--runs (wall-clock and CPU time), with the queries of one run. Each tournament is --rounds
finished rounds of tables of four with stored totals, the field drawn from a pool of twice
--players players, every tenth private; bulk inserts into a throwaway SQLite file (bench_web's
settings; DATABASE_URL names another, e.g. sqlite:////dev/shm/hall.sqlite3 on a slow disk).
"""

import argparse
import datetime
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_web  # noqa: E402  (sets up Django on a throwaway database)
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache, caches  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tarock_cup.api import limits  # noqa: E402
from tarock_cup.cups.hall_of_fame import hall_of_fame  # noqa: E402
from tarock_cup.cups.models import Cup, CupTournament  # noqa: E402
from tarock_cup.tournaments.live import SHARED_CACHE  # noqa: E402
from tarock_cup.tournaments.models import (  # noqa: E402
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)


def table_totals(rng: random.Random) -> list[int]:
    """Return four totals adding up to 0, as a table's round does."""
    three = [rng.randint(-150, 150) for _ in range(3)]
    return [*three, -sum(three)]


def tournament(
    owner: Any, slug: str, day: datetime.date, field: list[Player], rounds: int, rng: random.Random
) -> Tournament:
    """Return a finished tournament of these players, a fresh draw each round."""
    made = Tournament.objects.create(
        name=f"Turnier {slug}",
        slug=slug,
        date=day,
        ruleset="tirol_cup",
        owner=owner,
        rounds_planned=rounds,
    )
    Registration.objects.bulk_create(Registration(tournament=made, player=p) for p in field)
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=made, number=number, finished=True)
        tables = Table.objects.bulk_create(
            Table(
                round=round_,
                number=k + 1,
                finished=True,
                totals=table_totals(rng),
                hands_played=[16] * 4,
            )
            for k in range(len(field) // 4)
        )
        seated = rng.sample(field, len(field))
        Seat.objects.bulk_create(
            Seat(round=round_, table=tables[i // 4], position=i % 4, player=p)
            for i, p in enumerate(seated)
        )
    return made


def build(seasons: int, tournaments: int, players: int, rounds: int) -> Cup:
    """Return the latest season of a series of finished seasons."""
    rng = random.Random(28)
    owner = get_user_model().objects.create_user("bench")
    pool = Player.objects.bulk_create(
        Player(name=f"Spieler {i:04d} Bench", club="Bench", private=i % 10 == 0)
        for i in range(players * 2)
    )
    latest = None
    for s in range(seasons):
        year = 2016 + s
        latest = Cup.objects.create(
            name="Bench Cup",
            slug=f"bench-{year}",
            season=f"{year}/{(year + 1) % 100:02d}",
            points={"method": "power", "max": 200, "exponent": 3},
            best=8,
            owner=owner,
        )
        for n in range(tournaments):
            day = datetime.date(year, 9, 1) + datetime.timedelta(days=7 * n)
            field = rng.sample(pool, players)
            made = tournament(owner, f"s{s}t{n}", day, field, rounds, rng)
            CupTournament.objects.create(cup=latest, tournament=made, final=n == tournaments - 1)
    assert latest is not None
    return latest


def count_queries(action: Callable[[], Any]) -> int:
    """Return how many queries the action sends (counted at the cursor: a request's start
    clears Django's own log of queries)."""
    sent = []

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        action()
    return len(sent)


def clear_both() -> None:
    """Forget everything kept: this process's cache and the shared one (the API's answers)."""
    cache.clear()
    caches[SHARED_CACHE].clear()


def timed(action: Callable[[], Any], runs: int, cold: bool) -> tuple[float, float, int]:
    """Return the median ms (wall, CPU) of the action (cold: every cache cleared first) and
    its queries."""
    if cold:
        clear_both()
    queries = count_queries(action)
    wall, cpu = bench_web.median_ms(action, runs, before=clear_both if cold else None)
    return wall, cpu, queries


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=10)
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    limits.REQUESTS = 10**9
    cup = build(args.seasons, args.tournaments, args.players, args.rounds)
    client = Client()
    page = reverse("cup_hall_of_fame", args=[cup.slug])
    api = reverse("api_hall_of_fame", args=[cup.slug])
    print(
        f"{args.seasons} seasons x {args.tournaments} tournaments x {args.players} players, "
        f"{args.rounds} rounds each; median of {args.runs} runs"
    )
    # The CPU time of this process (SQLite runs in it) shows how much of the wall-clock time was
    # spent waiting for a busy machine.
    print(
        f"\n{'what':<22}{'cold ms':>9}{'cpu':>7}{'queries':>9}"
        f"{'warm ms':>9}{'cpu':>7}{'queries':>9}"
    )
    rows = {
        "hall_of_fame() alone": lambda: hall_of_fame(cup),
        "page": lambda: bench_web.get(client, page),
        "API answer": lambda: bench_web.get(client, api),
    }
    for name, action in rows.items():
        cold, cold_cpu, cold_queries = timed(action, args.runs, cold=True)
        warm, warm_cpu, warm_queries = timed(action, args.runs, cold=False)
        print(
            f"{name:<22}{cold:>9.1f}{cold_cpu:>7.1f}{cold_queries:>9}"
            f"{warm:>9.1f}{warm_cpu:>7.1f}{warm_queries:>9}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
