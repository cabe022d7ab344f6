"""Benchmark the uploads of issue 23 point 7: a workbook whose styles.xml holds 110,000 fonts
(or whose sheet or shared strings hold hundreds of thousands of elements besides their rows
and texts), and rankings of 2,500 rows that all look alike.

Run: python bench/bench_hostile_imports.py [--root CHECKOUT] [--only NAME ...] [--traced]

--root measures another checkout of the project (an older commit, say) with the same hostile
files, built by this checkout's tests/hostile_files.py; each file is posted through Django's test
client as a logged-in director, each in a fresh Python process on a throwaway SQLite database.
Printed per file: its size, the wall and CPU time of the request, the growth of the process's
peak resident set (ru_maxrss) and of its resident set after the answer (the memory not given
back), the size of the answered page, and the refusal's message (or that a preview was shown);
--traced adds the peak of Python's allocations (tracemalloc, in a second post: slow).
"""

import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
MIB = 1 << 20
ROWS = 2500

# name: (where it is posted, builder name, arguments, look-alike players already stored)
FILES: dict[str, tuple[str, str, tuple[Any, ...], int]] = {
    "styles.xml of 110,000 fonts (966 KB)": (
        "players",
        "many_fonts",
        (110_000, b"<font />\n"),
        0,
    ),
    "styles.xml of 1,000 fonts (accepted)": ("players", "many_fonts", (1000,), 0),
    "500,000 elements after a sheet's rows": ("players", "outside_rows", (500_000,), 0),
    "300,000 elements beside the shared strings": (
        "players",
        "strings_beside_texts",
        (300_000,),
        0,
    ),
    f"ranking of {ROWS:,} look-alike rows": ("ranking", "look_alike_ranking", (ROWS,), 0),
    f"{ROWS:,} look-alike rows, {ROWS:,} look-alike players": (
        "ranking",
        "look_alike_ranking",
        (ROWS,),
        ROWS,
    ),
}


def _resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MIB


def _hostile_files() -> Any:
    spec = importlib.util.spec_from_file_location("hostile_files", HERE / "tests/hostile_files.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _setup(root: Path) -> Any:
    """Return a logged-in test client on a fresh database of the checkout at root."""
    sys.path.insert(0, str(root))
    os.chdir(root)
    tmp = tempfile.mkdtemp(prefix="bench_hostile_")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarock_cup.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_user("direktor", password="x")
    client = Client()
    client.force_login(director)
    client.director = director  # type: ignore[attr-defined]
    return client


def _post_for(client: Any, where: str, data: bytes, players: int) -> Any:
    """Return a function that posts the file where it goes (a tournament or a cup)."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tarock_cup.tournaments.models import Player
    from tests.factories import make_tournament

    if where == "players":
        make_tournament(client.director, players=2)
        url = reverse("players_import", args=["cup"])
        return lambda: client.post(url, {"file": SimpleUploadedFile("bomb.xlsx", data)})
    from tests.cups.helpers import make_cup, played

    cup = make_cup(client.director, [played(client.director, "zirl", {"Anna": 50, "Bert": 30})])
    Player.objects.bulk_create(Player(name="Gruber Berta", club=f"Ort {n}") for n in range(players))
    url = reverse("cup_ranking_import", args=[cup.slug])
    fields = {"name": "Papierturnier", "date": "2026-10-03"}
    return lambda: client.post(url, fields | {"file": SimpleUploadedFile("rangliste.csv", data)})


def measure(name: str, root: Path, traced: bool) -> dict[str, Any]:
    """Build one file, post it (timed, then traced if asked) and return the figures."""
    where, builder, args, players = FILES[name]
    data = getattr(_hostile_files(), builder)(*args)
    client = _setup(root)
    from django.utils import translation

    with translation.override("en"):
        post = _post_for(client, where, data, players)
    client.get("/")  # warm up: imports, templates, the session
    rss_before, resident_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, _resident_mb()
    wall, cpu = time.monotonic(), time.process_time()
    response = post()
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    rss_growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    context = response.context or {}
    form = context.get("form")
    errors = form.errors.get("file", []) if form is not None and response.status_code == 400 else []
    message = " ".join(str(errors[0]).split()) if errors else "accepted: a preview"
    page_kb = len(response.content) / 1024
    del response, context, form
    kept = _resident_mb() - resident_before
    traced_peak = None
    if traced:
        tracemalloc.start()
        post()
        traced_peak = tracemalloc.get_traced_memory()[1] / MIB
        tracemalloc.stop()
    return {
        "name": name,
        "size": len(data),
        "wall": wall,
        "cpu": cpu,
        "rss_growth_mb": rss_growth,
        "kept_mb": kept,
        "page_kb": page_kb,
        "traced_peak_mb": traced_peak,
        "message": message,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(HERE), help="the checkout to measure")
    parser.add_argument("--only", nargs="*", help="names of the files to measure")
    parser.add_argument("--traced", action="store_true", help="also trace Python's allocations")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    root = Path(args.root).resolve()
    if args.one:
        print(json.dumps(measure(args.one, root, args.traced)))
        return 0
    print(f"checkout: {root}")
    print(
        f"{'file':44} {'size':>9} {'wall s':>7} {'cpu s':>6} {'RSS +MB':>8} {'kept MB':>8} "
        f"{'page KB':>8} {'traced':>7}  message"
    )
    for name in args.only or list(FILES):
        command = [sys.executable, __file__, "--one", name, "--root", str(root)]
        done = subprocess.run(
            command + (["--traced"] if args.traced else []),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            print(f"{name:44} failed:\n{done.stderr[-2000:]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        traced = "" if r["traced_peak_mb"] is None else f"{r['traced_peak_mb']:.1f}"
        print(
            f"{r['name']:44} {r['size']:>9} {r['wall']:>7.2f} {r['cpu']:>6.2f} "
            f"{r['rss_growth_mb']:>8.1f} {r['kept_mb']:>8.1f} {r['page_kb']:>8.0f} {traced:>7}  "
            f"{r['message'][:80]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
