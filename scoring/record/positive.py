"""Read a positive contract (a King contract or a solo): partner, bonuses, Valat, Kontras and
card points."""

from collections.abc import Mapping
from typing import Any

from ..errors import ScoringError
from ..i18n import _
from ..points import parse_points_field
from ..rulesets import ContractInfo
from ..table import Table, flag, renonce_seats, seat
from .bonuses import (
    Threshold,
    add_silent_from_points,
    fail_surrendered_bonuses,
    read_bonuses,
    read_kontra,
    refuse_mandatory_birds_missing,
    refuse_material_beside_announced_valat,
    refuse_trick_after_valat,
    set_threshold_results,
)
from .fields import NOT_A_SIDE, SIDES, read_declarer
from .values import BonusEntry, PositiveHand, ValatCall

# the fields of most positive hands; only a hand with others looks up each rarer one
PLAIN_POSITIVE = frozenset(
    ("contract", "declarer", "partner", "king_in_talon", "points", "bonuses", "kontra")
)


def read_positive(
    table: Table, contract: ContractInfo, hand: Mapping[str, Any], vorhand: int, out: int | None
) -> PositiveHand:
    """Return a positive hand as a checked value, or raise ScoringError naming the field."""
    rare = not PLAIN_POSITIVE.issuperset(hand)
    declarer = read_declarer(table, contract, hand, vorhand, out)
    king_in_talon = hand.get("king_in_talon", False)
    if king_in_talon is not True and king_in_talon is not False:
        king_in_talon = flag(hand, "king_in_talon")
    surrendered = rare and flag(hand, "surrendered")
    partner = _partner(table, contract, hand, out, declarer, king_in_talon)
    if surrendered:
        _check_surrender(table, contract, king_in_talon)
    renonce = _renonce(table, contract, hand, out, surrendered) if rare else None
    given, thresholds = read_bonuses(
        table, contract, hand, partner, king_in_talon, renonce is None and not surrendered
    )
    valat = _valat(hand, given, surrendered) if rare else None
    game_kontra = top_kontra = 0
    if hand.get("kontra"):
        game_kontra, top_kontra, valat = read_kontra(table, given, hand, valat)
    if (
        valat is not None
        and valat.announced
        and table.rules.valat.refuses_material_beside_announced
    ):
        refuse_material_beside_announced_valat(hand, given)
    if surrendered and top_kontra:
        raise ScoringError("kontra", _("a game given up before the announcements has no Kontra"))
    if contract.mandatory_birds and not surrendered:
        refuse_mandatory_birds_missing(table, contract, given)
    thirds = None
    if renonce is None:
        if surrendered:
            fail_surrendered_bonuses(table, contract, given)
        else:
            thirds = _card_points(table, hand, given, thresholds, valat)
            derived = table.rs.derived_bonuses[contract.key]
            if derived and thirds is not None:
                add_silent_from_points(table, derived, given, thresholds, thirds)
    # keywords to __new__ itself: a call of the class would gather them into a dict first
    # (twice the cost of the hand's value, a few per cent of scoring a hand)
    return PositiveHand.__new__(
        PositiveHand,
        contract=contract,
        vorhand=vorhand,
        out=out,
        declarer=declarer,
        partner=partner,
        king_in_talon=king_in_talon,
        surrendered=surrendered,
        thirds=thirds,
        kontra=game_kontra,
        top_kontra=top_kontra,
        bonuses=tuple(given.values()) if given else (),
        valat=valat,
        renonce=renonce,
    )


def _partner(
    table: Table,
    contract: ContractInfo,
    hand: Mapping[str, Any],
    out: int | None,
    declarer: int,
    king_in_talon: bool,
) -> int | None:
    """Return the partner's seat (None: the declarer plays alone), refusing a partner or a
    King in the talon that the contract or the ruleset does not allow."""
    partner = hand.get("partner")
    if partner is not None:
        if not contract.calls_king:
            raise ScoringError(
                "partner",
                _("%(contract)s calls no King, so there is no partner"),
                contract=contract.name,
            )
        partner = seat(partner, "partner", table, out)
        if partner == declarer:
            raise ScoringError(
                "partner",
                _(
                    "the partner cannot be the declarer (a declarer who "
                    "called their own King plays alone: give null)"
                ),
            )
        if king_in_talon:
            raise ScoringError(
                "partner",
                _("with the called King in the talon the declarer plays alone: give null"),
            )
    elif contract.calls_king and not king_in_talon and not table.rules.own_king.allowed:
        raise ScoringError(
            "partner",
            _(
                "in %(ruleset)s a King may not be called from one's own hand: give the "
                "partner, or king_in_talon"
            ),
            ruleset=table.rs.name,
        )
    if king_in_talon and not contract.calls_king:
        raise ScoringError("king_in_talon", _("%(contract)s calls no King"), contract=contract.name)
    return partner


