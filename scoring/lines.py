"""The breakdown lines under a scored hand, and their marked English templates."""

from collections.abc import Mapping
from typing import NamedTuple

from .i18n import _


class Line(NamedTuple):
    """One element of a hand's score: a marked template, its parameters and the amount.

    Immutable (a named tuple, so building one costs little in the scoring hot path).
    """

    template: str
    params: Mapping[str, str | int]
    element: str
    value: int
    announced: bool = False
    factor: int = 1
    kontra: int = 0

    @property
    def text(self) -> str:
        """Return the line in plain English."""
        return self.template % self.params


# Lines are built with the named tuple's own constructor (its fields have the defaults)
line = Line


GAME_WON = _("Game won by the declarer's side: %(value)+d")
GAME_WON_K = _("Game won by the declarer's side, %(kontra)s: %(value)+d")
GAME_LOST = _("Game lost by the declarer's side: %(value)+d")
GAME_LOST_K = _("Game lost by the declarer's side, %(kontra)s: %(value)+d")
BONUS = _("%(bonus)s %(manner)s, %(result)s: %(value)+d")
BONUS_K = _("%(bonus)s %(manner)s, %(result)s, %(kontra)s: %(value)+d")
DEF_BONUS = _("Defenders' %(bonus)s %(manner)s, %(result)s: %(value)+d")
DEF_BONUS_K = _("Defenders' %(bonus)s %(manner)s, %(result)s, %(kontra)s: %(value)+d")
NOT_COUNTED = _("%(bonus)s not counted (%(why)s)")
KONTRA_IGNORED = _("Kontras recorded but not counted (cup tournament scoring)")
ALONE = _("The declarer plays alone: one against three")

VALAT_MULT = _("Valat by %(side)s, %(manner)s: %(multiplier)s × (%(sum)s) = %(value)+d")
VALAT_FAILED = _("Valat announced by %(side)s, failed: %(multiplier)s × (%(sum)s) = %(value)+d")
VALAT_SILENT_BONUSES = _(
    "Valat by %(side)s, silent: the silent bonuses (%(bonuses)s) are worth more than 3 × the "
    "game, so the game counts once plus the bonuses: %(value)+d"
)
SURRENDER = _("Surrendered (schleifen), called King in the talon: %(value)+d")
GIVEN_UP = _("Given up, called King in the talon: lost game %(value)+d")

NEG_WON = _("%(contract)s by %(player)s made (%(tricks)s tricks): %(value)+d")
NEG_LOST = _("%(contract)s by %(player)s lost (%(tricks)s tricks): %(value)+d")
PERSONAL_KONTRA = _("%(kontra)s by %(player)s against %(declarer)s: %(value)+d more")

RENONCE = _(
    "Renonce by %(player)s: each other player receives what their side would have "
    "won (%(value)s), the offender pays %(total)s"
)
RENONCE_SIDES = _(
    "Renonce by %(player)s: each other player receives what their side would have won (the "
    "declarer's side %(won)s, the defenders %(lost)s), the offender pays %(total)s"
)
RENONCE_TWO = _(
    "Renonce by %(player)s and %(other)s: each other player receives what their side would have "
    "won, the two offenders pay %(total)s between them"
)
RENONCE_TRISCHAKEN_TWO = _(
    "Renonce by %(player)s and %(other)s in Trischaken: they pay %(amount)s to each other player "
    "between them"
)
KONTRAS_VOID = _("Kontras void: the called King lay in the talon")
RENONCE_TRISCHAKEN = _("Renonce by %(player)s in Trischaken: pays %(amount)s to each other player")

FAHREN_PAIR = _("%(payer)s (%(more)s) pays %(payee)s (%(less)s): %(amount)s")
FAHREN_KONTRA = _("Kontra by %(player)s")

TRISCHAKEN_LOSER = _(
    "%(player)s has the most points (%(points)s) and pays %(amount)s to each other player"
)
TRISCHAKEN_LOSER_VIRGINS = _(
    "%(player)s has the most points (%(points)s) and pays %(amount)s "
    "in all to the players who took no trick"
)
TRISCHAKEN_TIED = _(
    "%(player)s is tied for the most points (%(points)s) and pays %(amount)s to the others"
)
TRISCHAKEN_POT = _(
    "%(player)s has the most points (%(points)s) and pays %(amount)s of the pot of %(pot)s "
    "to the other players"
)
TRISCHAKEN_POT_VIRGINS = _(
    "%(player)s has the most points (%(points)s) and pays %(amount)s of the pot of %(pot)s "
    "to the players who took no trick"
)
TRISCHAKEN_MAYOR = _("Doubled: %(player)s is mayor")
TRISCHAKEN_VORHAND = _("Doubled: %(player)s is Vorhand")
TRISCHAKEN_VIRGIN = _("Doubled: %(player)s took no trick")
TIROL_VORHAND = _(
    "%(player)s is Vorhand with the most points (%(points)s) and pays %(amount)s "
    "to each other player"
)
TIROL_MAYOR = _("%(player)s is mayor (%(points)s) and pays %(amount)s to each other player")
TIROL_RANK = _("%(player)s with %(points)s: %(value)+d")
TIROL_VIRGIN = _("%(player)s took no trick and is topped up to +6: %(value)+d more")

MANUAL = _("Entered by hand: %(reason)s")

SIDE_DECLARER = _("the declarer's side")
SIDE_DEFENDERS = _("the defenders")
ANNOUNCED = _("announced")
SILENT = _("silent")
MADE = _("made")
FAILED = _("failed")
WHY_VALAT = _("Valat")
WHY_SURRENDER = _("surrendered")
WHY_SILENT_FAILED = _("a silent bonus that fails counts nothing")
