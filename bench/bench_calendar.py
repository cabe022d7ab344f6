"""Benchmark the calendar: its page and its iCalendar feed with 500 tournaments to come.

Run: python bench/bench_calendar.py [--tournaments 500] [--runs 20]

Budget (issue 27): the calendar of 500 tournaments in under 100 ms. Each tournament has every
calendar detail (start, venue, address, region, fee, contact, note) and belongs to one of ten
public cups; the page lists all of them, the feed holds them with Vienna's time zone. Both keep
what they made by a digest of all they show, so the budget is met by a page or feed asked for
again; the time to make them anew after a change is printed too. Pages are
fetched with Django's test Client through the whole middleware stack (bench_web's settings:
a throwaway SQLite file, DEBUG off). Median wall-clock and CPU ms of --runs fetches are printed.
"""

import argparse
import datetime
import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_web import get, median_ms  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402
from page_times import time_pages  # noqa: E402  (sets up Django)

from tarock_cup.cups.models import Cup, CupTournament  # noqa: E402
from tarock_cup.tournaments.models import Region, Tournament  # noqa: E402

BUDGET_MS = 100.0


def build(count: int) -> None:
    """Create `count` public tournaments to come, one a day or so, spread over ten cups."""
    owner = get_user_model().objects.create_user("bench-calendar")
    today = timezone.localdate()
    regions = list(Region.values)
    tournaments = Tournament.objects.bulk_create(
        Tournament(
            name=f"Tarockturnier {i:03d}",
            slug=f"bench-{i:03d}",
            date=today + datetime.timedelta(days=i // 2),
            start_time=datetime.time(13 + i % 6, 30),
            venue=f"Gasthof {i % 40}",
            venue_address=f"Hauptstraße {i}, {1000 + i} Ort",
            region=regions[i % len(regions)],
            entry_fee=Decimal(10 + i % 5),
            contact=f"Obmann {i}, 0664 {1000000 + i}",
            note="Anmeldung bis eine halbe Stunde vor Beginn.",
            ruleset="tirol_cup",
            owner=owner,
        )
        for i in range(count)
    )
    cups = [
        Cup.objects.create(
            name=f"Cup {n}",
            slug=f"cup-{n}",
            points={"method": "table", "points": [10, 6, 3]},
            owner=owner,
        )
        for n in range(10)
    ]
    CupTournament.objects.bulk_create(
        CupTournament(cup=cups[i % len(cups)], tournament=t) for i, t in enumerate(tournaments)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=500)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    build(args.tournaments)
    client = Client()
    cases = [
        ("calendar page", reverse("calendar"), BUDGET_MS),
        ("calendar page, one cup", reverse("calendar") + "?cup=cup-3", BUDGET_MS),
        ("calendar.ics feed", reverse("calendar_feed"), BUDGET_MS),
        ("cup feed", reverse("cup_calendar_feed", args=["cup-3"]), BUDGET_MS),
    ]
    print(f"{args.tournaments} tournaments to come\n")
    status = time_pages(client, cases, args.runs)
    # Made anew: the first fetch after a change renders the list or the feed (for information).
    print()
    for label, url, _budget in cases:
        ms, cpu = median_ms(lambda u=url: get(client, u), max(3, args.runs // 4), cache.clear)
        print(f"{label + ', made anew':<36}{ms:>10.1f}{cpu:>8.1f}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
