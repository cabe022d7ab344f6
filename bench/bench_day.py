"""Benchmark a tournament day's load on the production server.

Run: python bench/bench_day.py [--seconds 120] [--tables 40] [--pollers 200] [--no-ramp]

Starts gunicorn with the project's gunicorn.conf.py (4 workers x 8 threads unless WEB_WORKERS /
WEB_THREADS say otherwise) on 127.0.0.1 and a free port, against the PostgreSQL database named by
DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, migrated first). It creates a
tournament of 160 players with round 1 drawn (40 tables of four) and a few hands at each table,
then for --seconds:

- each of 40 table clients saves a hand every 30 s through the director's entry form over HTTP
  (a POST with its CSRF token, then the table page the redirect leads to, as a phone does);
- each of 200 phones polls the standings every 5 s with If-None-Match (its last ETag).

It prints the errors and p50/p95 latencies of polls and saves, then ramps the poll rate (saves
continuing) in steps of 8 s and reports the highest rate at which the server answered 95% of
polls within 200 ms, timed from when each poll was due, so a server that falls behind is seen.
Targets (issue 16): 0 errors, p95 poll < 50 ms, p95 save < 200 ms. Loopback only; every loop
ends at its deadline; the server is stopped and the tournament deleted at the end.
"""

import argparse
import http.client
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SERVER_ENV = {
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test"),
    "DEBUG": "0",
    "SECRET_KEY": "bench-day-only-not-a-secret-" + "x" * 30,
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
    "SESSION_COOKIE_SECURE": "0",
    "CSRF_COOKIE_SECURE": "0",
    "SECURE_HSTS_SECONDS": "0",
}
os.environ.update(SERVER_ENV)
os.environ["DJANGO_SETTINGS_MODULE"] = "tarock_cup.settings"

import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import OperationalError, connection  # noqa: E402
from django.test import Client  # noqa: E402

from tarock_cup.tournaments import rounds, sheets  # noqa: E402
from tarock_cup.tournaments.models import Player, Registration, Tournament  # noqa: E402

PLAYERS = 160
SAVE_EVERY = 30.0
POLL_EVERY = 5.0
RAMP_STEP_SECONDS = 8.0
RAMP_RATES = [50, 100, 150, 200, 300, 400, 600, 800, 1000]
RAMP_P95_MS = 200.0
# Hands entered by hand: any scores adding up to 0 (the fewest form fields).
SCORES = [[3, -1, -1, -1], [-2, 2, -2, 2], [1, 1, -1, -1], [-6, 2, 2, 2], [4, -4, 0, 0]]
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


class Stats:
    """Latencies (ms) and errors, collected by many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ms: dict[str, list[float]] = {}
        self.codes: dict[str, Counter[int]] = {}
        self.errors: Counter[str] = Counter()

    def add(self, kind: str, ms: float, status: int) -> None:
        with self.lock:
            self.ms.setdefault(kind, []).append(ms)
            self.codes.setdefault(kind, Counter())[status] += 1

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] += 1


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def request(
    port: int, method: str, path: str, headers: dict[str, str], body: str | None = None
) -> tuple[int, dict[str, str], bytes]:
    """Make one request on a new connection (gunicorn keeps idle connections for 2 s only)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data
    finally:
        connection.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(slug: str, hands_before: int) -> tuple[Tournament, str]:
    """Return the tournament (round 1 drawn, `hands_before` hands a table) and a director's
    session cookie."""
    user_model = get_user_model()
    director, _ = user_model.objects.get_or_create(username=f"{slug}-director")
    tournament = Tournament.objects.create(
        name="Bench day", slug=slug, date="2026-11-28", ruleset="tirol_cup", owner=director
    )
    players = Player.objects.bulk_create(
        Player(name=f"Bench Player {i:03d}", club=f"Club {i % 12}") for i in range(PLAYERS)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in players
    )
    rounds.draw_round(tournament, seed=16)
    rng = random.Random(slug)
    for table in tournament.rounds.get().tables.select_related("round__tournament"):
        for _ in range(hands_before):
            sheets.save_hand(table, {"manual": {"scores": rng.choice(SCORES), "reason": "bench"}})
    client = Client()
    client.force_login(director)
    return tournament, client.cookies["sessionid"].value


def delete(tournament: Tournament) -> None:
    player_ids = list(tournament.registrations.values_list("player_id", flat=True))
    owner = tournament.owner
    tournament.delete()
    Player.objects.filter(pk__in=player_ids).delete()
    owner.delete()


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, **SERVER_ENV, WEB_BIND=f"127.0.0.1:{port}")
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "tarock_cup.wsgi",
            "-c",
            "gunicorn.conf.py",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            request(port, "GET", "/", {})
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer within 30 s")


