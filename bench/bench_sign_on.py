"""Benchmark signing on: one player's sign-on posted through the whole site, and the director's
list, on a tournament that already has 400 sign-ons and a register of 20,000 players.

Run: python bench/bench_sign_on.py [--signed 400] [--register 20000] [--runs 30]

Budget (the issue's): a sign-on < 100 ms. The director's list is timed for information.
Uses a throwaway SQLite file, or the PostgreSQL database named by DATABASE_URL (the benchmark's
tournament is deleted again at the end). Requests go through Django's test Client and every
middleware, with DEBUG off.
"""

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

# bench_web's settings (a throwaway SQLite file or DATABASE_URL, DEBUG off); it sets up Django.
import bench_web  # noqa: E402, F401
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from tarock_cup.signon.models import SignOn, SignOnRules  # noqa: E402
from tarock_cup.tournaments.models import Player, Tournament  # noqa: E402

BUDGET_MS = 100.0
FIRST = ["Anna", "Franz", "Maria", "Josef", "Johann", "Theresia", "Karl", "Rosa", "Alois"]
LAST = ["Huber", "Pichler", "Gruber", "Wimmer", "Maier", "Hofer", "Leitner", "Egger", "Berger"]


def build(owner, signed: int, register: int) -> Tournament:
    """Return an upcoming tournament open for sign-ons with `signed` of them, and a register."""
    Player.objects.bulk_create(
        Player(name=f"{FIRST[i % 9]} {LAST[i // 9 % 9]} {i}", club=f"Verein {i % 97}")
        for i in range(register)
    )
    tournament = Tournament.objects.create(
        name="Bench",
        slug="bench-sign-on",
        ruleset="tirol_cup",
        owner=owner,
        date=timezone.localdate() + datetime.timedelta(days=7),
    )
    SignOnRules.objects.create(tournament=tournament, open=True, capacity=signed // 2)
    SignOn.objects.bulk_create(
        SignOn(
            tournament=tournament,
            name=f"{FIRST[i % 9]} {LAST[i // 9 % 9]} {i}",
            club="Verein",
            address=f"a{i}",
        )
        for i in range(signed)
    )
    return tournament


def timed(runs: int, request) -> list[float]:
    times = []
    for run in range(runs):
        start = time.perf_counter()
        response = request(run)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code in {200, 302}, response.status_code
    return times


def report(label: str, times: list[float], budget: float | None = None) -> bool:
    median, worst = statistics.median(times), max(times)
    verdict = "" if budget is None else ("  ok" if median < budget else "  OVER BUDGET")
    budget_text = "" if budget is None else f" (budget {budget:.0f} ms)"
    print(f"{label:<40} median {median:7.1f} ms  worst {worst:7.1f} ms{budget_text}{verdict}")
    return budget is None or median < budget


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--signed", type=int, default=400)
    parser.add_argument("--register", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench-owner")
    tournament = build(owner, args.signed, args.register)
    try:
        player = Client()
        url = reverse("sign_on", args=[tournament.slug])
        sign_ons = timed(
            args.runs,
            lambda run: player.post(
                url,
                {"name": f"Neu Spieler {run}", "club": "Bench", "phone": "", "email": ""},
                REMOTE_ADDR=f"10.1.{run // 250}.{run % 250}",
            ),
        )
        director = Client()
        director.force_login(owner)
        listing = timed(
            max(args.runs // 3, 3),
            lambda run: director.get(reverse("sign_ons", args=[tournament.slug])),
        )
    finally:
        tournament.delete()
    print(f"{args.signed} sign-ons, a register of {args.register} players")
    fine = report("a sign-on (POST through the site)", sign_ons, BUDGET_MS)
    report("the director's list", listing)
    return 0 if fine else 1


if __name__ == "__main__":
    sys.exit(main())
