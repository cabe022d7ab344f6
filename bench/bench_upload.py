"""Benchmark the player import on the worst files we can build: decompression bombs and the like.

Run: python bench/bench_upload.py [--only NAME ...]

Budget (issue 13): any upload up to the 2 MB limit is answered within 5 seconds and grows the
server's memory by less than 100 MB, with the import's refusal (a 400 page) or its preview, and
nothing stored.

Each file is built by tests/hostile_files.py (the tests use small versions of the same builders)
and posted through Django's test client as a logged-in director, each in a fresh Python process
on a throwaway SQLite database, so one file's memory does not hide another's. Printed per file:
its size, the wall time and the CPU time of the request, the growth of the process's peak
resident set over the request (ru_maxrss), the peak of Python's allocations during it
(tracemalloc, in a second, separate post: it slows the request), the status and the message.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GIB = 1 << 30
MIB = 1 << 20

# name: (file name, builder name, arguments)
FILES = {
    "shared string of 1 GiB": ("bomb.xlsx", "shared_string_bomb", (GIB,)),
    "20 million empty rows": ("bomb.xlsx", "empty_rows", (20_000_000,)),
    "a player in row 20 million": ("bomb.xlsx", "far_row", (20_000_000,)),
    "inline cell of 1 GiB": ("bomb.xlsx", "huge_cell", (GIB,)),
    "inline cell of 7 MiB": ("bomb.xlsx", "huge_cell", (7 * MIB,)),
    "one row of 400,000 cells": ("bomb.xlsx", "many_cells", (400_000,)),
    "one row of 1,000 cells": ("bomb.xlsx", "many_cells", (1000,)),
    "100 rows of 1,000 cells": ("bomb.xlsx", "many_cells", (1000, 100)),
    "99 rows of 1,000 cells (accepted)": ("bomb.xlsx", "many_cells", (1000, 99)),
    "a player in row 20,000 (accepted)": ("bomb.xlsx", "far_row", (20_000,)),
    "nesting 1 million deep": ("bomb.xlsx", "deep_nesting", (1_000_000,)),
    "nesting 200,000 deep": ("bomb.xlsx", "deep_nesting", (200_000,)),
    "90 sheets": ("bomb.xlsx", "many_sheets", (90,)),
    "7,000 sheets": ("bomb.xlsx", "many_sheets", (7_000,)),
    "billion laughs": ("bomb.xlsx", "entity_expansion", (9,)),
    "CSV: one line of 2 MB": ("bomb.csv", "csv_long_line", (2_000_000,)),
    "CSV: cells of 100,000 characters": ("bomb.csv", "csv_long_cells", (100_000, 2_000_000)),
    "CSV: 2 million separators": ("bomb.csv", "csv_separators", (2_000_000,)),
    "CSV: 2 million empty lines": ("bomb.csv", "csv_empty_lines", (2_000_000,)),
}


def measure(name: str) -> dict:
    """Build one file, post it twice (timed, then traced) and return the figures."""
    tmp = tempfile.TemporaryDirectory(prefix="bench_upload_")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarock_cup.settings")
    import django

    django.setup()
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse
    from django.utils import translation

    from tarock_cup.tournaments.models import Player, Registration
    from tests import hostile_files
    from tests.factories import make_tournament

    setup_test_environment()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("direktor", password="x")
    make_tournament(director, players=2)
    stored = Player.objects.count(), Registration.objects.count()
    client = Client()
    client.force_login(director)
    filename, builder, args = FILES[name]
    build_start = time.monotonic()
    data = getattr(hostile_files, builder)(*args)
    build_seconds = time.monotonic() - build_start
    with translation.override("en"):
        url = reverse("players_import", args=["cup"])

    def post():
        return client.post(url, {"file": SimpleUploadedFile(filename, data)})

    client.get(url)  # warm up: imports, templates, the session
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    wall, cpu = time.monotonic(), time.process_time()
    response = post()
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    rss_growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before
    tracemalloc.start()
    post()
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    context = response.context or {}
    form, plan = context.get("form"), context.get("plan")
    errors = form.errors.get("file", []) if form is not None else []
    if plan is not None:
        errors = [
            f"accepted: a preview of {len(plan.rows)} rows (nothing stored before confirming)"
        ]
    return {
        "name": name,
        "size": len(data),
        "build": build_seconds,
        "wall": wall,
        "cpu": cpu,
        "rss_growth_mb": rss_growth / 1024,
        "traced_peak_mb": traced_peak / MIB,
        "status": response.status_code,
        "message": " ".join(str(errors[0]).split()) if errors else "",
        "unchanged": (Player.objects.count(), Registration.objects.count()) == stored,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="names of the files to measure")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one)))
        return 0
    names = args.only or list(FILES)
    print(
        f"{'file':34} {'size':>9} {'wall s':>7} {'cpu s':>6} {'RSS +MB':>8} {'traced MB':>9} "
        f"{'status':>6}  message"
    )
    failed = False
    for name in names:
        done = subprocess.run(
            [sys.executable, __file__, "--one", name], capture_output=True, text=True, check=False
        )
        if done.returncode:
            print(f"{name:34} failed:\n{done.stderr}")
            failed = True
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        within = r["wall"] < 5 and r["rss_growth_mb"] < 100 and r["status"] < 500
        failed |= not (within and r["unchanged"])
        print(
            f"{r['name']:34} {r['size']:>9} {r['wall']:>7.2f} {r['cpu']:>6.2f} "
            f"{r['rss_growth_mb']:>8.1f} {r['traced_peak_mb']:>9.1f} {r['status']:>6}  "
            f"{r['message'][:90]}{'' if r['unchanged'] else '  (STORED SOMETHING)'}"
        )
    print("budget: every file under 5 s and 100 MB, no 500, nothing stored:", not failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
