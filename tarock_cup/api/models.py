"""What the public API keeps: how many requests each client address sent in a minute."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiRequests(models.Model):
    """How many API requests one client address sent in one window of time (see limits.py).

    A row per address and window, counted up by the database itself (count = count + 1), as
    the typed table codes are (tournaments.links): exact across server processes, and never
    dropped to make room, as a cache's entries are.
    """

    # A digest of the address, not the address: the server keeps no more than it needs to count.
    address = models.CharField(_("address digest"), max_length=24)
    # The window's number: seconds since the epoch divided by its length.
    window = models.BigIntegerField(_("time window"))
    count = models.PositiveIntegerField(_("requests"), default=0)

    class Meta:
        verbose_name = _("API requests of an address")
        verbose_name_plural = _("API requests of addresses")
        constraints = [
            models.UniqueConstraint(fields=["address", "window"], name="api_requests_once"),
        ]

    def __str__(self) -> str:
        return f"{self.address} @ {self.window}: {self.count}"
