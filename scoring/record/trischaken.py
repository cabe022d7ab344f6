"""Read a Fahren or Trischaken: each player for themselves, with their points and tricks."""

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ScoringError
from ..i18n import _
from ..points import format_points, parse_points_field
from ..rulesets import ContractInfo
from ..table import NOT_TRICKS, Table, flag, renonce_seats
from .fields import NO_KONTRA, is_list, is_mapping
from .values import TrischakenHand

# the fields of most hands; only a hand with others looks up each field it must not have
PLAIN_TRISCHAKEN = frozenset(("contract", "players"))
# each seat's field names, spelled out once rather than for every entry of every hand
PLAYER_FIELDS = tuple(
    (f"players[{i}]", f"players[{i}].points", f"players[{i}].tricks", f"players[{i}].kontra")
    for i in range(5)
)


def read_trischaken(
    table: Table, contract: ContractInfo, hand: Mapping[str, Any], vorhand: int, out: int | None
) -> TrischakenHand:
    """Return a Fahren or Trischaken as a checked value, or raise ScoringError naming the field."""
    if not PLAIN_TRISCHAKEN.issuperset(hand):
        _refuse_other_fields(table, contract, hand)
        if hand.get("renonce") is not None:
            return _renonce(table, contract, hand, vorhand, out)
    players = _player_entries(hand.get("players"), table.n)
    points, kontras = _points(table, contract, players, out)
    tricks = _tricks(table, players, points, out)
    # keywords to __new__ itself: a call of the class would gather them into a dict first
    return TrischakenHand.__new__(
        TrischakenHand,
        contract=contract,
        vorhand=vorhand,
        out=out,
        points=points,
        tricks=tricks,
        kontra=kontras,
        renonce=None,
    )


def _refuse_other_fields(table: Table, contract: ContractInfo, hand: Mapping[str, Any]) -> None:
    """Refuse another contract's fields unless empty ("declarer": 0 is not empty)."""
    kontra_ok = "kontra" in table.rules.trischaken.entry
    for key, value in hand.items():
        if key in PLAIN_TRISCHAKEN or key == "renonce" or value is None or value is False:
            continue
        if value.__class__ in (dict, list) and not value:
            continue
        if key.startswith("kontra") and not kontra_ok:
            raise ScoringError(key, NO_KONTRA, contract=contract.name)
        raise ScoringError(
            key,
            _(
                "in %(contract)s everybody plays for themselves: give each player's "
                "entry in players"
            ),
            contract=contract.name,
        )


def _renonce(
    table: Table, contract: ContractInfo, hand: Mapping[str, Any], vorhand: int, out: int | None
) -> TrischakenHand:
    """Return a hand not played to the end: what the players' entries say is not scored."""
    offenders = renonce_seats(table, hand, out) or ()
    # a form may send the entries, so they may be given in the right shape, or not at all
    players = hand.get("players")
    if players is not None:
        for i, entry in enumerate(_player_entries(players, table.n)):
            if entry is not None and not isinstance(entry, Mapping):
                raise ScoringError(PLAYER_FIELDS[i][0], _("must be an object or null"))
    zeros = (0,) * table.n
    return TrischakenHand(
        contract=contract,
        vorhand=vorhand,
        out=out,
        points=zeros,
        tricks=zeros,
        kontra=(False,) * table.n,
        renonce=offenders,
    )


def _player_entries(players: Any, n: int) -> Sequence[Any]:
    """Return the players' entries, one per seat, or raise ScoringError."""
    if not is_list(players) or len(players) != n:
        raise ScoringError(
            "players",
            _("one entry per seat is needed (%(n)s), null for a dealer who sits out"),
            n=n,
        )
    entries: Sequence[Any] = players
    return entries


def _points(
    table: Table, contract: ContractInfo, players: Sequence[Any], out: int | None
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Return each seat's card points (in thirds) and Kontra, checking the points' sum."""
    n = table.n
    points = [0] * n
    kontras = [False] * n
    counting = table.rs.counting
    kontra_ok = "kontra" in table.rules.trischaken.entry
    for i, entry in enumerate(players):
        field, field_points, _field_tricks, field_kontra = PLAYER_FIELDS[i]
        if i == out:
            if entry is not None:
                raise ScoringError(field, _("the dealer sits out this hand: give null"))
            continue
        if not is_mapping(entry):
            raise ScoringError(field, _("must be an object with the player's points and tricks"))
        given = entry.get("points")
        if given is None:
            raise ScoringError(field_points, _("missing: the player's card points"))
        points[i] = parse_points_field(given, counting, field_points)
        kontra = entry.get("kontra")
        if kontra is not None and kontra is not False and flag(entry, "kontra", field_kontra):
            if not kontra_ok:
                raise ScoringError(field_kontra, NO_KONTRA, contract=contract.name)
            kontras[i] = True
    # the points' sum before the tricks: a table that enters points first hears of a wrong sum
    # at once, not only after every trick count
    _check_points_sum(table, sum(points))
    return tuple(points), tuple(kontras)


def _check_points_sum(table: Table, total: int) -> None:
    ruleset = table.rs
    pack = ruleset.pack_thirds
    if table.rules.trischaken.talon_counts:
        if total != pack:
            raise ScoringError(
                "players",
                _("the players' points add up to %(points)s, not %(total)s"),
                points=format_points(total),
                total=ruleset.pack_total,
            )
    # four players: the talon counts for nobody; five: the dealer took it
    elif table.n == 5 and total != pack:
        raise ScoringError(
            "players",
            _("the players' points add up to %(points)s, but must be exactly %(total)s"),
            points=format_points(total),
            total=ruleset.pack_total,
        )
    elif total > pack:
        raise ScoringError(
            "players",
            _("the players' points add up to %(points)s, but must be at most %(total)s"),
            points=format_points(total),
            total=ruleset.pack_total,
        )


def _tricks(
    table: Table, players: Sequence[Any], points: tuple[int, ...], out: int | None
) -> tuple[int, ...]:
    """Return each seat's tricks, checked against its points."""
    rule = table.rules.trischaken
    needs_tricks = "tricks" in rule.entry
    tricks_of = [0] * table.n
    for i, entry in enumerate(players):
        if i == out:
            continue
        tricks = entry.get("tricks")
        if tricks is None:
            if needs_tricks:
                raise ScoringError(
                    PLAYER_FIELDS[i][2], _("missing: the player's tricks (0 for a virgin)")
                )
        elif type(tricks) is not int or not 0 <= tricks <= 12:
            raise ScoringError(PLAYER_FIELDS[i][2], NOT_TRICKS, value=repr(tricks))
        else:
            tricks_of[i] = tricks
            if tricks == 0 and points[i] and needs_tricks:
                raise ScoringError(
                    PLAYER_FIELDS[i][1], _("a player who took no trick has no points")
                )
            if tricks and not points[i] and rule.trick_means_points:
                raise ScoringError(
                    PLAYER_FIELDS[i][1],
                    _(
                        "a player who took a trick has points (a talon card goes to each of the "
                        "first six tricks)"
                    )
                    if rule.talon_to_first_tricks
                    else _(
                        "a player who took a trick has points (the talon goes to the last trick)"
                    ),
                )
    if needs_tricks and sum(tricks_of) != 12:
        raise ScoringError(
            "players", _("the players' tricks add up to %(tricks)s, not 12"), tricks=sum(tricks_of)
        )
    return tuple(tricks_of)
