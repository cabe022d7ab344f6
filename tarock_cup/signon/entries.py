"""Signing on for an upcoming tournament, and the director taking the sign-ons in.

A player signs on with a name, a club and, if they like, a phone number or e-mail address; the
confirmation shows a personal link to change or sign off. The places are the tournament's
capacity less the players the director registered directly; sign-ons take them in the order
they came, the rest wait and move up as others sign off. A sign-on is never a register record
by itself: the director matches it to a player of the register or creates one, which registers
that player.
"""

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tarock_cup import names
from tarock_cup.client_ip import address_digest
from tarock_cup.register import similar
from tarock_cup.register.similar import Offer
from tarock_cup.signon.models import SignOn, SignOnRules
from tarock_cup.tournaments import history
from tarock_cup.tournaments.models import Player, Registration, Tournament

# Sign-ons from one client address in an hour: a family or a club signing on its members from
# one phone is never stopped; a script filling the list is.
PER_ADDRESS = 8
PER_ADDRESS_WINDOW = datetime.timedelta(hours=1)


class SignOnRefused(Exception):
    """Why a sign-on, a change or a sign-off was not taken, in the player's language."""


class TooMany(SignOnRefused):
    """Too many sign-ons from one client address within the window."""


@dataclass(frozen=True)
class Place:
    """A sign-on's place: its number in the list of players, or on the waiting list."""

    entry: SignOn
    number: int
    waiting: bool


def rules_of(tournament: Tournament) -> SignOnRules:
    """Return the tournament's rules for signing on (closed ones where none were set)."""
    try:
        return tournament.sign_on_rules
    except SignOnRules.DoesNotExist:
        return SignOnRules(tournament=tournament)


def closed_reason(tournament: Tournament, now: datetime.datetime | None = None) -> str | None:
    """Return why players cannot sign on for the tournament now, or None when they can."""
    now = now or timezone.now()
    rules = rules_of(tournament)
    if not rules.open or tournament.imported:
        return _("Players do not sign on for this tournament here; please ask its organiser.")
    if tournament.rounds.exists() or tournament.date < timezone.localdate(now):
        return _("The tournament has begun: signing on is closed.")
    if rules.closes_at is not None and now >= rules.closes_at:
        when = formats.date_format(timezone.localtime(rules.closes_at), "DATETIME_FORMAT")
        return _("Signing on closed on %(when)s.") % {"when": when}
    return None


def places(tournament: Tournament) -> list[Place]:
    """Return the open sign-ons in order, each with its place or its place on the waiting list."""
    capacity = rules_of(tournament).capacity
    entries = list(tournament.sign_ons.filter(withdrawn=False).order_by("signed_on_at", "pk"))
    if capacity is None:
        return [Place(entry, index + 1, False) for index, entry in enumerate(entries)]
    direct = tournament.registrations.filter(withdrawn=False, sign_on__isnull=True).count()
    free = max(capacity - direct, 0)
    return [
        Place(entry, index + 1, False) if index < free else Place(entry, index - free + 1, True)
        for index, entry in enumerate(entries)
    ]


def place_of(entry: SignOn) -> Place | None:
    """Return the sign-on's place now (None once signed off)."""
    return next((place for place in places(entry.tournament) if place.entry.pk == entry.pk), None)


def _same_person(name: str, club: str) -> tuple[tuple[str, ...], str]:
    return names.name_key(name), names.plain(club)


def _check_new(tournament: Tournament, name: str, club: str, address: str) -> None:
    """Raise SignOnRefused when the sign-on may not be taken (closed, flood, twice)."""
    reason = closed_reason(tournament)
    if reason:
        raise SignOnRefused(reason)
    recent = SignOn.objects.filter(
        address=address, signed_on_at__gte=timezone.now() - PER_ADDRESS_WINDOW
    )
    if recent.count() >= PER_ADDRESS:
        raise TooMany(
            _(
                "Too many sign-ons came from this connection within an hour. Please try again "
                "later, or ask the organiser to enter you."
            )
        )
    person = _same_person(name, club)
    signed = tournament.sign_ons.filter(withdrawn=False).only("name", "club")
    if any(_same_person(other.name, other.club) == person for other in signed):
        raise SignOnRefused(
            _(
                "%(name)s is already signed on for this tournament. To change or sign off, use "
                "the personal link shown when signing on."
            )
            % {"name": name}
        )


