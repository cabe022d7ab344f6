"""The client's address as this site is deployed: directly, or behind one reverse proxy."""

import hashlib
from ipaddress import ip_address

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """Return the client's address: behind the proxy the last X-Forwarded-For entry."""
    if settings.BEHIND_PROXY:
        # The proxy appends the address it saw to whatever the client sent (nginx's
        # $proxy_add_x_forwarded_for), so only the right-most entry is the proxy's word; entries
        # to its left come from the client and can be made up to dodge the login lockout.
        forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
        if _is_address(forwarded):
            return forwarded
    address: str | None = request.META.get("REMOTE_ADDR")
    return address


def _is_address(text: str) -> bool:
    try:
        ip_address(text)
    except ValueError:
        return False
    return True


def address_digest(address: str | None) -> str:
    """Return what the site keeps of a client's address where it counts requests: a digest."""
    return hashlib.sha256((address or "").encode()).hexdigest()[:24]
