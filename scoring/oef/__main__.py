"""Command line: python -m scoring.oef OEF.json (or - for standard input)."""

import sys

from ..cli import Parser, print_json, read_document
from .errors import OefError
from .jsonformat import DOCUMENT, load_oef, ranking_to_json
from .national import rank_national

# Far beyond any national final (7 cups of 150 players and a final of 260 are about 20 KB).
MAX_BYTES = 16 * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    """Return the exit status after ranking a national final's file and printing it as JSON."""
    parser = Parser(
        prog="python -m scoring.oef",
        description="Rank the Tarock-Österreich-Finale across cups (JSON).",
    )
    parser.add_argument("oef", help="the national final as a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    return print_json(
        lambda: ranking_to_json(
            rank_national(load_oef(read_document(args.oef, MAX_BYTES, DOCUMENT, OefError)))
        ),
        OefError,
    )


if __name__ == "__main__":
    sys.exit(main())
