"""The login lockout locks a user name from one client address, directly or behind a proxy."""

import pytest
from axes.helpers import get_client_ip_address
from django.test import RequestFactory
from django.urls import reverse

PROXY = "10.0.0.2"
ATTACKER = "203.0.113.66"
DIRECTOR_ADDRESS = "198.51.100.20"


@pytest.mark.parametrize(
    ("behind_proxy", "forwarded_for", "expected"),
    [
        (False, "", PROXY),
        (False, ATTACKER, PROXY),
        (True, ATTACKER, ATTACKER),
        (True, f"{DIRECTOR_ADDRESS}, {ATTACKER}", ATTACKER),
        (True, f"{DIRECTOR_ADDRESS},{ATTACKER}", ATTACKER),
        (True, "2001:db8::1", "2001:db8::1"),
        (True, "", PROXY),
        (True, f"{ATTACKER}, not-an-address", PROXY),
    ],
    ids=[
        "directly-the-connection",
        "directly-the-header-is-ignored",
        "behind-proxy-one-entry",
        "behind-proxy-spoofed-left-entry-is-ignored",
        "behind-proxy-without-spaces",
        "behind-proxy-ipv6",
        "behind-proxy-without-header-the-connection",
        "behind-proxy-a-garbled-entry-falls-back-to-the-connection",
    ],
)
def test_axes_sees_the_client_address(settings, behind_proxy, forwarded_for, expected):
    settings.BEHIND_PROXY = behind_proxy
    meta = {"REMOTE_ADDR": PROXY}
    if forwarded_for:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded_for
    request = RequestFactory().post("/login/", **meta)
    assert get_client_ip_address(request) == expected, (
        f"with X-Forwarded-For {forwarded_for!r} axes should see {expected}"
    )


def _login(client, password, remote_addr, forwarded_for=None):
    meta = {"REMOTE_ADDR": remote_addr}
    if forwarded_for:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded_for
    client.cookies.clear()
    return client.post(reverse("login"), {"username": "direktor", "password": password}, **meta)


def _guess_until_locked(client, settings, remote_addr, forwarded_for=None):
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        # A spoofed left-most entry that changes each time must not make a new address.
        spoofed = f"192.0.2.{attempt}, {forwarded_for}" if forwarded_for else None
        _login(client, "falsch", remote_addr, spoofed)


# Each case: the deployment, then (REMOTE_ADDR, X-Forwarded-For) of the attacker's guesses, of
# the attacker's later right password, and of the director's right password.
LOCKOUT_CASES = {
    "behind-proxy": (True, (PROXY, ATTACKER), (PROXY, ATTACKER), (PROXY, DIRECTOR_ADDRESS)),
    "behind-proxy-spoofing-the-left-entry": (
        True,
        (PROXY, ATTACKER),
        (PROXY, f"{DIRECTOR_ADDRESS}, {ATTACKER}"),
        (PROXY, DIRECTOR_ADDRESS),
    ),
    "directly-with-a-made-up-header": (
        False,
        (ATTACKER, DIRECTOR_ADDRESS),
        (ATTACKER, DIRECTOR_ADDRESS),
        (DIRECTOR_ADDRESS, None),
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", LOCKOUT_CASES.values(), ids=LOCKOUT_CASES.keys())
def test_the_guessing_address_is_locked_even_with_the_right_password(
    client, settings, director, case
):
    behind_proxy, guesses, later, _ = case
    settings.BEHIND_PROXY = behind_proxy
    _guess_until_locked(client, settings, *guesses)
    response = _login(client, "geheim-123", *later)
    assert response.status_code == 429, "the attacker's address should be locked out"


@pytest.mark.django_db
@pytest.mark.parametrize("case", LOCKOUT_CASES.values(), ids=LOCKOUT_CASES.keys())
def test_the_director_logs_in_from_another_address_while_the_attacker_is_locked(
    client, settings, director, case
):
    behind_proxy, guesses, _, director_from = case
    settings.BEHIND_PROXY = behind_proxy
    _guess_until_locked(client, settings, *guesses)
    response = _login(client, "geheim-123", *director_from)
    assert response.status_code == 302, "the director from another address should be logged in"
