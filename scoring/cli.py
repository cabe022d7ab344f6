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

from .errors import FieldError, ScoringError
from .i18n import _


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


def read_document(path: str, max_bytes: int, field: str, error: type[FieldError]) -> str:
    """Return the text of the file at `path` (- for standard input), or raise `error` naming
    `field` (the whole document) when it cannot be read, is larger than `max_bytes` or is not
    UTF-8."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise error(field, _("%(path)s is larger than %(n)s MB"), path=path, n=max_bytes >> 20)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise error(
            field,
            _("cannot read %(path)s: %(error)s"),
            path=path,
            error=str(getattr(e, "strerror", None) or e),
        ) from None
