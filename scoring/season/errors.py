"""The season's error: a ScoringError (so a ValueError) that names the season's field."""

from ..errors import FieldError


class SeasonError(FieldError):
    """A season the rules refuse, naming the field as a path such as `tournaments[2].ranking`.

    Like every ScoringError it keeps its English template and params, so the web application can
    show the reason in the user's language.
    """
