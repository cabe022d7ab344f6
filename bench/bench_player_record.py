"""Benchmark a player's record page (/players/<number>/) and its API answer.

Run: python bench/bench_player_record.py [--seasons 10] [--tournaments 20] [--runs 20]

Budget (issue #28): a player with 10 seasons × 20 tournaments × 60 hands (12,000 hands: three
rounds of 20 hands a tournament, each season a cup of its own) renders in under 100 ms, with a
number of queries that does not grow with the seasons: printed for a player of 1 season and one
of all of them. The first visit counts each tournament's figures and keeps them
(register.statistics); it is timed too, for information, as is the API's answer.

The hands are stored as a saved hand is (its entry and the engine's scores for it); one sheet of
20 hands is scored once by the engine and stored at every table. Uses bench_web's settings (a
throwaway SQLite file, or DATABASE_URL; the benchmark's data is deleted at the end).
"""

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

# bench_web's settings (a throwaway SQLite file or DATABASE_URL, DEBUG off); it sets up Django.
import bench_web  # noqa: E402, F401
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

import scoring  # noqa: E402
from tarock_cup.cups.models import Cup, CupTournament  # noqa: E402
from tarock_cup.tournaments.models import (  # noqa: E402
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)

BUDGET_MS = 100.0
ROUNDS = 3
HANDS = 20  # a round's hands: 60 a tournament


def sheet_hands() -> list[dict[str, Any]]:
    """Return 20 hands of tirol_cup (first dealer seat 0): Rufer, Dreier, Trischaken, a Valat."""
    hands: list[dict[str, Any]] = []
    for i in range(HANDS):
        vorhand = (i + 1) % 4
        if i % 5 == 0:
            points = ["10"] * 4
            points[i % 4] = "40"
            hands.append(
                {"contract": "trischaken", "players": [{"points": p, "tricks": 3} for p in points]}
            )
        elif i % 5 == 1:
            hands.append({"contract": "dreier", "declarer": i % 4, "points": str(30 + i)})
        elif i == 7:
            hands.append(
                {"contract": "rufer", "declarer": vorhand, "partner": i % 4, "valat": "declarer"}
            )
        else:
            partner = (vorhand + 2) % 4
            points = str(30 + (i % 3) * 10)
            hands.append(
                {"contract": "rufer", "declarer": vorhand, "partner": partner, "points": points}
            )
    return hands


def build(owner: Any, seasons: int, tournaments: int) -> tuple[Player, Player]:
    """Return the player of every season and one of the first season only."""
    data = sheet_hands()
    scored = scoring.score_sheet(
        {"ruleset": "tirol_cup", "players": ["A", "B", "C", "D"], "hands": data}
    )
    totals = list(scored.hands[-1].running)
    always = [Player.objects.create(name=f"Bench Spieler {i}", club="Bench") for i in range(3)]
    once = Player.objects.create(name="Bench Einmal", club="Bench")
    other = Player.objects.create(name="Bench Später", club="Bench")
    for season in range(seasons):
        cup = Cup.objects.create(
            name="Bench Cup",
            slug=f"bench-record-{season}",
            season=f"{2010 + season}/{11 + season}",
            points={"method": "table", "points": [10, 6, 3]},
            owner=owner,
        )
        fourth = once if season == 0 else other
        for number in range(tournaments):
            day = datetime.date(2010 + season, 9, 1) + datetime.timedelta(days=7 * number)
            tournament = Tournament.objects.create(
                name=f"Bench {season}-{number}",
                slug=f"bench-record-{season}-{number}",
                date=day,
                ruleset="tirol_cup",
                owner=owner,
                rounds_planned=ROUNDS,
                lot_seed=1,
            )
            CupTournament.objects.create(cup=cup, tournament=tournament)
            seats = [*always, fourth]
            Registration.objects.bulk_create(
                Registration(tournament=tournament, player=p, checked_in=True) for p in seats
            )
            for round_number in range(1, ROUNDS + 1):
                round_ = Round.objects.create(
                    tournament=tournament, number=round_number, finished=True
                )
                table = Table.objects.create(
                    round=round_,
                    number=1,
                    finished=True,
                    totals=totals,
                    hands_played=[HANDS] * 4,
                )
                Seat.objects.bulk_create(
                    Seat(round=round_, table=table, position=pos, player=p)
                    for pos, p in enumerate(seats)
                )
                Hand.objects.bulk_create(
                    Hand(
                        table=table,
                        number=i + 1,
                        data=hand,
                        scores=list(result.scores),
                        running=list(result.running),
                        dealer=result.dealer,
                    )
                    for i, (hand, result) in enumerate(zip(data, scored.hands, strict=True))
                )
    return always[0], once


def timed(runs: int, fetch: Any) -> tuple[list[float], list[float]]:
    """Return each run's wall time and this process's CPU time, in ms (on a shared machine the
    CPU time says what the page costs; the wall time also waits for other processes)."""
    times, cpu = [], []
    for _run in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = fetch()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    return times, cpu


def queries(fetch: Any) -> int:
    with CaptureQueriesContext(connection) as captured:
        fetch()
    return len(captured)


def report(label: str, runs: tuple[list[float], list[float]], budget: float | None = None) -> bool:
    times, cpu = runs
    median, worst, median_cpu = statistics.median(times), max(times), statistics.median(cpu)
    verdict = "" if budget is None else ("  ok" if median < budget else "  OVER BUDGET")
    budget_text = "" if budget is None else f" (budget {budget:.0f} ms)"
    print(
        f"{label:<44} median {median:7.1f} ms  worst {worst:7.1f} ms  "
        f"cpu {median_cpu:7.1f} ms{budget_text}{verdict}"
    )
    return budget is None or median < budget


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seasons", type=int, default=10)
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="print where one page's time goes")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench-record-owner")
    try:
        everywhere, once = build(owner, args.seasons, args.tournaments)
        client = Client()
        page = reverse("register_player", args=[everywhere.number])
        first = timed(1, lambda: client.get(page))
        pages = timed(args.runs, lambda: client.get(page))
        if args.profile:
            import cProfile
            import pstats

            profile = cProfile.Profile()
            profile.runcall(client.get, page)
            pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        api = timed(args.runs, lambda: client.get(reverse("api_player", args=[everywhere.number])))
        short = reverse("register_player", args=[once.number])
        client.get(short)
        counts = (queries(lambda: client.get(short)), queries(lambda: client.get(page)))
    finally:
        Tournament.objects.filter(owner=owner).delete()
        Cup.objects.filter(owner=owner).delete()
    hands = args.seasons * args.tournaments * ROUNDS * HANDS
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"a record of {args.seasons} seasons × {args.tournaments} tournaments ({hands} hands)")
    report("first visit (figures counted and kept)", first)
    fine = report("the record page", pages, BUDGET_MS)
    report("the API's answer (/api/v1/players/<n>.json)", api)
    print(f"queries: 1 season {counts[0]}, {args.seasons} seasons {counts[1]}")
    return 0 if fine and counts[0] == counts[1] else 1


if __name__ == "__main__":
    sys.exit(main())
