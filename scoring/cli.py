"""What the engine's command lines share: JSON on standard output, a refusal as one line.

`python -m scoring` scores a sheet and `python -m scoring.season` ranks a season; both answer
the same way, so a script can call either: exit status 0 and the result as JSON, or 2 and the
reason on one line of standard error (also for a bad call).
"""

import argparse
import json
import sys
from collections.abc import Callable
from typing import NoReturn

from .errors import ScoringError


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a bad call on one line, as a refused file is reported."""

    def error(self, message: str) -> NoReturn:
        # argparse writes the usage above the message; a script reads one line
        self.exit(2, f"{self.format_usage().strip()}: {message}\n")


def print_json(compute: Callable[[], object], refused: type[ScoringError] = ScoringError) -> int:
    """Return the exit status after printing what `compute` returns as JSON, or its refusal
    (`refused`: the error a bad file raises; any other is a fault and shows its traceback)."""
    try:
        result = compute()
    except refused as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(result, ensure_ascii=False))
    sys.stdout.write("\n")
    return 0
