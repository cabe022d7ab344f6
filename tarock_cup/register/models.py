"""The players' register's log: every correction, merge, split and privacy request, by whom.

The players themselves are `tarock_cup.tournaments.models.Player`; who keeps a record is its
home (`homes.py`).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tarock_cup.fields import made_by
from tarock_cup.tournaments.models import Player


class PlayerChange(models.Model):
    """One change of a register record: who, when, what it was before and after.

    A merge keeps in `before` the dropped record and in `moved` every row it moved, so that the
    merge can be undone exactly.
    """

    class Kind(models.TextChoices):
        CREATE = "create", _("created")
        CORRECT = "correct", _("name or club corrected")
        NUMBER = "number", _("number set")
        MERGE = "merge", _("merged")
        SPLIT = "split", _("merge undone")
        PRIVATE = "private", _("shown name changed")
        FORGET = "forget", _("forgotten")
        HOME = "home", _("home changed")

    # The record changed (after a merge: the one that stayed); kept when the player is gone.
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="register_changes"
    )
    number = models.PositiveIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    # The cup whose log shows the change: the player's home cup at the time (none: an organiser).
    cup = models.ForeignKey(
        "cups.Cup", on_delete=models.SET_NULL, null=True, blank=True, related_name="player_changes"
    )
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    moved = models.JSONField(_("moved"), default=dict, blank=True)
    by = made_by(_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    # A merge undone points to its split.
    undone_by = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undoes"
    )

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("register change")
        verbose_name_plural = _("register changes")
        indexes = [models.Index(fields=["number"])]

    def __str__(self) -> str:
        return f"{self.number} {self.kind}"
