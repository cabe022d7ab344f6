"""Words for the pages: what a stored hand and its breakdown say, in the user's language."""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

import scoring
from scoring import standings as ranking
from scoring.describe import Phrase, describe
from scoring.errors import OR
from scoring.i18n import WORD_PARAMS
from scoring.rules import Rule
from scoring.rulesets import KONTRA_NAMES
from scoring.tariff import TariffError
from tarock_cup.tariffs.errors import PlayedHandRefused, entry_name, tariff_error_text
from tarock_cup.tournaments import seating
from tarock_cup.tournaments.errors import TariffNotApplicable

MINUS = "\u2212"


def number_text(value: Any) -> str:
    """Return a number for a page, negatives with the typographic minus (−3); exports keep "-"."""
    if value is None:
        return ""
    return f"{MINUS}{-value}" if isinstance(value, int) and value < 0 else str(value)


def signed_text(value: Any) -> str:
    """Return a score with its sign, as the sheet shows it (+3, −2, 0)."""
    return f"+{value}" if isinstance(value, int) and value > 0 else number_text(value)


def scores_text(scores: Sequence[int]) -> str:
    """Return a hand's scores per seat as messages show them (+3 / −1 / −1 / −1)."""
    return " / ".join(signed_text(score) for score in scores)


def engine_text(template: str, params: Mapping[str, Any], gettext: Callable[[str], str] = _) -> str:
    """Return one of the engine's marked templates with its params, in the current language.

    `gettext` translates; an export passes a cached one, as it translates the same words often.
    """
    return gettext(template) % {
        key: _param(value, key in WORD_PARAMS, gettext) for key, value in params.items()
    }


def _param(value: Any, word: bool, gettext: Callable[[str], str]) -> Any:
    # Names the engine marks (contracts, bonuses, Kontra levels) are translated too, never a
    # player's name; a list is alternatives. Never gettext(""): that returns the catalog's header.
    if isinstance(value, list | tuple):
        return gettext(OR).join(str(_param(item, word, gettext)) for item in value)
    return gettext(value) if word and isinstance(value, str) and value else value


def line_text(line: Mapping[str, Any]) -> str:
    """Return a stored breakdown line in the current language."""
    try:
        return engine_text(line["template"], line.get("params") or {})
    except (KeyError, TypeError, ValueError):
        return str(line.get("text", ""))


def error_reason(error: scoring.ScoringError) -> str:
    """Return why the engine refuses a hand or sheet, in the current language."""
    params = error.params
    key = params.get("key")
    if isinstance(error, TariffError) and isinstance(key, str) and key in scoring.RULESETS:
        # a tariff's refusal names its base ruleset by key (tirol_cup): the director reads its name
        params = {**params, "key": _(scoring.RULESETS[key].name)}
    value = params.get("value")
    if error.field == "contract" and isinstance(value, str):
        # a contract the rules do not play (a tariff left it out) by its name, not as 'rufer'
        name = entry_name("contracts", value.strip("'"))
        params = {**params, "value": _(name)} if name else params
    return engine_text(error.template, params)


def error_text(error: scoring.ScoringError) -> str:
    """Return the engine's refusal as a message, naming the hand it was found in (by its round
    and table too, when it was found among a tournament's entered hands)."""
    if error.hand is None:
        return error_reason(error)
    if isinstance(error, PlayedHandRefused):
        return _("Round %(round)s, table %(table)s, hand %(hand)s: %(reason)s") % {
            "round": error.round_number,
            "table": error.table_number,
            "hand": error.hand,
            "reason": error_reason(error),
        }
    return _("Hand %(hand)s: %(reason)s") % {"hand": error.hand, "reason": error_reason(error)}


def upload_error_text(error: scoring.ScoringError) -> str:
    """Return the engine's refusal of an uploaded sheet, naming the hand and the field (a
    tariff's field in the director's words)."""
    if isinstance(error, TariffError):
        return tariff_error_text(error, error_reason(error))
    params = {"hand": error.hand, "field": error.field, "reason": error_reason(error)}
    if error.hand is None:
        return _("Field %(field)s: %(reason)s") % params
    return _("Hand %(hand)s, field %(field)s: %(reason)s") % params


