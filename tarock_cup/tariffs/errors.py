"""The refusal of an entered hand under a tournament's new rules, and the words that name a
tariff's field or an entered hand in a refusal (the refusal of a stored tariff, which the
tournaments' models raise, is `tournaments.errors.TariffNotApplicable`)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import scoring
from scoring.tariff import TariffError


class PlayedHandRefused(scoring.ScoringError):
    """An entered hand the engine refuses under a tournament's new rules (another tariff or
    version, other options), naming the round and table it was played at."""

    def __init__(self, error: scoring.ScoringError, round_number: int, table_number: int) -> None:
        super().__init__(error.field, error.template, error.hand, **error.params)
        self.round_number = round_number
        self.table_number = table_number


# A tariff's fields (scoring.tariff) as a director reads them, the words of the tariff's form
# and page; a contract's or a bonus's entry is named by its own name.
FIELD_NAMES = {
    "name": gettext_noop("Name"),
    "contracts": gettext_noop("Contracts"),
    "bonuses": gettext_noop("Bonuses"),
    "valat": gettext_noop("Valat"),
    "valat.silent": gettext_noop("Valat silent"),
    "valat.announced": gettext_noop("Valat announced"),
    "kontra_max": gettext_noop("Highest Kontra"),
}
VALUE_NAMES = {
    "won": gettext_noop("%(name)s, value won"),
    "lost": gettext_noop("%(name)s, value lost"),
    "silent": gettext_noop("%(name)s, silent value"),
    "announced": gettext_noop("%(name)s, announced value"),
}


def entry_name(kind: str, key: str, ruleset: str | None = None) -> str | None:
    """Return the marked name of a contract's or bonus's key in the ruleset (else in the first
    ruleset knowing it)."""
    known = scoring.RULESETS.get(ruleset or "")
    for info in [known] if known is not None else scoring.RULESETS.values():
        entries = info.contract_map if kind == "contracts" else info.bonus_map
        if key in entries:
            return entries[key].name
    return None


def tariff_field_text(where: str, ruleset: str | None = None) -> str:
    """Return a tariff's field (bonuses.sack.silent) in the director's words, in the current
    language ("1st Sack (45/2 or more), silent value"), with the names of the ruleset it is
    over; an unknown field as it was written."""
    if where in FIELD_NAMES:
        return _(FIELD_NAMES[where])
    parts = where.split(".")
    if parts[0] not in ("contracts", "bonuses") or len(parts) not in (2, 3):
        return f"“{where}”"
    name = entry_name(parts[0], parts[1], ruleset)
    if name is None or (len(parts) == 3 and parts[2] not in VALUE_NAMES):
        return f"“{where}”"
    if len(parts) == 2:
        return _(name)
    return _(VALUE_NAMES[parts[2]]) % {"name": _(name)}


def tariff_error_text(error: TariffError, reason: str) -> str:
    """Return the engine's refusal of a tariff, naming its field in the director's words."""
    if not error.where:
        return _("Tariff: %(reason)s") % {"reason": reason}
    return _("Tariff – %(field)s: %(reason)s") % {
        "field": tariff_field_text(error.where, error.ruleset),
        "reason": reason,
    }
