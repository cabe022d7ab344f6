"""Benchmark the imports that find people (issue 26, part 3): a register of 20,000 players, a
ranking of 500 rows and a player list of 2,500 rows, a third of them misspelt.

Run: python bench/bench_register_import.py [--players N] [--ranking-rows N] [--list-rows N]

On a throwaway SQLite database, as a logged-in director. Printed: building the matcher alone;
the ranking import's preview (`rankings.plan`: exact matches and offers for every row), its
choices and apply (the tournament and its places written), and the preview as a whole request
(the page with a radio choice for each offered row); then the same for the player list
(`players.plan`, `with_choices`, `apply`). The budget is the ranking preview of 500 rows against
20,000 players: under 2 s of CPU (the wall time is printed too; on a machine shared with other
work it is the larger).
"""

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
BUDGET = 2.0  # seconds for the ranking preview of 500 rows against 20,000 players

FIRST = [
    "Anna", "Franz", "Josef", "Maria", "Karl", "Eva", "Peter", "Berta", "Hans", "Gerti",
    "Johann", "Theresia", "Alois", "Rosa", "Sepp", "Elisabeth", "Georg", "Helga", "Martin",
    "Monika", "Andreas", "Christine", "Markus", "Sabine", "Thomas", "Ursula", "Stefan", "Ingrid",
]  # fmt: skip
LAST = [
    "Huber", "Pichler", "Maier", "Gruber", "Moser", "Egger", "Steiner", "Hofer", "Berger",
    "Wimmer", "Leitner", "Fuchs", "Brunner", "Eder", "Schwarz", "Reiter", "Lechner", "Holzer",
    "Mayr", "Auer", "Wallner", "Aigner", "Haas", "Schmid", "Strasser", "Lang", "Baumgartner",
    "Wieser", "Riedl", "Kofler", "Plank", "Hauser", "Oberhofer", "Unterberger", "Kröll",
]  # fmt: skip
CLUBS = [f"{town}" for town in ("Schwaz", "Wörgl", "Hall", "Zirl", "Lienz", "Imst", "Kufstein")]


def _name(rng: random.Random) -> str:
    """Return a name; a suffix of letters makes 20,000 of them mostly distinct, as a register."""
    suffix = "".join(rng.choices("aeiourlnst", k=rng.randint(0, 3)))
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}{suffix}"


def _misspelt(name: str, rng: random.Random) -> str:
    """Return the name with one typo: a letter dropped, doubled, swapped or the words turned."""
    kind = rng.randrange(4)
    at = rng.randrange(1, len(name) - 1)
    if kind == 0:
        return name[:at] + name[at + 1 :]
    if kind == 1:
        return name[:at] + name[at] + name[at:]
    if kind == 2:
        return name[: at - 1] + name[at] + name[at - 1] + name[at + 1 :]
    first, _space, last = name.partition(" ")
    return f"{last}, {first}"


def _rows(players: list[Any], count: int, rng: random.Random) -> list[tuple[str, str]]:
    """Return rows naming players of the register: a third misspelt, a tenth new people."""
    rows: list[tuple[str, str]] = []
    used: set[Any] = set()  # players named and (name, club) written: one row each
    while len(rows) < count:
        if rng.random() < 0.1:
            rows.append((f"{rng.choice(FIRST)} Neu{len(rows)}", rng.choice(CLUBS)))
            continue
        player = rng.choice(players)
        name = _misspelt(player.name, rng) if rng.random() < 1 / 3 else player.name
        written = (" ".join(name.casefold().replace(",", " ").split()), player.club)
        if player.pk in used or written in used:
            continue
        used |= {player.pk, written}
        rows.append((name, player.club))
    return rows


def _setup() -> Any:
    """Return the director on a fresh throwaway database."""
    sys.path.insert(0, str(HERE))
    os.chdir(HERE)
    tmp = tempfile.mkdtemp(prefix="bench_register_")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarock_cup.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    return get_user_model().objects.create_user("direktor", password="x")


