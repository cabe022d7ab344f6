"""Command line: python -m scoring.season SEASON.json (or - for standard input)."""

import sys

from ..cli import Parser, print_json
from ..i18n import _
from .errors import SeasonError
from .jsonformat import load_season, ranking_to_json
from .ranking import rank_season

# Far beyond any cup's season (20 tournaments of 150 players are about 100 KB).
MAX_BYTES = 64 * 1024 * 1024


def _read(path: str) -> str:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise SeasonError(
                "season", _("%(path)s is larger than %(n)s MB"), path=path, n=MAX_BYTES >> 20
            )
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SeasonError(
            "season",
            _("cannot read %(path)s: %(error)s"),
            path=path,
            error=str(getattr(e, "strerror", None) or e),
        ) from None


def main(argv: list[str] | None = None) -> int:
    """Return the exit status after ranking a season file and printing the ranking as JSON."""
    parser = Parser(prog="python -m scoring.season", description="Rank a cup's season (JSON).")
    parser.add_argument("season", help="the season as a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    return print_json(
        lambda: ranking_to_json(rank_season(load_season(_read(args.season)))), SeasonError
    )


if __name__ == "__main__":
    sys.exit(main())
