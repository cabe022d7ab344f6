"""A player's privacy: "Vorname N." in public, and being forgotten.

Both are the player's own request, carried out by whoever keeps the record (`homes.keeps`).
Showing the public name is a switch (how names are shown is `tarock_cup.tournaments.naming`).
Forgetting removes the name and the club for good: the record stays with its number, so every
result, seat and place stays where it was and nobody else's score or rank changes; the
histories that kept the name or club lose them too. It cannot be undone.
"""

import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet, TextField
from django.db.models.functions import Cast

from tarock_cup.cups.models import ImportedPlace
from tarock_cup.register.homes import home_of
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Change, Player, Registration, Seat, Tournament

# The kinds of tournament history that keep players' names (registrations, withdrawn seatings,
# imported places); others are searched for the name's text.
NAMED_KINDS = (Change.Kind.REGISTRATION, Change.Kind.ROUND, Change.Kind.PLACE, Change.Kind.SEAT)


def stored_forgotten_name(number: int) -> str:
    """Return what a forgotten player's name field holds: the number alone (pages translate it,
    `naming.forgotten_name`)."""
    return f"Nr. {number}"


def tournaments_of(player: Player) -> list[int]:
    """Return the ids of the tournaments the player is registered, seated or placed in."""
    ids = set(Registration.objects.filter(player=player).values_list("tournament_id", flat=True))
    ids |= set(Seat.objects.filter(player=player).values_list("round__tournament_id", flat=True))
    ids |= set(
        ImportedPlace.objects.filter(player=player).values_list("ranking__tournament_id", flat=True)
    )
    return sorted(ids)


def refresh_pages(player: Player) -> None:
    """Make every page and export that shows the player rendered anew (their cached copies are
    kept by the tournament's version)."""
    for tournament_id in tournaments_of(player):
        Tournament.bump_version(tournament_id)


@transaction.atomic
def set_private(player: Player, private: bool, by: Any) -> bool:
    """Show the player by the public name in public (or by the full name again); return whether
    anything changed. The change is recorded in the register's log."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.private == private or locked.forgotten:
        return False
    locked.private = private
    locked.save(update_fields=["private"])
    PlayerChange.objects.create(
        player=locked,
        number=locked.number,
        kind=PlayerChange.Kind.PRIVATE,
        cup=home_of(locked).cup,
        before={"private": not private},
        after={"private": private},
        by=by if getattr(by, "is_authenticated", False) else None,
    )
    player.private = private
    refresh_pages(locked)
    return True


@transaction.atomic
def forget(player: Player, by: Any) -> bool:
    """Anonymise the player for good: name and club gone, also from every history that kept
    them; results, seats and places stay. Return False when already forgotten."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.forgotten:
        return False
    name, club = locked.name, locked.club
    placeholder = stored_forgotten_name(locked.number)
    locked.name, locked.club = placeholder, ""
    locked.private = locked.forgotten = True
    locked.save(update_fields=["name", "club", "private", "forgotten"])
    _scrub_histories(locked, name, club, placeholder)
    # The log says that and when, never who it was: no name, no club.
    PlayerChange.objects.create(
        player=locked,
        number=locked.number,
        kind=PlayerChange.Kind.FORGET,
        cup=home_of(locked).cup,
        before=None,
        after={"forgotten": True},
        by=by if getattr(by, "is_authenticated", False) else None,
    )
    player.name, player.club = locked.name, locked.club
    player.private = player.forgotten = True
    refresh_pages(locked)
    return True


def _scrub_histories(player: Player, name: str, club: str, placeholder: str) -> None:
    """Take the name and club out of the tournament histories and the register's log."""
    person = Forgetting(player.pk, name, placeholder)
    changes = _with_text(Change.objects.all())
    named = Q(tournament_id__in=tournaments_of(player), kind__in=NAMED_KINDS)
    _rewrite(changes.filter(named | _mentioning(name)), ("before", "after"), person)
    log = _with_text(PlayerChange.objects.all())
    own = Q(player=player) | Q(number=player.number)
    fields = ("before", "after", "moved")
    _rewrite(log.filter(own), fields, Forgetting(player.pk, name, placeholder, everything=True))
    _rewrite(log.filter(_mentioning(name)).exclude(own), fields, person)


def _with_text(rows: QuerySet[Any]) -> QuerySet[Any]:
    """Return the rows with their before and after JSON as text, to be searched for a name."""
    texts: QuerySet[Any] = rows.annotate(
        before_text=Cast("before", TextField()), after_text=Cast("after", TextField())
    )
    return texts


def _mentioning(name: str) -> Q:
    """Return a filter of rows whose before or after JSON holds the name as text (written with
    or without escaped accents, as the database keeps it)."""
    found = Q(pk__in=[])
    for text in {name, json.dumps(name)[1:-1]}:
        found |= Q(before_text__contains=text) | Q(after_text__contains=text)
    return found


def _rewrite(rows: QuerySet[Any], fields: tuple[str, ...], person: "Forgetting") -> None:
    """Save the rows with every mention of the person in the given JSON fields replaced."""
    for row in rows:
        values = {field: person.scrub(getattr(row, field)) for field in fields}
        if any(values[field] != getattr(row, field) for field in fields):
            type(row).objects.filter(pk=row.pk).update(**values)


@dataclass(frozen=True)
class Forgetting:
    """Who is being forgotten, as histories name them: by id, by the name, by the placeholder.

    `everything`: the rows are the person's own log, every name and club in them is theirs.
    """

    pk: int
    name: str
    placeholder: str
    everything: bool = False

    def scrub(self, value: Any) -> Any:
        """Return the JSON value with the person's name and club replaced wherever they stand."""
        if isinstance(value, list):
            return [self.scrub(item) for item in value]
        if isinstance(value, str):
            return self.placeholder if self.everything and value == self.name else value
        if not isinstance(value, dict):
            return value
        result = {key: self.scrub(item) for key, item in value.items()}
        if self.theirs(value):
            if "name" in result:
                result["name"] = self.placeholder
            if "club" in result:
                result["club"] = ""
        return result

    def theirs(self, value: dict[str, Any]) -> bool:
        """Return whether a dict of a history is the person: their id, or their name with the id
        of no other player still there (a duplicate merged into them); a namesake stays."""
        if self.everything or value.get("player") == self.pk:
            return True
        if value.get("name") != self.name:
            return False
        other = value.get("player")
        return not isinstance(other, int) or not Player.objects.filter(pk=other).exists()
