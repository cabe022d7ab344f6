"""The site's public address: what QR codes and links given to others are built on."""

from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port


def absolute_url(request: HttpRequest, path: str) -> str:
    """Return the path as a full address on PUBLIC_URL when set, else on the request's own."""
    # A director prints cards from whatever address their own browser uses (localhost on the
    # laptop serving the site); phones must reach it by the address the venue knows.
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


def public_url_problem(url: str) -> str | None:
    """Return why the address cannot be the site's public address, or None if it can."""
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        return "it must start with http:// or https:// and name a host"
    if parts.username or parts.password:
        return "it must not hold a user name or password"
    if parts.path or parts.query or parts.fragment:
        return "it must be only the scheme, host and port, without a path"
    try:
        parts.port  # noqa: B018 (parsing the port raises on a bad one)
    except ValueError:
        return "its port is not a number between 0 and 65535"
    return None


def public_host(url: str) -> str:
    """Return the host of the address as ALLOWED_HOSTS names it (no port, IPv6 in brackets)."""
    return split_domain_port(urlsplit(url).netloc)[0]
