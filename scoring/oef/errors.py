"""The Österreich-Finale's error: a ScoringError (so a ValueError) that names the file's field."""

from ..errors import FieldError


class OefError(FieldError):
    """A national-final file the rules refuse, naming the field as a path such as
    `cups[1].ranking[4]` (positions counted from 0, as in the JSON).

    Like every ScoringError it keeps its English template and params, so the web application can
    show the reason in the user's language.
    """
