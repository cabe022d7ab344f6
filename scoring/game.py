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
from .record import BonusEntry, PositiveHand
from .rulesets import KONTRA_NAMES
from .table import Table


class Game:
    """A positive hand being scored: its values, the kontra factors that count, and the lines."""

    __slots__ = (
        "table",
        "hand",
        "contract",
        "won_value",
        "lost_value",
        "bonuses",
        "lines",
        "won",
        "kontra",
        "kontra_factor",
        "kontra_counted",
    )

    def __init__(self, table: Table, hand: PositiveHand) -> None:
        c = hand.contract
        self.table = table
        self.hand = hand
        self.contract = c
        self.won_value = c.won
        self.lost_value = (
            c.lost_by_vorhand if hand.declarer == hand.vorhand and c.lost_by_vorhand else c.lost
        )
        self.bonuses = hand.bonuses
        self.lines: list[Line] = []
        valat = hand.valat
        if valat is None or valat.side is None:
            thirds = hand.thirds
            self.won = thirds is not None and thirds >= table.rs.threshold_thirds
        else:
            self.won = valat.side == "declarer"
        # Kontras count unless the table does not count them or the called King lay hidden in
        # the talon (they are then void)
        counted = table.count_kontras and not (hand.king_in_talon and c.hidden_talon_king)
        self.kontra_counted = counted
        self.kontra = hand.kontra if counted else 0
        # where the Valat rule says so, a Kontra on the game does not count in a silent Valat
        if (
            valat is not None
            and valat.side is not None
            and not valat.announced
            and table.rules.valat.silent_voids_game_kontra
        ):
            self.kontra = 0
        self.kontra_factor = 1 << self.kontra

    # what the Valat rules ask of a hand (rarely: most hands have no Valat)
    @property
    def valat(self) -> str | None:
        """Return the side that took every trick, if one did."""
        v = self.hand.valat
        return None if v is None else v.side

    @property
    def valat_announced(self) -> bool:
        v = self.hand.valat
        return v is not None and v.announced

    @property
    def valat_by(self) -> str:
        """Return the side that announced the Valat (or made it silently)."""
        v = self.hand.valat
        return "declarer" if v is None else v.by

    @property
    def valat_kontra(self) -> int:
        v = self.hand.valat
        return v.kontra if v is not None and self.kontra_counted else 0

    @property
    def valat_kontra_factor(self) -> int:
        return 1 << self.valat_kontra

    @property
    def silent_failed_costs(self) -> bool:
        return self.table.rules.silent_failed.costs

    def bonus_kontra(self, b: BonusEntry) -> int:
        """Return the Kontra level that counts on a bonus."""
        return b.kontra if self.kontra_counted else 0

    def game(self, won: bool, value: int | None = None) -> int:
        """Return the game's signed value and add its line."""
        if value is None:
            value = (
                self.won_value * self.kontra_factor
                if won
                else -self.lost_value * self.kontra_factor
            )
        k = self.kontra
        cache = self.table.lines
        key = ("game", won, value, k)
        made = cache.get(key)
        if made is None:
            if k:
                params: dict[str, str | int] = {"value": value, "kontra": KONTRA_NAMES[k]}
                made = line(GAME_WON_K if won else GAME_LOST_K, params, "game", value, kontra=k)
            else:
                made = line(GAME_WON if won else GAME_LOST, {"value": value}, "game", value)
            cache[key] = made
        self.lines.append(made)
        return value

    def bonus(self, b: BonusEntry) -> int:
        """Return a bonus's signed value (declarer's side's view) and add its line."""
        if not b.announced and not b.made and not self.silent_failed_costs:
            self.not_counted(b, L.WHY_SILENT_FAILED)
            return 0
        info = b.info
        factor = self.contract.bonus_factor
        announced = b.announced
        k = b.kontra if self.kontra_counted else 0
        cache = self.table.lines
        key = (info.key, b.of_declarer, announced, b.made, factor, k)
        made = cache.get(key)
        if made is None:
            v = ((info.announced if announced else info.silent) or 0) * factor << k
            if b.of_declarer != b.made:
                v = -v
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
            made = cache[key] = line(tmpl, params, info.key, v, announced, factor, k)
        self.lines.append(made)
        return made.value

    def not_counted(self, b: BonusEntry, why: str) -> None:
        """Add a struck line for a bonus the rules ignore in this hand."""
        self.lines.append(
            line(
                L.NOT_COUNTED,
                {"bonus": b.info.name, "why": why},
                b.info.key,
                0,
                b.announced,
                self.contract.bonus_factor,
                self.bonus_kontra(b),
            )
        )

    def plain(self) -> int:
        """Return the net of game and bonuses, no Valat involved."""
        net = self.game(self.won)
        for b in self.bonuses:
            net += self.bonus(b)
        return net
