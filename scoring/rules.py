"""The closed registry of rules a ruleset's data file may name, each with its numbers.

A ruleset names one rule per slot (how Valat, Trischaken, Renonce, giving up, double stakes,
Kontras and failed silent bonuses are scored) and gives that rule's numbers. The engine asks
only the rule it was given, never which ruleset it is; a new cup that reuses these rules is a
data file. A rule that a data file cannot express is a new class here, registered in `RULES`.
"""

from dataclasses import dataclass, fields
from typing import ClassVar

# --- Valat ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    """A rule with its numbers; `text` is the marked English sentence the rules page shows."""

    text: str = ""
    # string fields and the values each may take (checked by the loader)
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}

    def numbers(self) -> dict[str, int | str | bool]:
        """Return the rule's own values by field name (what its text may show)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "text"}


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatRule(Rule):
    """How a Valat (a side takes all 12 tricks) is scored."""

    silent: int
    announced: int
    # a Valat the engine scores as a bonus may be kontra'd on its own; a multiplier may not
    is_bonus: ClassVar[bool] = False
    # a failed announced Valat is paid whatever the card points (so none are needed)
    failed_ignores_points: ClassVar[bool] = True
    # a Kontra on the game does not count when the Valat is made silently
    silent_voids_game_kontra: ClassVar[bool] = False
    # Trull and Four Kings (material bonuses) cannot be announced beside an announced Valat
    refuses_material_beside_announced: ClassVar[bool] = False
    # beside a made Valat the trick bonuses count silent as well as announced
    trick_bonuses_beside: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatTimesHand(ValatRule):
    """Lungau: the game × silent/announced; the Rufer's announced birds join the sum."""

    birds: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatTimesGame(ValatRule):
    """Ramingstein: the game alone × silent/announced; no bonus counts."""

    birds: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatBonus(ValatRule):
    """Valat is a bonus added to the game; a made Valat drops the bonuses `drops` names."""

    drops: str
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"drops": ("material", "silent_material")}
    is_bonus: ClassVar[bool] = True
    failed_ignores_points: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatGameMultiplier(ValatRule):
    """Valat multiplies the game element; beside it only announced bonuses are paid."""

    # a silent Valat whose silent bonuses exceed (silent - 1) × the game counts game + bonuses
    silent_bonus_exception: bool
    # the bonuses a failed announced Valat leaves standing: all, or only the announced ones
    failed_keeps_silent: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatGameTrickBonuses(ValatGameMultiplier):
    """Styria (Vienna to 2018/19): Valat multiplies the game; beside it the trick bonuses count
    silent or announced, Trull and Four Kings only announced (and never beside an announced
    Valat); a Kontra on the game is void in a silent Valat."""

    silent_voids_game_kontra: ClassVar[bool] = True
    refuses_material_beside_announced: ClassVar[bool] = True
    trick_bonuses_beside: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ValatBonusSilentKontraVoid(ValatBonus):
    """Vienna since 03/2020: Valat a bonus as `ValatBonus`; Trull and Four Kings cannot be
    announced beside an announced Valat; a Kontra on the game is void in a silent Valat."""

    silent_voids_game_kontra: ClassVar[bool] = True
    refuses_material_beside_announced: ClassVar[bool] = True


# --- Trischaken and Fahren --------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenRule(Rule):
    """How a hand where all play for themselves is paid."""

    # what each player's entry records, and whether a table of five's dealer joins the hand
    entry: ClassVar[tuple[str, ...]] = ("points", "tricks")
    dealer_plays: ClassVar[bool] = False
    # whether the talon goes to the players' tricks (so their points add up to the pack)
    talon_counts: ClassVar[bool] = True
    # whether a player who took a trick must have points (the talon goes to the last trick)
    trick_means_points: ClassVar[bool] = False
    # where the talon goes when a trick means points: one card to each of the first six tricks
    # (else all of it to the last trick)
    talon_to_first_tricks: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Fahren(TrischakenRule):
    """Lungau: each pair compares points; more pays less `pair`, doubled per Kontra."""

    pair: int
    entry: ClassVar[tuple[str, ...]] = ("points", "kontra")
    dealer_plays: ClassVar[bool] = True
    talon_counts: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenMostPays(TrischakenRule):
    """Standard: most points pays `pays` to each (or only to virgins); × 2 mayor, × 2 Vorhand."""

    pays: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenFactors(TrischakenRule):
    """Extended: `pays` to each, × 2 for each of mayor, a virgin, Vorhand; virgins share."""

    pays: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenRanks(TrischakenRule):
    """Tirol cup reading: Vorhand or a mayor pays each; else the two highest pay the two lowest."""

    pays: int
    vorhand_mayor_pays: int
    virgin: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenMostPaysShared(TrischakenRule):
    """Upper Austria: Vorhand with most points loses alone; virgins share all; ties pay fixed.

    A player who took a trick has points (the talon goes to the last trick's winner).
    """

    vorhand: int
    vorhand_mayor: int
    single: int
    single_mayor: int
    two_virgins_each: int
    tied_two: int
    tied_three: int
    trick_means_points: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class TrischakenPot(TrischakenRule):
    """Styria: those with most points (Vorhand alone where she is among them) share a pot of
    `pot`, × `mayor` for a mayor, × `vorhand` for Vorhand; the others share it, or the virgins
    alone where there are any. A player who took a trick has points."""

    pot: int
    mayor: int
    vorhand: int
    trick_means_points: ClassVar[bool] = True
    talon_to_first_tricks: ClassVar[bool] = True


