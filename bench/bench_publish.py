"""Benchmark publishing a venue laptop's day: the backup file's size, the preview's check (the
whole restore, undone) and the replace, for a day of --players players and --rounds rounds, each
table playing the hands the tournament sets (16 at four, 20 at five; default 100 players, 4
rounds: 25 tables a round).

Run: python bench/bench_publish.py [--players 100] [--rounds 4]

Uses a fresh test database of DATABASE_URL's kind (SQLite in memory when unset; a PostgreSQL
URL gets a test_ database beside it, dropped at the end). Prints the file's size in MB (and
zlib-compressed, as the preview keeps it in the session), the seconds of each step and the
process's peak memory. The upload's limit (publish.MAX_MB) should stay well above the size.
"""

import argparse
import cProfile
import datetime
import os
import pstats
import random
import resource
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarock_cup.settings")
os.environ.setdefault("SECRET_KEY", "bench-publish-only-not-a-secret-" + "x" * 30)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

if TYPE_CHECKING:
    from tarock_cup.tournaments.models import Tournament


def build(players: int, rounds_: int) -> "Tournament":
    from tarock_cup.tournaments import demo, rounds, sheets
    from tarock_cup.tournaments.models import Player, Registration, Tournament

    owner = get_user_model().objects.create_user("owner")
    tournament = Tournament.objects.create(
        name="Day", slug="day", date=datetime.date(2026, 11, 21), ruleset="tirol_cup", owner=owner
    )
    for number in range(players):
        player = Player.objects.create(name=f"P{number}", club="Salzburg")
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    rng = random.Random(1)
    for number in range(1, rounds_ + 1):
        rounds.draw_round(tournament, seed=number, user=owner, confirmed=number)
        for table in tournament.rounds.get(number=number).tables.all():
            seats = table.seats.count()
            count = tournament.hands_five if seats == 5 else tournament.hands_four
            for hand in demo.table_hands(rng, seats, count):
                sheets.save_hand(table, hand, user=owner)
    return tournament


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--profile", action="store_true", help="profile the confirmation")
    args = parser.parse_args()
    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        from tarock_cup.tournaments import backup, publish

        started = time.perf_counter()
        tournament = build(args.players, args.rounds)
        print(f"built the day in {time.perf_counter() - started:.1f} s")
        data = backup.dumps(backup.backup(tournament)).encode()
        hands = data.count(b'"model": "tournaments.hand"')
        print(f"backup file: {len(data) / 2**20:.2f} MB, {hands} hands")
        print(f"kept in the session (zlib, base64): {len(publish.pack(data)) / 2**20:.2f} MB")
        print(f"upload limit: {publish.MAX_MB} MB")
        started = time.perf_counter()
        document = publish.read(tournament, data)
        summary = publish.summary(tournament, document)
        print(f"preview (read, whole restore undone): {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        profile = cProfile.Profile() if args.profile else None
        if profile:
            profile.enable()
        again = publish.read(tournament, data)
        publish.summary(tournament, again, trial=False)
        publish.publish(again)
        if profile:
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        print(f"confirmation (read, count, replace): {time.perf_counter() - started:.1f} s")
        print(f"counts: {summary.counts}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak memory of the process: {peak:.0f} MB")
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
