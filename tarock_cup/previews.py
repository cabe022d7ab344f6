"""An upload shown as a preview before it is carried out (a player list, a cup's ranking).

The preview is kept in the session under a fresh token until the user confirms it; on
confirming, the plan is decided again, and a plan that changed meanwhile (another director
registered a player, say) is shown again instead of being carried out unseen.
"""

import json
import secrets
from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _


def keep(request: HttpRequest, key: str, signature: Any, **data: Any) -> dict[str, Any]:
    """Keep the preview's data and the signature of its plan under `key`; return what is kept,
    with the token the preview's confirm button sends back."""
    pending = {"token": secrets.token_urlsafe(16), "signature": _stored(signature), **data}
    request.session[key] = pending
    return pending


def sent_back(request: HttpRequest, key: str) -> dict[str, Any] | None:
    """Return the preview the confirm button names, or None (saying so) when it is no longer
    pending: confirmed already, replaced by another upload, or the session ended."""
    pending: dict[str, Any] | None = request.session.get(key)
    if not pending or pending.get("token") != request.POST.get("token"):
        messages.error(request, _("This import is no longer pending; upload the file again."))
        return None
    return pending


def unchanged(
    request: HttpRequest,
    key: str,
    pending: dict[str, Any],
    signature: Any,
    message: str | None = None,
) -> bool:
    """Return whether the plan decided now is the one previewed; if not, keep the new one and
    ask for the list to be checked again (in `message`'s words, when given)."""
    if _stored(signature) == pending["signature"]:
        return True
    pending["signature"] = _stored(signature)
    request.session[key] = pending
    messages.warning(
        request,
        message or _("The players changed since the preview. Check the list again, please."),
    )
    return False


def done(request: HttpRequest, key: str) -> None:
    """Forget a preview carried out (or one that can never be)."""
    request.session.pop(key, None)


def _stored(signature: Any) -> Any:
    # As the session keeps it (JSON: tuples come back as lists), so a kept signature compares
    # equal to the same one decided again.
    return json.loads(json.dumps(signature))
