"""Command line: python -m scoring SHEET.json (or - for standard input)."""

import argparse
import json
import sys
from typing import NoReturn

from .errors import ScoringError
from .i18n import _
from .jsontext import loads
from .sheet import score_sheet


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # one line on standard error, as for a bad sheet (argparse writes the usage above it)
        self.exit(2, f"{self.format_usage().strip()}: {message}\n")


def main(argv: list[str] | None = None) -> int:
    """Return the exit status after scoring a sheet file and printing it as JSON."""
    parser = _Parser(prog="python -m scoring", description="Score a Tarock table sheet (JSON).")
    parser.add_argument("sheet", help="the sheet as a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    try:
        try:
            if args.sheet == "-":
                text = sys.stdin.read()
            else:
                with open(args.sheet, encoding="utf-8") as f:
                    text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise ScoringError(
                "sheet",
                _("cannot read %(path)s: %(error)s"),
                path=args.sheet,
                error=str(getattr(e, "strerror", None) or e),
            ) from None
        data = loads(text)
        result = score_sheet(data).to_json()
    except ScoringError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(result, ensure_ascii=False))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
