"""The engine's single error type."""

from .i18n import _

# A message parameter: text, a number, or alternatives shown as "A or B or C".
Param = str | int | tuple[str, ...]
OR = _(" or ")


class ScoringError(ValueError):
    """A sheet or hand the rules refuse, naming the hand (1-based) and the JSON field.

    The reason is a marked English template with its params (the keyword arguments), so the web
    can show it in the user's language; `reason` is the English text.
    """

    def __init__(self, field: str, template: str, hand: int | None = None, **params: Param) -> None:
        self.field = field
        self.template = template
        self.params = params
        self.hand = hand
        self.reason = template % {
            key: OR.join(value) if isinstance(value, tuple) else value
            for key, value in params.items()
        }
        prefix = "" if hand is None else f"hand {hand}: "
        super().__init__(f"{prefix}{field}: {self.reason}")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuild, (self.field, self.template, self.hand, self.params))

    def in_hand(self, hand: int) -> "ScoringError":
        """Return the same error, now naming the hand it was found in."""
        return ScoringError(self.field, self.template, hand, **self.params)


def _rebuild(field: str, template: str, hand: int | None, params: dict[str, Param]) -> ScoringError:
    return ScoringError(field, template, hand, **params)


class FieldError(ScoringError):
    """A refusal of a whole document (a season, a national final) that names the field by its
    path in the document's JSON; no hand. Each document has its own subclass, so a caller
    catches the refusals of the document it reads."""

    def __init__(self, field: str, template: str, **params: Param) -> None:
        super().__init__(field, template, None, **params)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuild_field_error, (type(self), self.field, self.template, self.params))


def _rebuild_field_error(
    kind: type[FieldError], field: str, template: str, params: dict[str, Param]
) -> FieldError:
    return kind(field, template, **params)
