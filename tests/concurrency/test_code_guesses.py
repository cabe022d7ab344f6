"""Wrong table codes sent at once from one address, each on its own database connection on
PostgreSQL: exactly links.GUESSES of them are looked up, however many arrive together."""

import threading
from collections import Counter

import pytest
from django.db import connection

from tarock_cup.tournaments import links
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db(transaction=True)

AT_ONCE = 40
WAIT = 20  # seconds any one thread may take
ADDRESS = "192.0.2.7"


@pytest.fixture
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (SQLite serialises every writer); CI runs it there")


def send_at_once(code: str, times: int) -> Counter[str]:
    """Type `code` from ADDRESS on `times` connections at once; return each outcome's count."""
    start = threading.Barrier(times)
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()

    def type_code() -> None:
        try:
            start.wait(WAIT)
            links.table_for_code(code, ADDRESS)
            outcome = "opened"
        except links.LinkError as refused:
            outcome = type(refused).__name__
        finally:
            connection.close()  # each thread's own connection
        with lock:
            outcomes[outcome] += 1

    threads = [threading.Thread(target=type_code) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish"
    return outcomes


def test_forty_wrong_codes_at_once_are_looked_up_exactly_ten_times(postgres_only, director):
    make_table(make_tournament(director))
    outcomes = send_at_once("AAAAAA", AT_ONCE)
    assert outcomes == {"UnknownCode": links.GUESSES, "TooManyGuesses": AT_ONCE - links.GUESSES}, (
        f"of {AT_ONCE} wrong codes at once only {links.GUESSES} may be looked up: {outcomes}"
    )
