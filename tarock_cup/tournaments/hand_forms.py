"""The hand form: one small form per contract family, chosen by the contract.

The ruleset's data says which family a contract belongs to; `FORMS` maps each family to its
form, so the page asks only what that kind of hand needs. Each form only converts between its
fields and the score-sheet format, and each says how in one declared table (`slots()`, see
hand_slots.py): which field stands where in the hand, how its value is written and read back, and
which of the engine's refusals belong to it. Building the hand, filling the form from a stored
hand and placing the engine's messages are all read from that table. Whether a hand is valid is
the engine's decision.
"""

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

import scoring
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.display import error_reason, kontra_name
from tarock_cup.tournaments.hand_slots import (
    ALONE,
    FLAG,
    LEVEL,
    MARK,
    NUMBER,
    PARTNER,
    RESULT,
    SOME_TEXT,
    TEXT,
    Binding,
    RenonceSlots,
    Slot,
    ValatSlots,
    bonus_field,
    field_at,
    filled,
    kontra_seat_field,
    manual_field,
    player_field,
)
from tarock_cup.tournaments.widgets import (
    FastCheckbox,
    FastNumberInput,
    FastSelect,
    FastTextInput,
)

# A hand whose scores are entered by hand: not a contract of any ruleset, a family of its own.
MANUAL = "manual"
SIDES = [("", "—"), ("declarer", _("declarer's side")), ("defenders", _("defenders"))]
RESULTS = [("made", _("made")), ("failed", _("failed"))]
# the heads of a Trischaken row's columns, by what the ruleset records
COLUMNS = {"points": _("Card points"), "tricks": _("Tricks"), "kontra": _("Kontra")}
TRICKS = [("", "—")] + [(str(n), str(n)) for n in range(13)]


def kontra_choices(maximum: int) -> list[tuple[int, str]]:
    """Return the kontra levels a ruleset allows, as form choices."""
    return [(level, kontra_name(level)) for level in range(maximum + 1)]


def choices_of(field: forms.ChoiceField) -> list[tuple[Any, Any]]:
    """Return the field's choices as (value, label) pairs."""
    # Django keeps a choice field's choices as a list once set; the stubs type the getter as
    # anything the setter accepts (a mapping, a callable).
    return cast(list[tuple[Any, Any]], field.choices)


def fast_widget(widget: forms.Widget) -> forms.Widget:
    """Return the same widget, drawn without templates (see widgets.py)."""
    for slow, fast in (
        (forms.Select, FastSelect),
        (forms.CheckboxInput, FastCheckbox),
        (forms.NumberInput, FastNumberInput),
        (forms.TextInput, FastTextInput),
    ):
        if type(widget) is slow:
            copy = fast(attrs=widget.attrs)
            if isinstance(widget, forms.Select) and isinstance(copy, forms.Select):
                copy.choices = widget.choices
            return copy
    return widget


def offered_contracts(
    ruleset: scoring.RulesetInfo, options: Mapping[str, Any]
) -> list[scoring.ContractInfo]:
    """Return the contracts a tournament plays (some need an option switched on)."""
    return [c for c in ruleset.contracts if not c.requires_option or options.get(c.requires_option)]


