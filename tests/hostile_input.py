"""The machinery of the hostile-input tests (tests/test_hostile_input.py): hostile values and
how a form's fields are mutated with them, the world of tournaments the tests run in, the checks
after every request (no 500, nothing written on a refusal, the sheets whole, names escaped), the
fuzzer that sends each request and checks it, and the requests and files each test draws.

The number of requests sent is counted in REQUESTS; the tests write it to
bench/out/fuzz_count.txt (OUT).
"""

import functools
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import scoring
from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.forms import TournamentForm
from tarock_cup.tournaments.hand_forms import families
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)
from tests.factories import make_table, make_tournament

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
NASTY = [SCRIPT, IMG]
# What must never reach a page unescaped.
RAW = [SCRIPT, "<img src=x onerror"]
SQL = "'; DROP TABLE tournaments_hand; --"

OUT = Path(__file__).resolve().parent.parent / "bench" / "out" / "fuzz_count.txt"
REQUESTS = {"count": 0}


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


# -- values ----------------------------------------------------------------------------------

JUNK_WORDS = [
    "",
    " ",
    "-1",
    "-0",
    "-5",
    "5",
    "99",
    "65536",
    "2147483648",
    "9223372036854775808",
    str(10**30),
    str(-(10**30)),
    "1e309",
    "-1e309",
    "nan",
    "NaN",
    "inf",
    "1.5",
    "0.0",
    "0x10",
    "1_000",
    "١٢",
    "１２",
    "\x00",
    "a\x00b",
    "None",
    "null",
    "true",
    "[]",
    "{}",
    "on",
    "declarer",
    "defenders",
    "manual",
    "rufer",
    "pagat",
    "not_a_contract",
    "__proto__",
    "ünicode – “quoted” 🂡",
    "\u202e\u0301",
    SCRIPT,
    IMG,
    SQL,
    '" OR 1=1 --',
    "A" * 300,
    "9" * 5000,
]

junk = st.one_of(
    st.sampled_from(JUNK_WORDS),
    st.text(max_size=24),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)


def valid_values(field: Any) -> list[str]:
    """Return values a director could really pick for a form field."""
    choices = getattr(field, "choices", None)
    if choices is not None:
        return [str(key) for key, _ in choices]
    if field.__class__.__name__ == "BooleanField":
        return ["on", ""]
    if field.__class__.__name__ == "IntegerField":
        return ["-3", "-1", "0", "1", "2", "3", "6"]
    return ["", "0", "10", "30", "35/2", "35 2/3", "36", "40", "70", "abc"]


def field_value(draw: Callable[..., Any], field: Any) -> Any:
    """Return a posted value for a field: a real choice, junk, several values or a file."""
    kind = draw(st.sampled_from(["valid"] * 5 + ["junk"] * 3 + ["list", "empty"]))
    if kind == "valid":
        return draw(st.sampled_from(valid_values(field)))
    if kind == "junk":
        return draw(junk)
    if kind == "empty":
        return ""
    return draw(st.lists(st.one_of(st.sampled_from(valid_values(field)), junk), max_size=3))


def mutate(
    draw: Callable[..., Any], base: dict[str, Any], fields: dict[str, Any], max_changes: int = 6
) -> dict[str, Any]:
    """Return `base` with some fields changed to real choices or junk, some dropped, and some
    unknown fields added."""
    post = dict(base)
    names = sorted(fields)
    for name in draw(st.lists(st.sampled_from(names), max_size=max_changes, unique=True)):
        if draw(st.integers(0, 5)) == 0:
            post.pop(name, None)
        else:
            post[name] = field_value(draw, fields[name])
    for _ in range(draw(st.integers(0, 2)) if draw(st.booleans()) else 0):
        post[draw(st.sampled_from(["foo", "b_nope_side", "kontra_seat_9", "p7_points", "id"]))] = (
            draw(junk)
        )
    return post


# -- the world -------------------------------------------------------------------------------

