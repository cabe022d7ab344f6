"""Players signing on for an upcoming tournament, before the day, without an account.

A sign-on is a pending entry, never a register record by itself: the director matches it to a
player of the register (or creates one), which registers that player for the tournament.
"""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.models import Player, Registration, Tournament


class SignOnRules(models.Model):
    """Whether and until when players sign on for a tournament, and how many it takes."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="sign_on_rules"
    )
    open = models.BooleanField(_("players sign on here"), default=False)
    closes_at = models.DateTimeField(_("signing on closes at"), null=True, blank=True)
    # Places for players: registrations made by the director count too. Empty: no limit.
    capacity = models.PositiveSmallIntegerField(_("places"), null=True, blank=True)

    class Meta:
        verbose_name = _("rules for signing on")
        verbose_name_plural = _("rules for signing on")

    def __str__(self) -> str:
        return str(self.tournament)


def new_entry_token() -> str:
    """Return the secret of a sign-on's personal link (128 random bits)."""
    return secrets.token_urlsafe(16)


class SignOn(models.Model):
    """One player's sign-on: as typed, until the director matches it to a register record."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sign_ons")
    name = models.CharField(_("name"), max_length=120, validators=[no_control_characters])
    club = models.CharField(
        _("club or place"), max_length=120, blank=True, validators=[no_control_characters]
    )
    phone = models.CharField(
        _("phone"), max_length=40, blank=True, validators=[no_control_characters]
    )
    email = models.EmailField(_("e-mail"), blank=True)
    token = models.CharField(
        _("personal link"), max_length=32, unique=True, default=new_entry_token
    )
    signed_on_at = models.DateTimeField(_("signed on at"), auto_now_add=True)
    withdrawn = models.BooleanField(_("signed off"), default=False)
    # A digest of the client's address: sign-ons per address are limited (entries.py).
    address = models.CharField(_("address digest"), max_length=24, blank=True, db_index=True)
    # Set when the director matched it: the player registered for it.
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="sign_ons"
    )
    registration = models.OneToOneField(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sign_on",
    )

    class Meta:
        ordering = ["signed_on_at", "pk"]
        verbose_name = _("sign-on")
        verbose_name_plural = _("sign-ons")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="sign_on_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name
