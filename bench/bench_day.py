"""Benchmark a tournament day's load on the production server.

Run: python bench/bench_day.py [--players 260] [--seconds 60] [--no-ramp] [--instances 2]

Starts gunicorn with the project's gunicorn.conf.py (4 workers x 8 threads unless WEB_WORKERS /
WEB_THREADS say otherwise) on 127.0.0.1 and a free port (--instances 2: two of them, as two
hosts, each client keeping to one), against the PostgreSQL database named by DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/test, migrated first). It creates a tournament of
--players players (260: the Österreich-Finale, 65 tables; 160: 40 tables) with round 1 drawn,
its clock running and a few hands at each table, then for --seconds, as issue 33 describes:

- two phones at each table poll its link page every 3 s, each keeping its cookies and ETag;
  every 30 s one of them sends three previews as the form fills, saves the hand and loads the
  page after it;
- --spectators phones (300; 120 for the 160-player day) poll every 5 s: 70 % the standings,
  15 % the round's standings, 15 % the tournament's page, each keeping its ETag;
- --projectors projectors (2) and the director's round page (unless --no-director) every 3 s.

It prints p50/p95 of each page, the errors, and the hands lost or doubled (each table's hands
against the saves answered), then (unless --no-ramp) ramps the standings' poll rate (saves
continuing) in steps of 8 s and reports the highest rate at which the server answered 95% of
polls within 200 ms, timed from when each poll was due, so a server that falls behind is seen.
Targets (issue 33): 0 errors, nothing lost or doubled, p95 < 50 ms for every polled page,
< 100 ms for a preview and the page after a save, < 150 ms for the director's round page,
< 200 ms for a save. Loopback only; every loop ends at its deadline; the servers are stopped
and the tournament deleted at the end.
"""

import argparse
import html
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
from collections.abc import Callable
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
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402

from tarock_cup.tournaments import clock, rounds, sheets  # noqa: E402
from tarock_cup.tournaments.models import Hand, Player, Registration, Table, Tournament  # noqa: E402

SAVE_EVERY = 30.0
POLL_EVERY = 5.0
POLL_LINK_EVERY = 3.0
RAMP_STEP_SECONDS = 8.0
RAMP_RATES = [50, 100, 150, 200, 300, 400, 600, 800, 1000]
RAMP_P95_MS = 200.0
# Hands entered by hand: any scores adding up to 0 (the fewest form fields).
SCORES = [[3, -1, -1, -1], [-2, 2, -2, 2], [1, 1, -1, -1], [-6, 2, 2, 2], [4, -4, 0, 0]]
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
LIVE_ETAG = re.compile(rb'<meta name="live-etag" content="([^"]+)"')


