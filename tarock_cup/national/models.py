"""The Österreich-Finale in the application: a national final, its cups and their consent, and
the qualified players who declined.

The arithmetic is scoring.oef's; these models hold only what an organiser decides (levels, the
final's points table, which tournament is the final) and who agreed to what, and when.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tarock_cup.cups.models import Cup
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.models import Player, Tournament

OWN_LEVEL = "own"  # a cup priced by a table of the final's organiser, not a preset


class NationalFinal(models.Model):
    """A season's national final: the cups that send players to it and the final day."""

    name = models.CharField(_("name"), max_length=160, validators=[no_control_characters])
    slug = models.SlugField(_("short name (address)"), max_length=80, unique=True)
    season = models.CharField(_("season"), max_length=40, validators=[no_control_characters])
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="national_finals",
        verbose_name=_("organiser"),
    )
    # Final points by the final's rank, rank 1 first (organiser data: the official table is not
    # public); empty until entered.
    final_points = models.JSONField(_("final points"), default=list, blank=True)
    # The final day: a tournament played here, or one whose ranking was imported into a cup.
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="national_finals",
        verbose_name=_("final tournament"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-season", "name"]
        verbose_name = _("national final")
        verbose_name_plural = _("national finals")

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    def get_absolute_url(self) -> str:
        return reverse("national_final", args=[self.slug])

    def is_organiser(self, user: object) -> bool:
        """Return whether the user runs this final (its organiser or a superuser)."""
        if not getattr(user, "is_authenticated", False):
            return False
        return bool(getattr(user, "is_superuser", False)) or self.organiser_id == getattr(
            user, "pk", None
        )


class NationalCup(models.Model):
    """A cup invited to a national final with its level; it counts once its organiser agreed."""

    final = models.ForeignKey(NationalFinal, on_delete=models.CASCADE, related_name="cups")
    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="national_entries")
    # A preset's name (L40, L60, L80) or OWN_LEVEL with own_points.
    level = models.CharField(_("level"), max_length=16)
    own_points = models.JSONField(_("own points table"), null=True, blank=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    invited_at = models.DateTimeField(_("invited at"), auto_now_add=True)
    # The consent of one of the cup's organisers: who gave it and when (empty: still invited).
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)

    class Meta:
        ordering = ["final", "pk"]
        verbose_name = _("cup of a national final")
        verbose_name_plural = _("cups of a national final")
        constraints = [
            models.UniqueConstraint(fields=["final", "cup"], name="national_cup_once"),
        ]

    def __str__(self) -> str:
        return f"{self.final} – {self.cup}"

    @property
    def accepted(self) -> bool:
        """Return whether one of the cup's organisers agreed to send its players."""
        return self.accepted_at is not None


class Decline(models.Model):
    """A qualified player who will not play the final for this cup: the next in line moves up."""

    entry = models.ForeignKey(NationalCup, on_delete=models.CASCADE, related_name="declines")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="national_declines")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["entry", "recorded_at"]
        verbose_name = _("declined place")
        verbose_name_plural = _("declined places")
        constraints = [
            models.UniqueConstraint(fields=["entry", "player"], name="national_decline_once"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} – {self.player}"


# Named here so a query reads as what it means.
ACCEPTED = Q(accepted_at__isnull=False)