def table_client(
    port: int, slug: str, number: int, session: str, stats: Stats, stop: float, rng: random.Random
) -> None:
    """Save a hand at table `number` every 30 s, as a phone on the director's entry form."""
    path = f"/t/{slug}/round/1/table/{number}/"
    cookie = f"sessionid={session}"
    time.sleep(rng.uniform(0, SAVE_EVERY))
    next_at = time.monotonic()
    while next_at < stop:
        try:
            status, headers, page = request(port, "GET", path, {"Cookie": cookie})
            token = TOKEN.search(page)
            csrf = re.search(r"csrftoken=([^;]+)", headers.get("set-cookie", ""))
            expected = re.search(rb'name="expected" value="(\d+)"', page)
            if status != 200 or not token or not csrf or not expected:
                stats.error(f"table page {status} without its form")
                return
            fields = {
                "csrfmiddlewaretoken": token.group(1).decode(),
                "expected": expected.group(1).decode(),
                "contract": "manual",
                "manual_reason": "bench",
                "save": "1",
            }
            fields |= {f"manual_{s}": str(v) for s, v in enumerate(rng.choice(SCORES))}
            started = time.perf_counter()
            status, headers, _ = request(
                port,
                "POST",
                path,
                {
                    "Cookie": f"{cookie}; csrftoken={csrf.group(1)}",
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Referer": f"http://127.0.0.1:{port}{path}",
                    "Origin": f"http://127.0.0.1:{port}",
                },
                urllib.parse.urlencode(fields),
            )
            stats.add("save", (time.perf_counter() - started) * 1000, status)
            if status != 302:
                stats.error(f"save answered {status}")
            else:
                started = time.perf_counter()
                status, _, _ = request(port, "GET", path, {"Cookie": cookie})
                stats.add("page after save", (time.perf_counter() - started) * 1000, status)
                if status != 200:
                    stats.error(f"table page after save answered {status}")
        except OSError as error:
            stats.error(f"save: {type(error).__name__}")
        next_at += SAVE_EVERY
        time.sleep(max(0.0, min(next_at, stop) - time.monotonic()))


def poller(port: int, slug: str, stats: Stats, stop: float, rng: random.Random) -> None:
    """Poll the standings every 5 s with the last ETag, as a phone's page does."""
    path = f"/t/{slug}/standings/"
    etag = None
    time.sleep(rng.uniform(0, POLL_EVERY))
    next_at = time.monotonic()
    while next_at < stop:
        try:
            started = time.perf_counter()
            status, headers, _ = request(port, "GET", path, {"If-None-Match": etag} if etag else {})
            stats.add("poll", (time.perf_counter() - started) * 1000, status)
            if status == 200:
                etag = headers.get("etag")
            elif status != 304:
                stats.error(f"poll answered {status}")
        except OSError as error:
            stats.error(f"poll: {type(error).__name__}")
        next_at += POLL_EVERY
        time.sleep(max(0.0, min(next_at, stop) - time.monotonic()))


def ramp_step(port: int, slug: str, rate: int, workers: int) -> tuple[float, float, int, int]:
    """Poll at `rate` a second for a step; return (achieved rate, p95 ms from when each poll was
    due, errors, polls). Phones are rate x 5 s, each keeping its ETag."""
    path = f"/t/{slug}/standings/"
    phones: list[str | None] = [None] * max(1, int(rate * POLL_EVERY))
    start = time.monotonic() + 0.2
    total = int(rate * RAMP_STEP_SECONDS)
    counter = iter(range(total))
    lock = threading.Lock()
    latencies: list[float] = []
    errors = 0
    stop = start + RAMP_STEP_SECONDS + 10  # a step that falls far behind is given up

    def work() -> None:
        nonlocal errors
        while True:
            with lock:
                index = next(counter, None)
            if index is None:
                return
            due = start + index / rate
            time.sleep(max(0.0, due - time.monotonic()))
            if time.monotonic() > stop:
                with lock:
                    errors += 1
                continue
            phone = index % len(phones)
            try:
                etag = phones[phone]
                status, headers, _ = request(
                    port, "GET", path, {"If-None-Match": etag} if etag else {}
                )
                if status == 200:
                    phones[phone] = headers.get("etag")
                ok = status in (200, 304)
            except OSError:
                ok = False
            with lock:
                latencies.append((time.monotonic() - due) * 1000)
                errors += 0 if ok else 1

    threads = [threading.Thread(target=work, daemon=True) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=RAMP_STEP_SECONDS + 30)
    elapsed = max(time.monotonic() - start, RAMP_STEP_SECONDS)
    return len(latencies) / elapsed, percentile(latencies, 95), errors, len(latencies)


