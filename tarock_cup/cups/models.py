"""A cup: its season's rules for cup points, its people with their roles and its tournaments."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.models import Player, Tournament


class CupRole(models.TextChoices):
    """What a cup's member may do; ordered from most to least (the people page lists so)."""

    # Everything: settings, people, next season, the records of the players the cup keeps.
    ORGANISER = "organiser", _("organiser")
    # The cup's tournaments and rankings.
    DEPUTY = "deputy", _("deputy")
    # Results in the cup's tournaments.
    SCORER = "scorer", _("scorer")


class Cup(models.Model):
    name = models.CharField(_("name"), max_length=160, validators=[no_control_characters])
    slug = models.SlugField(_("short name (address)"), max_length=80, unique=True)
    season = models.CharField(
        _("season"), max_length=40, blank=True, validators=[no_control_characters]
    )
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
    # The season is open (its ranking provisional for a national final) until an organiser
    # closes it; who closed it and when is kept, and reopening clears both.
    season_closed_at = models.DateTimeField(_("season closed at"), null=True, blank=True)
    season_closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("season closed by"),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_cups",
        verbose_name=_("owner"),
    )
    # Organisers, deputies and scorers beside the owner (who is always an organiser).
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="CupMember",
        blank=True,
        related_name="member_cups",
        verbose_name=_("members"),
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

    @property
    def season_closed(self) -> bool:
        """Return whether the cup's organisers have closed its season (its ranking is final)."""
        return self.season_closed_at is not None

    @staticmethod
    def closed_season_text() -> str:
        """Return why a closed season's ranking is not changed (imports, corrections, settings)."""
        return str(
            _(
                "The season is closed: its ranking is final. One of the cup's organisers "
                "reopens it first."
            )
        )

    def role_of(self, user: object) -> str | None:
        """Return the user's role in the cup (a `CupRole`), or None for no role.

        The owner and superusers are organisers whatever the members' list says: a cup always
        has someone who may change everything, so nobody can lock it away from its owner.
        """
        pk: int | None = getattr(user, "pk", None)
        if not getattr(user, "is_authenticated", False) or pk is None:
            return None
        if getattr(user, "is_superuser", False) or self.owner_id == pk:
            return CupRole.ORGANISER
        role: str | None = (
            self.memberships.filter(user_id=pk).values_list("role", flat=True).first()
        )
        return role

    def is_organiser(self, user: object) -> bool:
        """Return whether the user may change everything: settings, people, next season and the
        records of the players the cup keeps."""
        return self.role_of(user) == CupRole.ORGANISER

    def manages_tournaments(self, user: object) -> bool:
        """Return whether the user may add and remove the cup's tournaments and import rankings
        (organisers and deputies)."""
        return self.role_of(user) in (CupRole.ORGANISER, CupRole.DEPUTY)

    def scores(self, user: object) -> bool:
        """Return whether the user may enter results in the cup's tournaments (any role)."""
        return self.role_of(user) is not None


class CupMember(models.Model):
    """A user's role in a cup besides its owner: what they may do there.

    Every member also directs the cup's tournaments (`Tournament.is_director`); the role says
    what more they may do in the cup itself.
    """

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="cup_memberships"
    )
    # No default: a member added without a role is an error, never an organiser by accident.
    role = models.CharField(_("role"), max_length=16, choices=CupRole.choices)

    class Meta:
        ordering = ["cup", "user__username"]
        verbose_name = _("cup member")
        verbose_name_plural = _("cup members")
        constraints = [
            models.UniqueConstraint(fields=["cup", "user"], name="cup_member_once"),
            models.CheckConstraint(condition=Q(role__in=CupRole.values), name="cup_member_role"),
        ]

    def __str__(self) -> str:
        return f"{self.cup} – {self.user} ({self.get_role_display()})"


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


class ImportedRanking(models.Model):
    """A tournament's final ranking read from a file: a day played on paper or elsewhere.

    The tournament has no rounds or hands here; its ranking is these places, and it counts in
    every cup it belongs to as a completed tournament.
    """

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="imported_ranking"
    )
    filename = models.CharField(_("file"), max_length=200, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported ranking")
        verbose_name_plural = _("imported rankings")

    def __str__(self) -> str:
        return str(self.tournament)


class ImportedPlace(models.Model):
    """A player's final rank in an imported ranking, with the tournament score where known."""

    ranking = models.ForeignKey(ImportedRanking, on_delete=models.CASCADE, related_name="places")
    rank = models.PositiveIntegerField(_("rank"))
    # PROTECT: a player with a result is not deleted by the way; a merge moves the place.
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="imported_places")
    score = models.IntegerField(_("tournament score"), null=True, blank=True)

    class Meta:
        ordering = ["ranking", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["ranking", "rank"], name="imported_rank_once"),
            models.UniqueConstraint(fields=["ranking", "player"], name="imported_player_once"),
            models.CheckConstraint(condition=Q(rank__gte=1), name="imported_rank_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player}"