class HandFormBase(forms.Form):
    """What every hand form shares: the contract, the deal (who deals, who is Vorhand, who sits
    out) and the sheet as the page showed it, for the conflict check."""

    family: ClassVar[str] = ""
    template_name = ""  # the family's partial, included by _hand_form.html
    asks_renonce: ClassVar[bool] = True

    def __init__(
        self,
        ruleset: scoring.RulesetInfo,
        options: Mapping[str, Any],
        players: Sequence[str],
        data: Any = None,
        *,
        dealer: int | None = None,
        initial: Mapping[str, Any] | None = None,
        stored: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(data, initial=dict(initial or {}), **kwargs)
        self.ruleset = ruleset
        self.options = options
        self.players = list(players)
        n = len(self.players)
        self.dealer = dealer
        self.vorhand = scoring.vorhand_of(dealer, n) if dealer is not None and n else None
        # At a table of five the dealer sits out: that seat is not offered where players are.
        self.sitting_out = dealer if n == 5 else None
        self.kontra = kontra_choices(ruleset.max_kontra)
        contracts = [(c.key, c.name) for c in offered_contracts(ruleset, options)]
        f = self.fields
        f["contract"] = forms.ChoiceField(
            label=_("Contract"),
            # A new hand starts with no contract: the page shows the contract's fields once
            # it is chosen.
            choices=[("", _("— choose —")), *contracts, (MANUAL, _("Scores entered by hand"))],
            widget=forms.Select(attrs={"autofocus": True}),
        )
        # Written by the page from the sheet it shows (the number a new hand gets, the version
        # of an edited hand); a save against a sheet that has changed since is refused.
        for name in ("expected", "version"):
            f[name] = forms.IntegerField(
                label=_("Sheet as shown"), required=False, widget=forms.HiddenInput
            )
        self.add_fields()
        if stored is not None:
            self.initial.update(self.initial_from(stored))
        if self.asks_renonce and ruleset.renonce:
            f["renonce"] = self.seat_field(_("Renonce by"), every_seat=True)
            # where the ruleset lets two players share a Renonce, the second one
            if ruleset.rules.renonce.two:
                f["renonce_also"] = self.seat_field(_("Renonce also by"), every_seat=True)
        for field in f.values():
            field.widget = fast_widget(field.widget)
            # Controls in table cells have no label element of their own: the label is their
            # accessible name, so that a screen reader says "Trull: announced", "Anna: tricks".
            field.widget.attrs.setdefault("aria-label", str(field.label))
        contract = self.contract_info()
        if (
            not self.is_bound
            and contract is not None
            and contract.vorhand_only
            and self.initial.get("declarer") in (None, "")
        ):
            self.initial["declarer"] = self.vorhand

    def add_fields(self) -> None:
        """Add the family's own fields."""

    # -- building blocks -----------------------------------------------------------------------

    def seat_field(
        self, label: Any, *, every_seat: bool = False, blank: Any = "—"
    ) -> forms.TypedChoiceField:
        """Return an optional choice of one player (not the dealer sitting out, unless asked)."""
        seats = [
            (str(i), name)
            for i, name in enumerate(self.players)
            if every_seat or i != self.sitting_out
        ]
        return forms.TypedChoiceField(
            label=label, choices=[("", blank), *seats], coerce=int, empty_value=None, required=False
        )

    def kontra_field(self, label: Any) -> forms.Field:
        return forms.TypedChoiceField(
            label=label, choices=self.kontra, coerce=int, initial=0, required=False
        )

    @staticmethod
    def tricks_field(label: Any) -> forms.Field:
        return forms.TypedChoiceField(
            label=label, choices=TRICKS, coerce=int, empty_value=None, required=False
        )

    # -- what the page needs ---------------------------------------------------------------

    def contract_key(self) -> str:
        """Return the contract chosen (posted, or given as initial value; "" for none)."""
        if self.is_bound:
            return str(self.data.get("contract") or "")
        return str(self.initial.get("contract") or "")

    def contract_info(self) -> scoring.ContractInfo | None:
        """Return the chosen contract's data (None for a hand entered by hand or none)."""
        return self.ruleset.contract_map.get(self.contract_key())

    def flags(self) -> list[str]:
        """Return which optional parts of the family's form the chosen contract shows."""
        return contract_flags(self.contract_info())

    def siblings(self) -> list["HandFormBase"]:
        """Return an empty form of each other family this tournament plays, for the page's
        script to show at once when the contract changes to one of them."""
        return [
            cls(self.ruleset, self.options, self.players, dealer=self.dealer)
            for cls in families(self.ruleset, self.options)
            if cls is not type(self) or not self.contract_key()
        ]

    def chosen_anew(self) -> bool:
        """Return whether the contract posted belongs to another family than the fields the
        page showed (a browser without script): the page then shows that family's form."""
        shown = self.data.get("shown") if self.is_bound else None
        return bool(shown) and shown != self.family

    def unbound(self) -> "HandFormBase":
        """Return this form empty again, keeping what was posted as its initial values."""
        initial = {name: self.data.get(name) for name in self.fields if name in self.data}
        return type(self)(
            self.ruleset, self.options, self.players, dealer=self.dealer, initial=initial
        )

    def freshness(self) -> dict[str, int | None]:
        """Return the sheet as the page showed it (call after is_valid())."""
        data = getattr(self, "cleaned_data", {})
        return {"expected": data.get("expected"), "version": data.get("version")}

    def typed(self) -> list[tuple[str, str]]:
        """Return what was typed, field by field in words (a hand that could not be saved)."""
        shown = []
        for name, field in self.fields.items():
            value = str(self.data.get(name) or "") if self.is_bound else ""
            # Left empty or as it starts (no kontra): nothing typed there.
            if field.widget.is_hidden or value in ("", str(field.initial)):
                continue
            if isinstance(field, forms.ChoiceField):
                value = str(dict((str(k), v) for k, v in choices_of(field)).get(value, value))
            elif isinstance(field, forms.BooleanField):
                value = str(_("yes"))
            shown.append((str(field.label), value))
        return shown

    def error_list(self) -> list[dict[str, str]]:
        """Return the field errors with the label of their field (which names the player or
        bonus), for the list beside the preview."""
        return [
            {"field": name, "label": str(self.fields[name].label), "message": str(message)}
            for name, messages in self.errors.items()
            if name in self.fields
            for message in messages
        ]

    # -- converting to and from the score-sheet format -------------------------------------

    def slots(self) -> list[Binding]:
        """Return the declared table of the form's fields and their places in the hand."""
        two = self.ruleset.rules.renonce.two
        return [Slot("contract", "contract"), RenonceSlots(two=two)]

    def blank(self) -> dict[str, Any]:
        """Return what the family's hand holds before any field is written into it."""
        return {}

    def to_hand(self) -> dict[str, Any]:
        """Return the hand in the score-sheet format (call after is_valid())."""
        hand = self.blank()
        for slot in self.slots():
            slot.write(self.cleaned_data, hand)
        return hand

    def initial_from(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Return form initial values for a stored hand."""
        initial: dict[str, Any] = {}
        for slot in self.slots():
            initial |= slot.read(hand)
        return initial

    def field_for_error(self, path: str) -> str | None:
        """Return the form field an engine error path belongs to (None: the whole form)."""
        field = field_at(self.slots(), path, self.to_hand)
        return field if field in self.fields else None

    def add_engine_error(self, error: scoring.ScoringError) -> None:
        """Show the engine's message beside the field it names."""
        field = self.field_for_error(error.field)
        self.add_error(field if field in self.fields else None, error_reason(error))


class PositiveHandForm(HandFormBase):
    """A King contract or a solo: declarer (and partner), card points, Valat, bonuses, Kontra."""

    family = "positive"
    template_name = "tournaments/_hand_positive.html"

    def add_fields(self) -> None:
        ruleset, f = self.ruleset, self.fields
        # Valat has its own fields; the bonuses get a row each.
        self.bonuses = list(ruleset.bonuses)
        f["declarer"] = self.seat_field(_("Declarer"))
        # The partner is always chosen: a forgotten partner must not save a hand of one
        # against three. Playing alone (the declarer called their own King) is a choice of
        # its own; the empty choice is refused for a King contract (clean()).
        seats = self.seat_field(_("Partner (called King)"), blank=_("— choose —"))
        f["partner"] = forms.ChoiceField(
            label=seats.label,
            choices=[
                ("", _("— choose —")),
                (ALONE, _("none: own King, plays alone")),
                *choices_of(seats)[1:],
            ],
            required=False,
        )
        f["king_in_talon"] = forms.BooleanField(label=_("Called King in the talon"), required=False)
        f["surrendered"] = forms.BooleanField(label=_("Given up"), required=False)
        f["points"] = forms.CharField(
            label=_("Card points of the declarer's side"),
            required=False,
            max_length=12,
            help_text=_("e.g. 36, 35/2 or 35 2/3"),
            # the engine reads "35\x1f/2" as 35/2 (it strips whitespace), but the hand keeps
            # the text as entered
            validators=[no_control_characters],
            # a keypad with the slash and the space on phones
            widget=forms.TextInput(attrs={"inputmode": "text", "autocomplete": "off"}),
        )
        f["kontra_game"] = self.kontra_field(_("Kontra on the game"))
        f["valat"] = forms.ChoiceField(label=_("Valat made by"), choices=SIDES, required=False)
        f["valat_announced_by"] = forms.ChoiceField(
            label=_("Valat announced by"), choices=SIDES, required=False
        )
        if ruleset.rules.valat.is_bonus:
            f["kontra_valat"] = self.kontra_field(_("Kontra on the Valat"))
        for bonus in self.bonuses:
            key, name = bonus.key, {"bonus": _(bonus.name)}
            f[bonus_field(key, "side")] = forms.ChoiceField(
                label=_("%(bonus)s: side") % name, choices=SIDES, required=False
            )
            f[bonus_field(key, "announced")] = forms.BooleanField(
                label=_("%(bonus)s: announced") % name, required=False
            )
            if bonus.threshold is None:
                # a Sack's or Grammeln's result follows from the card points: not asked
                f[bonus_field(key, "result")] = forms.ChoiceField(
                    label=_("%(bonus)s: result") % name,
                    choices=RESULTS,
                    initial="made",
                    required=False,
                )
            f[bonus_field(key, "kontra")] = self.kontra_field(_("%(bonus)s: Kontra") % name)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        contract = self.contract_info()
        if contract is not None and contract.calls_king and not data.get("partner"):
            self.add_error("partner", _("Choose the partner, or “none: own King, plays alone”."))
        return data

    def bonus_rows(self) -> list[dict[str, Any]]:
        """Return each bonus with its bound fields (result None where the points decide it),
        and whether the chosen contract records it."""
        contract = self.contract_info()
        allowed = contract.bonuses if contract else ()
        return [
            {
                "bonus": bonus,
                "shown": bonus.key in allowed,
                **{
                    part: self[bonus_field(bonus.key, part)]
                    if bonus_field(bonus.key, part) in self.fields
                    else None
                    for part in ("side", "announced", "result", "kontra")
                },
            }
            for bonus in self.bonuses
        ]

    def blank(self) -> dict[str, Any]:
        return {"partner": None, "kontra": {}, "bonuses": []}

    def slots(self) -> list[Binding]:
        contract = self.contract_info()
        calls_king = contract is not None and contract.calls_king
        # a Sack's result is the card points' verdict: the engine's refusal of it is theirs
        sacks = tuple(
            f"bonuses[bonus={bonus.key}].result"
            for bonus in self.bonuses
            if bonus.threshold is not None
        )
        slots: list[Binding] = [
            *super().slots(),
            Slot("declarer", "declarer"),
            # a solo calls no King: a partner left in the form is not part of the hand
            Slot("partner", "partner", PARTNER, when=lambda data: calls_king),
            Slot("king_in_talon", "king_in_talon", FLAG),
            Slot("surrendered", "surrendered", FLAG),
            # a made Valat needs no card points; the form hides the field then
            Slot("points", "points", SOME_TEXT, when=lambda d: not d.get("valat"), also=sacks),
            ValatSlots(),
            Slot("kontra_game", "kontra.game", LEVEL),
            Slot("kontra_valat", "kontra.valat", LEVEL),
        ]
        for bonus in self.bonuses:
            slots += self.bonus_slots(bonus)
        return slots

    @staticmethod
    def bonus_slots(bonus: scoring.BonusInfo) -> list[Binding]:
        """Return a bonus's fields in the hand: its entry in bonuses, its Kontra; a bonus
        without a side was not played, and nothing of it is written."""
        key, entry = bonus.key, f"bonuses[bonus={bonus.key}]"
        played = filled(bonus_field(key, "side"))
        slots: list[Binding] = [
            Slot(bonus_field(key, "side"), f"{entry}.side", when=played, also=(f"{entry}.bonus",)),
            Slot(bonus_field(key, "announced"), f"{entry}.announced", FLAG, when=played),
            Slot(bonus_field(key, "kontra"), f"kontra.{key}", LEVEL, when=played),
        ]
        if bonus.threshold is None:  # otherwise the engine takes it from the points
            slots.append(Slot(bonus_field(key, "result"), f"{entry}.result", RESULT, when=played))
        return slots


class NegativeHandForm(HandFormBase):
    """A Piccolo or Bettler: the declarer's tricks, each defender's own Kontra, a contract bei."""

    family = "negative"
    template_name = "tournaments/_hand_negative.html"

    def add_fields(self) -> None:
        ruleset, f = self.ruleset, self.fields
        f["declarer"] = self.seat_field(_("Declarer"))
        f["tricks"] = self.tricks_field(_("Declarer's tricks"))
        for seat, name in enumerate(self.players):
            f[kontra_seat_field(seat)] = self.kontra_field(
                _("Kontra by %(player)s") % {"player": name}
            )
        self.has_bei = any(c.bei for c in ruleset.contracts)
        if self.has_bei:
            bei = sorted({key for c in ruleset.contracts for key in c.bei})
            names = {c.key: c.name for c in ruleset.contracts}
            f["bei_contract"] = forms.ChoiceField(
                label=_("Bei contract"),
                required=False,
                choices=[("", "—")] + [(key, names.get(key, key)) for key in bei],
            )
            f["bei_declarer"] = self.seat_field(_("Second declarer"))
            f["bei_tricks"] = self.tricks_field(_("Second declarer's tricks"))
            for seat, name in enumerate(self.players):
                f[kontra_seat_field(seat, "bei_")] = self.kontra_field(
                    _("Kontra by %(player)s on the second declarer") % {"player": name}
                )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # A Kontra is given by the opponents: the declarer cannot double their own contract.
        for prefix in ("", "bei_") if self.has_bei else ("",):
            declarer = data.get(f"{prefix}declarer")
            if declarer is not None and data.get(kontra_seat_field(declarer, prefix)):
                self.add_error(
                    kontra_seat_field(declarer, prefix),
                    _("%(player)s declares the contract: a Kontra is given by the opponents.")
                    % {"player": self.players[declarer]},
                )
        return data

    def _chosen_seat(self, name: str) -> int | None:
        """Return the seat chosen in a seat field (posted or initial), None if none."""
        if name not in self.fields:
            return None
        value = str(self[name].value() or "")
        return int(value) if value.isdigit() else None

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return each seat with its Kontra fields (the dealer sitting out and the declarers,
        who give no Kontra on their own contract, marked)."""
        declarer, bei_declarer = self._chosen_seat("declarer"), self._chosen_seat("bei_declarer")
        return [
            {
                "seat": seat,
                "name": name,
                "out": seat == self.sitting_out,
                "declarer": seat == declarer,
                "bei_declarer": seat == bei_declarer,
                "kontra": self[kontra_seat_field(seat)],
                "bei_kontra": self[kontra_seat_field(seat, "bei_")] if self.has_bei else None,
            }
            for seat, name in enumerate(self.players)
        ]

    def slots(self) -> list[Binding]:
        seats = range(len(self.players))
        # a second declarer and their Kontras only with a bei contract
        bei = filled("bei_contract")
        return [
            *super().slots(),
            Slot("declarer", "declarer"),
            Slot("tricks", "tricks"),
            *(Slot(kontra_seat_field(s), f"kontra_by_seat[{s}]", NUMBER) for s in seats),
            Slot("bei_contract", "bei.contract", when=bei),
            Slot("bei_declarer", "bei.declarer", when=bei),
            Slot("bei_tricks", "bei.tricks", when=bei),
            *(
                Slot(kontra_seat_field(s, "bei_"), f"bei.kontra_by_seat[{s}]", NUMBER, when=bei)
                for s in seats
            ),
        ]


class TrischakenHandForm(HandFormBase):
    """A Trischaken or Fahren: each player's row with what the ruleset records of it."""

    family = "trischaken"
    template_name = "tournaments/_hand_trischaken.html"

    def add_fields(self) -> None:
        # Where the ruleset lets the dealer of five play a Fahren, that seat has a row too.
        if self.ruleset.trischaken_dealer_plays:
            self.sitting_out = None
        self.entry = self.ruleset.trischaken_entry
        self.columns = [COLUMNS[part] for part in self.entry]
        for seat, name in enumerate(self.players):
            player = {"player": name}
            if "points" in self.entry:
                self.fields[player_field(seat, "points")] = forms.CharField(
                    label=_("%(player)s: card points") % player,
                    required=False,
                    max_length=12,
                    widget=forms.TextInput(attrs={"autocomplete": "off"}),
                    validators=[no_control_characters],
                )
            if "tricks" in self.entry:
                self.fields[player_field(seat, "tricks")] = self.tricks_field(
                    _("%(player)s: tricks") % player
                )
            if "kontra" in self.entry:
                self.fields[player_field(seat, "kontra")] = forms.BooleanField(
                    label=_("%(player)s: Kontra") % player, required=False
                )

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return each seat with the fields of its row (the dealer sitting out marked)."""
        return [
            {
                "seat": seat,
                "name": name,
                "out": seat == self.sitting_out,
                "cells": [self[player_field(seat, part)] for part in self.entry],
            }
            for seat, name in enumerate(self.players)
        ]

    def blank(self) -> dict[str, Any]:
        return {"players": [None] * len(self.players)}

    def slots(self) -> list[Binding]:
        slots = super().slots()
        for seat in range(len(self.players)):
            row = f"players[{seat}]"
            # a row without points or tricks is a player who did not play: null
            played = filled(player_field(seat, "points"), player_field(seat, "tricks"))
            slots += [
                Slot(player_field(seat, "points"), f"{row}.points", TEXT, when=played, also=(row,)),
                Slot(player_field(seat, "tricks"), f"{row}.tricks", when=played),
                Slot(player_field(seat, "kontra"), f"{row}.kontra", MARK, when=played),
            ]
        return slots


def within_a_hand(score: int) -> None:
    """Refuse a score entered by hand beyond what a hand can score, as a file's is refused."""
    if not -scoring.MAX_SCORE <= score <= scoring.MAX_SCORE:
        raise ValidationError(
            _("%(value)s is more than a hand can score (at most %(max)s either way)"),
            code="beyond_a_hand",
            # a number of thousands of digits is shown as "…", as the engine shows it
            params={
                "value": score if -(10**15) < score < 10**15 else "…",
                "max": scoring.MAX_SCORE,
            },
        )


class ManualHandForm(HandFormBase):
    """Scores entered by hand (a director's ruling): one score per player and the reason."""

    family = MANUAL
    template_name = "tournaments/_hand_manual.html"
    asks_renonce = False

    def add_fields(self) -> None:
        for seat, name in enumerate(self.players):
            field = forms.IntegerField(
                label=_("%(player)s: score") % {"player": name},
                required=False,
                validators=[within_a_hand],
            )
            field.widget.attrs.update(min=-scoring.MAX_SCORE, max=scoring.MAX_SCORE)
            self.fields[manual_field(seat)] = field
        self.fields["manual_reason"] = forms.CharField(
            label=_("Reason"), required=False, max_length=200, validators=[no_control_characters]
        )

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return each seat with its score field."""
        return [
            {"seat": seat, "name": name, "manual": self[manual_field(seat)]}
            for seat, name in enumerate(self.players)
        ]

    def slots(self) -> list[Binding]:
        # no contract and no Renonce: the scores and the reason are the whole hand
        return [
            *(
                Slot(manual_field(s), f"manual.scores[{s}]", NUMBER)
                for s in range(len(self.players))
            ),
            Slot("manual_reason", "manual.reason", TEXT),
        ]

    def initial_from(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        return {"contract": MANUAL} | super().initial_from(hand)


# The one place that says which form asks for which kind of hand.
FORMS: dict[str, type[HandFormBase]] = {
    scoring.Family.RUFER: PositiveHandForm,
    scoring.Family.ALONE: PositiveHandForm,
    scoring.Family.NEGATIVE: NegativeHandForm,
    scoring.Family.TRISCHAKEN: TrischakenHandForm,
    MANUAL: ManualHandForm,
}


def form_class(ruleset: scoring.RulesetInfo, contract: str | None) -> type[HandFormBase]:
    """Return the form for a contract's family (for no or an unknown contract, the form of
    King contracts: it asks for the contract, and refuses an unknown one)."""
    info = ruleset.contract_map.get(contract or "")
    if info is not None:
        return FORMS[info.family]
    return ManualHandForm if contract == MANUAL else PositiveHandForm


def families(ruleset: scoring.RulesetInfo, options: Mapping[str, Any]) -> list[type[HandFormBase]]:
    """Return the forms of the families a tournament plays, each once, in the contracts' order."""
    forms_ = [FORMS[c.family] for c in offered_contracts(ruleset, options)] + [ManualHandForm]
    return list(dict.fromkeys(forms_))


def hand_form(
    ruleset: scoring.RulesetInfo,
    options: Mapping[str, Any],
    players: Sequence[str],
    data: Any = None,
    *,
    dealer: int | None = None,
    stored: Mapping[str, Any] | None = None,
) -> HandFormBase:
    """Return the form for the contract posted (data) or of a stored hand being corrected."""
    if data is not None:
        contract, stored = data.get("contract"), None
    elif stored is not None:
        contract = MANUAL if "manual" in stored else stored.get("contract")
    else:
        contract = None
    cls = form_class(ruleset, contract)
    return cls(ruleset, options, players, data, dealer=dealer, stored=stored)


def contract_flags(contract: scoring.ContractInfo | None) -> list[str]:
    """Return which optional parts of its family's form a contract shows."""
    if contract is None:
        return []
    wanted = {
        "king": contract.calls_king,
        "surrender": contract.can_surrender,
        "bei": bool(contract.bei),
    }
    return [flag for flag, on in wanted.items() if on]


def script_data(ruleset: scoring.RulesetInfo) -> dict[str, Any]:
    """Return what the hand form's script needs to know about each contract: its family's
    form, the optional parts it shows, the bonuses it records, whether only Vorhand plays it."""
    return {
        "contracts": {
            c.key: {
                "form": FORMS[c.family].family,
                "family": str(c.family),
                "flags": contract_flags(c),
                "bonuses": list(c.bonuses),
                "vorhand_only": c.vorhand_only,
                # what a Fahren/Trischaken asks of each player, from the ruleset's data
                "player_fields": list(ruleset.trischaken_entry)
                if c.family == scoring.Family.TRISCHAKEN
                else [],
            }
            for c in ruleset.contracts
        },
        "manual": ManualHandForm.family,
    }
