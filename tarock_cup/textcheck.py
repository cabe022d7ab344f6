"""Refuse control characters in every text the site stores.

A name with a control character (an ESC, a \\x01) looks blank on a page but breaks what is made
from it: an Excel download, a sheet's JSON read back, a backup restored. Text is therefore
checked where it comes in (forms and file imports); tab, line feed and carriage return are
ordinary whitespace and pass. The sheet's own JSON check (scoring.jsontext) refuses the C0
controls, DEL and lone surrogates; here the C1 controls (U+0080–U+009F, what a wrongly decoded
Windows text leaves) are refused too, since no one types them on purpose.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.jsontext import bad_character as sheet_bad_character

__all__ = [
    "MESSAGE",
    "bad_character",
    "bad_text_in",
    "json_text_refusal",
    "no_control_characters",
]


def bad_character(text: str) -> str | None:
    """Return the first control character or lone surrogate of the text as U+XXXX, or None."""
    bad = sheet_bad_character(text)
    if bad is not None:
        return bad
    c1 = next((c for c in text if "\x80" <= c <= "\x9f"), None)
    return None if c1 is None else f"U+{ord(c1):04X}"


def bad_text_in(value: Any, path: str = "") -> tuple[str, str] | None:
    """Return (where, U+XXXX) of the first control character in a JSON value, or None.

    `where` is the path of the text ("players[2]", "paper.note"); a key counts as its value's.
    """
    # Iterative, so a deeply nested document cannot exhaust the stack here.
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            bad = bad_character(item)
            if bad is not None:
                return where, bad
        elif isinstance(item, dict):
            for key, inner in item.items():
                inner_path = f"{where}.{key}" if where else str(key)
                stack.append((inner_path, inner))
                stack.append((inner_path, key))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", inner) for i, inner in enumerate(item))
    return None


# The validator's message stands below the field it names.
MESSAGE = _(
    "Holds the invisible control character %(code)s, which cannot be stored: please remove it."
)


def json_text_refusal(value: Any) -> str | None:
    """Return why a file's JSON value is refused for a control character in a text, or None."""
    found = bad_text_in(value)
    if found is None:
        return None
    return str(
        _("%(where)s holds the invisible control character %(code)s, which cannot be stored.")
        % {"where": found[0] or "–", "code": found[1]}
    )


def no_control_characters(value: Any) -> None:
    """Validator: refuse a text holding a control character (tab and line breaks aside)."""
    if not isinstance(value, str):
        return
    bad = bad_character(value)
    if bad is not None:
        raise ValidationError(MESSAGE, code="control_character", params={"code": bad})
