""" "Wo sitze ich?" with 400 players: the search by letters and by number, and the wall list.

Run: python bench/bench_where_do_i_sit.py [--players 400] [--runs 20]

Budget (issue 27): the page answering a search in under 50 ms with 400 players, round 1 being
played and round 2 drawn (so each player has two seats to show). Pages are fetched with
Django's test Client through the whole middleware stack (bench_web's settings: a throwaway
SQLite file, DEBUG off). Median wall-clock and CPU ms of --runs fetches are printed; the wall
list (400 names, two rounds) is timed for information.
"""

import argparse
import datetime
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402
from page_times import time_pages  # noqa: E402  (sets up Django)

from tarock_cup.tournaments.models import (  # noqa: E402
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)

BUDGET_MS = 50.0
FIRST = ["Anna", "Bert", "Cilli", "Dora", "Erich", "Franz", "Gerti", "Hans", "Ilse", "Josef"]
LAST = ["Huber", "Gruber", "Bauer", "Wagner", "Müller", "Pichler", "Steiner", "Moser", "Mayer"]


def build(players: int) -> tuple[Tournament, Player]:
    """Return a tournament of `players` with rounds 1 and 2 drawn, and its last player."""
    owner = get_user_model().objects.create_user("bench-seat")
    tournament = Tournament.objects.create(
        name="Bench", slug="bench", date=datetime.date.today(), ruleset="tirol_cup", owner=owner
    )
    people = Player.objects.bulk_create(
        Player(name=f"{FIRST[i % 10]} {LAST[i // 10 % 9]}{i // 90 or ''}", club=f"Club {i % 7}")
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in people
    )
    for number in (1, 2):
        round_ = Round.objects.create(tournament=tournament, number=number)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=t + 1, code=f"B{number}{t:04d}") for t in range(players // 4)
        )
        order = people if number == 1 else people[1::2] + people[0::2]
        Seat.objects.bulk_create(
            Seat(round=round_, table=tables[i // 4], position=i % 4, player=p)
            for i, p in enumerate(order[: len(tables) * 4])
        )
    return tournament, people[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    tournament, last = build(args.players)
    seat = reverse("where_do_i_sit", args=[tournament.slug])
    cases = [
        ("search 'hub' (letters)", f"{seat}?q=hub", BUDGET_MS),
        ("search 'anna hu' (words)", f"{seat}?q=anna+hu", BUDGET_MS),
        ("search by number", f"{seat}?q={last.number}", BUDGET_MS),
        ("search, nobody found", f"{seat}?q=zzz", BUDGET_MS),
        ("empty search page", seat, BUDGET_MS),
        ("wall list", reverse("seat_list", args=[tournament.slug]), None),
    ]
    client = Client()
    print(f"{args.players} players, rounds 1 and 2 drawn\n")
    return time_pages(client, cases, args.runs)


if __name__ == "__main__":
    raise SystemExit(main())
