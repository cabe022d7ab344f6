"""python manage.py restore_tournament FILE.json [--replace] [--create-users] (FILE may be -)"""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarock_cup.tournaments import backup


class Command(BaseCommand):
    help = (
        "Restore a tournament from a backup_tournament file, in one transaction, verifying what "
        "can be re-derived (scores, histories, tariff versions known here) and saying what "
        "cannot. A tournament of the same short name must not exist, unless --replace deletes it "
        "first; users named in the file must have accounts, unless --create-users."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete an existing tournament of the same short name first",
        )
        parser.add_argument(
            "--create-users",
            action="store_true",
            help="create the users the file names who have no account here (without a password)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            # One byte over the limit is enough for loads to refuse the file.
            if path == "-":
                text: str | bytes = sys.stdin.buffer.read(backup.MAX_FILE + 1)
            else:
                with open(path, "rb") as source:
                    text = source.read(backup.MAX_FILE + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        try:
            document = backup.loads(text)
            tournament = backup.restore(
                document,
                replace=options["replace"],
                create_users=options["create_users"],
                warn=lambda message: self.stderr.write(self.style.WARNING(message)),
            )
        except backup.BackupError as error:
            raise CommandError(f"Nothing restored: {error}.") from None
        self.stdout.write(f"Restored tournament {tournament.slug!r} ({tournament.name}).")
