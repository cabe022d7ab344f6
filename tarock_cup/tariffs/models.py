"""A cup's own tariff: numbers of its own over a built-in ruleset, kept in versions.

The numbers are stored exactly as a sheet's `tariff` writes them (without the name), so the
engine checks them and every sheet, backup and export carries them unchanged. A version by which
hands have ever been scored never changes (also once its tournament moved to another version, or
its hands were deleted): editing it makes the next version.
"""

from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.tariff import apply_tariff
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.models import Hand, Tournament, ruleset_choices


class TariffQuerySet(models.QuerySet["Tariff"]):
    def offered_to(self, user: Any, current: int | None = None) -> "TariffQuerySet":
        """Return the tariffs a director may choose for a tournament: their own, every version
        of one their tournaments play (a newer version is chosen in the settings), and the
        tournament's `current` one; a superuser may choose any.

        Anyone may read any tariff; another organiser's is used by importing its JSON file,
        which makes it the importer's own.
        """
        if getattr(user, "is_superuser", False):
            return self.all()
        mine = models.Q(pk=current) if current is not None else models.Q(pk__in=[])
        # the tariffs shipped with the product, each in its newest version, are everyone's
        mine |= models.Q(pk__in=self.newest_shipped().values("pk"))
        if getattr(user, "is_authenticated", False):
            played = (
                Tournament.objects.filter(models.Q(owner=user) | models.Q(directors=user))
                .exclude(tariff=None)
                .values_list("tariff_id", "tariff__first_id")
            )
            roots = {first or pk for pk, first in played}
            mine |= models.Q(owner=user) | models.Q(pk__in=roots) | models.Q(first_id__in=roots)
        return self.filter(mine)

    def newest_shipped(self) -> "TariffQuerySet":
        """Return the newest version of each tariff shipped with the product."""
        newer = Tariff.objects.filter(
            shipped=models.OuterRef("shipped"), version__gt=models.OuterRef("version")
        )
        return self.exclude(shipped="").exclude(models.Exists(newer))

    def same_as(self, owner: Any, ruleset: str, numbers: dict[str, Any], name: str) -> Any:
        """Return the owner's tariff version with these numbers over this ruleset, or None; of
        several, one of this name first, then the newest."""
        same = [t for t in self.filter(owner=owner, ruleset=ruleset) if t.numbers == numbers]
        return max(same, key=lambda t: (t.name == name, t.version, t.pk), default=None)


class Tariff(models.Model):
    name = models.CharField(_("name"), max_length=80, validators=[no_control_characters])
    note = models.TextField(
        _("note"), max_length=2000, blank=True, validators=[no_control_characters]
    )
    ruleset = models.CharField(_("ruleset"), max_length=32, choices=ruleset_choices)
    numbers = models.JSONField(_("numbers"), default=dict, blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    # the tariff's first version; empty on the first version itself
    first = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="later_versions",
        verbose_name=_("first version"),
    )
    # empty for a tariff shipped with the product (`shipped`), which nobody owns
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tariffs",
        verbose_name=_("owner"),
    )
    # the key of the product's data file a shipped tariff comes from (catalogue.CHOICES); such a
    # tariff is read-only: an organiser copies it to change it
    shipped = models.CharField(
        _("shipped as"), max_length=40, blank=True, default="", editable=False
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # Set when hands are first scored by this version and never cleared: moving the tournament
    # to another version, or deleting its hands, does not make these numbers changeable again.
    scored_hands = models.BooleanField(_("has scored hands"), default=False, editable=False)

    objects = TariffQuerySet.as_manager()

    class Meta:
        ordering = ["name", "-version"]
        verbose_name = _("tariff")
        verbose_name_plural = _("tariffs")
        constraints = [
            # Two saves at once must not both make version N+1 of one tariff.
            models.UniqueConstraint(fields=["first", "version"], name="tariff_version_once"),
            # one row for each version of a shipped data file
            models.UniqueConstraint(
                fields=["shipped", "version"],
                condition=~models.Q(shipped=""),
                name="shipped_tariff_version_once",
            ),
        ]

    def __str__(self) -> str:
        # Every version says which it is, the first too: a tournament's pages, the choices and
        # the exports then name one version, the same on each.
        return _("%(name)s (version %(version)s)") % {"name": self.name, "version": self.version}

    def get_absolute_url(self) -> str:
        return reverse("tariff", args=[self.pk])

    def file_name(self) -> str:
        """Return the name of its JSON file: its name and version (tirol-2012-version-2.json)."""
        stem = slugify(f"{self.name} version {self.version}", allow_unicode=True)
        return f"{stem}.json"

    def sheet_tariff(self) -> dict[str, Any]:
        """Return the tariff as a sheet's `tariff` field writes it."""
        return {"name": self.name, **self.numbers}

    def ruleset_info(self) -> scoring.RulesetInfo:
        """Return the base ruleset with this tariff's numbers (raises ScoringError if refused)."""
        return apply_tariff(scoring.get_ruleset(self.ruleset), self.sheet_tariff())

    def to_json(self) -> dict[str, Any]:
        """Return the tariff as its JSON file holds it."""
        return {
            "ruleset": self.ruleset,
            "tariff": self.sheet_tariff(),
            "note": self.note,
            "version": self.version,
        }

    def is_used(self) -> bool:
        """Return whether hands have ever been scored by this version (so it cannot change)."""
        # The hands a tournament holds now count too: a version restored from a backup made
        # before the mark existed has them without the mark.
        return (
            self.scored_hands or Hand.objects.filter(table__round__tournament__tariff=self).exists()
        )

    def mark_scored(self) -> None:
        """Record that hands are scored by this version: from now on it never changes.

        Called in the transaction that stores the hands, under the tariff's lock where the first
        hand of a table is stored (sheets.lock_tariff), so an edit waiting there sees the mark.
        """
        if not self.scored_hands:
            Tariff.objects.filter(pk=self.pk, scored_hands=False).update(scored_hands=True)
            self.scored_hands = True

    def may_edit(self, user: Any) -> bool:
        """Return whether the user may change this tariff (its owner or a superuser); nobody
        changes a shipped one."""
        if self.shipped:
            return False
        return bool(
            getattr(user, "is_superuser", False)
            or (self.owner_id is not None and self.owner_id == getattr(user, "pk", None))
        )

    def edit(self, name: str, note: str, numbers: dict[str, Any]) -> "Tariff":
        """Return the tariff saved with these values: this version changed, or, if a tournament
        has scored hands by it, a new version."""
        with transaction.atomic():
            # The check and the write under one lock: a hand scored in between, or a second save,
            # waits or is seen, and a used version is never changed in place.
            locked = Tariff.objects.select_for_update().get(pk=self.pk)
            if not locked.is_used():
                locked.name, locked.note, locked.numbers = name, note, numbers
                locked.save()
                return locked
            root = locked.first_id or locked.pk
            # Lock the first version too: every save of a version of this tariff queues there.
            Tariff.objects.select_for_update().filter(pk=root).get()
            return Tariff.objects.create(
                name=name,
                note=note,
                ruleset=locked.ruleset,
                numbers=numbers,
                owner=locked.owner,
                version=locked.newest().version + 1,
                first_id=root,
            )

    def newest(self) -> "Tariff":
        """Return the newest version of this tariff."""
        root = self.first_id or self.pk
        return Tariff.objects.filter(models.Q(pk=root) | models.Q(first_id=root)).order_by(
            "-version"
        )[0]
