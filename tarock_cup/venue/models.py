"""The keys of hands a table's phone queued while it had no connection (queue.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tarock_cup.tournaments.models import Table


class QueuedSave(models.Model):
    """A queued hand the server saved: its key, what was posted and what the phone was told.

    A phone sends a queued hand again when it did not hear the answer (the connection dropped
    mid-save); the key makes that the same save, answered as before, never a second hand.
    """

    key = models.CharField(_("key"), max_length=64, unique=True)
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="+", verbose_name=_("table")
    )
    digest = models.CharField(_("fingerprint of the posted hand"), max_length=64)
    answer = models.JSONField(_("answer"))
    saved_at = models.DateTimeField(_("saved at"), auto_now_add=True)

    class Meta:
        verbose_name = _("queued save")
        verbose_name_plural = _("queued saves")

    def __str__(self) -> str:
        return self.key
