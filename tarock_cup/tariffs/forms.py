"""The tariff page's form: every number of the base ruleset, editable, and the JSON upload."""

import json
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.rulesets import KONTRA_NAMES
from scoring.tariff import BONUS_RANGE, MAX_NAME, VALUE_RANGE, TariffError, apply_tariff
from tarock_cup.tariffs.errors import VALUE_NAMES
from tarock_cup.textcheck import json_text_refusal, no_control_characters
from tarock_cup.tournaments.display import error_reason, upload_error_text
from tarock_cup.tournaments.models import ruleset_choices

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAX_UPLOAD = 64 * 1024
MAX_VERSION = 100_000  # far beyond any cup's versions, within every database's integer


def _value(low: int, high: int, initial: int | None, label: "StrOrPromise") -> forms.IntegerField:
    return forms.IntegerField(
        label=label, min_value=low, max_value=high, required=False, initial=initial
    )


class TariffForm(forms.Form):
    """A tariff over one base ruleset: its name, note and numbers (empty: not scored that way)."""

    name = forms.CharField(label=_("Name"), max_length=MAX_NAME, validators=[no_control_characters])
    note = forms.CharField(
        label=_("Note"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Where the numbers come from, e.g. the cup's rules of 2012."),
        validators=[no_control_characters],
    )

    def __init__(
        self, *args: Any, base: scoring.RulesetInfo, numbers: dict[str, Any], **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.base = base
        # the numbers shown: the tariff's where it sets them, else the base's
        shown = apply_tariff(base, {"name": "-", **numbers})
        # what the error summary calls each number: "Dreier, value won", not "won"
        self.titles: dict[str, StrOrPromise] = {}
        contracts = shown.contract_map
        bonuses = shown.bonus_map
        for c in base.contracts:
            kept = c.key in contracts
            self.fields[f"c_{c.key}_keep"] = forms.BooleanField(
                label=_("played"), required=False, initial=kept
            )
            self.titles[f"c_{c.key}_keep"] = _(c.name)
            if c.family is not scoring.Family.TRISCHAKEN:
                now = contracts.get(c.key, c)
                self.fields[f"c_{c.key}_won"] = _value(*VALUE_RANGE, now.won, _("won"))
                self.fields[f"c_{c.key}_lost"] = _value(*VALUE_RANGE, now.lost, _("lost"))
                for manner in ("won", "lost"):
                    self.titles[f"c_{c.key}_{manner}"] = _(VALUE_NAMES[manner]) % {
                        "name": _(c.name)
                    }
        for b in base.bonuses:
            self.fields[f"b_{b.key}_keep"] = forms.BooleanField(
                label=_("scored"), required=False, initial=b.key in bonuses
            )
            self.titles[f"b_{b.key}_keep"] = _(b.name)
            current = bonuses.get(b.key, b)
            for manner, label in (("silent", _("silent")), ("announced", _("announced"))):
                if b.tariff_may_set(manner):
                    self.fields[f"b_{b.key}_{manner}"] = _value(
                        *BONUS_RANGE, getattr(current, manner), label
                    )
                    self.titles[f"b_{b.key}_{manner}"] = _(VALUE_NAMES[manner]) % {
                        "name": _(b.name)
                    }
        valat = shown.rules.valat
        self.fields["valat_silent"] = _value(*VALUE_RANGE, valat.silent, _("Valat silent"))
        self.fields["valat_announced"] = _value(*VALUE_RANGE, valat.announced, _("Valat announced"))
        self.fields["kontra_max"] = forms.TypedChoiceField(
            label=_("Highest Kontra"),
            coerce=int,
            initial=shown.max_kontra,
            choices=[(level, _(KONTRA_NAMES[level])) for level in range(base.max_kontra + 1)],
        )

    def error_summary(self) -> list[dict[str, Any]]:
        """Return the fields with errors, in the page's order: their id, name and messages."""
        return [
            {
                "id": self[name].auto_id,
                "title": self.titles.get(name) or self.fields[name].label,
                "errors": self.errors[name],
            }
            for name in self.fields
            if name in self.errors
        ]

    def contract_rows(self) -> list[dict[str, Any]]:
        """Return each contract of the base with its fields, as the page's table lists them."""
        return [
            {
                "info": c,
                "keep": self[f"c_{c.key}_keep"],
                "won": self[f"c_{c.key}_won"] if f"c_{c.key}_won" in self.fields else None,
                "lost": self[f"c_{c.key}_lost"] if f"c_{c.key}_lost" in self.fields else None,
            }
            for c in self.base.contracts
        ]

    def bonus_rows(self) -> list[dict[str, Any]]:
        """Return each bonus of the base with its fields."""
        return [
            {
                "info": b,
                "keep": self[f"b_{b.key}_keep"],
                "values": [
                    self[f"b_{b.key}_{manner}"] if b.tariff_may_set(manner) else None
                    for manner in ("silent", "announced")
                ],
            }
            for b in self.base.bonuses
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        numbers = self._numbers(data)
        if self.errors:
            return data
        try:
            apply_tariff(self.base, {"name": data.get("name") or "-", **numbers})
        except TariffError as error:
            self.add_error(_field_of(error.where), error_reason(error))
        data["numbers"] = numbers
        return data

    def _numbers(self, data: dict[str, Any]) -> dict[str, Any]:  # noqa: C901
        """Return the numbers that differ from the base, as a sheet's tariff writes them."""
        base = self.base
        contracts: dict[str, Any] = {}
        for c in base.contracts:
            if not data.get(f"c_{c.key}_keep"):
                contracts[c.key] = None
            elif f"c_{c.key}_won" in self.fields:
                won, lost = data.get(f"c_{c.key}_won"), data.get(f"c_{c.key}_lost")
                for name, value in ((f"c_{c.key}_won", won), (f"c_{c.key}_lost", lost)):
                    if value is None:
                        self.add_error(
                            name, _("Give a value from 1 to 100, or untick the contract.")
                        )
                if (won, lost) != (c.won, c.lost):
                    contracts[c.key] = {"won": won, "lost": lost}
        bonuses: dict[str, Any] = {}
        for b in base.bonuses:
            if not data.get(f"b_{b.key}_keep"):
                bonuses[b.key] = None
                continue
            silent = data.get(f"b_{b.key}_silent")
            announced = data.get(f"b_{b.key}_announced")
            if (silent, announced) != (b.silent, b.announced):
                bonuses[b.key] = {"silent": silent, "announced": announced}
        numbers: dict[str, Any] = {}
        if contracts:
            numbers["contracts"] = contracts
        if bonuses:
            numbers["bonuses"] = bonuses
        valat = (data.get("valat_silent"), data.get("valat_announced"))
        for name, value in zip(("valat_silent", "valat_announced"), valat, strict=True):
            if value is None:
                self.add_error(name, _("Give a value from 1 to 100."))
        rule = base.rules.valat
        if valat != (rule.silent, rule.announced):
            numbers["valat"] = {"silent": valat[0], "announced": valat[1]}
        if data.get("kontra_max") is not None and data["kontra_max"] != base.max_kontra:
            numbers["kontra_max"] = data["kontra_max"]
        return numbers


def _field_of(where: str) -> str | None:
    """Return the form field of a tariff's field (contracts.dreier.won: c_dreier_won)."""
    parts = where.split(".")
    if len(parts) == 3 and parts[0] in ("contracts", "bonuses"):
        return f"{parts[0][0]}_{parts[1]}_{parts[2]}"
    if len(parts) == 2 and parts[0] in ("contracts", "bonuses"):
        return f"{parts[0][0]}_{parts[1]}_keep"
    if len(parts) == 2 and parts[0] == "valat":
        return f"valat_{parts[1]}"
    if where in ("name", "kontra_max"):
        return where
    return None


class BaseChoiceForm(forms.Form):
    """Choose the built-in ruleset a new tariff starts from."""

    ruleset = forms.ChoiceField(label=_("Start from the ruleset"), choices=ruleset_choices)


class TariffUploadForm(forms.Form):
    """A tariff's JSON file: {"ruleset": …, "tariff": {…}, "note": …, "version": N}."""

    file = forms.FileField(label=_("Tariff as JSON"))

    def clean_file(self) -> dict[str, Any]:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(_("The file is larger than 64 KB."))
        try:
            # utf-8-sig: Windows editors (Notepad, Excel's "Unicode text") start with a BOM.
            data = scoring.parse_json(upload.read().decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise forms.ValidationError(_("The file is not JSON.")) from None
        except scoring.ScoringError as error:
            # why: a control character in the name, a number too long, broken JSON
            raise forms.ValidationError(
                _("The file is not JSON a tariff can hold: %(reason)s")
                % {"reason": error_reason(error)}
            ) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("The file holds no tariff."))
        refusal = json_text_refusal(data)
        if refusal is not None:
            raise forms.ValidationError(refusal)
        extra = sorted(set(data) - {"ruleset", "tariff", "note", "version"})
        if extra:
            raise forms.ValidationError(
                _(
                    "%(field)s is not a field of a tariff file (fields: ruleset, tariff, note, "
                    "version)."
                )
                % {"field": extra[0]}
            )
        try:
            base = scoring.get_ruleset(data.get("ruleset"))
            tariff = data.get("tariff")
            info = apply_tariff(base, tariff)
        except scoring.ScoringError as error:
            raise forms.ValidationError(upload_error_text(error)) from None
        note = data.get("note") or ""
        if not isinstance(note, str) or len(note) > 2000:
            raise forms.ValidationError(_("note: must be text of at most 2000 characters."))
        version = data.get("version", 1)
        # capped: the database's integer column holds no more (beyond it a 500, not a message)
        if type(version) is not int or not 1 <= version <= MAX_VERSION:
            raise forms.ValidationError(
                _("version: must be a whole number from 1 to %(max)s.") % {"max": MAX_VERSION}
            )
        assert isinstance(tariff, dict)
        numbers = {k: v for k, v in tariff.items() if k != "name"}
        return {
            "ruleset": base.key,
            "name": info.name,
            "note": note,
            "numbers": numbers,
            "version": version,
        }
