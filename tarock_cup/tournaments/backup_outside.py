"""What points at a tournament from outside its backup, kept across a restore that replaces it.

A backup holds the tournament and its own rows (backup.MODELS); other apps' rows name the
tournament too: a cup's place for it (cups.CupTournament), its sign-on rules and sign-ons, a
national final played as it, its settlement when the file has none. Deleting the tournament
before the restore would take them with it (or empty their link), so they are taken aside
first and put back on the restored tournament, each with its own key and timestamps as they
were. A sign-on matched to a registration is matched again to the restored registration of
the same player (none if the file has no such registration).

Only derived rows are let go: they are counted again from the restored tournament (DERIVED).
Every relation is found from the models themselves, so a new app's row that names a
tournament is kept without a change here (tests/tournaments/test_backup_outside.py lists them).
"""

from dataclasses import dataclass, field
from typing import Any

from django.db import models

from tarock_cup.tournaments.models import Registration, Tournament

# Rows counted from the tournament's hands (the record page's figures): counted again.
DERIVED = frozenset({"register.recordfigures"})


@dataclass
class Kept:
    """Rows of other models that named the replaced tournament, with the player of each of its
    registrations (to match a sign-on's registration again)."""

    rows: list[tuple[models.ForeignObject[Any, Any], models.Model]] = field(default_factory=list)
    registration_players: dict[int, int] = field(default_factory=dict)


def relations(carried: tuple[type[models.Model], ...]) -> list[models.ForeignObject[Any, Any]]:
    """Return the foreign keys (and one-to-one fields) of other models that name a tournament:
    neither carried by the file (but for a one-to-one row) nor derived, and not a
    many-to-many's hidden table."""
    found = []
    for rel in Tournament._meta.related_objects:
        # A one-to-one row the file carries (the settlement) is kept when the file has none.
        if rel.many_to_many or (rel.related_model in carried and not rel.one_to_one):
            continue
        related = rel.related_model
        if not isinstance(related, type) or related._meta.label_lower in DERIVED:
            continue
        if related._meta.auto_created:
            continue
        found.append(rel.field)
    return found


def take(existing: Tournament, carried: tuple[type[models.Model], ...], using: str) -> Kept:
    """Return what of other models names the tournament about to be deleted."""
    kept = Kept()
    for fk in relations(carried):
        model = fk.model
        for row in model._base_manager.using(using).filter(**{fk.name: existing}).order_by("pk"):
            kept.rows.append((fk, row))
    kept.registration_players = dict(
        Registration.objects.using(using).filter(tournament=existing).values_list("pk", "player_id")
    )
    return kept


def put_back(kept: Kept, tournament: Tournament, using: str) -> None:
    """Put what was taken aside back on the restored tournament."""
    registrations = dict(
        Registration.objects.using(using)
        .filter(tournament=tournament)
        .values_list("player_id", "pk")
    )
    for fk, row in kept.rows:
        model = type(row)
        manager = model._base_manager.using(using)
        if fk.one_to_one and manager.filter(**{fk.name: tournament}).exists():
            continue  # the file brought its own (a settlement), which is the day's
        setattr(row, fk.attname, tournament.pk)
        changed = [fk.attname]
        for other in model._meta.concrete_fields:
            if other.is_relation and other.related_model is Registration:
                old = getattr(row, other.attname)
                if old is not None:
                    player = kept.registration_players.get(old)
                    new = registrations.get(player) if player is not None else None
                    setattr(row, other.attname, new)
                    changed.append(other.attname)
        if manager.filter(pk=row.pk).exists():
            # Still there with its link emptied (on_delete=SET_NULL): link it again.
            manager.filter(pk=row.pk).update(**{name: getattr(row, name) for name in changed})
        else:
            # As it was, key and timestamps too: a raw save writes the values as they are.
            row.save_base(raw=True, force_insert=True, using=using)
