"""Time correcting an imported ranking: the worst moves in rankings of 150 and 1,000 players.

Run: python bench/bench_ranking_edit.py [--players 150 1000] [--runs 3]

No budget was set; the figures say what a director waits for. The worst correction moves the
last row to rank 1: every row gets a new rank (the rows passed move in two statements), and
the correction is one history entry. Also timed: a row saved unchanged (all rows are still
read and checked), a forgotten row added at rank 1 (every row moves down) and the edit page.
Each on a throwaway SQLite file (bench_web).
"""

import argparse
import datetime
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_web  # noqa: E402,F401  (sets up Django on a throwaway database)
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tarock_cup.cups.models import (  # noqa: E402
    Cup,
    CupTournament,
    ImportedPlace,
    ImportedRanking,
)
from tarock_cup.cups.ranking_edit import (  # noqa: E402
    PlaceEdit,
    PlayerWanted,
    add_place,
    change_place,
)
from tarock_cup.tournaments.models import Player, Tournament  # noqa: E402


def build(owner: object, players: int, n: int) -> tuple[Cup, ImportedRanking]:
    """Return a cup and an imported ranking of `players` rows without scores."""
    pool = Player.objects.bulk_create(
        Player(name=f"Spieler {n}-{i:04d}", club="Bench") for i in range(players)
    )
    cup = Cup.objects.create(
        name="Bench Cup",
        slug=f"bench-{n}",
        points={"method": "table", "points": [10, 6, 3]},
        owner=owner,
    )
    tournament = Tournament.objects.create(
        name=f"Papier {n}",
        slug=f"papier-{n}",
        date=datetime.date(2026, 9, 1),
        ruleset="tirol_cup",
        owner=owner,
        rounds_planned=1,
    )
    ranking = ImportedRanking.objects.create(tournament=tournament)
    ImportedPlace.objects.bulk_create(
        ImportedPlace(ranking=ranking, rank=r, player=p) for r, p in enumerate(pool, start=1)
    )
    CupTournament.objects.create(cup=cup, tournament=tournament)
    return cup, ranking


def timed(action: Callable[[], object], runs: int) -> list[float]:
    """Return the milliseconds of each run of the action."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(what: str, times: list[float]) -> None:
    print(f"{what}: {min(times):.0f} ms best, {statistics.median(times):.0f} ms median")


def bench_size(owner: object, client: Client, players: int, n: int, runs: int) -> None:
    """Print the timings for one ranking of `players` rows."""
    cup, ranking = build(owner, players, n)
    added = [0]

    def last_to_first() -> None:
        place = ranking.places.select_related("ranking").order_by("rank").last()
        assert place is not None
        wanted = PlayerWanted(place.player.name, place.player.club)
        change_place(cup, place, PlaceEdit(1, wanted, None), owner)

    def one_unchanged() -> None:
        place = ranking.places.select_related("ranking").get(rank=2)
        wanted = PlayerWanted(place.player.name, place.player.club)
        change_place(cup, place, PlaceEdit(2, wanted, None), owner)

    def add_first() -> None:
        added[0] += 1
        wanted = PlayerWanted(f"Neu {n}-{added[0]}", "Bench", new=True)
        add_place(cup, ranking, PlaceEdit(1, wanted, None), owner)

    url = reverse("cup_ranking_edit", args=[cup.slug, ranking.tournament.slug])
    report(f"{players} rows, the last moved to rank 1", timed(last_to_first, runs))
    report(f"{players} rows, one row saved unchanged", timed(one_unchanged, runs))
    report(f"{players} rows, a forgotten row added at rank 1", timed(add_first, runs))
    report(f"{players} rows, the edit page", timed(lambda: client.get(url), runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[150, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench")
    client = Client()
    client.force_login(owner)
    for n, players in enumerate(args.players):
        bench_size(owner, client, players, n, args.runs)


if __name__ == "__main__":
    main()