# --- Renonce, giving up, double stakes, Kontras, failed silent bonuses -------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RenonceRule(Rule):
    """Whether a breach (Renonce) is scored by rule; without one it is entered by hand."""

    scored: ClassVar[bool] = False
    two: ClassVar[bool] = False  # whether two players may commit it together


@dataclass(frozen=True, slots=True, kw_only=True)
class RenonceWinnings(RenonceRule):
    """Everyone else receives what their side would have won; in Trischaken a fixed amount."""

    trischaken: int
    scored: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class RenonceShared(RenonceWinnings):
    """As `RenonceWinnings`; a Trischaker (Vorhand) offender pays more; two offenders share."""

    trischaker: int
    two_offenders: int  # what each regular player receives in a Trischaken with two offenders
    two: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SurrenderRule(Rule):
    """What giving up with the called King in the talon costs (where a contract allows it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Schleifen(SurrenderRule):
    """Lungau: no play, no announcements; the declarer pays `pays` to each defender."""

    pays: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveUp(SurrenderRule):
    """A lost game plus the lost mandatory bird, one against three, no Kontra."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DoubleStakesRule(Rule):
    """Which deals count double: none."""

    def after_trischaken(self) -> int:
        """Return how many deals after a Fahren/Trischaken count double."""
        return 0


@dataclass(frozen=True, slots=True, kw_only=True)
class AfterTrischaken(DoubleStakesRule):
    """After each Fahren/Trischaken the next `deals` deals count double."""

    deals: int

    def after_trischaken(self) -> int:
        """Return how many deals after a Fahren/Trischaken count double."""
        return self.deals


@dataclass(frozen=True, slots=True, kw_only=True)
class KontraRule(Rule):
    """Whether recorded Kontras change the score."""

    counted: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class KontrasNotCounted(KontraRule):
    """Kontras are recorded but not counted (cup tournament scoring)."""

    counted: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SilentFailedRule(Rule):
    """What a silent bonus that fails costs."""

    costs: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SilentFailedScoresNothing(SilentFailedRule):
    """A silent bonus counts only when it is made."""

    costs: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnKingAllowed(Rule):
    """A declarer may call a King from their own hand (and plays alone)."""

    allowed: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnKingForbidden(OwnKingAllowed):
    """Calling a King from one's own hand is not allowed."""

    allowed: ClassVar[bool] = False


# The slots of a ruleset's rules: each names the rules a data file may choose from, and the
# rule it has when the file names none.
RULES: dict[str, dict[str, type[Rule]]] = {
    "valat": {
        "times_hand": ValatTimesHand,
        "times_game": ValatTimesGame,
        "bonus": ValatBonus,
        "game_multiplier": ValatGameMultiplier,
        "game_multiplier_trick_bonuses": ValatGameTrickBonuses,
        "bonus_silent_kontra_void": ValatBonusSilentKontraVoid,
    },
    "trischaken": {
        "fahren": Fahren,
        "most_pays": TrischakenMostPays,
        "factors": TrischakenFactors,
        "ranks": TrischakenRanks,
        "most_pays_shared": TrischakenMostPaysShared,
        "pot": TrischakenPot,
    },
    "renonce": {"none": RenonceRule, "winnings": RenonceWinnings, "shared": RenonceShared},
    "surrender": {"none": SurrenderRule, "schleifen": Schleifen, "give_up": GiveUp},
    "double_stakes": {"none": DoubleStakesRule, "after_trischaken": AfterTrischaken},
    "kontras": {"counted": KontraRule, "not_counted": KontrasNotCounted},
    "silent_failed": {"costs": SilentFailedRule, "scores_nothing": SilentFailedScoresNothing},
    "own_king": {"allowed": OwnKingAllowed, "forbidden": OwnKingForbidden},
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of a ruleset, one per slot (a tournament's options may replace some)."""

    valat: ValatRule
    trischaken: TrischakenRule
    renonce: RenonceRule
    surrender: SurrenderRule
    double_stakes: DoubleStakesRule
    kontras: KontraRule
    silent_failed: SilentFailedRule
    own_king: OwnKingAllowed


DEFAULT_RULES = {
    "renonce": "none",
    "surrender": "none",
    "double_stakes": "none",
    "kontras": "counted",
    "silent_failed": "costs",
    "own_king": "allowed",
}
