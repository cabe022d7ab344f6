"""The rules the product ships, and which Austrian cup plays which: product data, in one place.

A *shipped choice* is either a tariff shipped as a data file (`shipped/<key>.json`, in the tariff
file format) or a named preset of a ruleset and its options. Either may name the tie-breakers a
tournament playing it starts with (RULES.md section 9); these stay here, outside the tariff's
numbers, so a tariff file keeps exactly the fields any tariff has. Texts are marked for
translation and translated where they are shown.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from django.utils.translation import gettext_noop

# Sources, each named once and cited by its key below (RULES.md's table of sources).
SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "tirol_2020": gettext_noop(
            "Tiroler Tarockcup: the cup's rule text of 2020 (www.tarock.tirol), 1st and 2nd "
            "Sack 1 silent / 2 announced."
        ),
        "tirol_2019": gettext_noop(
            "Tiroler Tarockcup: the cup's rules for the 2019/2020 season (www.tarock.tirol)."
        ),
        "tarockblock_2014": gettext_noop(
            "TarockBlock (a score-keeping app): its Tirol tariff set of 2014. A third-party "
            "table, not a text of the cup."
        ),
        "ooe_2023": gettext_noop(
            "Oberösterreichische Tarockregeln – Königrufen, version 4/2023 (Franz Kienast), "
            "and the Upper Austrian Renonce rules of 11/2025."
        ),
        "oef_2021": gettext_noop(
            "The Tarock-Österreich-Finale's tournament rules of 2021: the same values as the "
            "Upper Austrian rules."
        ),
        "stmk_2020": gettext_noop(
            "Steirischer Tarockcup – Tarife und Regeln, 27 February 2020 (a public copy in the "
            "history of the ABAKUS cup app)."
        ),
        "stmk_2017": gettext_noop(
            "Die Regeln des Steirischen Tarockcups 2017/2018, known through sentences quoted by "
            "a secondary rules text (harbour-tarock)."
        ),
        "wtc_2018": gettext_noop(
            "Die Regeln des „Wiener Zeitung“-Tarockcups 2018/19: the same rules as Styria's "
            "of 2020."
        ),
        "wtc_2020": gettext_noop(
            "The Wiener Tarockcup's texts from March 2020: Valat 10 silent / 20 announced, "
            "added to the game."
        ),
        "abakus": gettext_noop(
            "The ABAKUS cup app's code (its tariff table for Vienna: Valat 10, announced × 2)."
        ),
        "ktc_web": gettext_noop(
            "The Kärntner Tarockcup's website (reports of 2024 and 2025): it plays the Styrian "
            "text, with tables of five and ties broken by the better best round."
        ),
        "lungau": gettext_noop(
            "A published description of Königrufen as played at the tournaments of the "
            "Salzburg Lungau."
        ),
    }
)


@dataclass(frozen=True)
class ShippedChoice:
    """A shipped tariff (`tariff_file`) or a preset (a ruleset with `options`)."""

    key: str
    name: str
    ruleset: str
    sources: tuple[str, ...]
    options: Mapping[str, object] = field(default_factory=dict)
    tariff_file: bool = False
    # the tie-breakers a tournament playing it starts with; None: the ruleset's
    tie_breakers: tuple[str, ...] | None = None
    third_party: bool = False
    summary: str = ""


CHOICES: tuple[ShippedChoice, ...] = (
    ShippedChoice(
        key="tirol_2020_21",
        name="Tiroler Tarockcup 2020/21",
        ruleset="tirol_cup",
        tariff_file=True,
        sources=("tirol_2020",),
        # the 2020 text: "die besseren Rundenergebnisse und dann das Los"
        tie_breakers=("best_round", "second_best_round", "third_best_round", "lots"),
        summary=gettext_noop("The 2019/20 rules with silent Säcke (1 silent, 2 announced)."),
    ),
    ShippedChoice(
        key="tirol_2014",
        name="Tiroler Tarockcup 2014",
        ruleset="tirol_cup",
        tariff_file=True,
        sources=("tarockblock_2014",),
        third_party=True,
        summary=gettext_noop(
            "Besserrufer 2, Piccolo ouvert 7, Zwiccolo ouvert 7, Valat 15 silent / 30 announced."
        ),
    ),
    ShippedChoice(
        key="vienna_2020",
        name="Wiener Tarockcup 2020",
        ruleset="stmk",
        options=MappingProxyType({"valat": "bonus"}),
        sources=("wtc_2020", "abakus", "wtc_2018"),
        tie_breakers=("best_round", "second_best_round", "lots"),
        summary=gettext_noop(
            "The Styrian rules with Vienna's Valat since March 2020: 10 silent / 20 announced, "
            "added to the game (the option “Valat scoring: bonus”)."
        ),
    ),
)

CHOICE_MAP: Mapping[str, ShippedChoice] = MappingProxyType({c.key: c for c in CHOICES})


@dataclass(frozen=True)
class CupRules:
    """An Austrian cup and what it plays here: a shipped choice's key or a ruleset's key."""

    key: str
    name: str
    region: str
    plays: str
    sources: tuple[str, ...]
    # what else it played, in earlier seasons (keys as `plays`)
    earlier: tuple[str, ...] = ()
    note: str = ""


CUPS: tuple[CupRules, ...] = (
    CupRules(
        key="tirol",
        name="Tiroler Tarockcup",
        region=gettext_noop("Tirol"),
        plays="tirol_2020_21",
        earlier=("tirol_cup", "tirol_2014"),
        sources=("tirol_2020", "tirol_2019", "tarockblock_2014"),
    ),
    CupRules(
        key="raiffeisen",
        name="Raiffeisen Tarockcup",
        region=gettext_noop("Upper Austria"),
        plays="ooe",
        sources=("ooe_2023",),
    ),
    CupRules(
        key="hausruckviertler",
        name="Hausruckviertler Tarockcup",
        region=gettext_noop("Upper Austria"),
        plays="ooe",
        sources=("ooe_2023",),
    ),
    CupRules(
        key="sauwald",
        name="Sauwald Tarockcup",
        region=gettext_noop("Upper Austria"),
        plays="ooe",
        sources=("ooe_2023",),
    ),
    CupRules(
        key="styria",
        name="Steirischer Tarockcup",
        region=gettext_noop("Styria"),
        plays="stmk",
        sources=("stmk_2020", "stmk_2017"),
        note=gettext_noop(
            "The sources do not say whether Styria followed Vienna's Valat of 2020; a "
            "tournament that does chooses the option “Valat scoring: bonus”."
        ),
    ),
    CupRules(
        key="vienna",
        name="Wiener Tarockcup",
        region=gettext_noop("Vienna"),
        plays="vienna_2020",
        earlier=("stmk",),
        sources=("wtc_2020", "abakus", "wtc_2018"),
    ),
    CupRules(
        key="carinthia",
        name="Kärntner Tarockcup",
        region=gettext_noop("Carinthia"),
        plays="stmk",
        sources=("ktc_web",),
        note=gettext_noop(
            "Assumed the same as Styria: its rules are said to be almost the same as the "
            "Styrian and Viennese ones."
        ),
    ),
    CupRules(
        key="lungau",
        name="Lungauer Tarockturniere",
        region=gettext_noop("Salzburg (Lungau)"),
        plays="lungau",
        sources=("lungau",),
    ),
    CupRules(
        key="oef",
        name="Tarock-Österreich-Finale",
        region=gettext_noop("Austria"),
        plays="ooe",
        sources=("oef_2021", "ooe_2023"),
    ),
)
