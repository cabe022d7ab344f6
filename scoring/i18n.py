"""Marker for user-facing strings, so Django's makemessages can extract them."""


def _(message: str) -> str:
    """Return the message unchanged; the web application translates it at render time."""
    return message


# The params of lines and refusals whose values are the engine's own marked words (names of
# contracts, bonuses, rulesets, Kontra levels, sides): the web translates these. Every other
# param is the user's (player names, a reason, what was entered) or a number, shown as it is.
WORD_PARAMS = frozenset(
    ("contract", "bonus", "ruleset", "kontra", "manner", "result", "side", "why", "birds")
)
