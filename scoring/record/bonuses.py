"""Read a positive hand's bonuses and Kontras, and set each threshold bonus's result."""

from collections.abc import Mapping
from typing import Any, NoReturn

from ..errors import ScoringError
from ..i18n import _
from ..lines import FAILED, MADE, SIDE_DECLARER, SIDE_DEFENDERS
from ..points import format_points
from ..rules import Schleifen
from ..rulesets import BonusInfo, ContractInfo
from ..table import Table, flag, level
from .fields import KONTRA_NOT_OBJECT, NO_BONUSES, NOT_A_BONUS, NOT_A_SIDE, is_list, is_mapping
from .values import BonusEntry, ValatCall, bonus_entry, with_made

# a threshold bonus (Sack, Grammeln) of a hand: its index in bonuses, its key, the result given
Threshold = tuple[int, str, bool | None]
# the threshold bonuses of a hand that has none (shared, never appended to)
NO_THRESHOLDS: list[Threshold] = []
# a Sack whose silent value follows from the points exists silently only as made
SILENT_ONLY_MADE = _(
    "a silent %(bonus)s is only ever made (its side's card points reach it): record it as "
    "made, or leave it out and the points decide"
)
# a bonus entry's side: whether the bonus is the declarer's side's
OF_DECLARER = {"declarer": True, "defenders": False}


def read_bonuses(
    table: Table,
    contract: ContractInfo,
    hand: Mapping[str, Any],
    partner: int | None,
    king_in_talon: bool,
    played: bool,
) -> tuple[dict[str, BonusEntry], list[Threshold]]:
    """Return the hand's checked bonus entries by bonus key, in the order given, and the
    threshold bonuses (Sack, Grammeln) among them."""
    raw = hand.get("bonuses")
    if not raw:
        return {}, NO_THRESHOLDS
    if not is_list(raw):
        raise ScoringError("bonuses", _("must be a list of bonus entries"))
    allowed = table.rs.allowed_bonuses[contract.key]
    given: dict[str, BonusEntry] = {}
    thresholds = NO_THRESHOLDS
    for i, entry in enumerate(raw):
        if not is_mapping(entry):
            raise ScoringError(
                f"bonuses[{i}]", _("must be an object with bonus, side, announced and result")
            )
        key = entry.get("bonus")
        info = allowed.get(key) if key.__class__ is str else None
        if info is None or key in given:
            _refuse_bonus(table, contract, key, i, given)
        bonus = _read_entry(table, info, entry, i, played)
        if info.needs is not None:  # needs a called King
            _check_king_bonus(contract, bonus, i, partner, king_in_talon)
        given[info.key] = bonus
        if info.threshold is not None:
            if thresholds is NO_THRESHOLDS:
                thresholds = []
            result = entry.get("result")
            thresholds.append((i, info.key, None if result is None else bonus.made))
    return given, thresholds


def _read_entry(
    table: Table, info: BonusInfo, entry: Mapping[str, Any], i: int, played: bool
) -> BonusEntry:
    """Return one bonus entry with its side, manner and result (without Kontra)."""
    side = entry.get("side")
    of_declarer = OF_DECLARER.get(side) if side.__class__ is str else None
    if of_declarer is None:
        raise ScoringError(f"bonuses[{i}].side", NOT_A_SIDE, value=repr(side))
    announced = entry.get("announced", False)
    if announced is not True and announced is not False:
        announced = flag(entry, "announced", f"bonuses[{i}].announced")
    if (info.announced if announced else info.silent) is None:
        raise ScoringError(
            f"bonuses[{i}].announced",
            _("%(bonus)s cannot be announced")
            if announced
            else _("%(bonus)s counts only when announced"),
            bonus=info.name,
        )
    result = entry.get("result")
    made = result == "made"
    if result == "failed" and not announced and info.silent_from_points:
        raise ScoringError(f"bonuses[{i}].result", SILENT_ONLY_MADE, bonus=info.name)
    # no result is a failed bonus where the hand was not played or the points decide it
    if (
        not made
        and result != "failed"
        and (result is not None or (played and info.threshold is None))
    ):
        raise ScoringError(
            f"bonuses[{i}].result", _("%(value)s is not 'made' or 'failed'"), value=repr(result)
        )
    return bonus_entry(table, info, of_declarer, announced, made, 0)


def _refuse_bonus(
    table: Table, contract: ContractInfo, key: Any, i: int, seen: Mapping[str, BonusEntry]
) -> NoReturn:
    """Refuse a bonus the contract may not record here, saying why."""
    field = f"bonuses[{i}].bonus"
    if key == "valat":
        raise ScoringError(field, _("Valat is entered with the hand's valat fields"))
    info = table.rs.bonus_map.get(key) if type(key) is str else None
    if info is None:
        raise ScoringError(field, NOT_A_BONUS, value=repr(key), ruleset=table.rs.name)
    if key in seen:
        raise ScoringError(field, _("%(bonus)s is recorded twice"), bonus=info.name)
    if not contract.bonuses:
        raise ScoringError(field, NO_BONUSES, contract=contract.name)
    raise ScoringError(
        field,
        _("%(bonus)s is not allowed in %(contract)s"),
        bonus=info.name,
        contract=contract.name,
    )