class Stats:
    """Latencies (ms) and errors, collected by many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ms: dict[str, list[float]] = {}
        self.codes: dict[str, Counter[int]] = {}
        self.errors: Counter[str] = Counter()
        self.causes: dict[str, Counter[str]] = {}
        self.seconds = 0.0

    def add(self, kind: str, ms: float, status: int) -> None:
        with self.lock:
            self.ms.setdefault(kind, []).append(ms)
            self.codes.setdefault(kind, Counter())[status] += 1

    def cause(self, kind: str, why: str) -> None:
        with self.lock:
            self.causes.setdefault(kind, Counter())[why] += 1

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
        headers = {k.lower(): v for k, v in response.getheaders()}
        # Each cookie is a header of its own: all of them, one a line (a dict keeps the last).
        headers["set-cookie"] = "\n".join(response.msg.get_all("Set-Cookie") or [])
        return response.status, headers, data
    finally:
        connection.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(slug: str, players: int, hands_before: int) -> tuple[Tournament, str]:
    """Return the tournament (round 1 drawn, `hands_before` hands a table) and a director's
    session cookie."""
    user_model = get_user_model()
    director, _ = user_model.objects.get_or_create(username=f"{slug}-director")
    tournament = Tournament.objects.create(
        name="Bench day", slug=slug, date="2026-11-28", ruleset="tirol_cup", owner=director
    )
    made = Player.objects.bulk_create(
        Player(name=f"Bench Player {i:03d}", club=f"Club {i % 12}") for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in made
    )
    rounds.draw_round(tournament, seed=16)
    clock.act(tournament.rounds.get(), "start", 90)
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


class Phone:
    """A browser's cookies and the ETags of the pages it holds."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        if cookie:
            name, value = cookie.split("=", 1)
            self.cookies[name] = value
        self.etags: dict[str, str] = {}
        self.pages: dict[str, bytes] = {}
        # The pages whose table saved a hand since this phone last had them whole.
        self.table_saved: set[str] = set()

    def headers(self) -> dict[str, str]:
        cookies = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return {"Cookie": cookies} if cookies else {}

    def keep(self, headers: dict[str, str]) -> None:
        """Keep the cookies the answer sets, and drop those it deletes (as a browser does)."""
        for line in headers.get("set-cookie", "").splitlines():
            pair, _, attributes = line.partition(";")
            name, _, value = pair.strip().partition("=")
            if name not in ("sessionid", "csrftoken", "messages"):
                continue
            if value in ("", '""') or "max-age=0" in attributes.lower():
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value

    def get(self, path: str, stats: Stats, kind: str) -> int:
        """Load the page as a poll does (If-None-Match its last ETag); return the status."""
        headers = self.headers()
        held = self.etags.get(path)
        if held is not None:
            headers["If-None-Match"] = held
        message = "messages" in self.cookies
        started = time.perf_counter()
        status, answer, body = request(self.port, "GET", path, headers)
        stats.add(kind, (time.perf_counter() - started) * 1000, status)
        self.keep(answer)
        if status == 200:
            self.pages[path] = body
            # The page's validator: its ETag, else the one the page holds for its script.
            embedded = LIVE_ETAG.search(body)
            etag = answer.get("etag") or (
                html.unescape(embedded.group(1).decode()) if embedded else None
            )
            if kind == "link poll":
                stats.cause(kind, self.why_full(path, held, etag, message))
            self.table_saved.discard(path)
            if etag is not None:
                self.etags[path] = etag
        elif status != 304:
            stats.error(f"{kind} answered {status}")
        return status

    def why_full(self, path: str, held: str | None, etag: str | None, message: bool) -> str:
        """Return why a poll got the whole page instead of a 304."""
        if held is None:
            return "first poll (no ETag held)"
        if path in self.table_saved:
            return "a save at its table"
        if message:
            return "a message waiting (messages cookie)"
        if etag is None:
            return "no ETag on the page"
        old, new = held.strip('"').split("-"), etag.strip('"').split("-")
        if len(old) != 4 or len(new) != 4:
            return "an ETag of another form"
        if old[1] != new[1]:
            return "version rose without a save at its table"
        if old[2] != new[2]:
            return "language changed"
        if old[3] != new[3]:
            return "cookie part of the ETag changed"
        return "same ETag, answered 200 all the same"

    def post(self, path: str, fields: dict[str, str], stats: Stats, kind: str) -> int:
        headers = self.headers() | {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://127.0.0.1:{self.port}{path}",
            "Origin": f"http://127.0.0.1:{self.port}",
        }
        started = time.perf_counter()
        status, answer, _ = request(
            self.port, "POST", path, headers, urllib.parse.urlencode(fields)
        )
        stats.add(kind, (time.perf_counter() - started) * 1000, status)
        self.keep(answer)
        return status


def every(
    seconds: float,
    stop: float,
    rng: random.Random,
    step: Callable[[], None],
    stats: Stats,
    what: str,
) -> None:
    """Run `step` every `seconds` from a random start until `stop`."""
    time.sleep(rng.uniform(0, seconds))
    next_at = time.monotonic()
    while next_at < stop:
        try:
            step()
        except OSError as error:
            stats.error(f"{what}: {type(error).__name__}")
        next_at += seconds
        time.sleep(max(0.0, min(next_at, stop) - time.monotonic()))


