"""Finding the people a typed row may mean: one matcher for the imports (and the sign-on).

A row ("Franz Pichlr", "Schwaz") is offered the players whose names are alike, the club and the
number as further evidence: "Franz Pichler (Schwaz), Nr. 1234?". The importer then confirms one
of them or says it is a new player; nothing here decides for them.

Names are compared plain (`tarock_cup.names.name_key`: no accents, case or word order) with
rapidfuzz's `fuzz.ratio` over the plain, sorted words, which is `token_sort_ratio` with the
sorting done once per player instead of once per comparison. Measured on that scale:

    Franz Pichlr / Franz Pichler     96    a typo: offered
    Anna Maier / Anna Mayer / Meier  90    spellings of one name: offered
    Jo Maier / Jo Mayer              87.5  the same with a short first name: offered
    Huber Anna / Anna Huber         100    word order: offered
    Anna Huber / Anna Gruber         85.7  another family: offered only with the same club
    Franz Pichler / Franz Pichler-Moser 81.2  a double name: offered only with the same club
    Anna Huber / Anna Hofer          80    another family: never
    Anna Huber / Berta Huber         66.7  another person: never

hence a name alone needs 87 (`CUTOFF`) and the same club adds 6 (`CLUB_BONUS`), so a name of 81
or more is offered beside the same club. A player with the row's number is offered first
whatever the name. The register is searched with `process.extract` over its distinct plain names
(C++, no Python loop over players), so a file of n rows costs n searches: near-linear in rows.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy
from rapidfuzz import fuzz, process

from tarock_cup.cups.players import visible_players
from tarock_cup.names import name_key, plain
from tarock_cup.tournaments.models import Player

CUTOFF = 87  # the score an offer needs: a name this alike, or less alike beside the same club
CLUB_BONUS = 6  # the same club is evidence: a name of 81 with it is offered
NUMBER_BONUS = 100  # the row's number names the player: offered first whatever the name
SURE = 100 + CLUB_BONUS  # the same plain name and club (only accents or word order differ)
MAX_OFFERS = 5  # at most this many players are offered for one row
NAMES_SEARCHED = 20  # distinct names looked at per row before the club is weighed in

SAME_NUMBER = "same number"
SAME_CLUB = "same club"
SAME_NAME = "same name"
NAME_ALIKE = "name alike"
REASONS = {
    SAME_NUMBER: gettext_lazy("same number"),
    SAME_CLUB: gettext_lazy("same club"),
    SAME_NAME: gettext_lazy("same name"),
    NAME_ALIKE: gettext_lazy("name alike"),
}
NEW = "new"  # the choice that says a row is a new player


@dataclass(frozen=True)
class Offer:
    """A player a row may mean, how alike (higher is likelier) and why (`REASONS` keys)."""

    player: Player
    score: float
    why: tuple[str, ...]

    @property
    def sure(self) -> bool:
        """Return whether the offer is taken unless the importer says otherwise: the same
        number, or the same plain name and club. A typo is not sure: "Hanna Huber" (95) may
        be Anna Huber's daughter."""
        return self.score >= SURE

    @property
    def reasons(self) -> str:
        """Return why the player is offered, in the user's language ("same club, name alike")."""
        return ", ".join(str(REASONS[key]) for key in self.why)


def _name_text(name: str) -> str:
    """Return a name as compared: plain words, sorted ("Húber, Anna" → "anna huber")."""
    return " ".join(name_key(name))


def _stored_name_text(player: Player, club: str) -> str:
    """Return the player's name as compared, read from the stored search key ("name / club",
    names.search_key) when it holds it: 20,000 names made plain again would cost a second."""
    name, separator, rest = player.search_key.partition(" / ")
    return name if separator and rest == club else _name_text(player.name)


def visible_to(user: Any) -> QuerySet[Player]:
    """Return the players a matcher for the user holds: those the user may see and link a
    row to (visible_players), not forgotten ones, with the fields the matcher reads."""
    players = visible_players(user).filter(forgotten=False)
    return players.only("pk", "name", "club", "number", "search_key")


