"""Card points, kept as whole thirds of a point so both counting methods stay exact."""

from typing import Any

from .errors import ScoringError

INDIVIDUAL = "individual"
THIRDS = "thirds"
PACK_TOTAL = {INDIVIDUAL: 71, THIRDS: 70}


def format_points(thirds: int) -> str:
    """Return card points as written on a sheet: "36", or "35/2" for 35 points and 2 cards."""
    whole, rest = divmod(thirds, 3)
    return str(whole) if rest == 0 else f"{whole}/{rest}"


def _parse(value: Any, counting: str, field: str) -> int:
    if type(value) is int:
        thirds = value * 3
    elif type(value) is str:
        text = value.strip()
        if text.isdigit():
            thirds = int(text) * 3
        else:
            thirds = _parse_fraction(text, field)
            if thirds % 3 and counting == INDIVIDUAL:
                raise ScoringError(
                    field, f"{value!r}: cards are counted one by one here, so points are whole"
                )
    else:
        raise ScoringError(field, f"{value!r} is not card points (a number or text like '35/2')")
    total = PACK_TOTAL[counting]
    if thirds < 0:
        raise ScoringError(field, f"{format_points(thirds)} is below 0")
    if thirds > total * 3:
        raise ScoringError(field, f"{format_points(thirds)} is more than the pack's {total}")
    return thirds


def _parse_fraction(text: str, field: str) -> int:
    # "35/2" means 35 points and 2 cards; "35 2/3" is the same in thirds
    bad = ScoringError(field, f"{text!r} is not card points (write 36, 35/2 or 35 2/3)")
    whole, sep, rest = text.partition(" ")
    if sep:
        num, slash, den = rest.strip().partition("/")
        if not (slash and den.strip() == "3"):
            raise bad
    else:
        whole, slash, num = text.partition("/")
        if not slash:
            raise bad
    whole, num = whole.strip(), num.strip()
    if not (whole.isdigit() and num.isdigit() and int(num) <= 2):
        raise bad
    return int(whole) * 3 + int(num)


def parse_points(value: Any, counting: str) -> int:
    """Return card points (a number or text such as "35/2") as whole thirds of a point."""
    if counting not in PACK_TOTAL:
        raise ScoringError("counting", f"{counting!r} is not a counting method")
    return _parse(value, counting, "points")
