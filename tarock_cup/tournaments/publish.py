"""Publishing a tournament played on the venue's laptop: its backup file replaces it here.

The file is read and verified exactly as `restore_tournament --replace` does (backup.loads and
backup.restore), and besides must hold this very tournament (its short name), owned by the
same user, naming only users who have an account here (a file never creates accounts). The
check runs the whole restore and undoes it, so that the preview shows a file that will be
taken, and nothing is changed until the owner confirms; the confirmation runs it again, in
one transaction, refused whole if anything does not match.
"""

import base64
import zlib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Change, Hand, Registration, Round, Table, Tournament

# Larger than the other uploads: a day's whole history (a backup of 100 players and four rounds
# is about 3 MB).
MAX_MB = 64
MAX_BYTES = MAX_MB * 2**20

# What the preview counts, here and in the file: (label, model, the path to the tournament).
COUNTED = (
    ("players", Registration, "tournament"),
    ("rounds", Round, "tournament"),
    ("tables", Table, "round__tournament"),
    ("hands", Hand, "table__round__tournament"),
    ("changes", Change, "tournament"),
)


NAMES = {
    "players": gettext_lazy("Registered players"),
    "rounds": gettext_lazy("Rounds"),
    "tables": gettext_lazy("Tables"),
    "hands": gettext_lazy("Hands"),
    "changes": gettext_lazy("Entries in the history"),
}


class PublishError(Exception):
    """A file that cannot replace the tournament; the message says why, in the user's language."""


@dataclass(frozen=True)
class Summary:
    """What publishing the file changes: counts here and in the file, and the directors."""

    counts: list[tuple[str, int, int]]
    directors_here: list[str]
    directors_file: list[str]
    notes: list[str]

    def signature(self) -> list[Any]:
        return [self.counts, self.directors_here, self.directors_file]

    def rows(self) -> list[tuple[str, int, int]]:
        """Return the counts with their names in the user's language."""
        return [(str(NAMES[key]), here, in_file) for key, here, in_file in self.counts]

    def directors_changed(self) -> bool:
        return self.directors_here != self.directors_file


def read(tournament: Tournament, data: bytes) -> dict[str, Any]:
    """Return the backup document of an uploaded file, checked to be this tournament's."""
    if len(data) > MAX_BYTES:
        raise PublishError(_("The file is larger than %(mb)s MB.") % {"mb": MAX_MB})
    try:
        document = backup.loads(data)
    except backup.BackupError as error:
        raise PublishError(
            _("This file is not a tournament backup that can be published: %(reason)s.")
            % {"reason": error}
        ) from None
    if document["tournament"] != tournament.slug:
        raise PublishError(
            _(
                "The file holds the tournament “%(file)s”, not this one (“%(here)s”). Upload "
                "the backup of this tournament."
            )
            % {"file": document["tournament"], "here": tournament.slug}
        )
    _check_users(tournament, document)
    return document


def _check_users(tournament: Tournament, document: dict[str, Any]) -> None:
    user_model = get_user_model()
    usernames = document["users"]
    known = set(
        user_model._default_manager.filter(
            **{f"{user_model.USERNAME_FIELD}__in": usernames}
        ).values_list(user_model.USERNAME_FIELD, flat=True)
    )
    missing = [name for name in usernames if name not in known]
    if missing:
        raise PublishError(
            _(
                "The file names users who have no account here: %(names)s. An upload creates no "
                "accounts; ask the site's administrator to create them, then upload it again."
            )
            % {"names": ", ".join(missing)}
        )
    fields = _record(document, "tournaments.tournament")["fields"]
    owner = (fields.get("owner") or [None])[0]
    if owner != tournament.owner.get_username():
        raise PublishError(
            _("The file's tournament is owned by %(file)s, this one by %(here)s.")
            % {"file": owner or "–", "here": tournament.owner.get_username()}
        )


def _record(document: dict[str, Any], label: str) -> dict[str, Any]:
    record: dict[str, Any] = next(o for o in document["objects"] if o["model"] == label)
    return record


def summary(tournament: Tournament, document: dict[str, Any], *, trial: bool = True) -> Summary:
    """Return what publishing the file changes, after a trial of the whole restore (undone);
    without `trial` only counted (the confirmation, whose replace checks the file again)."""
    notes: list[str] = []
    if trial:
        with transaction.atomic():
            _restore(document, notes.append)
            transaction.set_rollback(True)
    counts = []
    for label, model, path in COUNTED:
        here = model._default_manager.filter(**{path: tournament}).count()
        in_file = sum(1 for o in document["objects"] if o["model"] == model._meta.label_lower)
        counts.append((label, here, in_file))
    fields = _record(document, "tournaments.tournament")["fields"]
    return Summary(
        counts=counts,
        directors_here=sorted(tournament.directors.values_list("username", flat=True)),
        directors_file=sorted(name for (name,) in fields.get("directors", [])),
        notes=notes,
    )


def publish(document: dict[str, Any]) -> Tournament:
    """Replace the tournament by the file's, in one transaction."""
    return _restore(document, lambda message: None)


def _restore(document: dict[str, Any], warn: Any) -> Tournament:
    try:
        return backup.restore(document, replace=True, warn=warn)
    except backup.BackupError as error:
        raise PublishError(
            _("The file does not match; nothing was changed: %(reason)s.") % {"reason": error}
        ) from None


def pack(data: bytes) -> str:
    """Return an uploaded file as kept in the session until it is confirmed."""
    return base64.b64encode(zlib.compress(data, 6)).decode("ascii")


def unpack(kept: str) -> bytes:
    """Return the file kept by `pack`."""
    return zlib.decompress(base64.b64decode(kept))
