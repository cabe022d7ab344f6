"""Read a sheet's JSON text strictly: only what a score sheet can hold gets through.

Python's json module accepts NaN and Infinity, numbers of any length (and raises a bare
ValueError beyond 4,300 digits) and any code point an escape can spell, such as a NUL or a lone
surrogate, which no database column stores. Each of these is refused as a ScoringError.
"""

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

from .errors import ScoringError
from .i18n import _

# Far beyond any score or count of a tournament, far below where int() gets slow or refuses.
MAX_NUMBER_DIGITS = 15
# Control characters (tab, line feed and carriage return aside) and lone surrogate halves.
_BAD_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
# What no text column stores at all, whatever else a backup's texts may hold.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _constant(token: str) -> NoReturn:
    raise ScoringError("sheet", _("%(token)s is not a number a sheet can hold"), token=token)


def _int_of_at_most(max_digits: int) -> Callable[[str], int]:
    def parse_int(text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > max_digits:
            raise ScoringError(
                "sheet", _("a number of %(n)s digits is more than a sheet can hold"), n=digits
            )
        return int(text)

    return parse_int


def _float(text: str) -> float:
    value = float(text) if len(text) <= 2 * MAX_NUMBER_DIGITS else float("inf")
    if value in (float("inf"), float("-inf")):
        raise ScoringError(
            "sheet",
            _("%(token)s is more than a sheet can hold"),
            token=text[: 2 * MAX_NUMBER_DIGITS],
        )
    return value


def bad_character(text: str) -> str | None:
    """Return the first control character or lone surrogate of the text as U+XXXX, or None."""
    found = _BAD_CHARACTER.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def checked_text(
    text: str, field: str, max_length: int, error: type[ScoringError] = ScoringError
) -> str:
    """Return a free text (a manual hand's reason, a paper block's note, a tariff's name) without
    its outer spaces, or raise `error` naming `field` where it is too long or has a control
    character: one rule for every text a person writes into a sheet or tariff."""
    if len(text) > max_length:
        raise error(field, _("longer than %(max)s characters"), max=max_length)
    bad = bad_character(text)
    if bad is not None:
        raise error(field, _("has the control character %(code)s"), code=bad)
    return text.strip()


def without_bad_characters(text: str) -> str:
    """Return the text without its control characters (tab, line feed and carriage return
    aside) and lone surrogates: what a sheet, a workbook's cell or a strict reader takes."""
    return _BAD_CHARACTER.sub("", text)


def bad_character_in(value: Any, *, pattern: re.Pattern[str] = _BAD_CHARACTER) -> str | None:
    """Return a control character or lone surrogate in any text of a JSON value (keys
    included) as U+XXXX, or None (`pattern`: the characters looked for)."""
    # Iterative, so a deeply nested document cannot exhaust the stack here.
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = pattern.search(item)
            if found is not None:
                return f"U+{ord(found.group()):04X}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def loads(text: str, *, max_digits: int = MAX_NUMBER_DIGITS, controls: bool = False) -> Any:
    """Return the JSON value of a sheet's text, or raise ScoringError saying why not.

    `max_digits` allows longer whole numbers (a backup's 64-bit random seeds have 19 digits);
    `controls` lets escaped control characters through (a backup carries every text a database
    holds, older ones included), though never a lone surrogate.
    """
    try:
        value = json.loads(
            text,
            parse_constant=_constant,
            parse_int=_int_of_at_most(max_digits),
            parse_float=_float,
        )
    except json.JSONDecodeError as e:
        raise ScoringError("sheet", _("not valid JSON: %(error)s"), error=str(e)) from None
    except RecursionError:
        raise ScoringError("sheet", _("not valid JSON: nested too deeply")) from None
    bad = bad_character_in(value, pattern=_LONE_SURROGATE if controls else _BAD_CHARACTER)
    if bad is not None:
        raise ScoringError("sheet", _("text with the control character %(code)s"), code=bad)
    return value
