"""A recorded hand in words, as marked templates with params that the web translates.

The table page shows a hand on one line; the Excel export spreads it over the score block's
columns. Both take what `describe` returns and only translate and arrange it, so a hand reads
the same in either place.
"""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .i18n import _
from .lines import ANNOUNCED, FAILED, MADE, MANUAL, SILENT
from .rulesets import KONTRA_NAMES, RulesetInfo, get_ruleset


class Phrase(NamedTuple):
    """One thing a hand records: a marked template and its params.

    `summary` says that a one-line description of the hand shows it too; the rest (bonuses,
    Kontras, each player's points in a Trischaken) is for the full record.
    """

    template: str
    params: Mapping[str, str | int]
    summary: bool = False


class Description(NamedTuple):
    """What a hand records, in the order a score sheet lists it."""

    contract: str  # the contract's marked name; "" for a hand entered by hand
    declarer: str  # player names, "" when the hand has none
    partner: str
    points: str | int | None  # the card points as entered, when they are the hand's result
    result: Phrase | None  # what the hand came to: card points, given up, Valat or tricks
    notes: tuple[Phrase, ...]


POINTS = _("%(points)s points")
TRICKS = _("tricks: %(n)s")
KING_IN_TALON = _("King in the talon")
GIVEN_UP = _("given up")
VALAT = _("Valat")
VALAT_MADE = _("Valat %(manner)s, made (%(side)s)")
VALAT_FAILED = _("Valat announced, failed (%(side)s)")
KONTRA_ON_GAME = _("%(kontra)s on the game")
KONTRA_ON = _("%(kontra)s on %(bonus)s")
KONTRA_BY = _("%(kontra)s by %(player)s")
BONUS = _("%(bonus)s %(manner)s, %(result)s (%(side)s)")
BONUS_KONTRA = _("%(bonus)s %(manner)s, %(result)s (%(side)s), %(kontra)s")
BEI = _("%(player)s: %(contract)s")
BEI_TRICKS = _("%(player)s: %(contract)s, tricks: %(n)s")
RENONCE = _("Renonce by %(player)s")
RENONCE_TWO = _("Renonce by %(player)s and %(other)s")
# A player's entry in a Fahren or Trischaken: points, tricks where recorded, Kontra where given
PLAYER = _("%(player)s: %(points)s points")
PLAYER_TRICKS = _("%(player)s: %(points)s points, tricks: %(n)s")
PLAYER_KONTRA = _("%(player)s: %(points)s points, %(kontra)s")
PLAYER_TRICKS_KONTRA = _("%(player)s: %(points)s points, tricks: %(n)s, %(kontra)s")

# The sides as the score block names them (shorter than the breakdown lines' wording)
SIDES = {"declarer": _("declarer's side"), "defenders": _("defenders")}
UNKNOWN = "?"  # a seat the table does not have


def _name(players: Sequence[str], seat: Any) -> str:
    return players[seat] if type(seat) is int and 0 <= seat < len(players) else UNKNOWN


def _kontra(level: Any) -> str:
    """Return the name of a Kontra level, or "" for none."""
    return KONTRA_NAMES[level] if type(level) is int and 0 < level < len(KONTRA_NAMES) else ""


def _given(value: Any) -> bool:
    return value not in (None, "")


def _side(value: Any) -> str | None:
    """Return the name of the side that made a Valat, or None."""
    # The engine lets an empty {} or [] stand for an unused field (a Trischaken's Renonce):
    # unhashable, so a plain `in SIDES` would raise.
    return SIDES.get(value) if isinstance(value, str) else None


def _points(value: Any) -> str | int:
    return value if type(value) is int else str(value)


def _personal_kontras(kontras: Any, players: Sequence[str], skip: Any) -> list[Phrase]:
    """Return the Kontras given seat by seat in a negative contract, but the declarer's own."""
    if not isinstance(kontras, list):
        return []
    return [
        Phrase(KONTRA_BY, {"kontra": _kontra(level), "player": players[seat]})
        for seat, level in enumerate(kontras[: len(players)])
        if seat != skip and _kontra(level)
    ]


def _player_entry(seat: int, entry: Mapping[str, Any], players: Sequence[str]) -> Phrase:
    params: dict[str, str | int] = {
        "player": _name(players, seat),
        "points": _points(entry["points"]) if _given(entry.get("points")) else UNKNOWN,
    }
    tricks = entry.get("tricks")
    if tricks is not None:
        params["n"] = tricks
    if entry.get("kontra"):
        params["kontra"] = KONTRA_NAMES[1]
        return Phrase(PLAYER_KONTRA if tricks is None else PLAYER_TRICKS_KONTRA, params)
    return Phrase(PLAYER if tricks is None else PLAYER_TRICKS, params)


def _bonus_name(rs: RulesetInfo, key: str) -> str:
    return rs.bonus_map[key].name if key in rs.bonus_map else key


def _bonus(entry: Mapping[str, Any], rs: RulesetInfo, kontra: Any) -> Phrase:
    key = entry.get("bonus", "")
    side = entry.get("side", "")
    params: dict[str, str | int] = {
        "bonus": _bonus_name(rs, key),
        "manner": ANNOUNCED if entry.get("announced") else SILENT,
        "result": MADE if entry.get("result") == "made" else FAILED,
        "side": SIDES.get(side, side),
    }
    if not _kontra(kontra):
        return Phrase(BONUS, params)
    params["kontra"] = _kontra(kontra)
    return Phrase(BONUS_KONTRA, params)


