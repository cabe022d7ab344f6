"""Time the national ranking from the database: 7 cups × 150 players (each cup's season from
imported rankings) and a 260-player final tournament played here, ranked by scoring.oef.

Run: python bench/bench_national.py [--runs 21]

Budget (issue #29): the national ranking < 100 ms with a constant number of queries. Prints the
cold time (nothing kept: every season, the final's standings and the national ranking built
anew, as after a restart), the warm time (the national ranking kept, as between two polls), the
time after a change of the national ranking alone (a decline recorded: the seasons kept), the
queries of each, and the queries with 30 players a cup to show they do not grow with the players;
each figure says whether it meets its budget. The final's rounds are complete, so its standings
feed the final points. Uses bench_web's throwaway SQLite file (or DATABASE_URL) and settings.
"""

import argparse
import datetime
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

# bench_web's settings (a throwaway SQLite file or DATABASE_URL, DEBUG off); it sets up Django.
import bench_web  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace, ImportedRanking  # noqa: E402
from tarock_cup.national.models import Decline, NationalCup, NationalFinal  # noqa: E402
from tarock_cup.national.ranking import National, build_national, forget_rankings  # noqa: E402
from tarock_cup.tournaments.models import Player, Round, Tournament  # noqa: E402

BUDGET_MS = 100.0
CUPS = 7
DAYS = 8  # imported tournaments a cup
LEVELS = ("L40", "L60", "L80")


def cup_with_season(
    owner: Any, slug: str, pool: list[Player], players: int, rng: random.Random
) -> Cup:
    """Return a cup whose season ranks `players` of the pool, from DAYS imported rankings."""
    cup = Cup.objects.create(
        name=f"Cup {slug}",
        slug=slug,
        season="2026/27",
        points={"method": "table", "points": list(range(100, 0, -1))},
        owner=owner,
        qualify=20,
        season_closed_at=timezone.now(),
    )
    members = rng.sample(pool, players)
    for day in range(DAYS):
        t = Tournament.objects.create(
            name=f"{slug} {day}",
            slug=f"{slug}-{day}",
            date=datetime.date(2026, 9, day + 1),
            ruleset="ooe",
            owner=owner,
            rounds_planned=1,
        )
        ranking = ImportedRanking.objects.create(tournament=t)
        field = rng.sample(members, int(players * 0.7))
        ImportedPlace.objects.bulk_create(
            ImportedPlace(ranking=ranking, rank=r, player=p) for r, p in enumerate(field, 1)
        )
        CupTournament.objects.create(cup=cup, tournament=t)
    return cup


def national(
    owner: Any, slug: str, players: int, final: Tournament, pool: list[Player]
) -> NationalFinal:
    rng = random.Random(slug)
    with transaction.atomic():
        the_final = NationalFinal.objects.create(
            name=f"ÖF {slug}",
            slug=slug,
            season="2026/27",
            organiser=owner,
            final_points=[max(0, 60 - (rank * 60) // 100) for rank in range(100)],
            tournament=final,
        )
        for c in range(CUPS):
            cup = cup_with_season(owner, f"{slug}-c{c}", pool, players, rng)
            NationalCup.objects.create(
                final=the_final,
                cup=cup,
                level=LEVELS[c % 3],
                accepted_by=owner,
                accepted_at=timezone.now(),
            )
    return the_final


def forget() -> None:
    """Forget every kept ranking: the national ones, the seasons' and the tournaments'."""
    forget_rankings()
    cache.clear()


def declines(final: NationalFinal, national: National) -> Callable[[], None]:
    """Return an action recording one more declined place each time it is called: the national
    ranking changes, the cups' seasons do not."""
    line = next(line for line in national.cups if line.places)
    players = iter([place.player for place in line.places])

    def decline() -> None:
        Decline.objects.create(entry=line.entry, player=next(players))

    return decline


def queries(final: NationalFinal, cold: bool) -> int:
    if cold:
        forget()
    with CaptureQueriesContext(connection) as context:
        build_national(final)
    return len(context)


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER BUDGET"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    owner = get_user_model().objects.create_user("bench-national")
    start = time.perf_counter()
    final = bench_web.build(owner, "bench-oef-final", 260, 3, 8)
    Round.objects.filter(tournament=final).update(finished=True)  # its ranking is final
    pool = [r.player for r in final.registrations.select_related("player")]
    pool += Player.objects.bulk_create(Player(name=f"Cupspieler {i}") for i in range(440))
    big = national(owner, "oef-big", 150, final, pool)
    small = national(owner, "oef-small", 30, final, pool)
    print(
        f"generated 7 cups × 150 and 7 × 30 players, a 260-player final in "
        f"{time.perf_counter() - start:.1f} s"
    )
    result = build_national(big)
    assert result.day.complete, "the final's standings feed the ranking"
    lines = len(result.ranking.standings)
    cold, cold_cpu = bench_web.median_ms(lambda: build_national(big), args.runs, before=forget)
    warm, warm_cpu = bench_web.median_ms(lambda: build_national(big), args.runs)
    changed, changed_cpu = bench_web.median_ms(
        lambda: build_national(big), args.runs, before=declines(big, result)
    )
    figures = (
        ("cold", cold, cold_cpu),
        ("warm", warm, warm_cpu),
        ("after a decline (seasons kept)", changed, changed_cpu),
    )
    for name, ms, cpu in figures:
        print(
            f"national ranking, 7 cups × 150 and a 260-player final ({lines} players), {name}: "
            f"{ms:.1f} ms ({cpu:.1f} ms CPU; median of {args.runs}; "
            f"budget {BUDGET_MS:.0f} ms: {verdict(ms < BUDGET_MS)})"
        )
    counts = {
        (name, cold): queries(final, cold)
        for name, final in (("150", big), ("30", small))
        for cold in (True, False)
    }
    constant = all(counts[("150", c)] == counts[("30", c)] for c in (True, False))
    print(
        f"queries: cold {counts[('150', True)]} with 150 players a cup, "
        f"{counts[('30', True)]} with 30; warm {counts[('150', False)]} and "
        f"{counts[('30', False)]} (constant: {verdict(constant)})"
    )
    client = Client()
    url = big.get_absolute_url()
    start = time.perf_counter()
    client.get(url)
    first = (time.perf_counter() - start) * 1000
    page, _cpu = bench_web.median_ms(lambda: client.get(url), 5)
    print(
        f"the ranking page ({lines} lines): {first:.0f} ms rendered, {page:.0f} ms from its "
        "shared copy (for information)"
    )
    etag = client.get(url)["ETag"]
    poll, _cpu = bench_web.median_ms(lambda: client.get(url, HTTP_IF_NONE_MATCH=etag), args.runs)
    with CaptureQueriesContext(connection) as context:
        status = client.get(url, HTTP_IF_NONE_MATCH=etag).status_code
    print(
        f"an unchanged poll of the ranking page: {status}, {poll:.1f} ms, "
        f"{len(context)} queries (for information)"
    )
    return 0 if max(cold, warm, changed) < BUDGET_MS and constant else 1


if __name__ == "__main__":
    sys.exit(main())