def _check_king_bonus(
    contract: ContractInfo, bonus: BonusEntry, i: int, partner: int | None, king_in_talon: bool
) -> None:
    """Refuse a bonus of the called King (Mond's King, Kakadu…) the hand cannot have."""
    info = bonus.info
    field = f"bonuses[{i}].bonus"
    if not contract.calls_king:
        raise ScoringError(field, _("%(bonus)s needs a called King"), bonus=info.name)
    if info.needs == "partner_or_talon":
        if partner is None and not king_in_talon:
            raise ScoringError(
                field,
                _("%(bonus)s needs a partner or the called King in the talon"),
                bonus=info.name,
            )
    elif partner is None:
        raise ScoringError(field, _("%(bonus)s needs a partner"), bonus=info.name)
    if king_in_talon and contract.hidden_talon_king:
        raise ScoringError(
            field,
            _("%(bonus)s cannot be made: the called King lay in the talon and was never played"),
            bonus=info.name,
        )
    if info.side == "declarer" and not bonus.of_declarer:
        raise ScoringError(
            f"bonuses[{i}].side",
            _("%(bonus)s counts for the declarer's side only"),
            bonus=info.name,
        )
    if info.side == "defenders" and (bonus.of_declarer or not bonus.made):
        raise ScoringError(
            f"bonuses[{i}].side",
            _("%(bonus)s is always made by the defenders, against the declarer's side"),
            bonus=info.name,
        )


def read_kontra(
    table: Table, given: dict[str, BonusEntry], hand: Mapping[str, Any], valat: ValatCall | None
) -> tuple[int, int, ValatCall | None]:
    """Return the game's level, the highest level given to any element, and the Valat with its
    level; set each bonus's level in `given`."""
    raw = hand["kontra"]
    if not is_mapping(raw):
        raise ScoringError("kontra", KONTRA_NOT_OBJECT)
    top = game = 0
    maximum = table.rs.max_kontra
    for key, given_level in raw.items():
        if given_level.__class__ is not int or not 0 <= given_level <= maximum:
            level(given_level, f"kontra.{key}", maximum)  # raises the refusal
        if not given_level:
            continue
        if given_level > top:
            top = given_level
        if key == "game":
            game = given_level
        elif key == "valat":
            valat = _kontra_valat(table, valat, given_level)
        else:
            given[key] = _kontra_bonus(table, given, key, given_level)
    return game, top, valat


def _kontra_valat(table: Table, valat: ValatCall | None, given_level: int) -> ValatCall:
    """Return the Valat with the level given to it, refusing a Valat that cannot have one."""
    if not table.rules.valat.is_bonus:
        raise ScoringError(
            "kontra.valat", _("Valat is not a bonus in this ruleset: the game's Kontra covers it")
        )
    if valat is None or not valat.announced:
        raise ScoringError("kontra.valat", _("Valat was not announced, so it cannot be kontra'd"))
    return valat._replace(kontra=given_level)


def _kontra_bonus(
    table: Table, given: Mapping[str, BonusEntry], key: Any, given_level: int
) -> BonusEntry:
    """Return a bonus's entry with the level given to it, refusing one not announced."""
    bonus = given.get(key)
    if bonus is None or not bonus.announced:
        field = f"kontra.{key}"
        info = table.rs.bonus_map.get(key)
        if info is None:
            raise ScoringError(field, NOT_A_BONUS, value=repr(key), ruleset=table.rs.name)
        raise ScoringError(
            field, _("%(bonus)s was not announced, so it cannot be kontra'd"), bonus=info.name
        )
    return bonus_entry(
        table, bonus.info, bonus.of_declarer, bonus.announced, bonus.made, given_level
    )


def refuse_trick_after_valat(
    hand: Mapping[str, Any], given: Mapping[str, BonusEntry], declarer_valat: bool
) -> None:
    """Refuse a trick bonus made by the side that took no trick (the other side's Valat)."""
    for bonus in given.values():
        if bonus.made and bonus.info.kind == "trick" and bonus.of_declarer != declarer_valat:
            i = next(i for i, e in enumerate(hand["bonuses"]) if e.get("bonus") == bonus.info.key)
            raise ScoringError(
                f"bonuses[{i}].result",
                _("%(bonus)s cannot be made by a side that took no trick (the other side's Valat)"),
                bonus=bonus.info.name,
            )


