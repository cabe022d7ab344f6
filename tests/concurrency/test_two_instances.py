"""Two gunicorn instances on two ports (as two app hosts behind one proxy) against one
PostgreSQL serve one room: a live page one renders the other serves from the shared cache,
the limit of wrong table codes holds across both, and two phones saving one hand through
different instances at once keep exactly one (issue 33, point 5)."""

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection

from tarock_cup.tournaments import links, live, rounds
from tarock_cup.tournaments.models import Hand, Table
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(port, method, path, headers=None, body=None):
    """Return the status, headers (lower-case names) and body of one request to the port."""
    link = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        link.request(method, path, body=body, headers=headers or {})
        answer = link.getresponse()
        headers = {k.lower(): v for k, v in answer.getheaders()}
        # Each cookie is a header of its own: all of them, one a line (a dict keeps the last).
        headers["set-cookie"] = "\n".join(answer.msg.get_all("Set-Cookie") or [])
        return answer.status, headers, answer.read()
    finally:
        link.close()


def database_url() -> str:
    """Return the address of the test database, which the instances share with the test."""
    given = connection.settings_dict
    password = f":{given['PASSWORD']}" if given["PASSWORD"] else ""
    port = given["PORT"] or "5432"
    return f"postgres://{given['USER']}{password}@{given['HOST']}:{port}/{given['NAME']}"


def start(port: int) -> subprocess.Popen[bytes]:
    env = os.environ | {
        "DATABASE_URL": database_url(),
        "DEBUG": "0",
        "SECRET_KEY": "two-instances-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "HTTPS": "0",
        "WEB_BIND": f"127.0.0.1:{port}",
        "WEB_WORKERS": "2",
        "WEB_THREADS": "4",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    gunicorn = Path(sys.executable).with_name("gunicorn")
    return subprocess.Popen(
        [str(gunicorn), "tarock_cup.wsgi", "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def instances():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (two servers on one SQLite file is no set-up to test)")
    ports = [free_port(), free_port()]
    servers = [start(port) for port in ports]
    try:
        for port in ports:
            deadline = time.monotonic() + 30
            while True:
                try:
                    call(port, "GET", "/")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        pytest.fail(f"gunicorn on port {port} did not answer within 30 s")
                    time.sleep(0.2)
        yield ports
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()


@pytest.fixture
def room(director):
    caches[live.SHARED_CACHE].clear()  # a table of its own, which the tests' flush leaves alone
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    return tournament


class Phone:
    """A browser on one instance: its cookies, and the form token of the page it holds."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def get(self, path: str) -> str:
        status, headers, body = call(self.port, "GET", path, self.headers())
        assert status == 200, f"{path} on port {self.port} answered {status}"
        self.keep(headers)
        match = TOKEN.search(body.decode())
        return match.group(1) if match else ""

    def post(self, path: str, fields: dict[str, str]) -> int:
        headers = self.headers() | {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"http://127.0.0.1:{self.port}",
            "Referer": f"http://127.0.0.1:{self.port}{path}",
        }
        status, answer, _ = call(self.port, "POST", path, headers, urllib.parse.urlencode(fields))
        self.keep(answer)
        return status

    def headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}

    def keep(self, headers: dict[str, str]) -> None:
        """Keep every cookie the answer sets, and drop those it deletes (as a browser does)."""
        for line in headers.get("set-cookie", "").splitlines():
            pair, _, attributes = line.partition(";")
            name, _, value = pair.strip().partition("=")
            if not name:
                continue
            if value in ("", '""') or "max-age=0" in attributes.lower():
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value


def shared_keys() -> list[str]:
    """Return the keys of the live pages in the shared cache (the database's, or Redis)."""
    shared = caches[live.SHARED_CACHE]
    if isinstance(shared, RedisCache):
        found = shared._cache.get_client().keys("*live:*")  # noqa: SLF001 (no public listing)
        return [key.decode().split(":", 2)[2] for key in found]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT cache_key FROM tarock_cup_live_pages WHERE cache_key LIKE %s", ["%live:%"]
        )
        return [row[0].split(":", 2)[2] for row in cursor.fetchall()]


def test_a_live_page_one_instance_rendered_is_served_by_the_other(instances, room):
    first, second = instances
    status, _, _ = call(first, "GET", "/t/cup/standings/")
    assert status == 200, f"the standings on the first instance answered {status}"
    (key,) = shared_keys()
    kept = caches[live.SHARED_CACHE].get(key)
    # The shared copy marked: the second instance shows the mark only if it took that copy.
    caches[live.SHARED_CACHE].set(key, kept._replace(content=b"shared copy"), live.CACHE_SECONDS)
    _, _, body = call(second, "GET", "/t/cup/standings/?utm_source=qr")
    assert body == b"shared copy", "the second instance should serve the first one's copy"


def test_the_table_code_limit_holds_across_both_instances(instances, room):
    phones = [Phone(port) for port in instances]
    tokens = [phone.get("/table/") for phone in phones]
    statuses = [
        phones[n % 2].post("/table/", {"csrfmiddlewaretoken": tokens[n % 2], "code": "AAAAAA"})
        for n in range(2 * links.GUESSES)
    ]
    refused = statuses.count(429)
    assert refused == links.GUESSES, (
        f"of {2 * links.GUESSES} wrong codes from one address over two instances, the last "
        f"{links.GUESSES} should be refused as too many: {statuses}"
    )


def save_at_once(phones, path, tokens, expected):
    """Post one new hand from each phone at once; return their statuses."""
    start = threading.Barrier(len(phones))
    statuses = [0] * len(phones)

    def save(n: int) -> None:
        scores = {f"manual_{s}": str(v) for s, v in enumerate([n + 1, -(n + 1), 1, -1])}
        fields = {
            "csrfmiddlewaretoken": tokens[n],
            "expected": str(expected),
            "contract": "manual",
            "manual_reason": "race",
            "save": "1",
        }
        start.wait(20)
        statuses[n] = phones[n].post(path, fields | scores)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return statuses


def test_two_phones_saving_one_hand_through_both_instances_keep_one(instances, room):
    table = Table.objects.filter(round__tournament=room).order_by("number").first()
    path = f"/table/{table.token}/"
    phones = [Phone(port) for port in instances]
    outcomes = []
    for expected in (1, 2, 3):
        tokens = [phone.get(path) for phone in phones]
        outcomes.append(sorted(save_at_once(phones, path, tokens, expected)))
    hands = Hand.objects.filter(table=table).count()
    assert (hands, outcomes) == (3, [[302, 409]] * 3), (
        f"each hand saved at once through both instances should be kept once and the other "
        f"phone told of the conflict: {hands} hands, statuses {outcomes}"
    )