def sign_on(
    tournament: Tournament, name: str, club: str, phone: str, email: str, address: str | None
) -> SignOn:
    """Take a player's sign-on (raise SignOnRefused saying why not); return it."""
    name, club = " ".join(name.split()), " ".join(club.split())
    digest = address_digest(address)
    with transaction.atomic():
        # One at a time per tournament: two sign-ons of one name cannot both pass the check.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        _check_new(tournament, name, club, digest)
        entry = SignOn.objects.create(
            tournament=tournament,
            name=name,
            club=club,
            phone=phone.strip(),
            email=email.strip(),
            address=digest,
        )
        Tournament.bump_version(tournament.pk)
    return entry


def send_link(entry: SignOn, link: str) -> bool:
    """E-mail the personal link where the site sends e-mail and the player gave an address."""
    if not (settings.SENDS_MAIL and entry.email):
        return False
    send_mail(
        _("Signed on: %(tournament)s") % {"tournament": entry.tournament.name},
        _(
            "You are signed on for %(tournament)s. To change or sign off, open your personal "
            "link:\n%(link)s"
        )
        % {"tournament": entry.tournament.name, "link": link},
        None,
        [entry.email],
    )
    return True


def _check_changeable(entry: SignOn) -> None:
    if entry.withdrawn:
        raise SignOnRefused(_("This sign-on was signed off; please sign on again."))
    if entry.tournament.rounds.exists():
        raise SignOnRefused(_("The tournament has begun: please tell the director."))


def change(entry: SignOn, name: str, club: str, phone: str, email: str) -> None:
    """Save a player's own changes; name and club only until the director has taken it in."""
    _check_changeable(entry)
    name, club = " ".join(name.split()), " ".join(club.split())
    if entry.registration_id is not None and (name, club) != (entry.name, entry.club):
        raise SignOnRefused(
            _(
                "The director has already entered you as a player; to correct your name or "
                "club, please tell the director."
            )
        )
    entry.name, entry.club, entry.phone, entry.email = name, club, phone.strip(), email.strip()
    entry.save(update_fields=["name", "club", "phone", "email"])


@transaction.atomic
def sign_off(entry: SignOn) -> None:
    """Sign the player off; a registration made for the sign-on is marked withdrawn."""
    _check_changeable(entry)
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    registration = entry.registration
    if registration is not None and not registration.withdrawn:
        before = history.registration_state(registration)
        registration.withdrawn = True
        registration.save(update_fields=["withdrawn"])
        history.record_registration(registration, before, None)
    Tournament.bump_version(entry.tournament_id)


def look_alikes(entries: Iterable[SignOn], matcher: similar.Matcher) -> dict[int, list[Offer]]:
    """Return, per sign-on not yet taken in, the register's players its name and club may mean
    (the imports' matcher: alike names, the same club or number as evidence)."""
    return {
        entry.pk: matcher.offers(entry.name, entry.club)
        for entry in entries
        if entry.registration_id is None
    }


def twice(entries: Iterable[SignOn]) -> set[int]:
    """Return the sign-ons whose name another open sign-on has too (one person twice?)."""
    seen: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for entry in entries:
        seen[names.name_key(entry.name)].append(entry.pk)
    return {pk for group in seen.values() if len(group) > 1 for pk in group}


@transaction.atomic
def take_in(entry: SignOn, player: Player | None, user: Any) -> Registration:
    """Register the sign-on's player: the register's `player`, or a new one made from it."""
    entry = SignOn.objects.select_for_update().get(pk=entry.pk)
    if entry.withdrawn or entry.registration_id is not None:
        raise SignOnRefused(_("This sign-on was signed off or taken in meanwhile."))
    if player is None:
        player = Player.objects.create(name=entry.name, club=entry.club)
    registration, created = Registration.objects.get_or_create(
        tournament=entry.tournament, player=player
    )
    if created:
        history.record_registration(registration, None, user)
    elif SignOn.objects.filter(registration=registration).exists():
        raise SignOnRefused(
            _("%(player)s is already registered through another sign-on.") % {"player": player}
        )
    entry.player, entry.registration = player, registration
    entry.save(update_fields=["player", "registration"])
    return registration


@transaction.atomic
def check_in(entry: SignOn, user: Any) -> Registration:
    """Mark the sign-on's player present on the day (one tap)."""
    registration = entry.registration
    if registration is None or entry.withdrawn:
        raise SignOnRefused(_("Take the sign-on in as a player first."))
    if not registration.checked_in:
        before = history.registration_state(registration)
        registration.checked_in = True
        registration.save(update_fields=["checked_in"])
        history.record_registration(registration, before, user)
    return registration
