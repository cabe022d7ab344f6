"""A player's home: the cup (or the organiser) whose organisers keep the player's record.

A player is kept by the cup they first played in. A player seen only in stand-alone tournaments
is kept by the organiser who first registered them, until one of those tournaments joins a cup.
Nobody else changes the record: a director registers players, never edits someone's record.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_save
from django.dispatch import receiver

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Player, Registration, Tournament


@dataclass(frozen=True)
class Home:
    """Where a record is kept: a cup, an organiser, or (never used) nobody yet."""

    cup: Cup | None = None
    organiser: User | None = None

    def __str__(self) -> str:
        if self.cup is not None:
            return str(self.cup)
        if self.organiser is not None:
            return self.organiser.get_full_name() or self.organiser.get_username()
        return "–"


def home_of(player: Player) -> Home:
    """Return the player's home: as stored, or (never stored) where they first played."""
    if player.home_cup_id is not None or player.home_organiser_id is not None:
        return Home(player.home_cup, player.home_organiser)
    first = first_tournament(player)
    return home_for(first) if first is not None else Home()


def first_tournament(player: Player) -> Tournament | None:
    """Return the earliest tournament the player is registered in or placed in."""
    registered = Registration.objects.filter(player=player).values("tournament")
    placed = ImportedPlace.objects.filter(player=player).values("ranking__tournament")
    return (
        Tournament.objects.filter(Q(pk__in=registered) | Q(pk__in=placed))
        .order_by("date", "pk")
        .first()
    )


def home_for(tournament: Tournament) -> Home:
    """Return the home a player first seen in this tournament gets."""
    cup = Cup.objects.filter(entries__tournament=tournament).order_by("pk").first()
    return Home(cup=cup) if cup is not None else Home(organiser=tournament.owner)


def keeps(user: Any, player: Player) -> bool:
    """Return whether the user keeps the player's record (may correct, merge, split it)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    home = home_of(player)
    if home.cup is not None:
        return home.cup.is_organiser(user)
    return home.organiser is not None and home.organiser.pk == user.pk


def settle_home(player: Player, tournament: Tournament) -> None:
    """Give a player without a home the one this tournament gives."""
    if player.home_cup_id is not None or player.home_organiser_id is not None:
        return
    home = home_for(tournament)
    Player.objects.filter(pk=player.pk, home_cup=None, home_organiser=None).update(
        home_cup=home.cup, home_organiser=home.organiser
    )
    player.home_cup, player.home_organiser = home.cup, home.organiser


@receiver(post_save, sender=Registration)
def _registered(sender: Any, instance: Registration, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        settle_home(instance.player, instance.tournament)


@receiver(post_save, sender=ImportedPlace)
def _placed(sender: Any, instance: ImportedPlace, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        settle_home(instance.player, instance.ranking.tournament)


@receiver(post_save, sender=CupTournament)
def _joined_cup(sender: Any, instance: CupTournament, created: bool, **kwargs: Any) -> None:
    """Players kept by an organiser move home to the cup their tournament joins."""
    if not created or kwargs.get("raw"):
        return
    tournament = instance.tournament
    moving = list(
        Player.objects.filter(home_cup=None, home_organiser__isnull=False).filter(
            pk__in=Registration.objects.filter(tournament=tournament).values("player")
        )
    )
    with transaction.atomic():
        PlayerChange.objects.bulk_create(
            PlayerChange(
                player=player,
                number=player.number,
                kind=PlayerChange.Kind.HOME,
                cup=instance.cup,
                before={"organiser": player.home_organiser_id},
                after={"cup": instance.cup_id},
            )
            for player in moving
        )
        Player.objects.filter(pk__in=[p.pk for p in moving]).update(
            home_cup=instance.cup, home_organiser=None
        )
