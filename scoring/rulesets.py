"""The four rulesets as data, registered by key (like python-chess's variants)."""

from dataclasses import dataclass, field
from enum import StrEnum

from .errors import ScoringError
from .i18n import _
from .points import INDIVIDUAL, PACK_TOTAL, THIRDS


class Family(StrEnum):
    """How a contract is played and paid."""

    RUFER = "rufer"
    ALONE = "positive-alone"
    NEGATIVE = "negative"
    TRISCHAKEN = "trischaken"


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractInfo:
    """One contract of a ruleset: its game values and what it allows."""

    key: str
    name: str
    won: int
    lost: int
    lost_by_vorhand: int | None = None
    family: Family
    calls_king: bool = False
    vorhand_only: bool = False
    talon: str
    bonus_factor: int = 1
    bonuses: tuple[str, ...] = ()
    mandatory_birds: tuple[str, ...] = ()
    can_surrender: bool = False
    tricks: int | None = None
    bei: tuple[str, ...] = ()
    bei_only: bool = False
    requires_option: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusInfo:
    """One bonus: silent and announced values (None where it cannot be scored that way)."""

    key: str
    name: str
    silent: int | None
    announced: int | None
    needs_king: bool = False
    kind: str  # "material", "trick" or "valat"
    bird: bool = False
    # A Sack or Grammeln: made exactly when its side's card points reach this many thirds, so
    # its result follows from the points.
    threshold: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionInfo:
    """One ruleset option with its default and the values it takes."""

    key: str
    name: str
    default: bool | str
    choices: tuple[bool | str, ...] = (False, True)


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesetInfo:
    """Everything a form or a rules page needs to know about a ruleset."""

    key: str
    name: str
    source_note: str
    counting: str
    max_kontra: int
    contracts: tuple[ContractInfo, ...]
    bonuses: tuple[BonusInfo, ...]
    options: tuple[OptionInfo, ...]
    readings: tuple[str, ...]
    valat: str
    trischaken: str
    double_stakes: str
    # policies, named so the engine can pick the function that implements them
    valat_rule: str = field(repr=False)
    trischaken_rule: str = field(repr=False)
    surrender_rule: str | None = field(default=None, repr=False)
    # Whether a breach (Renonce) is scored by rule; elsewhere such a hand is entered by hand.
    renonce: bool = False
    # What a Fahren/Trischaken hand records for each player ("points", "tricks", "kontra"),
    # and whether the dealer of a table of five plays it (and is recorded) instead of sitting out.
    trischaken_entry: tuple[str, ...] = ("points", "tricks")
    trischaken_dealer_plays: bool = False
    # Hands per round at a table of four and of five: a tournament's default (four Radl each).
    hands_four: int = 16
    hands_five: int = 20
    pack_total: int = field(init=False)
    win_threshold: str = field(init=False)
    pack_thirds: int = field(init=False, repr=False, compare=False)
    threshold_thirds: int = field(init=False, repr=False, compare=False)
    contract_map: dict[str, ContractInfo] = field(init=False, repr=False, compare=False)
    bonus_map: dict[str, BonusInfo] = field(init=False, repr=False, compare=False)
    option_map: dict[str, OptionInfo] = field(init=False, repr=False, compare=False)
    # per contract key, the bonuses a hand of it may record (Valat has its own fields)
    allowed_bonuses: dict[str, dict[str, BonusInfo]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        total = PACK_TOTAL[self.counting]
        # individual counting wins with 36 of 71; counting in threes with 35 points and 2 cards
        threshold = 108 if self.counting == INDIVIDUAL else 107
        setattr_ = object.__setattr__
        setattr_(self, "pack_total", total)
        setattr_(self, "pack_thirds", total * 3)
        setattr_(self, "threshold_thirds", threshold)
        setattr_(self, "win_threshold", "36" if threshold == 108 else "35/2")
        setattr_(self, "contract_map", {c.key: c for c in self.contracts})
        setattr_(self, "bonus_map", {b.key: b for b in self.bonuses})
        setattr_(self, "option_map", {o.key: o for o in self.options})
        bonus_map = self.bonus_map
        allowed = {
            c.key: {
                k: bonus_map[k]
                for k in c.bonuses
                if k in bonus_map and bonus_map[k].kind != "valat"
            }
            for c in self.contracts
        }
        setattr_(self, "allowed_bonuses", allowed)

    def contract(self, key: object) -> ContractInfo:
        """Return the contract with this key, or raise ScoringError."""
        c = self.contract_map.get(key) if isinstance(key, str) else None
        if c is None:
            raise ScoringError(
                "contract",
                _("%(value)s is not a contract in %(ruleset)s"),
                value=repr(key),
                ruleset=self.name,
            )
        return c


KONTRA_NAMES = (
    _("no Kontra"),
    _("Kontra"),
    _("Rekontra"),
    _("Subkontra"),
    _("Hirschkontra"),
    _("Mordkontra"),
)

THREE = _("3 cards")
NO_TALON = _("none (goes to the defenders)")
WHOLE = _("all 6 cards")
SET_ASIDE = _("set aside")

DOUBLE_STAKES_OPTION = OptionInfo(
    key="double_stakes", name=_("Double stakes after a Fahren/Trischaken"), default=False
)
DOUBLE_STAKES_TEXT = _(
    "After each Fahren/Trischaken the next four deals count double. A Fahren during doubled "
    "deals is scored single, uses none of them up and adds four more. A hand entered by hand "
    "counts as a deal (shown with stake 2) but keeps its scores exactly as entered."
)
COMMON_READINGS = (
    _("At a table of five the dealer sits out the hand and scores 0."),
    _(
        "Kontra is given only on the game and on bonuses announced in the hand; each level "
        "doubles that element alone."
    ),
    _(
        "In negative contracts the declarer plays alone and Kontra is personal: each defender's "
        "Kontra multiplies only the payment between that defender and the declarer."
    ),
    _(
        "A hand may be entered by hand, one score per seat adding up to 0 with a reason, for a "
        "dispute the rules do not settle or a game the director struck (all 0)."
    ),
    _("Card points are kept exactly (in thirds); Fahren and Trischaken compare exact points."),
    _(
        "A side that took no trick (the other side made Valat) cannot make a trick bonus: a bird, "
        "King ultimo, Mondfang, Sküsfang or the captured King recorded as made for it is refused."
    ),
    _(
        "Not covered: the Königrufen of the Mariage family (32 or 24 cards, a called Ace, aces "
        "and tens count 10) is a different game that shares the name."
    ),
)


# the Sack and Grammeln thresholds in thirds: 45 points and 2 cards, 55 points and 2 cards
SACK = 45 * 3 + 2
SACK2 = 55 * 3 + 2


THRESHOLD_READING = _(
    "A Sack (Grammeln) is made exactly when its side's card points reach its threshold, so its "
    "result follows from the points; a result that contradicts them is refused. In a Valat, "
    "where no points are recorded, the side that took every trick is taken to reach it."
)


def _bird(key: str, name: str, silent: int, announced: int) -> BonusInfo:
    return BonusInfo(
        key=key, name=name, silent=silent, announced=announced, kind="trick", bird=True
    )


# --- Lungau -----------------------------------------------------------------------------------

_L_ALONE = ("trull", "four_kings", "pagat", "uhu")
_L_ALL = _L_ALONE + ("king_ultimo", "king_captured")

LUNGAU = RulesetInfo(
    key="lungau",
    name=_("Lungau (Salzburg)"),
    source_note=_(
        "Königrufen as played at the tournaments of the Salzburg Lungau: few contracts, "
        "cards counted one by one (71 in the pack)."
    ),
    counting=INDIVIDUAL,
    max_kontra=3,
    contracts=(
        ContractInfo(
            key="rufer_pagat",
            name=_("Rufer mit Spatz"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            talon=THREE,
            bonuses=_L_ALL,
            mandatory_birds=("pagat",),
            can_surrender=True,
        ),
        ContractInfo(
            key="rufer_uhu",
            name=_("Rufer mit Uhu"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            talon=THREE,
            bonuses=_L_ALL,
            mandatory_birds=("uhu",),
            can_surrender=True,
        ),
        ContractInfo(
            key="dreier",
            name=_("Dreier (Einischauer)"),
            won=2,
            lost=2,
            family=Family.ALONE,
            talon=THREE,
            bonus_factor=2,
            bonuses=_L_ALONE,
        ),
        ContractInfo(
            key="sechserdreier",
            name=_("Sechserdreier"),
            won=2,
            lost=4,
            family=Family.ALONE,
            vorhand_only=True,
            talon=WHOLE,
            bonus_factor=2,
            bonuses=_L_ALONE,
        ),
        ContractInfo(
            key="fahren",
            name=_("Fahren (Trischaken)"),
            won=2,
            lost=2,
            family=Family.TRISCHAKEN,
            talon=_("counts for nobody"),
        ),
        ContractInfo(
            key="solorufer",
            name=_("Solorufer"),
            won=2,
            lost=2,
            family=Family.RUFER,
            calls_king=True,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_L_ALL,
            requires_option="solorufer",
        ),
        ContractInfo(
            key="solodreier",
            name=_("Solodreier"),
            won=4,
            lost=4,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_L_ALONE,
            requires_option="solodreier",
        ),
    ),
    bonuses=(
        BonusInfo(key="trull", name=_("Trull"), silent=1, announced=2, kind="material"),
        BonusInfo(key="four_kings", name=_("Four Kings"), silent=1, announced=2, kind="material"),
        _bird("pagat", _("Spatz (Pagat ultimo)"), 1, 2),
        _bird("uhu", _("Uhu"), 1, 2),
        BonusInfo(
            key="king_ultimo",
            name=_("King ultimo"),
            silent=1,
            announced=2,
            needs_king=True,
            kind="trick",
        ),
        BonusInfo(
            key="king_captured",
            name=_("Called King captured"),
            silent=1,
            announced=None,
            needs_king=True,
            kind="trick",
        ),
    ),
    options=(
        OptionInfo(
            key="valat",
            name=_("Valat scoring"),
            default="multiplier",
            choices=("multiplier", "ramingstein"),
        ),
        OptionInfo(key="solorufer", name=_("Solorufer allowed"), default=False),
        OptionInfo(key="solodreier", name=_("Solodreier allowed"), default=False),
        OptionInfo(key="double_stakes", name=DOUBLE_STAKES_OPTION.name, default=True),
    ),
    readings=COMMON_READINGS
    + (
        _("The game is won with 36 or more of the 71 card points."),
        _("Bonus factor 2 in Dreier, Sechserdreier, Solorufer and Solodreier; 1 in the Rufer."),
        _(
            "Captured called King: silent only, always against the declarer's side; it needs a "
            "partner or the called King in the talon. King ultimo needs a partner."
        ),
        _("Valat: the game's Kontra covers the Valat; Valat itself cannot be kontra'd."),
        _(
            "Reading: a failed announced Valat costs 12 × (lost game value × 2^game-Kontra + 2 "
            "for each bird the declarer's side announced), the rule text's contract value of a "
            "Rufer with a bird being 1 + 2; the birds' own Kontras do not enter it. The + 2 per "
            "bird applies in the Rufer only; in other contracts it is the game alone. Nothing else "
            "of the hand counts. Sechserdreier uses its lost value 4 (4 × 12 = 48 per defender)."
        ),
        _(
            "A Valat of the defenders is scored like the declarer's with the signs turned (lost "
            "game value); only the declarer's side's announced birds count."
        ),
        _(
            "A failed announced Valat of the defenders gives the declarer's side 12 × the won "
            "game value × 2^game-Kontra, nothing else."
        ),
        _(
            "Ramingstein: Valat × 16 silent / × 32 announced, game only (its Kontra included), no "
            "bonus counts; a failed announced Valat costs 32 × the lost game value × "
            "2^game-Kontra. Reading: a Valat of the defenders is scored the same way with the "
            "signs turned, and their failed announced Valat gives the declarer's side 32 × the "
            "won game value × 2^game-Kontra."
        ),
        _(
            "Called King in the talon (Rufer mit Spatz/Uhu): the declarer plays alone (one "
            "against three) or surrenders (schleifen) and pays 3 to each defender (−9, +3, +3, "
            "+3), times the stake. A bird recorded with a surrender is ignored (struck through)."
        ),
        _(
            "Fahren: each pair compares card points; the one with more pays the other 2, "
            "doubled for each of the two who said Kontra; equal points pay nothing. The talon "
            "counts for nobody (four players' points add up to at most 71). At a table of five "
            "the dealer joins the Fahren and is scored like the others (points add up to 71)."
        ),
    ),
    valat=_(
        "Valat multiplies: the game × 6 (× 12 when announced), nothing else counts except "
        "the declarer's side's announced birds, which in a Rufer join the multiplied sum "
        "(Rufer mit Spatz, silent Valat: 6 × (1 + 2) = 18) and elsewhere count beside it "
        "with bonus factor 2. A failed announced Valat costs 12 × the contract value. "
        "Option Ramingstein: × 16 / × 32, game only."
    ),
    trischaken=_(
        "Fahren: every player for themselves; in each pair the one with more card "
        "points pays the other 2, doubled once for each of the two who said Kontra."
    ),
    double_stakes=DOUBLE_STAKES_TEXT,
    valat_rule="lungau",
    trischaken_rule="fahren",
    # no virgins in a Fahren, so tricks do not matter; Kontra is yes/no per player
    trischaken_entry=("points", "kontra"),
    trischaken_dealer_plays=True,
    surrender_rule="schleifen",
)

# --- Tiroler Tarockcup ------------------------------------------------------------------------

_T_ALL = (
    "pagat",
    "uhu",
    "kakadu",
    "quapil",
    "king_ultimo",
    "mondfang",
    "four_kings",
    "trull",
    "sack",
    "sack2",
    "valat",
)
_T_ALONE = tuple(b for b in _T_ALL if b != "king_ultimo")
_T_FARBEN = ("four_kings", "sack", "sack2", "valat")


def _neg(
    key: str, name: str, value: int, tricks: int, bei: tuple[str, ...] = (), bei_only: bool = False
) -> ContractInfo:
    return ContractInfo(
        key=key,
        name=name,
        won=value,
        lost=value,
        family=Family.NEGATIVE,
        talon=SET_ASIDE,
        tricks=tricks,
        bei=bei,
        bei_only=bei_only,
    )


TIROL_CUP = RulesetInfo(
    key="tirol_cup",
    name=_("Tiroler Tarockcup 2019/20"),
    source_note=_(
        "The rules of the Tiroler Tarockcup, season 2019/20: 14 contracts, birds up "
        "to Quapil, Säcke, Valat as a bonus, kontras not counted in tournaments."
    ),
    counting=THIRDS,
    max_kontra=3,
    contracts=(
        ContractInfo(
            key="rufer",
            name=_("Rufer"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            vorhand_only=True,
            talon=THREE,
            bonuses=_T_ALL,
            can_surrender=True,
        ),
        ContractInfo(
            key="trischaken",
            name=_("Trischaken"),
            won=2,
            lost=2,
            family=Family.TRISCHAKEN,
            vorhand_only=True,
            talon=_("added to the tricks"),
        ),
        _neg("piccolo", _("Piccolo"), 2, 1),
        ContractInfo(
            key="solorufer",
            name=_("Solorufer"),
            won=2,
            lost=2,
            family=Family.RUFER,
            calls_king=True,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_T_ALL,
        ),
        ContractInfo(
            key="besserrufer",
            name=_("Besserrufer"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            talon=THREE,
            bonuses=_T_ALL,
            mandatory_birds=("pagat", "uhu", "kakadu", "quapil"),
            can_surrender=True,
        ),
        _neg("bettler", _("Bettler"), 4, 0),
        ContractInfo(
            key="sechserdreier",
            name=_("Sechserdreier"),
            won=4,
            lost=8,
            family=Family.ALONE,
            vorhand_only=True,
            talon=WHOLE,
            bonuses=_T_ALONE,
        ),
        ContractInfo(
            key="farbendreier",
            name=_("Farbendreier"),
            won=5,
            lost=5,
            family=Family.ALONE,
            talon=THREE,
            bonuses=_T_FARBEN,
        ),
        ContractInfo(
            key="dreier",
            name=_("Dreier (Eigener, Auf)"),
            won=5,
            lost=5,
            family=Family.ALONE,
            talon=THREE,
            bonuses=_T_ALONE,
        ),
        _neg("zwiccolo_ouvert", _("Zwiccolo ouvert"), 8, 2),
        _neg("piccolo_ouvert", _("Piccolo ouvert"), 8, 1),
        _neg("bettler_ouvert", _("Bettler ouvert"), 8, 0),
        ContractInfo(
            key="farbensolo",
            name=_("Farbensolo"),
            won=10,
            lost=10,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_T_FARBEN,
        ),
        ContractInfo(
            key="solodreier",
            name=_("Solodreier"),
            won=10,
            lost=10,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_T_ALONE,
        ),
    ),
    bonuses=(
        _bird("pagat", _("Pagat"), 1, 2),
        _bird("uhu", _("Uhu"), 2, 4),
        _bird("kakadu", _("Kakadu"), 3, 6),
        _bird("quapil", _("Quapil"), 4, 8),
        BonusInfo(
            key="king_ultimo",
            name=_("King ultimo"),
            silent=1,
            announced=2,
            needs_king=True,
            kind="trick",
        ),
        BonusInfo(key="mondfang", name=_("Mondfang"), silent=1, announced=2, kind="trick"),
        BonusInfo(key="four_kings", name=_("Four Kings"), silent=1, announced=2, kind="material"),
        BonusInfo(key="trull", name=_("Trull"), silent=1, announced=2, kind="material"),
        BonusInfo(
            key="sack",
            name=_("1st Sack (45/2 or more)"),
            silent=None,
            announced=2,
            kind="material",
            threshold=SACK,
        ),
        BonusInfo(
            key="sack2",
            name=_("2nd Sack (55/2 or more)"),
            silent=None,
            announced=2,
            kind="material",
            threshold=SACK2,
        ),
        BonusInfo(key="valat", name=_("Valat"), silent=10, announced=20, kind="valat"),
    ),
    options=(
        OptionInfo(key="count_kontras", name=_("Count kontras"), default=False),
        DOUBLE_STAKES_OPTION,
    ),
    readings=COMMON_READINGS
    + (
        _("The game is won with 35 points and 2 cards (35/2) or more of 70."),
        THRESHOLD_READING,
        _(
            "Kontras do not count in tournament scoring; they are recorded, and counted only "
            "with the option 'Count kontras'."
        ),
        _(
            "Bonus factor 2 (Valat included) in Solorufer, Solodreier and Farbensolo. "
            "Farbendreier and Farbensolo allow only Four Kings, the Säcke and Valat."
        ),
        _("Sechserdreier lost costs double (8), for the game only."),
        _("King ultimo needs a partner."),
        _("Valat may be kontra'd only when it was announced."),
        _(
            "Called King in the talon (Rufer, Besserrufer): the declarer plays alone or gives up "
            "before any announcement: a lost game plus the lost mandatory Besserrufer bird, one "
            "against three, no Kontra: −3 × (1 + bird value). Giving up a Besserrufer records "
            "exactly its one bird (announced value)."
        ),
        _(
            "Reading (Renonce): every player who did not commit it receives what their side "
            "would have received for winning the game and every bonus announced in the hand, "
            "whichever side announced it (a lone declarer 3 × the amount; Kontras as the ruleset "
            "counts them); the offender pays the sum. The offender's partner receives too. In "
            "Trischaken the offender pays 4 to each other player (−12, +4, +4, +4)."
        ),
        _(
            "Reading (Renonce): the defenders' amount is the game value the declarer pays on "
            "losing, the declarer's side's the value won: in a Sechserdreier each defender "
            "receives 8, the declarer 3 × 4."
        ),
        _(
            "Reading (Trischaken) 1: if Vorhand has the most points (alone or tied), or the "
            "player with the most points is mayor (35/2 or more), that player (Vorhand when "
            "tied) pays 2 to each other player (−6, +2, +2, +2); Vorhand as mayor pays 4 to each "
            "(−12, +4, +4, +4)."
        ),
        _(
            "Reading (Trischaken) 2: otherwise the scores by rank are −4, −4, +4, +4. Players "
            "with equal points share the amounts of their ranks (the two middle players equal: "
            "both 0). Where sharing would give a fraction (three equal) the engine refuses and "
            "the table's scores are entered by hand."
        ),
        _(
            "Reading (Trischaken) 3: a virgin (no trick) ends with +6 in all; the top-up is paid "
            "by the loser of step 1, or half each by the two highest of step 2 (refused when the "
            "two middle players are equal, since who pays is unsettled)."
        ),
        _("Trischaken: no Kontra. Double stakes are off (no doubled rounds in the cup)."),
    ),
    valat=_(
        "Valat is a bonus added to the game: 10 silent, 20 announced, times the bonus "
        "factor, kontra-able when announced. When made, trick bonuses (birds, King ultimo, "
        "Mondfang) still count, material bonuses (Trull, Four Kings, Säcke) do not. A "
        "failed announced Valat costs its value; game and other bonuses still count."
    ),
    trischaken=_(
        "Trischaken: the two players with most points pay the two others 2 each; a "
        "mayor or Vorhand with most points pays 2 to each (Vorhand as mayor 4 to "
        "each); a virgin receives 6 in all; equal points share."
    ),
    double_stakes=DOUBLE_STAKES_TEXT,
    renonce=True,
    valat_rule="bonus_material",
    trischaken_rule="tirol",
    surrender_rule="give_up",
)

# --- Standard Königrufen ----------------------------------------------------------------------

_S_ALL = (
    "trull",
    "four_kings",
    "sack",
    "mondfang",
    "skusfang",
    "pagat",
    "uhu",
    "kakadu",
    "marabu",
    "king_ultimo",
    "valat",
)
_S_ALONE = tuple(b for b in _S_ALL if b != "king_ultimo")

STANDARD = RulesetInfo(
    key="standard",
    name=_("Königrufen (standard)"),
    source_note=_(
        "Common Austrian Königrufen: 14 contracts, Kontra up to Mordkontra, Sküsfang and Mondfang."
    ),
    counting=THIRDS,
    max_kontra=5,
    contracts=(
        ContractInfo(
            key="rufer",
            name=_("Rufer"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            vorhand_only=True,
            talon=THREE,
            bonuses=_S_ALL,
        ),
        ContractInfo(
            key="trischaken",
            name=_("Trischaken"),
            won=2,
            lost=2,
            family=Family.TRISCHAKEN,
            vorhand_only=True,
            talon=_("added to the first six tricks"),
        ),
        ContractInfo(
            key="sechserdreier",
            name=_("Sechserdreier"),
            won=2,
            lost=4,
            family=Family.ALONE,
            vorhand_only=True,
            talon=WHOLE,
            bonuses=_S_ALONE,
        ),
        _neg("piccolo", _("Piccolo"), 2, 1),
        _neg("zwiccolo", _("Zwiccolo"), 2, 2),
        ContractInfo(
            key="solorufer",
            name=_("Solorufer"),
            won=2,
            lost=2,
            family=Family.RUFER,
            calls_king=True,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_S_ALL,
        ),
        _neg("bettler", _("Bettler"), 3, 0),
        ContractInfo(
            key="besserrufer",
            name=_("Besserrufer"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            talon=THREE,
            bonuses=_S_ALL,
            mandatory_birds=("pagat", "uhu", "kakadu", "marabu"),
        ),
        ContractInfo(
            key="farbendreier",
            name=_("Farbendreier"),
            won=3,
            lost=3,
            family=Family.ALONE,
            talon=THREE,
            bonuses=("valat",),
        ),
        ContractInfo(
            key="dreier",
            name=_("Dreier"),
            won=4,
            lost=4,
            family=Family.ALONE,
            talon=THREE,
            bonuses=_S_ALONE,
        ),
        _neg("piccolo_ouvert", _("Piccolo ouvert"), 5, 1),
        _neg("bettler_ouvert", _("Bettler ouvert"), 6, 0),
        ContractInfo(
            key="farbensolo",
            name=_("Farbensolo"),
            won=6,
            lost=6,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=("valat",),
        ),
        ContractInfo(
            key="solodreier",
            name=_("Solodreier"),
            won=8,
            lost=8,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_S_ALONE,
        ),
    ),
    bonuses=(
        BonusInfo(key="trull", name=_("Trull"), silent=1, announced=2, kind="material"),
        BonusInfo(key="four_kings", name=_("Four Kings"), silent=1, announced=2, kind="material"),
        BonusInfo(
            key="sack",
            name=_("Sack (45/2 or more)"),
            silent=None,
            announced=2,
            kind="material",
            threshold=SACK,
        ),
        BonusInfo(key="mondfang", name=_("Mondfang"), silent=1, announced=None, kind="trick"),
        BonusInfo(key="skusfang", name=_("Sküsfang"), silent=2, announced=None, kind="trick"),
        _bird("pagat", _("Pagat ultimo"), 1, 2),
        _bird("uhu", _("Uhu"), 2, 4),
        _bird("kakadu", _("Kakadu"), 3, 6),
        _bird("marabu", _("Marabu"), 4, 8),
        BonusInfo(
            key="king_ultimo",
            name=_("King ultimo"),
            silent=1,
            announced=2,
            needs_king=True,
            kind="trick",
        ),
        BonusInfo(key="valat", name=_("Valat"), silent=10, announced=20, kind="valat"),
    ),
    options=(DOUBLE_STAKES_OPTION,),
    readings=COMMON_READINGS
    + (
        _("The game is won with 35 points and 2 cards (35/2) or more of 70."),
        THRESHOLD_READING,
        _("Rufer, Trischaken and Sechserdreier may be played by Vorhand only."),
        _(
            "Bonus factor 2 (Valat included) in Solorufer, Solodreier and Farbensolo. In the "
            "Farben contracts Valat is the only bonus."
        ),
        _("King ultimo needs a partner. Valat may be kontra'd only when it was announced."),
        _(
            "Called King in the talon: the declarer plays alone, one against three; there is no "
            "surrender in this ruleset."
        ),
        _(
            "Trischaken: no Kontra; tied players for most points each pay as if they had lost "
            "alone."
        ),
    ),
    valat=_(
        "Valat is a bonus: 10 silent, 20 announced, times the bonus factor, kontra-able "
        "when announced. When Valat is made, silent Trull, Four Kings and Sack are not "
        "paid; everything else counts."
    ),
    trischaken=_(
        "Trischaken: the player with most points pays 2 to each other player, or only "
        "to the players who took no trick; doubled when the loser is mayor (35/2 or "
        "more) or Vorhand, × 4 when both."
    ),
    double_stakes=DOUBLE_STAKES_TEXT,
    valat_rule="bonus_silent_material",
    trischaken_rule="standard",
)

# --- Königrufen with bei contracts ------------------------------------------------------------

_E_ALL = (
    "trull",
    "four_kings",
    "grammeln",
    "grossgrammeln",
    "king_ultimo",
    "pagat",
    "uhu",
    "kakadu",
)
_E_ALONE = tuple(b for b in _E_ALL if b != "king_ultimo")
_E_FARBEN = ("grammeln", "grossgrammeln")
_BEI = ("piccolo_bei", "bettler_bei")


def _bird_rufer(key: str, name: str, bird: str) -> ContractInfo:
    return ContractInfo(
        key=key,
        name=name,
        won=1,
        lost=1,
        family=Family.RUFER,
        calls_king=True,
        talon=THREE,
        bonuses=_E_ALL,
        mandatory_birds=(bird,),
        can_surrender=True,
    )


EXTENDED = RulesetInfo(
    key="extended",
    name=_("Königrufen mit Bei-Spielen"),
    source_note=_(
        "Königrufen as described in a Swedish rule book: 20 contracts including "
        "Piccolo and Bettler bei (two declarers), Grammeln, Valat as a game "
        "multiplier."
    ),
    counting=THIRDS,
    max_kontra=3,
    contracts=(
        ContractInfo(
            key="trischaken",
            name=_("Trischaken"),
            won=1,
            lost=1,
            family=Family.TRISCHAKEN,
            vorhand_only=True,
            talon=_("added to the first six tricks"),
        ),
        ContractInfo(
            key="sechserdreier",
            name=_("Sechserdreier"),
            won=3,
            lost=6,
            family=Family.ALONE,
            vorhand_only=True,
            talon=WHOLE,
            bonuses=_E_ALONE,
        ),
        ContractInfo(
            key="rufer",
            name=_("Rufer"),
            won=1,
            lost=1,
            family=Family.RUFER,
            calls_king=True,
            talon=THREE,
            bonuses=_E_ALL,
            can_surrender=True,
        ),
        _neg("piccolo", _("Piccolo"), 2, 1, bei=_BEI),
        _neg("zwiccolo", _("Zwiccolo"), 2, 2),
        ContractInfo(
            key="solorufer",
            name=_("Solorufer"),
            won=2,
            lost=2,
            family=Family.RUFER,
            calls_king=True,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_E_ALL,
        ),
        _neg("bettler", _("Bettler"), 3, 0, bei=_BEI),
        _bird_rufer("pagatrufer", _("Pagatrufer"), "pagat"),
        _bird_rufer("uhurufer", _("Uhurufer"), "uhu"),
        _bird_rufer("kakadurufer", _("Kakadurufer"), "kakadu"),
        ContractInfo(
            key="farbendreier",
            name=_("Farbendreier"),
            won=3,
            lost=3,
            lost_by_vorhand=6,
            family=Family.ALONE,
            talon=THREE,
            bonuses=_E_FARBEN,
        ),
        _neg("piccolo_bei", _("Piccolo bei"), 2, 1, bei_only=True),
        ContractInfo(
            key="dreier",
            name=_("Dreier"),
            won=4,
            lost=4,
            family=Family.ALONE,
            talon=THREE,
            bonuses=_E_ALONE,
        ),
        _neg("bettler_bei", _("Bettler bei"), 3, 0, bei_only=True),
        _neg("piccolo_ouvert", _("Piccolo ouvert"), 5, 1),
        ContractInfo(
            key="farbensolo",
            name=_("Farbensolo"),
            won=6,
            lost=6,
            lost_by_vorhand=12,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_E_FARBEN,
        ),
        _neg("bettler_ouvert", _("Bettler ouvert"), 7, 0),
        ContractInfo(
            key="solodreier",
            name=_("Solodreier"),
            won=8,
            lost=8,
            family=Family.ALONE,
            talon=NO_TALON,
            bonus_factor=2,
            bonuses=_E_ALONE,
        ),
    ),
    bonuses=(
        BonusInfo(key="trull", name=_("Trull"), silent=1, announced=2, kind="material"),
        BonusInfo(key="four_kings", name=_("Four Kings"), silent=1, announced=2, kind="material"),
        BonusInfo(
            key="grammeln",
            name=_("Grammeln (45/2 or more)"),
            silent=1,
            announced=2,
            kind="material",
            threshold=SACK,
        ),
        BonusInfo(
            key="grossgrammeln",
            name=_("Großgrammeln (55/2 or more)"),
            silent=1,
            announced=2,
            kind="material",
            threshold=SACK2,
        ),
        BonusInfo(
            key="king_ultimo",
            name=_("King ultimo"),
            silent=1,
            announced=2,
            needs_king=True,
            kind="trick",
        ),
        _bird("pagat", _("Pagat ultimo"), 1, 2),
        _bird("uhu", _("Uhu"), 2, 4),
        _bird("kakadu", _("Kakadu"), 3, 6),
    ),
    options=(DOUBLE_STAKES_OPTION,),
    readings=COMMON_READINGS
    + (
        _("The game is won with 35 points and 2 cards (35/2) or more of 70."),
        THRESHOLD_READING,
        _("Trischaken and Sechserdreier may be played by Vorhand only."),
        _(
            "Bonus factor 2 in Solorufer, Solodreier and Farbensolo. The Farben contracts allow "
            "only Grammeln, Großgrammeln and Valat. King ultimo needs a partner."
        ),
        _("Farbendreier and Farbensolo lost by Vorhand cost double (6 and 12)."),
        _("Valat cannot be kontra'd on its own: the game's Kontra covers it."),
        _(
            "A failed announced Valat costs 8 × the lost game value × 2^game-Kontra, whatever "
            "the card points; the bonuses still count. A failed Valat announced by the defenders "
            "gives the declarer 8 × the won game value × 2^game-Kontra; bonuses still count."
        ),
        _(
            "Reading: a Valat of the defenders is scored like the declarer's (× 4, × 8 "
            "announced, on the lost game value), including the silent-bonus exception for the "
            "defenders' silent bonuses."
        ),
        _(
            "Called King in the talon: the declarer plays alone, one against three, or gives up "
            "at once (Rufer and the bird-Rufers only), paying a lost game and the lost mandatory "
            "bird, one against three, no Kontra."
        ),
        _(
            "Bei contracts: two declarers each play their own negative contract alone against "
            "the other three; each is scored as its own one-against-three result and the two are "
            "added. Kontras are personal, also between the two declarers."
        ),
        _(
            "Trischaken: no Kontra; points are compared exactly; tied for most with Vorhand among "
            "them: only Vorhand loses, otherwise each loser pays as if alone."
        ),
    ),
    valat=_(
        "Valat multiplies the game (Kontra included) × 4, × 8 when announced; only "
        "announced bonuses are paid. With a silent Valat, if the silent bonuses the Valat "
        "side made (bonus factor applied) exceed 3 × the game, the game counts once plus "
        "all those bonuses instead. A failed announced Valat costs 8 × the lost game."
    ),
    trischaken=_(
        "Trischaken: the player with most points pays 1 to each other player, doubled "
        "for each of: the loser is mayor, there is a virgin, the loser is Vorhand. "
        "Virgins share the whole payment."
    ),
    double_stakes=DOUBLE_STAKES_TEXT,
    valat_rule="game_multiplier",
    trischaken_rule="extended",
    surrender_rule="give_up",
)

RULESETS: dict[str, RulesetInfo] = {rs.key: rs for rs in (LUNGAU, TIROL_CUP, STANDARD, EXTENDED)}


def get_ruleset(key: object) -> RulesetInfo:
    """Return the ruleset registered under key, or raise ScoringError."""
    rs = RULESETS.get(key) if isinstance(key, str) else None
    if rs is None:
        raise ScoringError("ruleset", _("%(value)s is not a ruleset"), value=repr(key))
    return rs


def rulesets() -> tuple[RulesetInfo, ...]:
    """Return every registered ruleset in a stable order."""
    return tuple(RULESETS.values())
