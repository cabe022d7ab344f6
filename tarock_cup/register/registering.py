"""Registering players into a tournament from the register: a found one, or a new record.

A director registers players; they never change a record: a player found is registered as they
are, and a registration that names the wrong person is swapped to the right one (or a new
record) instead of renaming someone whose record others use. Only a director may see a player
(`visible_players`) they register or swap to: a player of someone else's hidden tournament
would tell that it exists.
"""

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tarock_cup.cups.players import visible_players
from tarock_cup.names import name_key
from tarock_cup.register.homes import Home, home_of, keeps
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Player, Registration, Seat, Tournament
from tarock_cup.tournaments.players import (
    drop_if_unused,
    label,
    player_state,
    record_player_update,
)


class RegisterRefused(ValueError):
    """The registration cannot be made as asked; the message says why, for the director."""


def findable_players(user: Any) -> QuerySet[Player]:
    """Return the players a user may find and register: visible to them, not forgotten."""
    return visible_players(user).filter(forgotten=False)


def get_findable_player(user: Any, player_id: Any) -> Player:
    """Return the player with this id if the user may register them, else raise RegisterRefused."""
    try:
        return findable_players(user).get(pk=int(player_id))
    except (ValueError, TypeError, Player.DoesNotExist):
        raise RegisterRefused(_("That player cannot be found; nobody was registered.")) from None


def look_alikes(name: str, user: Any) -> list[Player]:
    """Return the players the user may see with the same name, in any order and spelling."""
    key = " ".join(name_key(name)) + " / "
    alike = findable_players(user).filter(search_key__startswith=key)
    return list(alike.select_related("home_cup", "home_organiser").order_by("club", "pk"))


def may_correct(user: Any, player: Player) -> bool:
    """Return whether the user may change the player's name, club or number (keeps the record)."""
    return keeps(user, player)


@transaction.atomic
def register(tournament: Tournament, player: Player, user: Any) -> tuple[Registration, bool]:
    """Register the player (checked in, recorded); return the registration and whether it is new."""
    registration, created = Registration.objects.get_or_create(
        tournament=tournament, player=player, defaults={"checked_in": True}
    )
    if created:
        history.record_registration(registration, None, user)
    return registration, created


def check_number_free(number: int | None, user: Any) -> None:
    """Raise RegisterRefused if a player has the number (named only if the user may see them)."""
    if number is None:
        return
    owner = Player.objects.filter(number=number).first()
    if owner is None:
        return
    if findable_players(user).filter(pk=owner.pk).exists():
        raise RegisterRefused(
            _("Number %(n)s belongs to another player: %(player)s.")
            % {"n": number, "player": label(owner)}
        )
    raise RegisterRefused(_("Number %(n)s is taken.") % {"n": number})


@transaction.atomic
def create_player(name: str, club: str, number: int | None, user: Any) -> Player:
    """Return a new record with these details; raise RegisterRefused if the number is taken."""
    check_number_free(number, user)
    player = Player(name=" ".join(name.split()), club=" ".join(club.split()))
    if number is not None:
        player.number = number
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        # Taken between the check and the save (two directors typing the same number).
        raise RegisterRefused(_("Number %(n)s is taken.") % {"n": number}) from None
    return player


def seated_round(registration: Registration) -> int | None:
    """Return the number of a round the registered player is seated in, if any."""
    seat = (
        Seat.objects.filter(
            round__tournament_id=registration.tournament_id, player_id=registration.player_id
        )
        .select_related("round")
        .first()
    )
    return seat.round.number if seat is not None else None


@transaction.atomic
def swap_registration(registration: Registration, player: Player, user: Any) -> None:
    """Let the registration name another player (recorded as its update in the history).

    Refused when the player registered is seated (their seats are theirs) or the other player
    is registered already. The record left behind is deleted if nothing uses it any more.
    """
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.player_id == player.pk:
        return
    round_number = seated_round(registration)
    if round_number is not None:
        raise RegisterRefused(
            _("%(name)s is seated in round %(n)s; the registration stays with them.")
            % {"name": registration.player.name, "n": round_number}
        )
    if Registration.objects.filter(tournament_id=registration.tournament_id, player=player):
        raise RegisterRefused(_("%(player)s is registered already.") % {"player": player})
    before = player_state(registration)
    left = registration.player
    registration.player = player
    registration.save(update_fields=["player"])
    record_player_update(registration, before, user)
    drop_if_unused(left)


@dataclass(frozen=True)
class Listed:
    """A player as a list of matches shows them: with their home, and whether registered here."""

    player: Player
    home: Home
    registered: bool


def listed(players: list[Player], tournament: Tournament | None) -> list[Listed]:
    """Return the players with their homes, marking those registered in the tournament."""
    registered: set[int] = set()
    if tournament is not None:
        registered = set(
            tournament.registrations.filter(player__in=players).values_list("player_id", flat=True)
        )
    return [Listed(p, home_of(p), p.pk in registered) for p in players]