def _renonce(offender: Any, players: Sequence[str]) -> Phrase:
    if isinstance(offender, list) and len(offender) == 2:
        names = {"player": _name(players, offender[0]), "other": _name(players, offender[1])}
        return Phrase(RENONCE_TWO, names, summary=True)
    return Phrase(RENONCE, {"player": _name(players, offender)}, summary=True)


def _result(hand: Mapping[str, Any]) -> tuple[str | int | None, Phrase | None]:
    """Return the card points shown as the hand's result, and the result in words."""
    if hand.get("surrendered"):
        return None, Phrase(GIVEN_UP, {})
    if _side(hand.get("valat")):
        return None, Phrase(VALAT, {})
    if _given(hand.get("points")):
        points = _points(hand["points"])
        return points, Phrase(POINTS, {"points": points})
    if hand.get("tricks") is not None:
        return None, Phrase(TRICKS, {"n": hand["tricks"]})
    return None, None


def describe(hand: Mapping[str, Any], players: Sequence[str], ruleset: str) -> Description:
    """Return what a hand of the score-sheet format records, in marked words.

    The hand is one the engine accepted; a seat the table lacks reads "?", never an error.
    """
    if "manual" in hand:
        reason = (hand.get("manual") or {}).get("reason", "")
        return Description("", "", "", None, None, (Phrase(MANUAL, {"reason": reason}, True),))
    rs = get_ruleset(ruleset)
    key = hand.get("contract", "")
    contract = rs.contract_map[key].name if key in rs.contract_map else str(key)
    if isinstance(hand.get("players"), list):  # Fahren, Trischaken: each player for themselves
        entries = [
            _player_entry(seat, entry, players)
            for seat, entry in enumerate(hand["players"])
            if isinstance(entry, Mapping)
        ]
        return Description(contract, "", "", None, None, tuple(entries))
    points, result = _result(hand)
    declarer = hand.get("declarer")
    notes = _valat_notes(hand) + _kontra_and_bonus_notes(hand, rs)
    notes += _personal_kontras(hand.get("kontra_by_seat"), players, declarer)
    bei = hand.get("bei")
    if isinstance(bei, Mapping):
        notes += _bei_notes(bei, players, rs)
    if hand.get("renonce") is not None:
        notes.append(_renonce(hand["renonce"], players))
    partner = hand.get("partner")
    return Description(
        contract,
        _name(players, declarer) if declarer is not None else "",
        _name(players, partner) if partner is not None else "",
        points,
        result,
        tuple(notes),
    )


def _valat_notes(hand: Mapping[str, Any]) -> list[Phrase]:
    """Return the notes on the King in the talon and on a made or failed Valat."""
    notes: list[Phrase] = []
    if hand.get("king_in_talon"):
        notes.append(Phrase(KING_IN_TALON, {}))
    valat = hand.get("valat")
    if made_by := _side(valat):
        manner = ANNOUNCED if hand.get("valat_announced") else SILENT
        notes.append(Phrase(VALAT_MADE, {"manner": manner, "side": made_by}))
    elif valat is None and hand.get("valat_announced"):
        side = hand.get("valat_announced_by", "declarer")
        # A made Valat is the hand's result; a failed one is not, so the summary names it
        # beside the card points (they alone would read as an ordinary game).
        notes.append(Phrase(VALAT_FAILED, {"side": SIDES.get(side, side)}, summary=True))
    return notes


def _kontra_and_bonus_notes(hand: Mapping[str, Any], rs: RulesetInfo) -> list[Phrase]:
    """Return the notes on the Kontra on the game, each bonus, and each Kontra on no listed
    bonus."""
    notes: list[Phrase] = []
    kontra: Mapping[str, Any] = hand["kontra"] if isinstance(hand.get("kontra"), Mapping) else {}
    if _kontra(kontra.get("game")):
        notes.append(Phrase(KONTRA_ON_GAME, {"kontra": _kontra(kontra["game"])}))
    listed = set()
    for entry in hand.get("bonuses") or ():
        listed.add(entry.get("bonus", ""))
        notes.append(_bonus(entry, rs, kontra.get(entry.get("bonus", ""))))
    for bonus, level in kontra.items():
        if bonus != "game" and bonus not in listed and _kontra(level):
            notes.append(
                Phrase(KONTRA_ON, {"kontra": _kontra(level), "bonus": _bonus_name(rs, bonus)})
            )
    return notes


def _bei_notes(bei: Mapping[str, Any], players: Sequence[str], rs: RulesetInfo) -> list[Phrase]:
    """Return the notes on a Bei (who played which contract, the tricks) and its Kontras."""
    bei_key = bei.get("contract", "")
    params: dict[str, str | int] = {
        "player": _name(players, bei.get("declarer")),
        "contract": rs.contract_map[bei_key].name if bei_key in rs.contract_map else bei_key,
    }
    if bei.get("tricks") is not None:
        params["n"] = bei["tricks"]
    notes = [Phrase(BEI if "n" not in params else BEI_TRICKS, params, summary=True)]
    return notes + _personal_kontras(bei.get("kontra_by_seat"), players, bei.get("declarer"))