def phrase_text(phrase: Phrase) -> str:
    """Return one thing a hand records (see scoring.describe) in the current language."""
    return engine_text(phrase.template, phrase.params)


def hand_summary(hand: Mapping[str, Any], players: Sequence[str], ruleset_key: str) -> str:
    """Return a hand on one line: contract, declarer and partner, result, bei and Renonce."""
    described = describe(hand, players, ruleset_key)
    parts = [_(described.contract)] if described.contract else []
    if described.declarer:
        parts.append(
            _("%(declarer)s with %(partner)s")
            % {"declarer": described.declarer, "partner": described.partner}
            if described.partner
            else described.declarer
        )
    if described.result is not None:
        parts.append(phrase_text(described.result))
    parts += (phrase_text(note) for note in described.notes if note.summary)
    return " · ".join(parts)


FAMILY_NAMES = {
    scoring.Family.RUFER: gettext_noop("with a partner (two against two)"),
    scoring.Family.ALONE: gettext_noop("alone (one against three)"),
    scoring.Family.NEGATIVE: gettext_noop("negative, alone"),
    scoring.Family.TRISCHAKEN: gettext_noop("everyone for themselves"),
}


# Values of choice options, which the engine keeps as plain keys.
OPTION_VALUE_NAMES = {
    "multiplier": gettext_noop("multiplier"),
    "ramingstein": gettext_noop("ramingstein"),
    "bonus": gettext_noop("bonus"),
}


def option_value_name(value: object) -> str:
    """Return an option's value as the pages show it (on/off, or the choice's name)."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return _(OPTION_VALUE_NAMES.get(str(value), str(value)))


def tie_breaker_names(keys: Sequence[str]) -> list[str]:
    """Return the names of tie-breakers in the current language, in their order."""
    return [_(ranking.TIE_BREAKERS[key].name) for key in keys]


def kontra_name(level: int) -> str:
    """Return the name of a kontra level in the current language."""
    return _(KONTRA_NAMES[level])


def tariff_problem(tournament: Any) -> str | None:
    """Return why the engine refuses the tournament's stored tariff now, or None if it applies."""
    try:
        tournament.ruleset_info()
    except TariffNotApplicable as refused:
        return upload_error_text(refused.error)
    return None


def tariff_state_name(state: Mapping[str, Any] | None) -> str:
    """Return a tariff as the history kept it: its name and version, or the ruleset's own."""
    if not state or state.get("tariff") is None:
        return _("no tariff (the ruleset's own numbers)")
    return _("%(name)s, version %(version)s") % {
        "name": state.get("name", ""),
        "version": state.get("version", ""),
    }


def tariff_move_text(change: Any) -> dict[str, Any]:
    """Return a tournament's move to another tariff as its settings page lists it."""
    hands = (change.after or {}).get("hands") or 0
    text = _("Tariff changed: %(was)s → %(now)s") % {
        "was": tariff_state_name(change.before),
        "now": tariff_state_name(change.after),
    }
    if hands:
        text += "; " + ngettext("%(n)s hand scored anew", "%(n)s hands scored anew", hands) % {
            "n": hands
        }
    return {"text": text, "at": change.at, "author": change.author}


# The rules a ruleset names, in the order its page shows them, with their headings.
RULE_HEADINGS = {
    "valat": gettext_noop("Valat"),
    "trischaken": gettext_noop("Trischaken and Fahren"),
    "renonce": gettext_noop("Renonce"),
    "surrender": gettext_noop("Called King in the talon"),
    "double_stakes": gettext_noop("Double stakes"),
}


# What the pages say where no rule scores a Renonce (the ruleset's rules leave it to the director).
RENONCE_BY_HAND = gettext_noop(
    "No rule of this ruleset scores a Renonce: the director enters such a hand by hand, one "
    "score per seat."
)


def rule_text(rule: Rule, ruleset: scoring.RulesetInfo) -> str:
    """Return a rule's sentence in the current language, with the numbers the engine scores
    (the rule's own, and those of the ruleset, tariffed or not, that it names)."""
    return _(rule.text) % {**ruleset.text_numbers(rule.text), **rule.numbers()}


def readings(ruleset: scoring.RulesetInfo) -> list[str]:
    """Return the ruleset's readings in the current language, with its numbers (a tariff's own
    on a tariff's page)."""
    return [_(text) % ruleset.text_numbers(text) for text in ruleset.readings]


