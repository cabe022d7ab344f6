"""A tournament's directors: added by user name, a new account made with a link to set its
password (Django's password-reset token: valid for PASSWORD_RESET_TIMEOUT and only until the
password is set; no e-mail is needed, the owner passes the link on)."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tarock_cup.tournaments.models import Tournament


@transaction.atomic
def add(tournament: Tournament, username: str) -> tuple[Any, bool]:
    """Return the user with this name, made a director of the tournament, and whether the
    account is new (it has no password until the link is used)."""
    user_model = get_user_model()
    user = user_model.objects.filter(username__iexact=username).first()
    created = user is None
    if user is None:
        user = user_model.objects.create_user(username)  # an unusable password
    tournament.directors.add(user)
    return user, created


def remove(tournament: Tournament, user_id: int | None) -> None:
    """Remove a director (the owner stays in charge whatever the list says)."""
    if user_id is not None:
        tournament.directors.remove(*tournament.directors.filter(pk=user_id))


def set_password_path(user: Any) -> str:
    """Return the path of the one-time link at which the user sets a password."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("password_set", args=[uid, default_token_generator.make_token(user)])
