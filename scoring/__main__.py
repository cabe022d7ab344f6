"""Command line: python -m scoring SHEET.json (or - for standard input)."""

import sys

from .cli import Parser, print_json
from .errors import ScoringError
from .i18n import _
from .jsontext import loads
from .sheet import score_sheet


def main(argv: list[str] | None = None) -> int:
    """Return the exit status after scoring a sheet file and printing it as JSON."""
    parser = Parser(prog="python -m scoring", description="Score a Tarock table sheet (JSON).")
    parser.add_argument("sheet", help="the sheet as a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    return print_json(lambda: score_sheet(loads(_read(args.sheet))).to_json())


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ScoringError(
            "sheet",
            _("cannot read %(path)s: %(error)s"),
            path=path,
            error=str(getattr(e, "strerror", None) or e),
        ) from None


if __name__ == "__main__":
    sys.exit(main())
