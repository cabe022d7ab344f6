"""Every stored hand reopened in its form and saved again comes back as the same hand.

The hands are those of the rulesets' hand-worked tables (read from their parametrize marks, so
a case added there is checked here too) and the demo tournament's, each tried in every ruleset
that accepts it. The form is filled with its initial values and posted as a browser would post
it; the hand it builds must score exactly as the stored one, line for line (the JSON may differ
in what the engine reads the same: `"points": 40` comes back as "40"; a missing `partner`,
`king_in_talon`, `valat`, `kontra`, `bonuses` or `kontra_by_seat` as null, false, {}, [] or
zeros; a Trischaken row's missing tricks as null, and tricks where the ruleset records none
dropped; a Sack's result, which the card points decide, dropped; the bonuses in the ruleset's
order), and the hand the form wrote must come back from the form letter for letter.
"""

import functools
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django import forms

import scoring
from tarock_cup.tournaments import demo
from tarock_cup.tournaments.hand_forms import hand_form
from tests.factories import NAMES
from tests.scoring.test_breakdown_sums import TABLES  # the rulesets' hand-worked tables

# The demo's own kinds of hand, placed in a generated evening so that each turns up.
PLANNED = dict(enumerate(demo.SPECIAL_KINDS, start=1))


class Stored:
    """One stored hand with the table it was played at."""

    def __init__(self, hand: Mapping[str, Any], options: Any, seats: int, dealer: int) -> None:
        self.hand, self.options, self.seats, self.dealer = hand, options or {}, seats, dealer

    def __repr__(self) -> str:
        return f"{self.hand} at {self.seats} seats, dealer {self.dealer}, options {self.options}"

    def scored(self, ruleset: str, hand: Mapping[str, Any]) -> scoring.ScoredHand:
        """Return the hand scored, its lines in a fixed order (the form lists the bonuses in
        the ruleset's order, a stored hand in the order they were given)."""
        scored = scoring.score_hand(
            ruleset, hand, players=self.seats, dealer=self.dealer, options=self.options
        )
        return scored._replace(lines=tuple(sorted(scored.lines, key=repr)))

    def form(self, ruleset: str, data: Any = None) -> Any:
        info, names = scoring.get_ruleset(ruleset), NAMES[: self.seats]
        if data is None:
            return hand_form(info, self.options, names, dealer=self.dealer, stored=self.hand)
        return hand_form(info, self.options, names, data, dealer=self.dealer)


def _marked_cases() -> Iterator[dict[str, Any]]:
    """Yield the values of every case of the ruleset tables' parametrize marks."""
    for module in TABLES.values():
        for name in sorted(vars(module)):
            for mark in getattr(getattr(module, name), "pytestmark", []):
                names = mark.args[0] if mark.name == "parametrize" else ""
                names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
                for case in mark.args[1]:
                    yield dict(zip(names, getattr(case, "values", case), strict=False))


def _table_hands() -> Iterator[list[Stored]]:
    """Yield each table's hands, each with the tables it may be played at: a record at a table
    of four or else of five (some seat a fifth player), a Trischaken's entries as each contract
    that asks for them."""
    trischaken = {
        contract.key
        for info in scoring.rulesets()
        for contract in info.contracts
        if contract.family is scoring.Family.TRISCHAKEN
    }
    for values in _marked_cases():
        dealer, options = values.get("dealer", 0), values.get("options")
        if "record" in values:
            yield [Stored(values["record"], options, seats, dealer) for seats in (4, 5)]
        elif "entries" in values:
            for key in sorted(trischaken):
                hand = {"contract": key, "players": values["entries"]}
                yield [Stored(hand, options, len(values["entries"]), dealer)]


def _demo_hands() -> Iterator[list[Stored]]:
    """Yield the demo fixture's hands and an evening dealt by the demo's generator."""
    document = json.loads(demo.FIXTURE.read_text(encoding="utf-8"))
    options = document["tournament"].get("options", {})
    for round_info in document["rounds"]:
        for table in round_info["tables"]:
            seats, first = len(table["players"]), table.get("first_dealer", 0)
            for index, hand in enumerate(table["hands"]):
                yield [Stored(hand, options, seats, scoring.dealer_of(index, first, seats))]
    for seats in (4, 5):
        rng = random.Random(f"round trip {seats}")
        for index, hand in enumerate(demo.table_hands(rng, seats, 30, planned=PLANNED)):
            yield [Stored(hand, {}, seats, scoring.dealer_of(index, 0, seats))]


