"""How a player is named for whom: one place for every page, export and download.

A player who asked for privacy is shown to the public by the given names, the last name's
initial and the number ("Anna H. (Nr. 100012)"), so two "Anna H." stay apart; the tournament's
directors, its cups' organisers and superusers keep the full name. A forgotten player is
"Forgotten player (Nr. 100012)" to everyone: the name is gone, the results stay.
"""

from typing import Any, Protocol

from django.utils.translation import gettext

from tarock_cup import names
from tarock_cup.tournaments.models import Tournament


class Named(Protocol):
    """What naming needs of a player (a Player has it)."""

    @property
    def name(self) -> str: ...
    @property
    def number(self) -> int | None: ...
    @property
    def private(self) -> bool: ...
    @property
    def forgotten(self) -> bool: ...


def forgotten_name(number: int | None) -> str:
    """Return what stands for a forgotten player's name: the number alone says who it was."""
    return gettext("Forgotten player (No. %(number)s)") % {"number": number}


def shown_name(player: Named, full: bool) -> str:
    """Return the player's name as this viewer sees it: `full` for those who keep the record
    or run the tournament, the public name otherwise."""
    return shown(player.name, player.number, player.private, player.forgotten, full)


def shown(name: str, number: int | None, private: bool, forgotten: bool, full: bool) -> str:
    """Return a name as shown, from the fields alone (for queries of plain values)."""
    if forgotten:
        return forgotten_name(number)
    if private and not full:
        label = gettext("No. %(number)s") % {"number": number}
        return f"{names.public_name(name)} ({label})"
    return name


# The fields a values_list() of seats or registrations reads to name a player with `shown`.
NAME_FIELDS = ("player__name", "player__number", "player__private", "player__forgotten")


def sees_full_names(user: Any, tournament: Tournament) -> bool:
    """Return whether the user sees the full names of the tournament's private players: its
    directors do (the people of a cup it is in direct it too), and superusers."""
    return tournament.is_director(user)


def sees_full_names_in_cup(user: Any, cup: Any) -> bool:
    """Return whether the user sees the full names on the cup's pages: its people do (any
    role: they direct its tournaments)."""
    return bool(cup.scores(user))
