"""The players' register's log: every correction, merge, split and privacy request, by whom.

The players themselves are `tarock_cup.tournaments.models.Player`; who keeps a record is its
home (`homes.py`).
"""

import uuid

from django.conf import settings
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


class Proposal(models.Model):
    """A correction or merge waiting for an organiser whose tournament it would change.

    A record's keepers change it; but a player who plays in another organiser's tournament is
    that organiser's player too, so such a change waits until each of them agreed. One row per
    organiser asked; the rows of one request share `group`. When every row is accepted the change
    is applied (and each row says `applied`); one decline ends the request (the others `ended`).
    """

    class Kind(models.TextChoices):
        CORRECT = "correct", _("correct name or club")
        MERGE = "merge", _("merge two records")

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        APPLIED = "applied", _("applied")
        ENDED = "ended", _("ended by another organiser's decline")

    group = models.UUIDField(_("request"), default=uuid.uuid4, db_index=True)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    # The record corrected, or the one that stays in a merge; kept (empty) when it is gone.
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="proposals"
    )
    # A merge's record that goes.
    other = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A correction's new name and club ({"name": …, "club": …}).
    after = models.JSONField(_("after"), null=True, blank=True)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("proposed by"),
    )
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="register_proposals",
        verbose_name=_("organiser asked"),
    )
    state = models.CharField(
        _("state"), max_length=16, choices=State.choices, default=State.PENDING
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    # The register's entry once the proposal was applied.
    change = models.ForeignKey(
        PlayerChange, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("proposal")
        verbose_name_plural = _("proposals")

    def __str__(self) -> str:
        return f"{self.kind} {self.group} {self.state}"


class RecordFigures(models.Model):
    """A player's figures of one tournament, as the record page counts them, kept so that a
    long record is not counted from every hand on each visit.

    Made from the tournament's hands and standings at `version` (the tournament's version,
    raised by every change of it): a row of an older version is counted again when read.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="record_figures")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="record_figures"
    )
    version = models.PositiveBigIntegerField(_("version"))
    figures = models.JSONField(_("figures"), default=dict)

    class Meta:
        verbose_name = _("record figures")
        verbose_name_plural = _("record figures")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "tournament"], name="record_figures_one_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.tournament_id} v{self.version}"
