"""Marker for user-facing strings, so Django's makemessages can extract them."""


def _(message: str) -> str:
    """Return the message unchanged; the web application translates it at render time."""
    return message
