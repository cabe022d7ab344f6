"""Benchmark the web pages on a generated tournament of 1,000 players.

Run: python bench/bench_web.py [--players 1000] [--rounds 3] [--hands 16] [--runs 20]

Budgets (the issue's): with 1,000 players (250 tables x 3 rounds x 16 hands = 12,000 hands) the
standings page and a table page each render in under 200 ms, with a number of SQL queries that
does not grow with players or hands; saving a hand (sheets.save_hand on a table with 15 hands)
takes under 50 ms. Other pages are timed too, for information.

Uses a throwaway SQLite file in a temporary directory, or the PostgreSQL database named by
DATABASE_URL (the benchmark's tournaments are deleted again at the end). Pages are fetched with
Django's test Client through the whole middleware stack, with DEBUG off unless DEBUG is set.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TMP = tempfile.TemporaryDirectory(prefix="bench_web_")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP.name}/bench.sqlite3")
# Production-like settings, but plain HTTP and the test Client's host name.
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
for knob in ("SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"):
    os.environ.setdefault(knob, "0")
os.environ.setdefault("SECURE_HSTS_SECONDS", "0")
os.environ["DJANGO_SETTINGS_MODULE"] = "tarock_cup.settings"

import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

import scoring  # noqa: E402
from tarock_cup.tournaments import demo, seating, sheets  # noqa: E402
from tarock_cup.tournaments.models import (  # noqa: E402
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)

BUDGET_PAGE_MS = 200.0
BUDGET_SAVE_MS = 50.0
CLUBS = ["Radstadt", "Innsbruck", "Hallein", "Schladming", "Tamsweg", "Kufstein", "Wörgl"]


def build(owner: Any, slug: str, players: int, rounds: int, hands: int) -> Tournament:
    """Return a tournament with every table of every round played: bulk inserts, engine scores.

    Stores what sheets.save_hand would store (the engine's scores, running totals, stake,
    breakdown and the table totals), but scores each table's sheet once instead of once per hand.
    """
    rng = random.Random(slug)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Bench {players}",
            slug=slug,
            date="2026-11-21",
            ruleset=demo.RULESET,
            hands_four=hands,
            hands_five=hands + 4,
            rounds_planned=rounds,
            lot_seed=1,
            owner=owner,
        )
        people = Player.objects.bulk_create(
            Player(name=f"Spieler {slug} {i:04d}", club=CLUBS[i % len(CLUBS)])
            for i in range(players)
        )
        Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p, checked_in=True) for p in people
        )
        names = {p.pk: p.name for p in people}
        past: list[list[int]] = []
        for number in range(1, rounds + 1):
            fives = Counter(p for table in past if len(table) == 5 for p in table)
            drawn = seating.draw(list(names), number, past_tables=past, fives=fives)
            past.extend(drawn)
            round_ = Round.objects.create(tournament=tournament, number=number, seed=number)
            tables, sheets_ = [], []
            for table_number, seated in enumerate(drawn, start=1):
                count = hands + 4 if len(seated) == 5 else hands
                entries = demo.table_hands(rng, len(seated), count)
                scored = scoring.score_sheet(
                    {
                        "ruleset": demo.RULESET,
                        "players": [names[p] for p in seated],
                        "first_dealer": 0,
                        "hands": entries,
                    }
                )
                tables.append(
                    Table(
                        round=round_,
                        number=table_number,
                        finished=True,
                        totals=list(scored.totals),
                        hands_played=[
                            sum(1 for h in scored.hands if h.sitting_out != s)
                            for s in range(len(seated))
                        ],
                    )
                )
                sheets_.append((seated, entries, scored))
            tables = Table.objects.bulk_create(tables)
            Seat.objects.bulk_create(
                Seat(round=round_, table=table, position=position, player_id=player)
                for table, (seated, _, _) in zip(tables, sheets_, strict=True)
                for position, player in enumerate(seated)
            )
            Hand.objects.bulk_create(
                (
                    Hand(
                        table=table,
                        number=result.number,
                        data=entry,
                        entered_by=owner,
                        **sheets.result_fields(result),
                    )
                    for table, (_, entries, scored) in zip(tables, sheets_, strict=True)
                    for entry, result in zip(entries, scored.hands, strict=True)
                ),
                batch_size=1000,
            )
    return tournament


def median_ms(
    action: Callable[[], Any], runs: int, before: Callable[[], Any] | None = None
) -> tuple[float, float]:
    """Return the median wall-clock and CPU time of action in ms (before runs untimed each time).

    The CPU time of this process (SQLite runs in it) shows how much of the wall-clock time was
    spent waiting for a busy machine.
    """
    wall, cpu = [], []
    for _ in range(runs):
        if before is not None:
            before()
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def get(client: Client, url: str) -> None:
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"GET {url}: {response.status_code}")


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        get(client, url)
    return len(context)


def pages(tournament: Tournament) -> dict[str, str]:
    slug = tournament.slug
    player = tournament.registrations.order_by("pk").first()
    assert player is not None
    return {
        "standings": reverse("standings", args=[slug]),
        "table": reverse("table", args=[slug, 1, 1]),
        "tournament": reverse("tournament", args=[slug]),
        "round": reverse("round", args=[slug, 1]),
        "player": reverse("player", args=[slug, player.player_id]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=16, help="hands at a table of four")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    owner = get_user_model().objects.create_user("bench-director")
    start = time.perf_counter()
    large = build(owner, "bench-large", args.players, args.rounds, args.hands)
    hands = Hand.objects.filter(table__round__tournament=large).count()
    print(
        f"generated {args.players} players, {args.rounds} rounds, {hands} hands "
        f"in {time.perf_counter() - start:.1f} s"
    )
    small = build(owner, "bench-small", 8, 1, args.hands)
    try:
        return measure(owner, small, large, args.runs)
    finally:
        if connection.vendor != "sqlite":
            Tournament.objects.filter(pk__in=[small.pk, large.pk]).delete()
            Player.objects.filter(name__startswith="Spieler bench-").delete()
            owner.delete()


def measure(owner: Any, small: Tournament, large: Tournament, runs: int) -> int:
    visitor, director = Client(), Client()
    director.force_login(owner)
    # (page, who, budget in ms or None): the budgets first, then the other pages.
    cases = [
        ("standings", "visitor", BUDGET_PAGE_MS),
        ("table", "visitor", BUDGET_PAGE_MS),
        ("table", "director", BUDGET_PAGE_MS),
        ("standings", "director", None),
        ("tournament", "visitor", None),
        ("round", "visitor", None),
        ("player", "visitor", None),
    ]
    clients = {"visitor": visitor, "director": director}
    failed = []
    print(f"\n{'page':<26}{'median ms':>10}{'cpu ms':>8}{'queries':>9}{'(8 players)':>13}  budget")
    for name, who, budget in cases:
        client = clients[who]
        url = pages(large)[name]
        for _ in range(2):
            get(client, url)  # warm-up
        # Pages outside the budgets are timed fewer times: some take seconds.
        ms, cpu = median_ms(lambda c=client, u=url: get(c, u), runs if budget else 3)
        count = queries(client, url)
        get(client, pages(small)[name])
        small_count = queries(client, pages(small)[name])
        verdict = ""
        if budget is not None:
            ok = ms < budget and count == small_count
            verdict = f"< {budget:.0f} ms, same queries: {'ok' if ok else 'MISSED'}"
            if not ok:
                failed.append(f"{name} ({who})")
        label = f"{name} ({who})"
        print(f"{label:<26}{ms:>10.1f}{cpu:>8.1f}{count:>9}{small_count:>13}  {verdict}")

    # Saving a hand: the 16th hand of a table, saved again and again onto its first 15.
    table = Table.objects.select_related("round__tournament").get(
        round__tournament=large, round__number=1, number=2
    )
    last = Hand.objects.get(table=table, number=large.hands_four)
    data = last.data
    save_ms, save_cpu = median_ms(
        lambda: sheets.save_hand(table, data, user=owner),
        runs,
        before=lambda: sheets.delete_hand(table, large.hands_four),
    )
    sheets.delete_hand(table, large.hands_four)
    with CaptureQueriesContext(connection) as context:
        sheets.save_hand(table, data, user=owner)
    ok = save_ms < BUDGET_SAVE_MS
    if not ok:
        failed.append("save_hand")
    print(
        f"{'sheets.save_hand (15 + 1)':<26}{save_ms:>10.1f}{save_cpu:>8.1f}{len(context):>9}"
        f"{'':>13}  "
        f"< {BUDGET_SAVE_MS:.0f} ms: {'ok' if ok else 'MISSED'}"
    )

    # The same through the table page: a Rufer by Vorhand (seat 0 in hand 16 at a table of four)
    # posted by the director, previewed, saved and redirected.
    url = reverse("table", args=[large.slug, 1, 2])
    form = {"contract": "rufer", "declarer": "0", "partner": "2", "points": "40", "save": "1"}
    form["expected"] = str(large.hands_four)

    def post() -> None:
        response = director.post(url, form)
        if response.status_code != 302:
            raise SystemExit(f"POST {url}: {response.status_code}")

    post_ms, post_cpu = median_ms(
        post, runs, before=lambda: sheets.delete_hand(table, large.hands_four)
    )
    print(f"{'POST hand (table page)':<26}{post_ms:>10.1f}{post_cpu:>8.1f}")
    if failed:
        print(f"\nbudget missed: {', '.join(failed)}")
        return 1
    print("\nall budgets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
