"""The engine's single error type."""


class ScoringError(ValueError):
    """A sheet or hand the rules refuse, naming the hand (1-based) and the JSON field."""

    def __init__(self, field: str, reason: str, hand: int | None = None) -> None:
        self.field = field
        self.reason = reason
        self.hand = hand
        prefix = "" if hand is None else f"hand {hand}: "
        super().__init__(f"{prefix}{field}: {reason}")

    def __reduce__(self) -> tuple[type["ScoringError"], tuple[str, str, int | None]]:
        return (ScoringError, (self.field, self.reason, self.hand))

    def in_hand(self, hand: int) -> "ScoringError":
        """Return the same error, now naming the hand it was found in."""
        return ScoringError(self.field, self.reason, hand)
