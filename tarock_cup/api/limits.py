"""The API's rate limit: so many requests a minute from one client address, then 429.

Counted in the default cache, not in a table as the typed table codes are
(tournaments.links): a code is typed a few times a day, the API may be asked many times a
second, and a database write (a commit) on every answer would cost most of the answer's time
budget and make every reader a writer. The price: the cache is each server process's own here
(LocMemCache), so a client whose requests are spread over N processes may get up to N times the
limit; a shared cache (settings.CACHES) makes it exact. The limit is against floods, not a
security boundary: the data is public.
"""

import time

from django.core.cache import cache

from tarock_cup.client_ip import address_digest

# Two a second on average: a cup website refreshing a few tables is never stopped, a scraper
# walking every player's record is slowed down.
REQUESTS = 120
WINDOW_SECONDS = 60


def current_window() -> int:
    """Return the number of the window of WINDOW_SECONDS that is now."""
    return int(time.time()) // WINDOW_SECONDS


def seconds_left(window: int) -> int:
    """Return how many seconds remain until the window after `window` begins (at least 1)."""
    return max(1, (window + 1) * WINDOW_SECONDS - int(time.time()))


def count_request(address: str | None) -> tuple[int, int]:
    """Count a request against the address; return the window and the count with it.

    Only a digest of the address is kept, and only for its window (the key expires after it).
    """
    window = current_window()
    key = f"api-requests:{address_digest(address)}:{window}"
    # add() starts the count only where there is none; incr() raises it in one step.
    cache.add(key, 0, WINDOW_SECONDS + 1)
    try:
        count = cache.incr(key)
    except ValueError:
        # The key expired (or was dropped) between add and incr: this is its first request.
        cache.set(key, 1, WINDOW_SECONDS + 1)
        count = 1
    return window, count
