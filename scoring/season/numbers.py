"""A season's numbers: taken exactly, checked against their limits, written back for JSON.

Cup points are compared for equality (equal points share a rank), so they are kept exact: a
whole number as an int, anything else as a Fraction of the decimal that was written (1.1 is
11/10, not the nearest binary float). Every limit lies far beyond any real cup and keeps the
arithmetic small.
"""

from decimal import Decimal
from fractions import Fraction

from ..i18n import _
from .errors import SeasonError

# What a caller may pass as a number, and what the engine computes with.
Number = int | float | Decimal | Fraction
Points = int | Fraction

MAX_POINTS = 1_000_000  # a power method's M, a table's entry, the score method's F and C
MAX_EXPONENT = 100  # the power method's E
MAX_FACTOR = 100  # the final's factor
MAX_SCORE = 1_000_000_000  # a tournament score, either sign
MAX_COUNT = 10_000  # best, qualify
# A decimal's exponent beyond this would make its exact fraction huge (1e-999999999).
_MAX_DECIMAL_EXPONENT = 30


def show(value: object) -> str:
    """Return a number as the user wrote it, for a message."""
    return repr(value) if isinstance(value, float) else str(value)


def tidy(value: Fraction | int) -> Points:
    """Return a whole value as an int, any other as the Fraction it is."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def exact(
    value: object,
    field: str,
    *,
    above: int | None = None,
    at_least: int | None = None,
    at_most: int,
) -> Points:
    """Return the value as an exact int or Fraction within the limits, or raise SeasonError."""
    if isinstance(value, bool) or not isinstance(value, Number):
        raise SeasonError(field, _("must be a number"))
    result: Points
    if isinstance(value, int):
        result = value
    elif isinstance(value, float | Decimal):
        if not value == value or value in (float("inf"), float("-inf")):  # NaN, infinity
            raise SeasonError(field, _("%(value)s is not a number"), value=show(value))
        if isinstance(value, Decimal) and value and abs(value.adjusted()) > _MAX_DECIMAL_EXPONENT:
            raise SeasonError(
                field, _("%(value)s is not a number a season can hold"), value=show(value)
            )
        # A float's repr is the shortest decimal that reads back as it: the number meant.
        result = tidy(Fraction(repr(value)) if isinstance(value, float) else Fraction(value))
    else:
        result = tidy(value)
    if above is not None and not result > above:
        raise SeasonError(
            field, _("%(value)s is not more than %(low)s"), value=show(value), low=above
        )
    if at_least is not None and result < at_least:
        raise SeasonError(
            field, _("%(value)s is less than %(low)s"), value=show(value), low=at_least
        )
    if result > at_most:
        raise SeasonError(
            field, _("%(value)s is more than %(high)s"), value=show(value), high=at_most
        )
    return result


def whole(value: object, field: str, *, at_least: int, at_most: int) -> int:
    """Return a whole number (3 or 3.0) within the limits as an int, or raise SeasonError."""
    if isinstance(value, bool) or not isinstance(value, Number):
        raise SeasonError(field, _("must be a whole number"))
    result = exact(value, field, at_least=at_least, at_most=at_most)
    if not isinstance(result, int):
        raise SeasonError(field, _("%(value)s is not a whole number"), value=show(value))
    return result


def points_by_rank(
    value: object, field: str, *, at_most: int, max_ranks: int | None = None
) -> tuple[int, ...]:
    """Return a list of points by rank (rank 1 first) as a tuple: whole numbers from 0 to
    `at_most`, none more than the one before, at least rank 1's and at most `max_ranks` of
    them; or raise SeasonError naming the entry that breaks it."""
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list):
        raise SeasonError(field, _("must be a list of whole numbers"))
    if not value:
        raise SeasonError(field, _("must give the points of rank 1 at least"))
    if max_ranks is not None and len(value) > max_ranks:
        raise SeasonError(
            field, _("has %(n)s entries, more than %(max)s"), n=len(value), max=max_ranks
        )
    checked: list[int] = []
    for i, item in enumerate(value):
        points = whole(item, f"{field}[{i}]", at_least=0, at_most=at_most)
        if checked and points > checked[-1]:
            raise SeasonError(
                f"{field}[{i}]",
                _("%(value)s is more than the %(above)s of the rank above"),
                value=points,
                above=checked[-1],
            )
        checked.append(points)
    return tuple(checked)


def json_number(value: Points | Number) -> int | float:
    """Return a number for JSON: whole numbers as ints, others as computed."""
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    exact_value = Fraction(value)
    if exact_value.denominator == 1:
        return exact_value.numerator
    return float(exact_value)
