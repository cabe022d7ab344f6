"""Finding a player by number, name and club: one rule for the registration form and the import.

Names and clubs are compared without regard to case and repeated spaces ("anna  huber" is Anna
Huber). A number names one player: given with a name that is not that player's, it is refused,
never quietly taken to mean the other player.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Change, Player, Registration, Seat


class PlayerConflict(ValueError):
    """The details name a player in two ways that do not agree; the message is for the director."""


def player_key(text: str) -> str:
    """Return a name or club as compared: case and repeated spaces ignored."""
    return " ".join(text.split()).casefold()


def label(player: Player) -> str:
    """Return a player as named in a message: name, club and number."""
    return f"{player}, {player.number_label()}"


@dataclass(frozen=True)
class Match:
    """The player some details name (None: a new one), and whether their number is to be set."""

    player: Player | None
    sets_number: bool = False


class PlayerIndex:
    """Players looked up by number and by name and club."""

    def __init__(self, players: Iterable[Player]) -> None:
        self.by_number: dict[int, Player] = {}
        self.by_name: dict[tuple[str, str], Player] = {}
        for player in sorted(players, key=lambda p: p.pk):
            self.add(player)

    def add(self, player: Player) -> None:
        """Index a player (the oldest of equal names is the one found)."""
        if player.number is not None:
            self.by_number[player.number] = player
        self.by_name.setdefault((player_key(player.name), player_key(player.club)), player)

    @classmethod
    def everyone(cls) -> "PlayerIndex":
        return cls(Player.objects.only("pk", "name", "club", "number"))

    def match(self, name: str, club: str, number: int | None) -> Match:
        """Return the player these details name, or raise PlayerConflict saying why not."""
        if number is not None and number in self.by_number:
            player = self.by_number[number]
            # A number names its player; the club may have changed since.
            if player_key(player.name) != player_key(name):
                raise PlayerConflict(
                    _("Number %(n)s belongs to another player: %(player)s.")
                    % {"n": number, "player": label(player)}
                )
            return Match(player)
        found = self.by_name.get((player_key(name), player_key(club)))
        if found is None or number is None:
            return Match(found)
        if not found.number_assigned:
            raise PlayerConflict(
                _("%(player)s already has number %(n)s.") % {"player": found, "n": found.number}
            )
        return Match(found, sets_number=True)


def find_or_create_player(
    name: str,
    club: str,
    number: int | None,
    index: PlayerIndex | None = None,
    may_change: Callable[[Player], bool] | None = None,
) -> tuple[Player, bool]:
    """Return the player the details name, created if new (and whether it was); raise
    PlayerConflict when they name someone else. Call inside a transaction.

    A found player gets the number given only where `may_change` allows it (the caller passes
    `register.homes.keeps` for its user: only a record's keepers change it); without it, always.
    """
    name, club = " ".join(name.split()), " ".join(club.split())
    # Every player is looked at: names are compared casefolded (Ö, ß), which SQL cannot.
    index = index or PlayerIndex.everyone()
    found = index.match(name, club, number)
    if found.player is None:
        player = Player(name=name, club=club)
        if number is not None:
            player.number = number
        player.save()
        index.add(player)
        return player, True
    allowed = may_change is None or may_change(found.player)
    if found.sets_number and number is not None and allowed:
        found.player.number = number
        found.player.save(update_fields=["number"])
        index.add(found.player)
    return found.player, False


def player_state(registration: Registration) -> dict[str, Any]:
    """Return what the history keeps of a registration with its player's name, club, number."""
    player = registration.player
    return history.registration_state(registration) | {
        "name": player.name,
        "club": player.club,
        "number": player.number,
    }


@transaction.atomic
def correct_player(registration: Registration, player: Player, user: Any = None) -> None:
    """Save a corrected name, club or number (given as the changed player), recorded in history."""
    before = player_state(Registration.objects.select_related("player").get(pk=registration.pk))
    player.save(update_fields=["name", "club", "number"])
    registration.player = player
    record_player_update(registration, before, user)


def record_player_update(registration: Registration, before: dict[str, Any], user: Any) -> None:
    """Record in the history that the registration's player (or their record) changed."""
    history.record_registration(registration, before, user, player_state(registration))


class RegistrationInUse(ValueError):
    """A registration that cannot be removed: the player is seated in a round."""


@transaction.atomic
def remove_registration(registration: Registration, user: Any = None) -> None:
    """Remove a registration whose player sits at no table of the tournament (recorded).

    A player entered by mistake and registered nowhere else is deleted too, so a misspelt name
    is not found again by a later registration or import.
    """
    player = registration.player
    seat = (
        Seat.objects.filter(round__tournament_id=registration.tournament_id, player=player)
        .select_related("round")
        .first()
    )
    if seat is not None:
        raise RegistrationInUse(
            _("%(name)s is seated in round %(n)s; mark them withdrawn instead.")
            % {"name": player.name, "n": seat.round.number}
        )
    history.record(
        registration.tournament_id,
        Change.Kind.REGISTRATION,
        registration.pk,
        Change.Action.DELETE,
        player_state(registration),
        None,
        user,
    )
    registration.delete()
    drop_if_unused(player)


def drop_if_unused(player: Player) -> None:
    """Delete a player registered and seated nowhere (entered by mistake); call in a transaction."""
    if player.registrations.exists() or player.seats.exists():
        return
    try:
        # Inside a savepoint: a refused delete must not break the caller's transaction.
        with transaction.atomic():
            player.delete()
    except ProtectedError:
        pass  # a result elsewhere (a cup's imported ranking) still names the player