def hand_fields(page: bytes, rng: random.Random) -> dict[str, str] | None:
    """Return a new hand's form fields from the link page (None if it has no form)."""
    token = TOKEN.search(page)
    expected = re.search(rb'name="expected" value="(\d+)"', page)
    if not token or not expected:
        return None
    fields = {
        "csrfmiddlewaretoken": token.group(1).decode(),
        "expected": expected.group(1).decode(),
        "contract": "manual",
        "manual_reason": "bench",
    }
    return fields | {f"manual_{s}": str(v) for s, v in enumerate(rng.choice(SCORES))}


def table_phones(
    ports: list[int], token: str, stats: Stats, stop: float, rng: random.Random, saved: Counter[str]
) -> list[threading.Thread]:
    """Return the threads of a table's two phones: both poll its link page every 3 s; every 30 s
    the first sends three previews, saves a hand and loads the page after it."""
    path = f"/table/{token}/"
    phones = [Phone(ports[n % len(ports)]) for n in range(2)]
    for phone in phones:
        phone.get(path, Stats(), "warm-up")  # its cookies, as when the QR code was scanned

    def save() -> None:
        phone = phones[0]
        fields = hand_fields(phone.pages.get(path, b""), rng)
        if fields is None:
            stats.error("link page without its form")
            return
        for _ in range(3):
            if phone.post(path + "preview/", fields, stats, "preview") != 200:
                stats.error("preview failed")
        for each in phones:
            each.table_saved.add(path)
        try:
            status = phone.post(path, fields | {"save": "1"}, stats, "save")
        except OSError as error:
            # No answer: the hand may be saved or not; counted apart, never as doubled.
            saved[f"unanswered {token}"] += 1
            stats.error(f"save: {type(error).__name__}")
            return
        if status != 302:
            stats.error(f"save answered {status}")
            return
        saved[token] += 1
        phone.etags.pop(path, None)
        if phone.get(path, stats, "page after save") != 200:
            stats.error("page after save not 200")

    threads = [
        threading.Thread(
            target=every,
            args=(
                POLL_LINK_EVERY,
                stop,
                random.Random(rng.random()),
                lambda p=phone: p.get(path, stats, "link poll"),
                stats,
                "link poll",
            ),
            daemon=True,
        )
        for phone in phones
    ]
    threads.append(
        threading.Thread(
            target=every, args=(SAVE_EVERY, stop, rng, save, stats, "save"), daemon=True
        )
    )
    return threads


def watchers(
    ports: list[int], slug: str, args: argparse.Namespace, session: str, stats: Stats, stop: float
) -> list[threading.Thread]:
    """Return the threads of the spectators, the projectors and the director's round page."""
    rng = random.Random(33)
    pages = [
        ("standings", f"/t/{slug}/standings/", 70),
        ("round standings", f"/t/{slug}/standings/1/", 15),
        ("tournament page", f"/t/{slug}/", 15),
    ]
    jobs: list[tuple[float, Phone, str, str]] = []
    for n in range(args.spectators):
        kind, path, _ = rng.choices(pages, weights=[w for *_, w in pages])[0]
        jobs.append((POLL_EVERY, Phone(ports[n % len(ports)]), path, kind))
    for n in range(args.projectors):
        jobs.append(
            (POLL_LINK_EVERY, Phone(ports[n % len(ports)]), f"/t/{slug}/projector/", "projector")
        )
    if not args.no_director:
        jobs.append(
            (
                POLL_LINK_EVERY,
                Phone(ports[0], f"sessionid={session}"),
                f"/t/{slug}/round/1/",
                "director's round page",
            )
        )
    return [
        threading.Thread(
            target=every,
            args=(
                seconds,
                stop,
                random.Random(rng.random()),
                lambda p=phone, u=path, k=kind: p.get(u, stats, k),
                stats,
                kind,
            ),
            daemon=True,
        )
        for seconds, phone, path, kind in jobs
    ]


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