def rule_heading(ruleset: scoring.RulesetInfo, slot: str) -> str:
    """Return a rule's heading: Trischaken under the name the ruleset gives its contract."""
    if slot == "trischaken":
        for c in ruleset.contracts:
            if c.family is scoring.Family.TRISCHAKEN:
                return _(c.name)
    return _(RULE_HEADINGS[slot])


def rule_sections(ruleset: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return the rules page's sections on the ruleset's rules, and on those its options set."""
    sections = []
    for slot in RULE_HEADINGS:
        rule = getattr(ruleset.rules, slot)
        texts = [rule_text(rule, ruleset)] if rule.text else []
        if slot == "renonce" and not ruleset.renonce:
            texts.append(_(RENONCE_BY_HAND))
        for option in ruleset.options:
            for value in option.choices:
                other = option.rules_for(value).get(slot)
                if other is not None and other.text:
                    texts.append(
                        _("With the option %(option)s set to %(value)s: %(text)s")
                        % {
                            "option": _(option.name),
                            "value": option_value_name(value),
                            "text": rule_text(other, ruleset),
                        }
                    )
        if texts:
            sections.append({"slot": slot, "heading": rule_heading(ruleset, slot), "texts": texts})
    return sections


def _bird_note(ruleset: scoring.RulesetInfo, c: scoring.ContractInfo) -> str:
    """Return what a contract with a mandatory bird says of it (and of the other birds)."""
    names = _(" or ").join(_(ruleset.bonus_map[b].name) for b in c.mandatory_birds)
    birds = [b for b in c.bonuses if ruleset.bonus_map[b].bird]
    if len(birds) > 1:
        return _("must announce %(birds)s; further birds may be announced beside it") % {
            "birds": names
        }
    return _("must announce %(birds)s") % {"birds": names}


def contract_rows(ruleset: scoring.RulesetInfo) -> list[dict[str, Any]]:
    """Return the contracts of a ruleset as the rules page lists them."""
    bonus_names = {b.key: b.name for b in ruleset.bonuses}
    contract_names = {c.key: c.name for c in ruleset.contracts}
    rows = []
    for c in ruleset.contracts:
        notes = []
        if c.vorhand_only:
            notes.append(_("Vorhand only"))
        if c.mandatory_birds:
            notes.append(_bird_note(ruleset, c))
        if c.can_surrender:
            notes.append(_("may be given up when the called King is in the talon"))
        if c.tricks is not None:
            notes.append(_("declarer's tricks: exactly %(n)s") % {"n": c.tricks})
        if c.bei:
            notes.append(
                _("allows %(bei)s") % {"bei": ", ".join(_(contract_names.get(b, b)) for b in c.bei)}
            )
        if c.requires_option:
            notes.append(_("only when the tournament turns it on"))
        # Trischaken and Fahren are paid by their own rule: one amount, no lost game value
        own_rule = c.family is scoring.Family.TRISCHAKEN
        if own_rule:
            notes.append(_("paid by its own rule (below)"))
        rows.append(
            {
                "info": c,
                "lost": None if own_rule else c.lost,
                "family": _(FAMILY_NAMES[c.family]),
                "notes": notes,
                "bonuses": [_(bonus_names[b]) for b in c.bonuses if b in bonus_names]
                or [_("none")],
            }
        )
    return rows


def tables_summary(present: int) -> str:
    """Return how many players are checked in and the tables a draw would make of them."""
    try:
        sizes = seating.table_sizes(present)
    except seating.SeatingError:
        if present < 4:
            return ngettext(
                "%(n)s present: at least 4 are needed for a table.",
                "%(n)s present: at least 4 are needed for a table.",
                present,
            ) % {"n": present}
        return _(
            "%(n)s present: they cannot be seated at tables of four and five; "
            "check in or withdraw a player."
        ) % {"n": present}
    parts = [
        ngettext("%(count)s table of %(size)s", "%(count)s tables of %(size)s", count)
        % {"count": count, "size": size}
        for size, count in sorted(Counter(sizes).items())
    ]
    return _("%(n)s present: %(tables)s.") % {"n": present, "tables": ", ".join(parts)}
