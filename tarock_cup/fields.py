"""Model fields that several models declare alike, each defined once."""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.db.models.expressions import Combinable
    from django_stubs_ext import StrOrPromise


def made_by(
    verbose_name: "StrOrPromise",
) -> "models.ForeignKey[User | Combinable | None, User | None]":
    """Return the link from a logged entry to the user who made it.

    The log outlives the account (the link is cleared when the user is deleted), and a user
    has no list of their entries (no reverse name).
    """
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=verbose_name,
    )