def _timed(label: str, work: Callable[[], Any]) -> tuple[Any, float]:
    """Run work; print its wall and CPU seconds (CPU: the machine may be busy with others)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  {label:48} {wall:7.3f} s wall {cpu:7.3f} s CPU")
    return result, cpu


def _first_offers(lines: list[tuple[str, list[Any]]]) -> dict[str, str]:
    """Return the choices of a director who takes the first offer of every row asked about."""
    return {line: str(offers[0].player.pk) for line, offers in lines if offers}


def bench_ranking(director: Any, players: list[Any], count: int, rng: random.Random) -> float:
    """Time the ranking import of count rows; return the preview's CPU seconds."""
    from django.test import Client
    from django.urls import reverse

    from tarock_cup.cups import rankings
    from tarock_cup.register.similar import Matcher
    from tests.cups.helpers import make_cup

    cup = make_cup(director, [])
    rows = _rows(players, count, rng)
    text = "Platz;Name;Verein\n" + "".join(f"{n};{a};{b}\n" for n, (a, b) in enumerate(rows, 1))
    print(f"ranking of {count} rows against {len(players):,} players")
    _timed("building the matcher alone", lambda: Matcher.for_user(director))
    places, _cpu = _timed(
        "reading the file",
        lambda: rankings.read_ranking("r.csv", text.encode(), needs_scores=False),
    )
    plan, preview = _timed(
        "preview (plan: exact matches and offers)", lambda: rankings.plan(places, director)
    )
    found, asked = sum(1 for r in plan if r.player), sum(1 for r in plan if r.choose)
    print(f"  rows found {found}, to choose {asked}, new {count - found - asked}")
    lines = [(str(row.place.line), row.offers) for row in plan if row.choose]
    choices = _first_offers(lines) | {row.alike_key: "1" for row in plan if row.alike_group}
    chosen, _cpu = _timed("choices", lambda: rankings.chosen_players(plan, choices))
    _timed(
        "apply (tournament, places, new players)",
        lambda: rankings.apply(
            cup,
            plan,
            chosen,
            name="Papierturnier",
            date=datetime.date(2026, 10, 3),
            final=False,
            filename="r.csv",
            user=director,
        ),
    )
    client = Client()
    client.force_login(director)
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("cup_ranking_import", args=[cup.slug])
    fields = {"name": "Papierturnier 2", "date": "2026-10-04"}
    response, _cpu = _timed(
        "the preview as a request (read, plan, page)",
        lambda: client.post(url, fields | {"file": SimpleUploadedFile("r.csv", text.encode())}),
    )
    print(f"  page {len(response.content) / 1024:.0f} KB, status {response.status_code}")
    return preview


def bench_player_list(director: Any, players: list[Any], count: int, rng: random.Random) -> None:
    """Time the player import of count rows."""
    from tarock_cup.imports import players as player_import
    from tests.factories import make_tournament

    tournament = make_tournament(director, players=0, slug="liste")
    rows = _rows(players, count, rng)
    text = "Name;Verein\n" + "".join(f"{a};{b}\n" for a, b in rows)
    print(f"player list of {count} rows against {len(players):,} players")
    raw, _cpu = _timed("reading the file", lambda: player_import.read_rows("l.csv", text.encode()))
    plan, _cpu = _timed("preview (plan)", lambda: player_import.plan(tournament, raw, director))
    print(
        f"  rows found {len(plan.register)}, to choose {len(plan.choose)}, "
        f"new {len(plan.new)}, bad {len(plan.errors)}"
    )
    choices = _first_offers([(str(row.line), row.offers) for row in plan.choose])
    # Two misspellings may take one player: the second is new, as a director would say.
    taken = {row.player.pk for row in plan.rows if row.player is not None}
    for line, pk in list(choices.items()):
        choices[line] = "new" if int(pk) in taken else pk
        taken.add(int(pk))
    decided, _cpu = _timed(
        "choices (with_choices)", lambda: player_import.with_choices(plan, choices, set())
    )
    count_done, _cpu = _timed("apply", lambda: player_import.apply(tournament, decided, director))
    print(f"  registered {count_done}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--ranking-rows", type=int, default=500)
    parser.add_argument("--list-rows", type=int, default=2_500)
    args = parser.parse_args()
    director = _setup()
    from tarock_cup.tournaments.models import Player

    rng = random.Random(26)
    start = time.perf_counter()
    # Numbered as a cup's own (1, 2, …): a handed-out number costs a row of its counter each.
    Player.objects.bulk_create(
        (
            Player(name=_name(rng), club=rng.choice(CLUBS), number=number)
            for number in range(1, args.players + 1)
        ),
        batch_size=2000,
    )
    players = list(Player.objects.only("pk", "name", "club"))
    print(f"register of {len(players):,} players made in {time.perf_counter() - start:.1f} s")
    preview = bench_ranking(director, players, args.ranking_rows, rng)
    bench_player_list(director, players, args.list_rows, rng)
    verdict = "within" if preview < BUDGET else "OVER"
    print(f"ranking preview {preview:.3f} s CPU: {verdict} the budget of {BUDGET:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
