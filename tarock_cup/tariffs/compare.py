"""The tariff's page: its numbers beside its base ruleset's, the changed ones marked."""

from typing import Any

from django.utils.translation import gettext_noop

import scoring
from tarock_cup.tournaments.display import kontra_name


def _pair(base: Any, tariff: Any, fields: tuple[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "base": getattr(base, name),
            "tariff": None if tariff is None else getattr(tariff, name),
            "changed": tariff is None or getattr(base, name) != getattr(tariff, name),
        }
        for name in fields
    ]


def contract_rows(base: scoring.RulesetInfo, tariff: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return each contract of the base: its won and lost values there and in the tariff."""
    return [
        {
            "info": c,
            "removed": c.key not in tariff.contract_map,
            "values": _pair(c, tariff.contract_map.get(c.key), ("won", "lost")),
            "by_vorhand": tariff.contract_map[c.key].lost_by_vorhand
            if c.key in tariff.contract_map
            else None,
            "own_rule": c.family is scoring.Family.TRISCHAKEN,
        }
        for c in base.contracts
    ]


def bonus_rows(base: scoring.RulesetInfo, tariff: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return each bonus of the base: its silent and announced values there and in the tariff."""
    return [
        {
            "info": b,
            "removed": b.key not in tariff.bonus_map,
            "values": _pair(b, tariff.bonus_map.get(b.key), ("silent", "announced")),
        }
        for b in base.bonuses
    ]


def other_rows(base: scoring.RulesetInfo, tariff: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return the Valat's numbers and the highest Kontra, in the base and in the tariff."""
    rows = []
    for name, label in (
        ("silent", gettext_noop("Valat silent")),
        ("announced", gettext_noop("Valat announced")),
    ):
        was, now = getattr(base.rules.valat, name), getattr(tariff.rules.valat, name)
        rows.append({"label": label, "base": was, "tariff": now, "changed": was != now})
    rows.append(
        {
            "label": gettext_noop("Highest Kontra"),
            "base": kontra_name(base.max_kontra),
            "tariff": kontra_name(tariff.max_kontra),
            "changed": base.max_kontra != tariff.max_kontra,
        }
    )
    return rows