def refuse_mandatory_birds_missing(
    table: Table, contract: ContractInfo, given: Mapping[str, BonusEntry]
) -> None:
    """Refuse a contract (a Sechserdreier…) whose bird the declarer did not announce."""
    # a Renonce is paid on what was announced, so the bird must be there as well
    for key in contract.mandatory_birds:
        bonus = given.get(key)
        if bonus is not None and bonus.of_declarer and bonus.announced:
            return
    raise ScoringError(
        "bonuses",
        _("%(contract)s needs %(birds)s announced by the declarer"),
        contract=contract.name,
        birds=tuple(table.rs.bonus_map[key].name for key in contract.mandatory_birds),
    )


def fail_surrendered_bonuses(
    table: Table, contract: ContractInfo, given: dict[str, BonusEntry]
) -> None:
    """Refuse the bonuses a surrendered hand cannot record; the rest count as failed."""
    if isinstance(table.rules.surrender, Schleifen):
        return  # nothing is played or announced: every bonus is listed as not counted
    birds = contract.mandatory_birds
    entries = list(given.values())
    if birds:
        ok = (
            len(entries) == 1
            and entries[0].info.key in birds
            and entries[0].of_declarer
            and entries[0].announced
        )
    else:
        ok = not entries
    if not ok:
        raise ScoringError(
            "bonuses",
            _("giving up a %(contract)s records exactly its announced bird")
            if birds
            else _("giving up a %(contract)s records no bonus"),
            contract=contract.name,
        )
    for key, bonus in given.items():
        given[key] = with_made(table, bonus, False)


def set_threshold_results(
    table: Table,
    given: dict[str, BonusEntry],
    thresholds: list[Threshold],
    thirds: int | None,
    valat_side: str | None,
) -> None:
    """Set each Sack's or Grammeln's result from its side's card points; refuse a given result
    that contradicts them."""
    for i, key, result in thresholds:
        bonus = given[key]
        if thirds is not None:
            made = _threshold_made(table, bonus, i, result, thirds)
        elif valat_side is not None:
            # no points in a Valat: the side with every trick is taken to reach every
            # threshold, the other side none, unless the entry says otherwise
            if result is not None:
                continue
            made = bonus.of_declarer == (valat_side == "declarer")
        elif result is None:
            raise ScoringError(
                f"bonuses[{i}].result",
                _("%(bonus)s: missing: its result, or the card points it follows from"),
                bonus=bonus.info.name,
            )
        else:
            continue
        if made != bonus.made:
            given[key] = with_made(table, bonus, made)


def _threshold_made(
    table: Table, bonus: BonusEntry, i: int, result: bool | None, thirds: int
) -> bool:
    """Return whether a threshold bonus is made with these card points, refusing a result
    given that says otherwise."""
    info = bonus.info
    need = info.threshold or 0  # never 0: only threshold bonuses are listed
    side = thirds if bonus.of_declarer else table.rs.pack_thirds - thirds
    made = side >= need
    if result is not None and result != made:
        raise ScoringError(
            f"bonuses[{i}].result",
            _(
                "%(bonus)s is made with %(threshold)s card points or more, and %(side)s "
                "took %(points)s, so it is %(result)s"
            ),
            bonus=info.name,
            threshold=format_points(need),
            side=SIDE_DECLARER if bonus.of_declarer else SIDE_DEFENDERS,
            points=format_points(side),
            result=MADE if made else FAILED,
        )
    return made


def add_silent_from_points(
    table: Table,
    derived: tuple[BonusInfo, ...],
    given: dict[str, BonusEntry],
    thresholds: list[Threshold],
    thirds: int,
) -> None:
    """Add each Sack a tariff gives a silent value, made silently by the side whose card points
    reach it (at most one side can); refuse one recorded silently that the points fail."""
    for i, key, _result in thresholds:
        bonus = given[key]
        if bonus.info.silent_from_points and not bonus.announced and not bonus.made:
            raise ScoringError(f"bonuses[{i}].result", SILENT_ONLY_MADE, bonus=bonus.info.name)
    for info in derived:
        if info.key in given:
            continue  # recorded on the sheet (announced, or silent and checked above)
        need = info.threshold or 0  # never 0: only threshold bonuses derive
        if thirds >= need:
            given[info.key] = bonus_entry(table, info, True, False, True, 0)
        elif table.rs.pack_thirds - thirds >= need:
            given[info.key] = bonus_entry(table, info, False, False, True, 0)


def refuse_material_beside_announced_valat(
    hand: Mapping[str, Any], given: Mapping[str, BonusEntry]
) -> None:
    """Refuse Trull or Four Kings announced in a hand with an announced Valat (made or failed,
    either side), where the Valat rule does not allow them beside it."""
    for bonus in given.values():
        if bonus.announced and bonus.info.kind == "material":
            i = next(i for i, e in enumerate(hand["bonuses"]) if e.get("bonus") == bonus.info.key)
            raise ScoringError(
                f"bonuses[{i}].announced",
                _("%(bonus)s cannot be announced beside an announced Valat"),
                bonus=bonus.info.name,
            )
