"""Read a whole document's JSON strictly (a cup's season, a national final): the fields its
format names, each key once, no control characters, and every refusal naming the field.

Each document brings its refusal type and the name its whole-file refusals give (`season`,
`oef`), and its own number hooks, which say what kind of document cannot hold a number.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .errors import FieldError
from .i18n import _
from .jsontext import bad_character_in


@dataclass(frozen=True)
class DocumentReader:
    """The strict reading of one kind of document: `error` is its refusal, `document` the field
    a refusal of the whole text names."""

    error: type[FieldError]
    document: str

    def loads(
        self,
        text: str,
        *,
        parse_constant: Callable[[str], Any],
        parse_int: Callable[[str], int],
        parse_float: Callable[[str], Decimal],
    ) -> Any:
        """Return the JSON value of the text, or raise the document's error saying why not."""
        error = self.error
        try:
            value = json.loads(
                text,
                parse_constant=parse_constant,
                parse_int=parse_int,
                parse_float=parse_float,
                object_pairs_hook=self._object_of_pairs,
            )
        except json.JSONDecodeError as e:
            raise error(self.document, _("not valid JSON: %(error)s"), error=str(e)) from None
        except RecursionError:
            raise error(self.document, _("not valid JSON: nested too deeply")) from None
        bad = bad_character_in(value)
        if bad is not None:
            raise error(self.document, _("text with the control character %(code)s"), code=bad)
        return value

    def _object_of_pairs(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        error = self.error
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise error(self.document, _("%(key)s appears twice in one object"), key=repr(key))
            result[key] = value
        return result

    def fields(
        self, value: Any, where: str, known: tuple[str, ...], required: tuple[str, ...]
    ) -> dict[str, Any]:
        """Return an object's fields without those given as null (a field left out), or raise
        naming a field the format does not know here, or one it needs that is missing."""
        error = self.error
        if not isinstance(value, dict):
            raise error(where, _("must be an object"))
        prefix = "" if where == self.document else f"{where}."
        for key in value:
            if key not in known:
                raise error(
                    f"{prefix}{key}", _("is not a field here (%(known)s)"), known=", ".join(known)
                )
        data = {key: item for key, item in value.items() if item is not None}
        for key in required:
            if key not in data:
                raise error(f"{prefix}{key}", _("missing"))
        return data

    def list(self, value: Any, where: str) -> list[Any]:
        """Return the value if it is a list, or raise naming `where`."""
        error = self.error
        if not isinstance(value, list):
            raise error(where, _("must be a list"))
        return value
