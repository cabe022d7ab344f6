"""The Valat rules: how a hand where one side takes all 12 tricks is scored.

Each scorer returns the hand's net from the declarer's side's view and adds its lines; the
rule it is given (from the registry in `rules`) holds the numbers.
"""

from collections.abc import Callable
from typing import Any

from . import lines as L
from .game import Game
from .lines import line
from .record import BonusEntry
from .rules import (
    ValatBonus,
    ValatBonusSilentKontraVoid,
    ValatGameMultiplier,
    ValatGameTrickBonuses,
    ValatRule,
    ValatTimesGame,
    ValatTimesHand,
)
from .rulesets import KONTRA_NAMES


def valat_times_hand(g: Game, rule: ValatTimesHand | ValatTimesGame) -> int:
    """Return the net where Valat multiplies the game (Lungau: with the Rufer's announced birds;
    Ramingstein: the game alone)."""
    if g.valat is None and not g.valat_announced:
        return g.plain()
    if g.valat is None:
        return _times_hand_failed(g, rule)
    return _times_hand_made(g, rule)


def _times_hand_failed(g: Game, rule: ValatTimesHand | ValatTimesGame) -> int:
    """Return the net of a failed announced Valat: nothing else of the hand counts."""
    m = rule.announced
    if g.valat_by == "declarer":
        parts = [g.lost_value * g.kontra_factor]
        if rule.birds and g.contract.mandatory_birds:
            parts += [
                b.info.announced or 0
                for b in g.bonuses
                if b.of_declarer and b.announced and b.info.bird
            ]
        net = -m * sum(parts)
    else:
        parts = [g.won_value * g.kontra_factor]
        net = m * parts[0]
    _add_failed_line(g, m, " + ".join(map(str, parts)), net)
    for b in g.bonuses:
        g.not_counted(b, L.WHY_VALAT)
    return net


def _times_hand_made(g: Game, rule: ValatTimesHand | ValatTimesGame) -> int:
    """Return the net of a made Valat: the multiplied sum plus what counts beside it."""
    sign = 1 if g.valat == "declarer" else -1
    m = rule.announced if g.valat_announced else rule.silent
    game = sign * (g.won_value if sign > 0 else g.lost_value) * g.kontra_factor
    inner = [game]
    beside = 0
    for b in g.bonuses:
        if not rule.birds or not (b.of_declarer and b.announced and b.info.bird):
            g.not_counted(b, L.WHY_VALAT)
        elif g.contract.mandatory_birds:
            # in the Rufer the announced birds join the multiplied sum
            v = (b.info.announced or 0) << g.bonus_kontra(b)
            inner.append(v if b.made else -v)
        else:
            beside += g.bonus(b)
    net = m * sum(inner)
    text = " + ".join(map(str, inner)).replace("+ -", "- ")
    _add_multiplied_line(g, sign > 0, m, text, net)
    return net + beside


def valat_bonus(g: Game, rule: ValatBonus) -> int:
    """Return the net where Valat is a bonus added to the game; a made Valat drops every
    material bonus, or only the silent ones, as the rule says."""
    if g.valat is None and not g.valat_announced:
        return g.plain()
    silent_only = rule.drops == "silent_material"
    factor = g.contract.bonus_factor
    k = g.valat_kontra
    if g.valat is not None:
        net = g.game(g.valat == "declarer")
        v = (rule.announced if g.valat_announced else rule.silent) * factor * g.valat_kontra_factor
        if g.valat == "defenders":
            v = -v
        made = True
        for b in g.bonuses:
            if b.info.kind == "material" and not (silent_only and b.announced):
                g.not_counted(b, L.WHY_VALAT)
            else:
                net += g.bonus(b)
        decl = g.valat == "declarer"
    else:
        net = g.plain()
        v = rule.announced * factor * g.valat_kontra_factor
        decl = g.valat_by == "declarer"
        if decl:
            v = -v
        made = False
    tmpl = L.BONUS_K if k else L.BONUS
    if not decl:
        tmpl = L.DEF_BONUS_K if k else L.DEF_BONUS
    g.lines.append(
        line(
            tmpl,
            {
                "bonus": L.WHY_VALAT,
                "manner": L.ANNOUNCED if g.valat_announced else L.SILENT,
                "result": L.MADE if made else L.FAILED,
                "kontra": KONTRA_NAMES[k],
                "value": v,
            },
            "valat",
            v,
            g.valat_announced,
            factor,
            k,
        )
    )
    return net + v


