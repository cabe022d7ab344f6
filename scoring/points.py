"""Card points, kept as whole thirds of a point so both counting methods stay exact."""

import contextlib
from typing import Any

from .errors import ScoringError
from .i18n import _

INDIVIDUAL = "individual"
THIRDS = "thirds"
PACK_TOTAL = {INDIVIDUAL: 71, THIRDS: 70}


def format_points(thirds: int) -> str:
    """Return card points as written on a sheet: "36", or "35/2" for 35 points and 2 cards."""
    whole, rest = divmod(thirds, 3)
    return str(whole) if rest == 0 else f"{whole}/{rest}"


def parse_points_field(value: Any, counting: str, field: str) -> int:
    if type(value) is int:
        thirds = value * 3
    elif type(value) is float and value.is_integer():  # JSON may write 36 as 36.0
        thirds = int(value) * 3
    elif type(value) is str:
        known = _KNOWN[counting].get(value)
        if known is not None:
            return known
        text = value.strip()
        if text.isdigit() and text.isascii():  # isdigit alone admits "²", which int() refuses
            thirds = int(text) * 3
        else:
            thirds = _parse_fraction(text, field)
            if thirds % 3 and counting == INDIVIDUAL:
                raise ScoringError(
                    field,
                    _("%(value)s: cards are counted one by one here, so points are whole"),
                    value=repr(value),
                )
    else:
        raise ScoringError(
            field,
            _("%(value)s is not card points (a number or text like '35/2')"),
            value=repr(value),
        )
    total = PACK_TOTAL[counting]
    if thirds < 0:
        raise ScoringError(field, _("%(points)s is below 0"), points=format_points(thirds))
    if thirds > total * 3:
        raise ScoringError(
            field,
            _("%(points)s is more than the pack's %(total)s"),
            points=format_points(thirds),
            total=total,
        )
    return thirds


def _parse_fraction(text: str, field: str) -> int:
    # "35/2" means 35 points and 2 cards; "35 2/3" is the same in thirds
    whole, sep, rest = text.partition(" ")
    if sep:
        num, slash, den = rest.strip().partition("/")
        if not (slash and den.strip() == "3"):
            raise _not_points(text, field)
    else:
        whole, slash, num = text.partition("/")
        if not slash:
            raise _not_points(text, field)
    whole, num = whole.strip(), num.strip()
    digits = whole + num
    if not (whole and num and digits.isdigit() and digits.isascii() and int(num) <= 2):
        raise _not_points(text, field)
    return int(whole) * 3 + int(num)


def _not_points(text: str, field: str) -> ScoringError:
    # built only when needed: an exception object per parsed value costs the hot path
    return ScoringError(
        field, _("%(value)s is not card points (write 36, 35/2 or 35 2/3)"), value=repr(text)
    )


def _known(counting: str) -> dict[str, int]:
    # the usual spellings of every valid value, parsed once: sheets repeat them all the time
    known: dict[str, int] = {}
    for thirds in range(PACK_TOTAL[counting] * 3 + 1):
        whole, rest = divmod(thirds, 3)
        for text in (str(whole), f"{whole}/{rest}", f"{whole} {rest}/3"):
            # refused: "35/2" where cards are counted one by one
            with contextlib.suppress(ScoringError):
                known[text] = parse_points_field(text, counting, "points")
    return known


# empty while _known() runs parse_points_field, which looks here first
_KNOWN: dict[str, dict[str, int]] = {INDIVIDUAL: {}, THIRDS: {}}
_KNOWN.update({counting: _known(counting) for counting in PACK_TOTAL})


def parse_points(value: Any, counting: str) -> int:
    """Return card points (a number or text such as "35/2") as whole thirds of a point."""
    if counting not in PACK_TOTAL:
        raise ScoringError(
            "counting", _("%(value)s is not a counting method"), value=repr(counting)
        )
    return parse_points_field(value, counting, "points")