def report(stats: Stats, seconds: float) -> None:
    print(f"\n== {seconds:.0f} s of a tournament day ==")
    for kind in ("poll", "save", "page after save"):
        values = stats.ms.get(kind, [])
        codes = ", ".join(f"{code}: {n}" for code, n in sorted(stats.codes.get(kind, {}).items()))
        print(
            f"{kind:>16}: {len(values):6d} requests ({len(values) / seconds:5.1f}/s; {codes}); "
            f"p50 {percentile(values, 50):6.1f} ms, p95 {percentile(values, 95):6.1f} ms, "
            f"max {max(values, default=float('nan')):6.1f} ms"
        )
    print(
        f"errors: {sum(stats.errors.values())}"
        + "".join(f"\n  {k}: {n}" for k, n in stats.errors.items())
    )
    polls, saves = stats.ms.get("poll", []), stats.ms.get("save", [])
    verdict = [
        ("0 errors", not stats.errors),
        ("p95 poll < 50 ms", percentile(polls, 95) < 50),
        ("p95 save < 200 ms", percentile(saves, 95) < 200),
    ]
    print("targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in verdict))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--tables", type=int, default=40, help="table clients (at most 40)")
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--hands-before", type=int, default=4, help="hands a table has at start")
    parser.add_argument("--no-ramp", action="store_true", help="skip the ramp of the poll rate")
    args = parser.parse_args()
    seconds = max(5.0, min(args.seconds, 3600.0))
    try:
        connection.ensure_connection()
    except OperationalError as error:
        # `make bench` runs every benchmark; this one needs the PostgreSQL server.
        print(f"bench_day skipped: no database at {SERVER_ENV['DATABASE_URL']} ({error})")
        return
    call_command("migrate", verbosity=0)
    slug = f"bench-day-{os.getpid()}"
    Tournament.objects.filter(slug=slug).delete()
    print(f"building {slug}: {PLAYERS} players, round 1 drawn, {args.hands_before} hands a table")
    tournament, session = build(slug, args.hands_before)
    port = free_port()
    server = start_server(port)
    print(f"gunicorn (gunicorn.conf.py) on 127.0.0.1:{port}, database {SERVER_ENV['DATABASE_URL']}")
    try:
        # The server is up before the day begins: each worker has loaded its templates.
        for _ in range(40):
            request(port, "GET", f"/t/{slug}/standings/", {})
        stats = Stats()
        rng = random.Random(16)
        day_stop = time.monotonic() + seconds
        ramp_seconds = 0.0 if args.no_ramp else len(RAMP_RATES) * (RAMP_STEP_SECONDS + 2) + 5
        save_stop = day_stop + ramp_seconds
        savers = [
            threading.Thread(
                target=table_client,
                args=(port, slug, n, session, stats, save_stop, random.Random(n)),
                daemon=True,
            )
            for n in range(1, min(args.tables, 40) + 1)
        ]
        pollers = [
            threading.Thread(
                target=poller,
                args=(port, slug, stats, day_stop, random.Random(rng.random())),
                daemon=True,
            )
            for _ in range(args.pollers)
        ]
        for thread in savers + pollers:
            thread.start()
        print(
            f"{len(savers)} tables saving every {SAVE_EVERY:.0f} s, {len(pollers)} phones polling "
            f"every {POLL_EVERY:.0f} s, for {seconds:.0f} s ...",
            flush=True,
        )
        for thread in pollers:
            thread.join(timeout=seconds + 60)
        report(stats, seconds)
        if not args.no_ramp:
            print(
                "\n== ramp of the poll rate (saves continuing; p95 from when each poll was due) =="
            )
            held = 0
            for rate in RAMP_RATES:
                achieved, p95, errors, count = ramp_step(port, slug, rate, workers=min(200, rate))
                fine = p95 < RAMP_P95_MS and errors == 0 and achieved >= 0.95 * rate
                print(
                    f"{rate:5d}/s asked: {achieved:6.1f}/s served, p95 {p95:7.1f} ms, "
                    f"{errors} errors, {count} polls{'' if fine else '  <- not held'}",
                    flush=True,
                )
                if not fine:
                    break
                held = rate
            print(f"highest poll rate held with p95 < {RAMP_P95_MS:.0f} ms: {held}/s")
        for thread in savers:
            thread.join(timeout=ramp_seconds + SAVE_EVERY + 60)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        delete(tournament)


if __name__ == "__main__":
    main()