def valat_game_multiplier(g: Game, rule: ValatGameMultiplier) -> int:
    """Return the net where Valat multiplies the game element; beside it only announced
    bonuses count."""
    if g.valat is None and not g.valat_announced:
        return g.plain()
    if g.valat is None:
        return _game_multiplier_failed(g, rule)
    decl = g.valat == "declarer"
    game = (g.won_value if decl else g.lost_value) * g.kontra_factor
    silent = [b for b in g.bonuses if not b.announced and b.of_declarer == decl and b.made]
    silent_sum = sum((b.info.silent or 0) * g.contract.bonus_factor for b in silent)
    if (
        rule.silent_bonus_exception
        and not g.valat_announced
        and silent_sum > (rule.silent - 1) * game
    ):
        return _game_multiplier_silent_bonuses(g, decl, game, silent, silent_sum)
    return _game_multiplier_made(g, rule, decl, game)


def _game_multiplier_failed(g: Game, rule: ValatGameMultiplier) -> int:
    """Return the net of a failed announced Valat: × announced whatever the card points;
    bonuses still count (only the announced ones where the rule drops the silent ones)."""
    # The Valat's line carries the multiplied game and stands in for the game's line:
    # both lines with the same amount would list the game twice (the breakdown would add
    # up to twice the score).
    m = rule.announced
    if g.valat_by == "declarer":
        game = g.lost_value * g.kontra_factor
        net = -m * game
    else:
        game = g.won_value * g.kontra_factor
        net = m * game
    _add_failed_line(g, m, str(game), net)
    for b in g.bonuses:
        if b.announced or rule.failed_keeps_silent:
            net += g.bonus(b)
        else:
            g.not_counted(b, L.WHY_VALAT)
    return net


def _game_multiplier_silent_bonuses(
    g: Game, decl: bool, game: int, silent: list[BonusEntry], silent_sum: int
) -> int:
    """Return the net of a silent Valat whose silent bonuses outweigh it: the game once, with
    the announced bonuses and the silent ones made."""
    net = (1 if decl else -1) * game
    g.lines.append(
        line(
            L.VALAT_SILENT_BONUSES,
            {
                "side": L.SIDE_DECLARER if decl else L.SIDE_DEFENDERS,
                "bonuses": silent_sum,
                "value": net,
            },
            "valat",
            net,
            False,
            1,
            g.kontra,
        )
    )
    for b in g.bonuses:
        if b.announced or b in silent:
            net += g.bonus(b)
        else:
            g.not_counted(b, L.WHY_VALAT)
    return net


def _game_multiplier_made(g: Game, rule: ValatGameMultiplier, decl: bool, game: int) -> int:
    """Return the net of a made Valat: the game × the Valat's multiplier, beside it the
    announced bonuses (and the silent trick bonuses where the rule counts them)."""
    m = rule.announced if g.valat_announced else rule.silent
    net = (1 if decl else -1) * m * game
    _add_multiplied_line(g, decl, m, str(game), net)
    for b in g.bonuses:
        if b.announced or (rule.trick_bonuses_beside and b.info.kind == "trick"):
            net += g.bonus(b)
        else:
            g.not_counted(b, L.WHY_VALAT)
    return net


def _add_failed_line(g: Game, multiplier: int, total: str, net: int) -> None:
    """Add the line of a failed announced Valat: the sum times the multiplier, lost by the side
    that announced it."""
    side = L.SIDE_DECLARER if g.valat_by == "declarer" else L.SIDE_DEFENDERS
    params: dict[str, str | int] = {
        "side": side,
        "multiplier": multiplier,
        "sum": total,
        "value": net,
    }
    g.lines.append(line(L.VALAT_FAILED, params, "valat", net, True, multiplier, g.kontra))


def _add_multiplied_line(g: Game, declarer: bool, multiplier: int, total: str, net: int) -> None:
    """Add the line of a made Valat: the sum times the multiplier of a silent or announced one."""
    params: dict[str, str | int] = {
        "side": L.SIDE_DECLARER if declarer else L.SIDE_DEFENDERS,
        "manner": L.ANNOUNCED if g.valat_announced else L.SILENT,
        "multiplier": multiplier,
        "sum": total,
        "value": net,
    }
    g.lines.append(
        line(L.VALAT_MULT, params, "valat", net, g.valat_announced, multiplier, g.kontra)
    )


# the scorer of each Valat rule of the registry
VALAT_SCORERS: dict[type[ValatRule], Callable[[Game, Any], int]] = {
    ValatTimesHand: valat_times_hand,
    ValatTimesGame: valat_times_hand,
    ValatBonus: valat_bonus,
    ValatGameMultiplier: valat_game_multiplier,
    ValatGameTrickBonuses: valat_game_multiplier,
    ValatBonusSilentKontraVoid: valat_bonus,
}
