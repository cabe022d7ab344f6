"""The tables of a round's page, each block rendered once per change and kept (issue 33).

The director's round page is polled every few seconds and changes with every save in the room,
so it is rarely a 304; at 65 tables it would render 65 table blocks for one changed table.
Here each table's block is kept under a key made of everything the block shows (its table's
row and hands, its seats' names and clubs, its link, the language, the viewer's side: a
director's block holds the table's link, a player's never does): a block is rendered again
only when what it shows changed, and a key never names a stale block. Blocks are kept in this
process; a page's blocks all together in the shared cache too (live.SHARED_CACHE), where a
process that has none of them takes them instead of rendering 65 blocks and QR codes.

A block never holds anything of the visitor: it is rendered without the request, so it has no
form token and no name of who asked (its buttons post through one form of the page, which
holds the token). The page's tables cost two queries however many there are: the tables with
their hands counted, and their seats' players as plain values.
"""

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, NamedTuple

from django.core.cache import caches
from django.db.models import Max
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from tarock_cup.tournaments import links, naming
from tarock_cup.tournaments.live import SHARED_CACHE
from tarock_cup.tournaments.models import Round, Seat, Table

logger = logging.getLogger(__name__)

TEMPLATE = "tournaments/_round_table.html"
# A block's key names what it shows, so it never goes stale: it is kept until it is pushed out.
KEEP_SECONDS = 24 * 3600
# Up to this many missing blocks are rendered here without asking the shared cache.
FEW_BLOCKS = 4
# This process keeps the latest blocks (a few KB each, the QR code the most of it).
LOCAL_BLOCKS = 4096

# One seat as the block shows it: the name as shown to this viewer and the club.
SeatShown = tuple[str, str]


class _Blocks:
    """The blocks this process rendered or took from the shared cache, the latest kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, str] = OrderedDict()

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        with self.lock:
            found = {key: self.kept[key] for key in keys if key in self.kept}
            for key in found:
                self.kept.move_to_end(key)
        return found

    def set_many(self, blocks: dict[str, str]) -> None:
        with self.lock:
            self.kept.update(blocks)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.kept.clear()


local_blocks = _Blocks(LOCAL_BLOCKS)


def tables_of(round_: Round) -> list[Table]:
    """Return the round's tables with their hands and seats counted and their last entry."""
    return list(
        round_.tables.with_hands_entered()
        .with_seats_counted()
        .annotate(last_entry=Max("hands__updated_at"))
    )


def seats_of(round_: Round, full_names: bool) -> dict[int, list[SeatShown]]:
    """Return each table's seats in order, each player named as this viewer sees them."""
    rows = (
        Seat.objects.filter(round=round_)
        .order_by("table_id", "position")
        .values_list("table_id", *naming.NAME_FIELDS, "player__club")
    )
    seats: dict[int, list[SeatShown]] = {}
    for table_id, name, number, private, forgotten, club in rows:
        shown = naming.shown(name, number, private, forgotten, full_names)
        seats.setdefault(table_id, []).append((shown, club))
    return seats


def _template_digest() -> str:
    """Return a digest of the block's template: a changed template never shows an old block."""
    source = getattr(get_template(TEMPLATE).template, "source", "")  # type: ignore[attr-defined]
    return hashlib.sha256(str(source).encode()).hexdigest()[:12]


def block_key(table: Table, seats: list[SeatShown], page: tuple[Any, ...]) -> str:
    """Return the key of the table's block: a digest of everything the block shows, with
    `page` what every block of the page shares (page_part)."""
    director_base = page[-1]
    shown = (
        *page,
        table.pk,
        table.number,
        table.played(),
        table.hands_due(),
        table.paper is not None,
        table.finished,
        table.signed_at,
        getattr(table, "last_entry", None),
        (table.code, table.token) if director_base is not None else None,
        seats,
    )
    return "round-table:" + hashlib.sha256(repr(shown).encode()).hexdigest()


def page_part(round_: Round, director_base: str | None) -> tuple[Any, ...]:
    """Return what the keys of a page's blocks share: the template, the language and time zone,
    the tournament's address and the round, and the site's address for a director's block (with
    the table's link and code; None for anyone else's, always last)."""
    tournament = round_.tournament
    language, zone = get_language(), get_current_timezone_name()
    return (_template_digest(), language, zone, tournament.slug, round_.number, director_base)


def _render(table: Table, seats: list[SeatShown], director_base: str | None) -> str:
    """Render one table's block, without the request: nothing of the visitor is in it."""
    if director_base is not None:
        links.attach(table, director_base)
    context = {"table": table, "seats": seats, "is_director": director_base is not None}
    return render_to_string(TEMPLATE, context)


def bundle_key(page: tuple[Any, ...]) -> str:
    """Return the shared cache's key of a page's blocks, kept together."""
    return "round-tables:" + hashlib.sha256(repr(page).encode()).hexdigest()


def _shared_bundle(bundle: str) -> dict[str, str]:
    """Return the page's blocks as the shared cache holds them (one read; {} if it cannot)."""
    try:
        held = caches[SHARED_CACHE].get(bundle)
    except Exception:  # noqa: BLE001 (Redis down, say: the blocks are rendered here instead)
        logger.warning("round tables: the shared cache could not be read", exc_info=True)
        return {}
    return held if isinstance(held, dict) else {}


def _share_bundle(bundle: str, blocks: dict[str, str]) -> None:
    try:
        caches[SHARED_CACHE].set(bundle, blocks, KEEP_SECONDS)
    except Exception:  # noqa: BLE001 (as in _shared_bundle: the page is served all the same)
        logger.warning("round tables: the shared cache could not be written", exc_info=True)


class Shown(NamedTuple):
    """The round's tables as its page shows them: their blocks, and whether any hand of the
    round has been entered (Round.started, counted with the tables)."""

    html: SafeString
    started: bool


def table_blocks(round_: Round, *, full_names: bool, director_base: str | None) -> Shown:
    """Return the HTML of the round's table blocks in order, each rendered only if this process
    does not keep it already, and whether the round has started.

    A few changed blocks are rendered here (a block costs less than a read of the shared
    cache); when many are missing (this process's first page, a change every table shows),
    the page's blocks are taken from the shared cache, where the process that rendered them
    first left them, all in one entry: one read, one write, however many tables.
    """
    tables = tables_of(round_)
    seats = seats_of(round_, full_names)
    page = page_part(round_, director_base)
    keys = [block_key(table, seats.get(table.pk, []), page) for table in tables]
    found = local_blocks.get_many(keys)
    bundle = bundle_key(page)
    if len(keys) - len(found) > FEW_BLOCKS:
        shared = _shared_bundle(bundle)
        taken = {key: shared[key] for key in keys if key in shared and key not in found}
        local_blocks.set_many(taken)
        found |= taken
    made: dict[str, str] = {}
    for table, key in zip(tables, keys, strict=True):
        if key not in found:
            made[key] = found[key] = _render(table, seats.get(table.pk, []), director_base)
    local_blocks.set_many(made)
    if len(made) > FEW_BLOCKS:
        _share_bundle(bundle, {key: found[key] for key in keys})
    # Each block was rendered by the template engine, its every value escaped there.
    html = mark_safe("".join(found[key] for key in keys))  # noqa: S308
    return Shown(html, any(getattr(table, "hands_entered", 0) for table in tables))