KINDS = [
    # (page, p95 target in ms)
    ("link poll", 50.0),
    ("standings", 50.0),
    ("round standings", 50.0),
    ("tournament page", 50.0),
    ("projector", 50.0),
    ("preview", 100.0),
    ("page after save", 100.0),
    ("director's round page", 150.0),
    ("save", 200.0),
]


def report(stats: Stats, seconds: float, lost: int, doubled: int) -> None:
    print(f"\n== {seconds:.0f} s of a tournament day ==")
    verdict = [("0 errors", not stats.errors), ("nothing lost or doubled", not lost + doubled)]
    for kind, target in KINDS:
        values = stats.ms.get(kind, [])
        if not values:
            continue
        codes = ", ".join(f"{code}: {n}" for code, n in sorted(stats.codes.get(kind, {}).items()))
        p95 = percentile(values, 95)
        print(
            f"{kind:>22}: {len(values):6d} ({len(values) / seconds:5.1f}/s; {codes}); "
            f"p50 {percentile(values, 50):6.1f} ms, p95 {p95:6.1f} ms, "
            f"max {max(values):6.1f} ms"
        )
        verdict.append((f"p95 {kind} < {target:.0f} ms", p95 < target))
    print(
        f"errors: {sum(stats.errors.values())}"
        + "".join(f"\n  {k}: {n}" for k, n in stats.errors.items())
    )
    print(f"hands lost: {lost}, doubled: {doubled}")
    missed = [name for name, ok in verdict if not ok]
    print("targets: " + ("all met" if not missed else "MISSED " + "; ".join(missed)))


def report_link_pages(stats: Stats, saves: int) -> None:
    """Print the link polls answered whole, by cause, against those expected: per save, the
    table's other phone (each phone loaded its page before the day; the phone that saved has
    its page after the save, whose validator its next poll sends)."""
    causes = stats.causes.get("link poll", Counter())
    print(
        f"link polls answered 200: {sum(causes.values())} (expected about {saves}: "
        f"each save seen by the table's other phone)"
    )
    for why, count in causes.most_common():
        print(f"  {why}: {count}")


def lost_and_doubled(
    tournament: Tournament, before: dict[str, int], saved: Counter[str]
) -> tuple[int, int]:
    """Return the hands lost and doubled: each table's hands against its saves answered 302
    (a save never answered may have been kept or not)."""
    lost = doubled = 0
    counts = Hand.objects.filter(table__round__tournament=tournament).values("table__token")
    for row in counts.annotate(n=Count("pk")):
        token = row["table__token"]
        difference = row["n"] - before[token] - saved[token]
        lost += max(0, -difference)
        doubled += max(0, difference - saved[f"unanswered {token}"])
    return lost, doubled


def server_cpu_seconds(servers: list[subprocess.Popen[bytes]]) -> float:
    """Return the CPU seconds the servers' processes (masters and workers) have used so far.

    On a machine shared with other work, latencies measure the machine; this measures the
    server's own cost, whatever else runs (Linux only: /proc)."""
    masters = {server.pid for server in servers}
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended meanwhile
        pid = int(stat.parent.name)
        if pid in masters or int(fields[1]) in masters:
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


def run_day(
    ports: list[int], slug: str, tokens: list[str], session: str, args: argparse.Namespace
) -> tuple[Counter[str], Stats]:
    """Run the day's load for --seconds; return the saves answered at each table."""
    stats = Stats()
    stop = time.monotonic() + args.seconds
    saved: Counter[str] = Counter()
    rng = random.Random(16)
    threads = [
        thread
        for token in tokens
        for thread in table_phones(ports, token, stats, stop, random.Random(rng.random()), saved)
    ] + watchers(ports, slug, args, session, stats, stop)
    for thread in threads:
        thread.start()
    print(
        f"{len(tokens)} tables (2 phones each, every {POLL_LINK_EVERY:.0f} s; a save every "
        f"{SAVE_EVERY:.0f} s), {args.spectators} spectators, {args.projectors} projectors, "
        f"director {'off' if args.no_director else 'on'}, for {args.seconds:.0f} s on "
        f"{len(ports)} instance(s) ...",
        flush=True,
    )
    for thread in threads:
        thread.join(timeout=args.seconds + 60)
    stats.seconds = args.seconds
    return saved, stats


