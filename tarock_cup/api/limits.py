"""The API's rate limit: so many requests a minute from one client address, then 429.

Counted in a table (ApiRequests), not a cache: the default cache is each server process's own,
so a client spreading its requests over the processes would get the limit once per process.
"""

import time

from django.db import transaction
from django.db.models import F

from tarock_cup.api.models import ApiRequests
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

    The database raises the count and this transaction holds the row until it has read it
    back: of requests sent at once, each sees its own number.
    """
    digest, window = address_digest(address), current_window()
    with transaction.atomic():
        # Insert the window's row unless there is one (INSERT ... ON CONFLICT DO NOTHING).
        ApiRequests.objects.bulk_create(
            [ApiRequests(address=digest, window=window)], ignore_conflicts=True
        )
        row = ApiRequests.objects.filter(address=digest, window=window)
        row.update(count=F("count") + 1)
        count = row.values_list("count", flat=True).get()
    if count == 1:
        # The address's first request of a window clears the rows of windows past.
        ApiRequests.objects.filter(window__lt=window).delete()
    return window, count