class Matcher:
    """The players one import may offer, prepared once so that each row costs one search."""

    def __init__(self, players: Iterable[Player]) -> None:
        self.by_number: dict[int, Player] = {}
        # Each distinct plain name with its players, oldest first, and by name and club.
        self.by_name: dict[str, list[tuple[str, Player]]] = defaultdict(list)
        self.by_name_club: dict[tuple[str, str], list[Player]] = defaultdict(list)
        clubs: dict[str, str] = {}  # each club made plain once: a register has few
        for player in sorted(players, key=lambda p: p.pk):
            self.by_number[player.number] = player
            club = clubs.get(player.club)
            if club is None:
                club = clubs[player.club] = plain(player.club)
            name = _stored_name_text(player, club)
            self.by_name[name].append((club, player))
            self.by_name_club[name, club].append(player)
        self.names = list(self.by_name)

    @classmethod
    def for_user(cls, user: Any) -> "Matcher":
        """Return the matcher of the players the user may see and link a row to."""
        return cls(visible_to(user))

    def offers(self, name: str, club: str, number: int | None = None) -> list[Offer]:
        """Return the players the row may mean, likeliest first, at most MAX_OFFERS."""
        name, club = _name_text(name), plain(club)
        found: dict[int, Offer] = {}
        alike = process.extract(
            name,
            self.names,
            scorer=fuzz.ratio,
            processor=None,
            score_cutoff=CUTOFF - CLUB_BONUS,
            limit=NAMES_SEARCHED,
        )
        for other, name_score, _index in alike:
            for player in self._of_name(other, club):
                offer = _offer(player, name_score, club, number)
                if offer.score >= CUTOFF:
                    found[player.pk] = offer
        by_number = self.by_number.get(number) if number is not None else None
        if by_number is not None and by_number.pk not in found:
            name_score = fuzz.ratio(name, _name_text(by_number.name))
            found[by_number.pk] = _offer(by_number, name_score, club, number)
        ranked = sorted(found.values(), key=lambda offer: (-offer.score, offer.player.pk))
        return ranked[:MAX_OFFERS]

    def _of_name(self, name: str, club: str) -> list[Player]:
        """Return at most MAX_OFFERS players of one plain name: the club's first, then the
        oldest; the cost is the players returned, not how many share the name."""
        same = self.by_name_club.get((name, club), [])[:MAX_OFFERS]
        others: list[Player] = []
        for other_club, player in self.by_name[name]:
            if len(same) + len(others) >= MAX_OFFERS:
                break
            if other_club != club:
                others.append(player)
        return same + others


def _offer(player: Player, name_score: float, club: str, number: int | None) -> Offer:
    """Return the offer of a player for a row of this club and number, its name this alike."""
    why: list[str] = []
    score = name_score
    if number is not None and player.number == number:
        why.append(SAME_NUMBER)
        score += NUMBER_BONUS
    if club and plain(player.club) == club:
        why.append(SAME_CLUB)
        score += CLUB_BONUS
    if name_score >= 100:
        why.append(SAME_NAME)
    elif name_score >= CUTOFF - CLUB_BONUS:
        why.append(NAME_ALIKE)
    return Offer(player, score, tuple(why))


def initial_choice(offers: list[Offer]) -> str:
    """Return the choice a row starts with: the first offer when sure, else none ("").

    A director expects the certain ones done for them and every doubtful row left to decide:
    taking a typo for a known player could give two people one record, and "new player" by
    default would quietly make a second record of a known one, as before this matcher.
    """
    return str(offers[0].player.pk) if offers and offers[0].sure else ""


class NotOffered(ValueError):
    """A choice that is neither an offered player nor "new" (missing or tampered with)."""


def chosen(offers: list[Offer], choice: str) -> Player | None:
    """Return the offered player the choice names, None for a new player; raise NotOffered."""
    if choice == NEW:
        return None
    for offer in offers:
        if str(offer.player.pk) == choice:
            return offer.player
    raise NotOffered(choice)