def _check_surrender(table: Table, contract: ContractInfo, king_in_talon: bool) -> None:
    """Refuse a surrender the contract or the called King does not allow."""
    if not king_in_talon:
        raise ScoringError(
            "surrendered", _("only a declarer whose called King is in the talon may surrender")
        )
    if not contract.can_surrender:
        raise ScoringError(
            "surrendered",
            _("%(contract)s cannot be given up in %(ruleset)s"),
            contract=contract.name,
            ruleset=table.rs.name,
        )


def _renonce(
    table: Table,
    contract: ContractInfo,
    hand: Mapping[str, Any],
    out: int | None,
    surrendered: bool,
) -> tuple[int, ...] | None:
    """Return who committed the hand's Renonce; refuse the fields of other contracts."""
    renonce = renonce_seats(table, hand, out)
    if renonce is not None and surrendered:
        raise ScoringError("renonce", _("a surrendered hand is not played, so it has no Renonce"))
    if hand.get("kontra_by_seat") is not None:
        raise ScoringError(
            "kontra_by_seat",
            _("Kontra is personal only in negative contracts; give kontra per element"),
        )
    if hand.get("tricks") is not None:
        raise ScoringError(
            "tricks", _("%(contract)s is won by card points, not tricks"), contract=contract.name
        )
    return renonce


def _valat(
    hand: Mapping[str, Any], given: Mapping[str, BonusEntry], surrendered: bool
) -> ValatCall | None:
    """Return the hand's Valat, made or announced (its Kontra comes later), or None."""
    side = hand.get("valat")
    if side is not None and side not in SIDES:
        raise ScoringError(
            "valat", _("%(value)s is not 'declarer', 'defenders' or null"), value=repr(side)
        )
    announced = flag(hand, "valat_announced")
    by = _announced_by(hand, side, announced)
    if side is not None:
        refuse_trick_after_valat(hand, given, side == "declarer")
    if side is None and not announced:
        return None
    if surrendered:
        raise ScoringError("valat", _("a surrendered hand is not played, so it has no Valat"))
    return ValatCall(side=side, announced=announced, by=by, kontra=0)


def _announced_by(hand: Mapping[str, Any], side: str | None, announced: bool) -> str:
    """Return the side that announced the Valat, or that made it silently."""
    by = hand.get("valat_announced_by")
    if by is None:
        return side or "declarer"
    if by not in SIDES:
        raise ScoringError("valat_announced_by", NOT_A_SIDE, value=repr(by))
    if side is not None and by != side:
        raise ScoringError(
            "valat_announced_by", _("a Valat is made by the side that announced it or silently")
        )
    if not announced:
        raise ScoringError(
            "valat_announced_by",
            _("names the side that announced a Valat: give it with valat_announced"),
        )
    return str(by)


def _card_points(
    table: Table,
    hand: Mapping[str, Any],
    given: dict[str, BonusEntry],
    thresholds: list[Threshold],
    valat: ValatCall | None,
) -> int | None:
    """Return the declarer's side's card points in thirds (None in a Valat, or where a failed
    Valat ignores them), and set the threshold bonuses' results from them."""
    thirds = None
    valat_side = None if valat is None else valat.side
    if valat_side is None:
        points = hand.get("points")
        if points is not None:
            thirds = parse_points_field(points, table.rs.counting, "points")
        elif not (valat is not None and table.rules.valat.failed_ignores_points):
            raise ScoringError("points", _("missing: the declarer's side's card points"))
    if thresholds:
        set_threshold_results(table, given, thresholds, thirds, valat_side)
    return thirds
