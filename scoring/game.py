"""A positive hand's elements (the game and each bonus) and the lines that score them."""

from . import lines as L
from .lines import (
    ANNOUNCED,
    BONUS,
    BONUS_K,
    DEF_BONUS,
    DEF_BONUS_K,
    FAILED,
    GAME_LOST,
    GAME_LOST_K,
    GAME_WON,
    GAME_WON_K,
    MADE,
    SILENT,
    Line,
    line,
)
from .rulesets import KONTRA_NAMES, BonusInfo, ContractInfo
from .table import Table


class Bonus:
    """One bonus entry of a hand, validated."""

    __slots__ = ("info", "of_declarer", "announced", "made", "kontra", "kontra_factor")

    def __init__(self, info: BonusInfo, of_declarer: bool, announced: bool, made: bool) -> None:
        self.info = info
        self.of_declarer = of_declarer
        self.announced = announced
        self.made = made
        self.kontra = 0
        self.kontra_factor = 1


class Game:
    """Everything the Valat policies need to know about a positive hand."""

    __slots__ = (
        "table",
        "contract",
        "won_value",
        "lost_value",
        "by_key",
        "bonuses",
        "lines",
        "won",
        "kontra",
        "kontra_factor",
        "valat",
        "valat_announced",
        "valat_by",
        "valat_kontra",
        "valat_kontra_factor",
        "silent_failed_costs",
    )

    def __init__(
        self, table: Table, contract: ContractInfo, lost_value: int, by_key: dict[str, Bonus]
    ) -> None:
        self.table = table
        self.contract = contract
        self.won_value = contract.won
        self.lost_value = lost_value
        self.by_key = by_key
        self.bonuses = list(by_key.values())
        self.lines: list[Line] = []
        # what a hand has not said: set later from its fields
        self.won = False
        self.kontra = 0
        self.kontra_factor = 1
        self.valat: str | None = None
        self.valat_announced = False
        self.valat_by = "declarer"
        self.valat_kontra = 0
        self.valat_kontra_factor = 1
        self.silent_failed_costs = table.rules.silent_failed.costs

    def game(self, won: bool, value: int | None = None) -> int:
        """Return the game's signed value and add its line."""
        if value is None:
            value = (
                self.won_value * self.kontra_factor
                if won
                else -self.lost_value * self.kontra_factor
            )
        k = self.kontra
        if k:
            params: dict[str, str | int] = {"value": value, "kontra": KONTRA_NAMES[k]}
            self.lines.append(
                line(GAME_WON_K if won else GAME_LOST_K, params, "game", value, kontra=k)
            )
        else:
            self.lines.append(line(GAME_WON if won else GAME_LOST, {"value": value}, "game", value))
        return value

    def bonus(self, b: Bonus) -> int:
        """Return a bonus's signed value (declarer's side's view) and add its line."""
        if not b.announced and not b.made and not self.silent_failed_costs:
            self.not_counted(b, L.WHY_SILENT_FAILED)
            return 0
        info = b.info
        factor = self.contract.bonus_factor
        announced = b.announced
        v = ((info.announced if announced else info.silent) or 0) * factor * b.kontra_factor
        if b.of_declarer != b.made:
            v = -v
        k = b.kontra
        params: dict[str, str | int] = {
            "bonus": info.name,
            "manner": ANNOUNCED if announced else SILENT,
            "result": MADE if b.made else FAILED,
            "value": v,
        }
        if k:
            params["kontra"] = KONTRA_NAMES[k]
            tmpl = BONUS_K if b.of_declarer else DEF_BONUS_K
        else:
            tmpl = BONUS if b.of_declarer else DEF_BONUS
        self.lines.append(line(tmpl, params, info.key, v, announced, factor, k))
        return v

    def not_counted(self, b: Bonus, why: str) -> None:
        """Add a struck line for a bonus the rules ignore in this hand."""
        self.lines.append(
            line(
                L.NOT_COUNTED,
                {"bonus": b.info.name, "why": why},
                b.info.key,
                0,
                b.announced,
                self.contract.bonus_factor,
                b.kontra,
            )
        )

    def plain(self) -> int:
        """Return the net of game and bonuses, no Valat involved."""
        net = self.game(self.won)
        for b in self.bonuses:
            net += self.bonus(b)
        return net
