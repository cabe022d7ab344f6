"""The checks that every document the engine reads makes of its fields: text, lists and ids.

They raise SeasonError; a document of another kind (the Österreich-Finale) reads them under its
own error (`oef.national._refused_as_this_file`).
"""

from collections.abc import Sequence

from ..i18n import _
from .errors import SeasonError


def text(value: object, where: str, *, blank: bool = True) -> str:
    """Return the value if it is text (not blank, unless `blank`), else raise naming `where`."""
    if not isinstance(value, str):
        raise SeasonError(where, _("must be text"))
    if not blank and not value.strip():
        raise SeasonError(where, _("must not be empty"))
    return value


def sequence(value: object, where: str, at_most: int | None = None) -> Sequence[object]:
    """Return the value if it is a list (of at most `at_most` entries), else raise."""
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list):
        raise SeasonError(where, _("must be a list"))
    if at_most is not None and len(value) > at_most:
        raise SeasonError(
            where, _("has %(n)s entries, more than %(max)s"), n=len(value), max=at_most
        )
    return value


def new_id(value: object, where: str, ids: dict[str, int], index: int, listed: str) -> str:
    """Return the id (text, not blank) of entry `index` of the list `listed` and note it in
    `ids`, or raise when an earlier entry of the list has it."""
    checked = text(value, where, blank=False)
    if checked in ids:
        raise SeasonError(
            where,
            _("%(id)s is already the id of %(listed)s[%(other)s]"),
            id=repr(checked),
            listed=listed,
            other=ids[checked],
        )
    ids[checked] = index
    return checked