def ramp(port: int, slug: str) -> None:
    print("\n== ramp of the poll rate (p95 from when each poll was due) ==")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=260, help="players (tables of four)")
    parser.add_argument("--spectators", type=int, default=None, help="300 (120 for 160 players)")
    parser.add_argument("--projectors", type=int, default=2)
    parser.add_argument("--no-director", action="store_true", help="no director's round page")
    parser.add_argument("--hands-before", type=int, default=4, help="hands a table has at start")
    parser.add_argument("--instances", type=int, default=1, help="gunicorn instances (1 or 2)")
    parser.add_argument("--no-ramp", action="store_true", help="skip the ramp of the poll rate")
    args = parser.parse_args()
    args.seconds = max(5.0, min(args.seconds, 3600.0))
    args.players = max(8, min(args.players, 400)) // 4 * 4
    if args.spectators is None:
        args.spectators = 300 if args.players > 160 else 120
    try:
        connection.ensure_connection()
    except OperationalError as error:
        # `make bench` runs every benchmark; this one needs the PostgreSQL server.
        print(f"bench_day skipped: no database at {SERVER_ENV['DATABASE_URL']} ({error})")
        return
    call_command("migrate", verbosity=0)
    slug = f"bench-day-{os.getpid()}"
    Tournament.objects.filter(slug=slug).delete()
    print(
        f"building {slug}: {args.players} players, round 1 drawn, {args.hands_before} hands a table"
    )
    tournament, session = build(slug, args.players, args.hands_before)
    tokens = list(
        Table.objects.filter(round__tournament=tournament).values_list("token", flat=True)
    )
    before = {token: args.hands_before for token in tokens}
    ports = [free_port() for _ in range(max(1, min(args.instances, 2)))]
    servers = [start_server(port) for port in ports]
    cache = os.environ.get("CACHE_URL") or "database (embedded default)"
    print(
        f"gunicorn (gunicorn.conf.py) on 127.0.0.1:{', '.join(map(str, ports))}, "
        f"database {SERVER_ENV['DATABASE_URL']}, shared cache {cache}"
    )
    try:
        # The servers are up before the day begins: each worker has loaded its templates.
        for port in ports:
            for _ in range(40):
                request(port, "GET", f"/t/{slug}/standings/", {})
            for page in ("standings/1/", "", "projector/"):
                for _ in range(8):
                    request(port, "GET", f"/t/{slug}/{page}", {})
        cpu = server_cpu_seconds(servers)
        saved, stats = run_day(ports, slug, tokens, session, args)
        cpu = server_cpu_seconds(servers) - cpu
        report(stats, args.seconds, *lost_and_doubled(tournament, before, saved))
        answered_saves = sum(n for key, n in saved.items() if not key.startswith("unanswered"))
        report_link_pages(stats, answered_saves)
        answered = sum(len(values) for values in stats.ms.values())
        print(
            f"server CPU: {cpu:.1f} s in {args.seconds:.0f} s ({cpu / args.seconds:.2f} of the "
            f"machine's cores), {1000 * cpu / max(1, answered):.2f} ms a request; load average "
            f"{os.getloadavg()[0]:.1f} (other work on this machine slows every latency above)"
        )
        if not args.no_ramp:
            ramp(ports[0], slug)
    finally:
        for server in servers:
            stop_server(server)
        delete(tournament)


if __name__ == "__main__":
    main()
