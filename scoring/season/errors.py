"""The season's error: a ScoringError (so a ValueError) that names the season's field."""

from ..errors import Param, ScoringError


class SeasonError(ScoringError):
    """A season the rules refuse, naming the field as a path such as `tournaments[2].ranking`.

    Like every ScoringError it keeps its English template and params, so the web application can
    show the reason in the user's language.
    """

    def __init__(self, field: str, template: str, **params: Param) -> None:
        super().__init__(field, template, None, **params)

    def __reduce__(self) -> tuple[object, tuple[str, str, int | None, dict[str, Param]]]:
        return (_rebuild, (self.field, self.template, None, self.params))


def _rebuild(field: str, template: str, hand: int | None, params: dict[str, Param]) -> SeasonError:
    return SeasonError(field, template, **params)
