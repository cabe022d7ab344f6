"""Command line: python -m scoring.season SEASON.json (or - for standard input)."""

import sys

from ..cli import Parser, print_json, read_document
from .errors import SeasonError
from .jsonformat import load_season, ranking_to_json
from .ranking import rank_season

# Far beyond any cup's season (20 tournaments of 150 players are about 100 KB).
MAX_BYTES = 64 * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    """Return the exit status after ranking a season file and printing the ranking as JSON."""
    parser = Parser(prog="python -m scoring.season", description="Rank a cup's season (JSON).")
    parser.add_argument("season", help="the season as a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    return print_json(
        lambda: ranking_to_json(
            rank_season(load_season(read_document(args.season, MAX_BYTES, "season", SeasonError)))
        ),
        SeasonError,
    )


if __name__ == "__main__":
    sys.exit(main())
