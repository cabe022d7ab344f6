"""Real parallel clients over HTTP against a live server on PostgreSQL: every hand is stored
exactly once, totals equal the engine's recomputation, and every stale save is refused."""

import http.client
import re
import threading
import time
from urllib.parse import urlencode, urlsplit

import pytest
from django.db import connection
from django.test import Client

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 20
HANDS = 16
TIMEOUT = 20  # seconds for any one request; the whole test is bounded by the joins below


class Browser:
    """A minimal HTTP client with a session cookie and the CSRF token of the last page."""

    def __init__(self, base: str, session: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.cookies = {"sessionid": session}
        self.token = ""

    def request(self, method: str, path: str, data: dict | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            body = urlencode({**data, "csrfmiddlewaretoken": self.token}, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        if match := re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text):
            self.token = match.group(1)
        conn.close()
        return response.status, text


def hand_fields(number: int) -> dict[str, str]:
    """Return a valid Tirol Cup Rufer for hand `number` (dealer seat 0 at hand 1)."""
    vorhand = number % 4
    return {
        "contract": "rufer",
        "declarer": str(vorhand),
        "partner": str((vorhand + 1) % 4),
        "points": "40" if number % 2 else "30",
        "save": "1",
        "expected": str(number),
    }


def session_for(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


@pytest.fixture
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (SQLite serialises every writer); CI runs it there")


def test_parallel_entry_stores_every_hand_once_and_refuses_every_stale_save(
    postgres_only, live_server, director, django_user_model
):
    second = django_user_model.objects.create_user("zweiter", password="pw-123456")
    tournament = make_tournament(director, players=4 * TABLES)
    tournament.directors.add(second)
    players = [reg.player.name for reg in tournament.registrations.order_by("pk")]
    tables = [
        make_table(tournament, table_number=t + 1, names=players[4 * t : 4 * t + 4])
        for t in range(TABLES)
    ]
    sessions = [session_for(director), session_for(second)]
    results: dict[tuple[int, int, int], int] = {}
    errors: list[BaseException] = []

    def run(table: Table, who: int, barriers: list[threading.Barrier]) -> None:
        path = f"/t/cup/round/1/table/{table.number}/"
        browser = Browser(live_server.url, sessions[who])
        try:
            browser.request("GET", path)  # the session's CSRF token
            for number in range(1, HANDS + 1):
                barriers[number - 1].wait(timeout=TIMEOUT)  # both directors save hand n at once
                status, _ = browser.request("POST", path, hand_fields(number))
                results[(table.number, number, who)] = status
            # Both open hand 1, then both correct it from the same page (version 1).
            browser.request("GET", path + "hand/1/")
            barriers[HANDS].wait(timeout=TIMEOUT)
            edit = {**hand_fields(1), "points": str(50 + who), "version": "1"}
            edit.pop("expected")
            status, _ = browser.request("POST", path + "hand/1/", edit)
            results[(table.number, 0, who)] = status
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)

    threads = []
    for table in tables:
        barriers = [threading.Barrier(2) for _ in range(HANDS + 1)]
        threads += [threading.Thread(target=run, args=(table, who, barriers)) for who in (0, 1)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1.0, 240 - (time.monotonic() - started)))
    assert not any(thread.is_alive() for thread in threads) and errors == []

    others = {k: status for k, status in results.items() if status not in (302, 409)}
    assert others == {}
    saved = [k for k, status in results.items() if status == 302]
    refused = [k for k, status in results.items() if status == 409]
    # Exactly one of the two directors saves each hand and each correction; the other is told.
    per_slot = {
        (t, n): sum(1 for (tt, nn, _) in saved if (tt, nn) == (t, n))
        for t in range(1, TABLES + 1)
        for n in range(HANDS + 1)
    }
    assert set(per_slot.values()) == {1}, {k: v for k, v in per_slot.items() if v != 1}
    assert len(refused) == TABLES * (HANDS + 1) and len(results) == 2 * TABLES * (HANDS + 1)
    for table in tables:
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        table.refresh_from_db()
        recomputed = scoring.score_sheet(sheets.sheet_for(table, [h.data for h in hands]))
        assert [h.number for h in hands] == list(range(1, HANDS + 1))
        assert [h.scores for h in hands] == [list(h.scores) for h in recomputed.hands]
        assert table.totals == list(recomputed.totals)
        assert (hands[0].version, hands[0].data["points"] in ("50", "51")) == (2, True)
    print(
        f"\nparallel clients: {len(threads)}, hands: {TABLES * HANDS}, "
        f"stale saves refused: {len(refused)}, seconds: {time.monotonic() - started:.1f}"
    )
