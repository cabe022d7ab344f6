"""A ruleset's or a tariff's numbers on one printable page for the tables: contracts with their
values, bonuses, the Kontra levels and the rules for Valat, Trischaken, Renonce and giving up."""

from typing import Any

from django.utils.translation import gettext as _

import scoring
from tarock_cup.tournaments import display


def kontra_levels(ruleset: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return each Kontra level the ruleset allows with the factor it puts on its element."""
    return [
        {"name": display.kontra_name(level), "factor": 2**level}
        for level in range(1, ruleset.max_kontra + 1)
    ]


def kontras_counted_text(ruleset: scoring.RulesetInfo) -> str:
    """Return whether Kontras change the written score, as the card says it."""
    if ruleset.rules.kontras.counted:
        return _("Kontras count in the score.")
    return _("Kontras are recorded but do not count in the score (money only).")


def card_context(ruleset: scoring.RulesetInfo) -> dict[str, Any]:
    """Return what the tariff card shows of a ruleset (a tariff's: its own numbers)."""
    return {
        "ruleset": ruleset,
        "contracts": display.contract_rows(ruleset),
        "sections": display.rule_sections(ruleset),
        "kontras": kontra_levels(ruleset),
        "kontra_max_name": display.kontra_name(ruleset.max_kontra),
        "kontras_counted": kontras_counted_text(ruleset),
    }