def _accepted(ruleset: str, tables: list[Stored]) -> Stored | None:
    """Return the hand at the first of its tables the ruleset accepts it at (None: at none)."""
    for stored in tables:
        try:
            stored.scored(ruleset, stored.hand)
        except scoring.ScoringError:
            continue  # a refusal, or a hand of another ruleset's contracts
        return stored
    return None


def _cases() -> list[tuple[str, Stored]]:
    """Return (ruleset, stored hand) for every hand a ruleset accepts, each once."""
    cases, seen = [], set()
    for tables in [*_table_hands(), *_demo_hands()]:
        for info in scoring.rulesets():
            stored = _accepted(info.key, tables)
            key = stored and (info.key, json.dumps(stored.hand, sort_keys=True), stored.seats)
            if stored is not None and key not in seen:
                seen.add(key)
                cases.append((info.key, stored))
    return cases


CASES = _cases()


def _case_id(number: int, ruleset: str, stored: Stored) -> str:
    return f"{ruleset}-{stored.hand.get('contract', 'manual')}-{number}"


SCORED = [
    pytest.param(ruleset, stored, id=_case_id(number, ruleset, stored))
    for number, (ruleset, stored) in enumerate(CASES)
]
WRITTEN = [pytest.param(*case, id=_case_id(n, *case)) for n, case in enumerate(CASES)]


def as_posted(form: forms.Form) -> dict[str, str]:
    """Return what a browser posts of a form showing its initial values: a ticked box as "on"
    and an unticked one not at all, a list its chosen option (the first when none is chosen),
    any other field its text (None as "")."""
    posted = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(field.widget, forms.CheckboxInput):
            if value:
                posted[name] = "on"
        elif isinstance(field.widget, forms.Select):
            offered = [str(choice) for choice, _label in field.choices]
            chosen = "" if value is None else str(value)
            posted[name] = chosen if chosen in offered else offered[0]
        else:
            posted[name] = "" if value is None else str(value)
    return posted


def saved_again(ruleset: str, stored: Stored) -> dict[str, Any]:
    """Return the hand the form builds when a stored hand is reopened and saved unchanged."""
    form = stored.form(ruleset, as_posted(stored.form(ruleset)))
    assert form.is_valid(), f"{stored.hand} reopened should be accepted: {form.errors}"
    return form.to_hand()


@functools.cache
def written(ruleset: str, stored: Stored) -> Stored:
    """Return the hand as the form writes it, saved from the stored hand reopened."""
    return Stored(saved_again(ruleset, stored), stored.options, stored.seats, stored.dealer)


def family(ruleset: str, hand: Mapping[str, Any]) -> str:
    """Return the family of a stored hand's contract ("manual" for scores entered by hand)."""
    if "manual" in hand:
        return "manual"
    return str(scoring.get_ruleset(ruleset).contract_map[hand["contract"]].family)


def test_the_round_trip_has_hands_of_every_family_of_every_ruleset() -> None:
    found = {(ruleset, family(ruleset, stored.hand)) for ruleset, stored in CASES}
    played = {(info.key, str(c.family)) for info in scoring.rulesets() for c in info.contracts}
    played |= {(info.key, "manual") for info in scoring.rulesets()}
    assert found == played, f"no hand to reopen for {sorted(played - found)}"


@pytest.mark.parametrize(("ruleset", "stored"), SCORED)
def test_a_stored_hand_saved_again_scores_as_it_did(ruleset: str, stored: Stored) -> None:
    again = written(ruleset, stored).hand
    assert stored.scored(ruleset, again) == stored.scored(ruleset, stored.hand), (
        f"{stored.hand} came back as {again}"
    )


@pytest.mark.parametrize(("ruleset", "stored"), WRITTEN)
def test_a_hand_the_form_wrote_comes_back_letter_for_letter(ruleset: str, stored: Stored) -> None:
    first = written(ruleset, stored)
    assert saved_again(ruleset, first) == first.hand, "the form's own hand should not change"
