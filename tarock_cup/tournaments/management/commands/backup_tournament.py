"""python manage.py backup_tournament SLUG -o FILE.json (or -o - for standard output)"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Write a tournament and everything of it (players, registrations, rounds, tables, seats, "
        "hands, change history, its users by username) as one JSON file for restore_tournament."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name (its address)")
        parser.add_argument(
            "-o", "--output", required=True, help="the file to write, or - for standard output"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament {options['slug']!r}.") from None
        try:
            document = backup.backup(tournament)
        except backup.BackupError as error:
            raise CommandError(f"Nothing written: {error}.") from None
        text = backup.dumps(document)
        output = options["output"]
        if output == "-":
            self.stdout.write(text, ending="")
            return
        with open(output, "w", encoding="utf-8") as out:
            out.write(text)
        hands = sum(1 for o in document["objects"] if o["model"] == "tournaments.hand")
        self.stderr.write(f"Wrote {output}: tournament {tournament.slug!r}, {hands} hands.")
        self.warn_pending_sign_ons(tournament)

    def warn_pending_sign_ons(self, tournament: Tournament) -> None:
        """Say which sign-ons the file leaves behind: a sign-on travels as the registration the
        director matched it to, so one still pending stays on this server (docs/venue.md)."""
        pending = tournament.sign_ons.filter(registration__isnull=True, withdrawn=False)
        names = list(pending.values_list("name", flat=True))
        if names:
            self.stderr.write(
                self.style.WARNING(
                    f"{len(names)} sign-on(s) not yet matched to a player are not in the file "
                    f"and stay here: {', '.join(names)}. Match them first (the tournament's "
                    "sign-on list) and write the backup again to take them along."
                )
            )
