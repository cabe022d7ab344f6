"""The Österreich-Finale's error: a ScoringError (so a ValueError) that names the file's field."""

from ..errors import Param, ScoringError


class OefError(ScoringError):
    """A national-final file the rules refuse, naming the field as a path such as
    `cups[1].ranking[4]` (positions counted from 0, as in the JSON).

    Like every ScoringError it keeps its English template and params, so the web application can
    show the reason in the user's language.
    """

    def __init__(self, field: str, template: str, **params: Param) -> None:
        super().__init__(field, template, None, **params)

    def __reduce__(self) -> tuple[object, tuple[str, str, int | None, dict[str, Param]]]:
        return (_rebuild, (self.field, self.template, None, self.params))


def _rebuild(field: str, template: str, hand: int | None, params: dict[str, Param]) -> OefError:
    return OefError(field, template, **params)
