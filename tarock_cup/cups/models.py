"""A cup: its season's rules for cup points, its organisers and its tournaments."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tarock_cup.tournaments.models import Tournament


class Cup(models.Model):
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("short name (address)"), max_length=80, unique=True)
    season = models.CharField(_("season"), max_length=40, blank=True)
    # The cup-point rule exactly as the season's JSON writes it ({"method": "power", ...}), so
    # the engine checks it and the export carries it unchanged.
    points = models.JSONField(_("cup points"))
    best = models.PositiveSmallIntegerField(
        _("best results counted"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    final_factor = models.DecimalField(
        _("factor of the final"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal(100))],
    )
    qualify = models.PositiveSmallIntegerField(
        _("qualification places"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    public = models.BooleanField(_("public"), default=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_cups",
        verbose_name=_("owner"),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organised_cups",
        verbose_name=_("organisers"),
    )
    tournaments = models.ManyToManyField(
        Tournament, through="CupTournament", related_name="cups", blank=True
    )

    class Meta:
        ordering = ["-season", "name"]
        verbose_name = _("cup")
        verbose_name_plural = _("cups")

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    def get_absolute_url(self) -> str:
        return reverse("cup", args=[self.slug])

    def is_organiser(self, user: object) -> bool:
        """Return whether the user may change the cup (owner, organiser or superuser)."""
        if not getattr(user, "is_authenticated", False):
            return False
        pk = getattr(user, "pk", None)
        return bool(
            getattr(user, "is_superuser", False)
            or self.owner_id == pk
            or self.organisers.filter(pk=pk).exists()
        )


class CupTournament(models.Model):
    """A tournament counting for a cup; at most one of a cup's tournaments is its final."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="cup_entries")
    final = models.BooleanField(_("final"), default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["cup", "tournament"], name="cup_tournament_once"),
            models.UniqueConstraint(fields=["cup"], condition=Q(final=True), name="cup_one_final"),
        ]

    def __str__(self) -> str:
        return f"{self.cup} – {self.tournament}"