# Hands each table starts with (all accepted by the engine), per ruleset.
SEED_HANDS = {
    "tirol_cup": [
        {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"},
        {"contract": "dreier", "declarer": 3, "points": "40"},
        {"manual": {"scores": [3, -1, -1, -1], "reason": SCRIPT}},
    ],
    "extended": [
        {
            "contract": "piccolo",
            "declarer": 1,
            "tricks": 1,
            "bei": {"contract": "piccolo_bei", "declarer": 2, "tricks": 1},
        },
        {"manual": {"scores": [1, 1, -1, -1], "reason": IMG}},
    ],
    "lungau": [{"manual": {"scores": [2, -2, 0, 0], "reason": SQL}}],
    "standard": [
        {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"},
        {"manual": {"scores": [3, 0, -1, -1, -1], "reason": "Schreibfehler"}},
    ],
}

# Form posts that the engine accepts at the first table of "cup" (Tirol Cup) as hand 4, and
# others that look right; the fuzzer starts from one of these and mutates it.
HAND_BASES = [
    {
        "contract": "manual",
        "manual_0": "3",
        "manual_1": "-1",
        "manual_2": "-1",
        "manual_3": "-1",
        "manual_reason": SQL,
    },
    {"contract": "manual", "manual_0": "1", "manual_1": "-1", "manual_reason": SCRIPT},
    {"contract": "piccolo", "declarer": "0", "tricks": "1", "kontra_seat_1": "1"},
    {"contract": "dreier", "declarer": "3", "points": "40"},
    {"contract": "rufer", "declarer": "0", "partner": "2", "points": "40"},
    # a King in the talon, given up: the partner is chosen as "plays alone" (it must be chosen)
    {
        "contract": "rufer",
        "declarer": "0",
        "partner": "alone",
        "king_in_talon": "on",
        "surrendered": "on",
    },
    {
        "contract": "trischaken",
        "p0_points": "10",
        "p0_tricks": "2",
        "p1_points": "25",
        "p1_tricks": "4",
        "p2_points": "30",
        "p2_tricks": "5",
        "p3_points": "5",
        "p3_tricks": "1",
    },
    {
        "contract": "rufer",
        "declarer": "0",
        "partner": "1",
        "points": "40",
        "kontra_game": "1",
        "b_pagat_side": "declarer",
        "b_pagat_announced": "on",
        "b_pagat_result": "made",
    },
    {"contract": "piccolo", "declarer": "1", "tricks": "1", "bei_contract": "piccolo_bei"},
    {"contract": "fahren", "p0_points": "9", "p1_points": "27", "p0_kontra": "on"},
    {},
]


class World:
    """Tournaments of four rulesets directed by `director`, one of `other_user`'s, and the
    player names a page must escape."""

    def __init__(self, director: Any, other_user: Any) -> None:
        self.director = director
        # Tirol Cup, eight players (two with HTML names): round 1 has hands at table 1,
        # round 2 is drawn but not started (seats can be swapped).
        cup = make_tournament(director, "tirol_cup", slug="cup", players=8)
        names = [SCRIPT, IMG, f"{SQL} Maier", "Zoë Ürlich"]
        for player, name in zip(Player.objects.filter(tournaments=cup), names, strict=False):
            player.name = name
            player.save()
        first = make_table(cup)
        make_table(cup, table_number=2, names=self._names(cup)[4:8])
        rounds.draw_round(cup, seed=7, user=director, confirmed=2)
        self.cup = cup
        self.tables = [first]
        for ruleset, slug, seats in [
            ("extended", "ext", 4),
            ("lungau", "lun", 4),
            ("standard", "std5", 5),
        ]:
            tournament = make_tournament(director, ruleset, slug=slug, players=seats)
            self.tables.append(make_table(tournament, seats=seats))
        self.foreign = make_tournament(other_user, "tirol_cup", slug="foreign", players=4)
        self.foreign_table = make_table(self.foreign)
        for table in [*self.tables, self.foreign_table]:
            for hand in SEED_HANDS[table.round.tournament.ruleset]:
                sheets.save_hand(table, hand, user=director)
        # Hand 2 of the Tirol table was corrected, hand 3 of a copy deleted: history to restore.
        sheets.save_hand(
            first, {"contract": "dreier", "declarer": 3, "points": "30"}, number=2, user=director
        )
        sheets.save_hand(first, SEED_HANDS["tirol_cup"][2], user=director)
        sheets.delete_hand(first, 4, user=director)
        self.change_ids = list(Change.objects.values_list("pk", flat=True))

    @staticmethod
    def _names(tournament: Tournament) -> list[str]:
        return [reg.player.name for reg in tournament.registrations.order_by("pk")]


# -- state and checks ------------------------------------------------------------------------


FINGERPRINTED = [
    Hand,
    Table,
    Registration,
    Player,
    Seat,
    Round,
    Tournament,
    Tournament.directors.through,
    Change,
]


def fingerprint() -> dict[str, list[dict[str, Any]]]:
    """Return every row of every model a request could change (and of the change log).

    Plain SQL: the ORM's query compilation would cost more than most requests."""
    rows = {}
    with connection.cursor() as cursor:
        for model in FINGERPRINTED:
            columns = [field.column for field in model._meta.concrete_fields]
            cursor.execute(
                f"SELECT {', '.join(columns)} FROM {model._meta.db_table} ORDER BY 1"  # noqa: S608
            )
            rows[model._meta.db_table] = [dict(zip(columns, row, strict=True)) for row in cursor]
    return rows


def assert_consistent() -> None:
    """Every table's stored scores are the engine's scoring of its hands, numbered 1..n."""
    for table in Table.objects.select_related("round__tournament"):
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        assert [hand.number for hand in hands] == list(range(1, len(hands) + 1)), table
        seats = list(Seat.objects.filter(table=table).order_by("position").select_related("player"))
        assert [seat.position for seat in seats] == list(range(len(seats))), table
        tournament = table.round.tournament
        scored = scoring.score_sheet(
            {
                "ruleset": tournament.ruleset,
                "options": dict(tournament.options),
                "players": [seat.player.name for seat in seats],
                "first_dealer": table.first_dealer,
                "hands": [hand.data for hand in hands],
            }
        )
        assert [list(hand.scores) for hand in hands] == [list(r.scores) for r in scored.hands]
        assert [(h.stake, h.sitting_out) for h in hands] == [
            (r.stake, r.sitting_out) for r in scored.hands
        ]
        assert table.totals == (list(scored.totals) if hands else [0] * len(seats)), table
    for round_ in Round.objects.all():
        players = list(Seat.objects.filter(round=round_).values_list("player_id", flat=True))
        assert len(players) == len(set(players)), round_


class Fuzzer:
    """Sends requests and checks each one."""

    def __init__(self, client: Any, world: "World") -> None:
        self.client = client
        self.foreign = world.foreign_table

    def foreign_rows(self, rows: dict[str, list[dict[str, Any]]]) -> list[Any]:
        """Return the other director's tournament, from a fingerprint: nobody here may change
        it, whatever the response."""
        table, tournament = self.foreign.pk, self.foreign.round.tournament_id
        return [
            [row for row in rows[Hand._meta.db_table] if row["table_id"] == table],
            [row for row in rows[Table._meta.db_table] if row["id"] == table],
            [row for row in rows[Seat._meta.db_table] if row["table_id"] == table],
            [
                row
                for row in rows[Registration._meta.db_table]
                if row["tournament_id"] == tournament
            ],
            [row for row in rows[Tournament._meta.db_table] if row["id"] == tournament],
        ]

    def send(self, method: str, url: str, data: Any = None, **extra: Any) -> Any:
        before = fingerprint()
        # Unread messages of earlier requests would pile up in the cookie.
        self.client.cookies.pop("messages", None)
        REQUESTS["count"] += 1
        if method == "post":
            response = self.client.post(url, data if data is not None else {}, **extra)
        else:
            response = self.client.get(url, data, **extra)
        assert response.status_code < 500, (url, data)
        self.assert_escaped(response)
        after = fingerprint()
        assert self.foreign_rows(after) == self.foreign_rows(before), (
            "another tournament changed",
            url,
            data,
        )
        if self.refused(response):
            assert after == before, ("refused, yet changed", url, data)
        elif after != before:
            assert_consistent()
        return response

    @staticmethod
    def refused(response: Any) -> bool:
        if response.status_code != 302:
            return True
        levels = [message.level for message in get_messages(response.wsgi_request)]
        return any(level >= messages.WARNING for level in levels)

    @staticmethod
    def assert_escaped(response: Any) -> None:
        if "html" not in response.get("Content-Type", ""):
            return
        content = response.content.decode()
        for raw in RAW:
            assert raw not in content, raw


def each_example(body: Callable[[], None]) -> None:
    """Run one example in a savepoint that is rolled back: every example starts the same."""
    with transaction.atomic():
        body()
        transaction.set_rollback(True)


def table_url(name: str, table: Table, *extra: Any, slug: str | None = None) -> str:
    return reverse(
        name, args=[slug or table.round.tournament.slug, table.round.number, table.number, *extra]
    )


@functools.cache
def _form_fields(ruleset: str, options: str, names: tuple[str, ...]) -> dict[str, Any]:
    # every field of every family's form: the mixture also posts one family's fields to another
    rules, chosen = scoring.get_ruleset(ruleset), json.loads(options)
    fields: dict[str, Any] = {}
    for form in families(rules, chosen):
        fields |= form(rules, chosen, names).fields
    return fields


def table_form_fields(table: Table) -> dict[str, Any]:
    tournament = table.round.tournament
    names = tuple(seat.player.name for seat in table.seats.all())
    return _form_fields(tournament.ruleset, json.dumps(tournament.options, sort_keys=True), names)


# -- hand forms ------------------------------------------------------------------------------


def address(draw: Callable[..., Any], world: World, table: Table, n: int) -> tuple[str, Any]:
    """Return the URL of a hand form: a new hand, an edit (maybe of a hand that is not there),
    another tournament's table, a table that does not exist."""
    where = draw(
        st.sampled_from(["new"] * 4 + ["edit"] * 4 + ["preview", "edit_preview", "elsewhere"])
    )
    number = draw(st.one_of(st.integers(1, n), st.sampled_from([0, n + 1, 2**15, 10**30])))
    if where == "new":
        return table_url("table", table), None
    if where == "edit":
        return table_url("hand_edit", table, number), number
    if where == "preview":
        return table_url("hand_preview", table), None
    if where == "edit_preview":
        return table_url("hand_edit_preview", table, number), number
    other = draw(
        st.sampled_from(
            [
                table_url("table", world.foreign_table),
                table_url("hand_edit", world.foreign_table, 1),
                table_url("hand_preview", world.foreign_table),
                reverse("table", args=["cup", 1, 99]),
                reverse("table", args=["cup", 7, 1]),
                reverse("hand_edit", args=["cup", 1, 1, 999]),
                reverse("table", args=["foreign", 1, 1]) + "hand/-1/",
                reverse("table", args=["cup", 1, 1]) + "hand/1.5/",
                reverse("table", args=["nope", 1, 1]),
            ]
        )
    )
    return other, number


@st.composite
def hand_requests(draw, world: World) -> tuple[str, dict[str, Any]]:
    table = draw(st.sampled_from(world.tables))
    fields = table_form_fields(table)
    n = table.hands.count()
    url, number = address(draw, world, table, n)
    post = mutate(draw, draw(st.sampled_from(HAND_BASES)), fields)
    if draw(st.integers(0, 3)):
        version = (
            Hand.objects.filter(table=table, number=number)
            .values_list("version", flat=True)
            .first()
        )
        post["expected"] = str(n + 1)
        post["version"] = str(version or 1)
    for key in ("expected", "version"):
        if draw(st.integers(0, 6)) == 0:
            post[key] = draw(junk)
    action = draw(st.sampled_from(["save"] * 4 + ["preview", None]))
    if action:
        post[action] = "1"
    return url, post


# -- delete, restore, finish -----------------------------------------------------------------


@st.composite
def delete_restore_requests(draw, world: World) -> tuple[str, dict[str, Any]]:
    table = draw(st.sampled_from([*world.tables, world.foreign_table]))
    n = table.hands.count()
    change = draw(
        st.one_of(
            st.sampled_from(world.change_ids),
            st.sampled_from([0, 10**6, 2**31, 2**63, 10**30]),
        )
    )
    number = draw(st.one_of(st.integers(0, n + 2), st.sampled_from([2**15, 2**63, 10**30])))
    url = draw(
        st.sampled_from(
            [
                table_url("hand_delete", table, number),
                table_url("hand_restore", table, change),
                table_url("hand_delete", table, number, slug="foreign"),
                table_url("hand_restore", table, change, slug="foreign"),
                table_url("table_finish", table),
            ]
        )
    )
    post = {
        key: draw(st.one_of(st.sampled_from(["1", "2", "before", "after"]), junk))
        for key in draw(st.lists(st.sampled_from(["version", "state", "finished"]), unique=True))
    }
    return url, post


# -- registrations, settings, seating --------------------------------------------------------


@st.composite
def registration_posts(draw, world: World) -> dict[str, Any]:
    cup_regs = list(world.cup.registrations.values_list("pk", flat=True))
    other_regs = list(world.foreign.registrations.values_list("pk", flat=True))
    if draw(st.booleans()):
        post: dict[str, Any] = {
            "new-name": draw(st.one_of(st.sampled_from([*NASTY, SQL, "Neu", " ", ""]), junk)),
            "new-club": draw(st.one_of(st.sampled_from([*NASTY, "", "Wien"]), junk)),
            "new-number": draw(st.one_of(st.sampled_from(["", "1", "7", "0", "-3"]), junk)),
            "add": "1",
        }
        for key in draw(st.lists(st.sampled_from(sorted(post)), max_size=2, unique=True)):
            del post[key]
        return post
    count = draw(st.integers(0, len(cup_regs) + 1))
    post = {
        "reg-TOTAL_FORMS": str(count),
        "reg-INITIAL_FORMS": str(count),
        "reg-MIN_NUM_FORMS": "0",
        "reg-MAX_NUM_FORMS": "1000",
        "save": "1",
    }
    for i in range(count):
        post[f"reg-{i}-id"] = str(
            draw(st.one_of(st.sampled_from(cup_regs), st.sampled_from(other_regs)))
        )
        post[f"reg-{i}-checked_in"] = draw(st.sampled_from(["on", "", "off"]))
        post[f"reg-{i}-withdrawn"] = draw(st.sampled_from(["on", ""]))
    for key in draw(st.lists(st.sampled_from(sorted(post)), max_size=3, unique=True)):
        if draw(st.booleans()):
            post[key] = draw(junk)
        else:
            del post[key]
    return post


def tournament_form_fields() -> dict[str, Any]:
    return dict(TournamentForm().fields)


def settings_base(tournament: Tournament) -> dict[str, Any]:
    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "date": tournament.date.isoformat(),
        "venue": tournament.venue,
        "ruleset": tournament.ruleset,
        "hands_four": str(tournament.hands_four),
        "hands_five": str(tournament.hands_five),
        "rounds_planned": str(tournament.rounds_planned),
        "public": "on",
        "tie_breakers": ["best_round", "lots"],
    }


@st.composite
def settings_posts(draw, world: World) -> tuple[str, dict[str, Any]]:
    tournament = draw(st.sampled_from([world.cup, world.tables[1].round.tournament]))
    fields = tournament_form_fields()
    post = mutate(draw, settings_base(tournament), fields, 4)
    for key in ("name", "venue"):
        if draw(st.integers(0, 3)) == 0:
            post[key] = draw(st.sampled_from([*NASTY, SQL]))
    if draw(st.integers(0, 4)) == 0:
        post["directors"] = draw(
            st.lists(st.sampled_from(["1", "2", "3", "999", "x", str(2**63), str(10**30)]))
        )
    if draw(st.integers(0, 4)) == 0:
        post["slug"] = draw(st.sampled_from(["foreign", "ext", "Ünï", "a b", SCRIPT]))
    slug = tournament.slug if draw(st.integers(0, 5)) else "foreign"
    return reverse("tournament_edit", args=[slug]), post


@st.composite
def swap_posts(draw, world: World) -> tuple[str, dict[str, Any]]:
    players = list(Seat.objects.filter(round__tournament=world.cup).values_list("player_id"))
    foreign = list(Seat.objects.filter(round__tournament=world.foreign).values_list("player_id"))
    ids = [str(p) for (p,) in players + foreign]
    number = draw(st.sampled_from([1, 2, 2, 2, 3, 10**30]))
    post = {
        key: draw(st.one_of(st.sampled_from(ids), junk))
        for key in draw(
            st.lists(st.sampled_from(["first", "second", "first", "second"]), max_size=4)
        )
    }
    slug = draw(st.sampled_from(["cup"] * 5 + ["foreign"]))
    return reverse("round_swap", args=[slug, number]), post


# -- uploads ---------------------------------------------------------------------------------

CSV_HEADERS = ["Name", "Verein", "Nr.", "Spieler", "Ort", "Nummer", "#", "x", "", SCRIPT]


@st.composite
def player_files(draw) -> SimpleUploadedFile:
    kind = draw(st.sampled_from(["csv", "csv", "csv", "bytes", "xlsx"]))
    if kind == "bytes":
        content = draw(st.binary(max_size=300))
    elif kind == "xlsx":
        content = draw(st.sampled_from([b"PK\x03\x04", b"", b"PK\x03\x04" + b"\x00" * 40]))
        content += draw(st.binary(max_size=100))
    else:
        sep = draw(st.sampled_from([",", ";", "\t", "|"]))
        header = draw(st.lists(st.sampled_from(CSV_HEADERS), min_size=0, max_size=4))
        cell = st.one_of(
            st.sampled_from([*NASTY, SQL, "Anna", "", '"', '"unterminated', "-1", str(10**30)]),
            st.text(max_size=12),
        )
        rows = draw(st.lists(st.lists(cell, max_size=4), max_size=6))
        text = "\n".join(sep.join(line) for line in [header, *rows])
        encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "latin-1", "utf-16"]))
        content = text.encode(encoding, errors="replace")
    name = draw(st.sampled_from(["players.csv", "players.xlsx", "players.txt", "x", "../../x"]))
    return SimpleUploadedFile(name, content)


