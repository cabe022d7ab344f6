"""python manage.py export_tournament SLUG -o FILE.xlsx [--lang de|en] [--standings [--round N]]"""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Write a tournament as an Excel workbook (standings, seating, every table's score block); "
        "with --standings only the standings, as .xlsx or, for a FILE ending in .csv, as CSV."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name (its address)")
        parser.add_argument("-o", "--output", required=True, help="the file to write")
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE.split("-")[0],
            help="language of the headings (default: %(default)s)",
        )
        parser.add_argument("--standings", action="store_true", help="the standings alone")
        parser.add_argument("--round", type=int, help="with --standings: one round's standings")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament {options['slug']!r}.") from None
        number = options["round"]
        if number is not None:
            if not options["standings"]:
                raise CommandError("--round needs --standings.")
            if not tournament.rounds.filter(number=number).exists():
                raise CommandError(f"The tournament has no round {number}.")
        output = options["output"]
        with translation.override(options["lang"]):
            if options["standings"] and output.lower().endswith(".csv"):
                with open(output, "wb") as out:
                    out.write(workbook.standings_csv(tournament, number))
            elif options["standings"]:
                workbook.standings_workbook(tournament, output, number)
            else:
                # run on the server by its operator: the day's money included
                workbook.tournament_workbook(tournament, output, money=True)
        self.stdout.write(f"Wrote {output}")