def json_values(max_leaves: int = 8) -> st.SearchStrategy[Any]:
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers(min_value=-(10**30), max_value=10**30)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.sampled_from(["rufer", "declarer", "40", SCRIPT, SQL])
        | st.text(max_size=10),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=max_leaves,
    )


HAND_KEYS = [
    "contract",
    "declarer",
    "partner",
    "points",
    "tricks",
    "kontra",
    "bonuses",
    "players",
    "manual",
    "bei",
    "valat",
    "valat_announced",
    "valat_announced_by",
    "renonce",
    "king_in_talon",
    "surrendered",
    "kontra_by_seat",
]


@st.composite
def sheet_files(draw, table: Table) -> SimpleUploadedFile:
    tournament = table.round.tournament
    sheet: Any = {
        "ruleset": tournament.ruleset,
        "options": dict(tournament.options),
        "players": [seat.player.name for seat in table.seats.all()],
        "first_dealer": table.first_dealer,
        "hands": [dict(hand) for hand in SEED_HANDS[tournament.ruleset]],
    }
    kind = draw(st.sampled_from(["sheet"] * 6 + ["json", "bytes", "nested", "text"]))
    if kind == "sheet":
        for _ in range(draw(st.integers(0, 3))):
            where = draw(st.sampled_from(["top", "hand", "hand", "hands"]))
            if where == "top":
                key = draw(st.sampled_from([*sorted(sheet), "extra"]))
                sheet[key] = draw(json_values())
            elif where == "hands":
                sheet["hands"] = draw(st.sampled_from([[], None, {}, [None], [[]], [1] * 1001]))
            elif isinstance(sheet.get("hands"), list) and sheet["hands"]:
                hand = draw(st.sampled_from(sheet["hands"]))
                if isinstance(hand, dict):
                    hand[draw(st.sampled_from(HAND_KEYS))] = draw(json_values())
        content = json.dumps(sheet).encode()
    elif kind == "json":
        content = json.dumps(draw(json_values(20))).encode()
    elif kind == "nested":
        depth = draw(st.sampled_from([50, 2000, 100_000]))
        content = ("[" * depth + "]" * depth).encode()
    elif kind == "text":
        content = draw(st.sampled_from(["", " ", "{", '{"hands": [', "\ufeff{}", "NaN", "1e999"]))
        content = content.encode() + draw(st.binary(max_size=20))
    else:
        content = draw(st.binary(max_size=200))
    name = draw(st.sampled_from(["sheet.json", "sheet.txt", "sheet"]))
    return SimpleUploadedFile(name, content, content_type="application/json")


# -- escaping --------------------------------------------------------------------------------


def pages(tournament: Tournament, player_ids: Iterable[int]) -> list[str]:
    slug = tournament.slug
    urls = [
        reverse("tournament", args=[slug]),
        reverse("standings", args=[slug]),
        reverse("round_standings", args=[slug, 1]),
        reverse("round", args=[slug, 1]),
        reverse("round", args=[slug, 2]),
        reverse("score_cards", args=[slug, 1]),
        reverse("registrations", args=[slug]),
        reverse("tournament_edit", args=[slug]),
        reverse("players_import", args=[slug]),
        reverse("table", args=[slug, 1, 1]),
        reverse("hand_edit", args=[slug, 1, 1, 3]),
        reverse("table", args=[slug, 2, 1]),
        reverse("sheet_upload", args=[slug, 1, 1]),
        reverse("home"),
    ]
    return urls + [reverse("player", args=[slug, pk]) for pk in player_ids]
