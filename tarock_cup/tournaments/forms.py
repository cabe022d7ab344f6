"""Forms. The hand form is built from the ruleset data of `scoring`; it only converts between
form fields and the score-sheet format; whether a hand is valid is the engine's decision."""

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import standings as ranking
from tarock_cup.tournaments.display import error_reason, kontra_name, option_value_name
from tarock_cup.tournaments.models import Player, Registration, Tournament
from tarock_cup.tournaments.players import (
    PlayerConflict,
    PlayerIndex,
    find_or_create_player,
    label,
    player_key,
)
from tarock_cup.tournaments.widgets import (
    FastCheckbox,
    FastNumberInput,
    FastSelect,
    FastTextInput,
    OrderedSelects,
)

MANUAL = "manual"
SIDES = [("", "—"), ("declarer", _("declarer's side")), ("defenders", _("defenders"))]
RESULTS = [("made", _("made")), ("failed", _("failed"))]


def kontra_choices(maximum: int) -> list[tuple[int, str]]:
    """Return the kontra levels a ruleset allows, as form choices."""
    return [(level, kontra_name(level)) for level in range(maximum + 1)]


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
            if isinstance(widget, forms.Select):
                copy.choices = widget.choices
            return copy
    return widget


class HandForm(forms.Form):
    """One hand of a table's score sheet, with every field any contract of the ruleset needs."""

    def __init__(
        self,
        ruleset: scoring.RulesetInfo,
        options: Mapping[str, Any],
        players: Sequence[str],
        *args: Any,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.players = list(players)
        # Valat has its own fields; the bonuses get a row each.
        self.bonuses = list(ruleset.bonuses)
        seats = [(str(i), name) for i, name in enumerate(players)]
        optional_seat = [("", "—"), *seats]
        kontra = kontra_choices(ruleset.max_kontra)
        contracts = [
            (c.key, c.name)
            for c in ruleset.contracts
            if not c.requires_option or options.get(c.requires_option)
        ]
        f = self.fields
        f["contract"] = forms.ChoiceField(
            label=_("Contract"),
            choices=[*contracts, (MANUAL, _("Scores entered by hand"))],
            widget=forms.Select(attrs={"autofocus": True}),
        )
        f["declarer"] = forms.TypedChoiceField(
            label=_("Declarer"), choices=optional_seat, coerce=int, empty_value=None, required=False
        )
        f["partner"] = forms.TypedChoiceField(
            label=_("Partner (called King)"),
            choices=optional_seat,
            coerce=int,
            empty_value=None,
            required=False,
        )
        f["king_in_talon"] = forms.BooleanField(label=_("Called King in the talon"), required=False)
        f["surrendered"] = forms.BooleanField(label=_("Given up"), required=False)
        f["points"] = forms.CharField(
            label=_("Card points of the declarer's side"),
            required=False,
            max_length=12,
            help_text=_("e.g. 36, 35/2 or 35 2/3"),
        )
        f["tricks"] = forms.TypedChoiceField(
            label=_("Declarer's tricks"),
            choices=[("", "—")] + [(str(n), str(n)) for n in range(13)],
            coerce=int,
            empty_value=None,
            required=False,
        )
        f["valat"] = forms.ChoiceField(label=_("Valat made by"), choices=SIDES, required=False)
        f["valat_announced_by"] = forms.ChoiceField(
            label=_("Valat announced by"), choices=SIDES, required=False
        )
        f["kontra_game"] = forms.TypedChoiceField(
            label=_("Kontra on the game"), choices=kontra, coerce=int, initial=0, required=False
        )
        if ruleset.rules.valat.is_bonus:
            f["kontra_valat"] = forms.TypedChoiceField(
                label=_("Kontra on the Valat"),
                choices=kontra,
                coerce=int,
                initial=0,
                required=False,
            )
        for bonus in self.bonuses:
            key = bonus.key
            name = {"bonus": _(bonus.name)}
            f[f"b_{key}_side"] = forms.ChoiceField(
                label=_("%(bonus)s: side") % name, choices=SIDES, required=False
            )
            f[f"b_{key}_announced"] = forms.BooleanField(
                label=_("%(bonus)s: announced") % name, required=False
            )
            if bonus.threshold is None:
                # a Sack's or Grammeln's result follows from the card points: not asked
                f[f"b_{key}_result"] = forms.ChoiceField(
                    label=_("%(bonus)s: result") % name,
                    choices=RESULTS,
                    initial="made",
                    required=False,
                )
            f[f"b_{key}_kontra"] = forms.TypedChoiceField(
                label=_("%(bonus)s: Kontra") % name,
                choices=kontra,
                coerce=int,
                initial=0,
                required=False,
            )
        for seat, name in enumerate(players):
            player = {"player": name}
            f[f"kontra_seat_{seat}"] = forms.TypedChoiceField(
                label=_("Kontra by %(player)s") % player,
                choices=kontra,
                coerce=int,
                initial=0,
                required=False,
            )
            f[f"p{seat}_points"] = forms.CharField(
                label=_("%(player)s: card points") % player, required=False, max_length=12
            )
            f[f"p{seat}_tricks"] = forms.TypedChoiceField(
                label=_("%(player)s: tricks") % player,
                choices=[("", "—")] + [(str(n), str(n)) for n in range(13)],
                coerce=int,
                empty_value=None,
                required=False,
            )
            f[f"p{seat}_kontra"] = forms.BooleanField(
                label=_("%(player)s: Kontra") % player, required=False
            )
            f[f"manual_{seat}"] = forms.IntegerField(
                label=_("%(player)s: score") % player,
                required=False,
                min_value=-10_000,
                max_value=10_000,
            )
        if any(c.bei for c in ruleset.contracts):
            bei = sorted({key for c in ruleset.contracts for key in c.bei})
            names = {c.key: c.name for c in ruleset.contracts}
            f["bei_contract"] = forms.ChoiceField(
                label=_("Bei contract"),
                required=False,
                choices=[("", "—")] + [(key, names.get(key, key)) for key in bei],
            )
            f["bei_declarer"] = forms.TypedChoiceField(
                label=_("Second declarer"),
                choices=optional_seat,
                coerce=int,
                empty_value=None,
                required=False,
            )
            f["bei_tricks"] = forms.TypedChoiceField(
                label=_("Second declarer's tricks"),
                choices=[("", "—")] + [(str(n), str(n)) for n in range(13)],
                coerce=int,
                empty_value=None,
                required=False,
            )
            for seat, name in enumerate(players):
                f[f"bei_kontra_seat_{seat}"] = forms.TypedChoiceField(
                    label=_("Kontra by %(player)s on the second declarer") % {"player": name},
                    choices=kontra,
                    coerce=int,
                    initial=0,
                    required=False,
                )
        if ruleset.renonce:
            f["renonce"] = forms.TypedChoiceField(
                label=_("Renonce by"),
                choices=optional_seat,
                coerce=int,
                empty_value=None,
                required=False,
            )
        f["manual_reason"] = forms.CharField(label=_("Reason"), required=False, max_length=200)
        for field in f.values():
            field.widget = fast_widget(field.widget)
            # Controls in table cells have no label element of their own: the label is their
            # accessible name, so that a screen reader says "Trull: announced", "Anna: tricks".
            field.widget.attrs.setdefault("aria-label", str(field.label))

    def bonus_rows(self) -> list[dict[str, Any]]:
        """Return each bonus with its bound fields (result None where the points decide it)."""
        return [
            {
                "bonus": bonus,
                **{
                    part: self[f"b_{bonus.key}_{part}"]
                    if f"b_{bonus.key}_{part}" in self.fields
                    else None
                    for part in ("side", "announced", "result", "kontra")
                },
            }
            for bonus in self.bonuses
        ]

    def error_list(self) -> list[dict[str, str]]:
        """Return the field errors with the label of their field (which names the player or
        bonus), for the list beside the preview."""
        return [
            {"field": name, "label": str(self.fields[name].label), "message": message}
            for name, messages in self.errors.items()
            if name in self.fields
            for message in messages
        ]

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return each seat with its bound fields (kontra, Trischaken, manual scores, bei)."""
        rows = []
        for seat, name in enumerate(self.players):
            row = {
                "seat": seat,
                "name": name,
                "kontra": self[f"kontra_seat_{seat}"],
                "points": self[f"p{seat}_points"],
                "tricks": self[f"p{seat}_tricks"],
                "fahren_kontra": self[f"p{seat}_kontra"],
                "manual": self[f"manual_{seat}"],
            }
            if f"bei_kontra_seat_{seat}" in self.fields:
                row["bei_kontra"] = self[f"bei_kontra_seat_{seat}"]
            rows.append(row)
        return rows

    # -- converting to and from the score-sheet format -------------------------------------

    def contract_info(self) -> scoring.ContractInfo | None:
        """Return the chosen contract's data (None for a hand entered by hand)."""
        key = self.cleaned_data.get("contract")
        return next((c for c in self.ruleset.contracts if c.key == key), None)

    def to_hand(self) -> dict[str, Any]:
        """Return the hand in the score-sheet format (call after is_valid())."""
        data = self.cleaned_data
        seats = range(len(self.players))
        if data["contract"] == MANUAL:
            return {
                "manual": {
                    "scores": [data.get(f"manual_{s}") or 0 for s in seats],
                    "reason": data.get("manual_reason", "").strip(),
                }
            }
        contract = self.contract_info()
        assert contract is not None
        hand: dict[str, Any] = {"contract": contract.key}
        if data.get("renonce") is not None:
            hand["renonce"] = data["renonce"]
        if contract.family == scoring.Family.TRISCHAKEN:
            hand["players"] = [self._player_entry(s) for s in seats]
            return hand
        hand["declarer"] = data.get("declarer")
        if contract.family == scoring.Family.NEGATIVE:
            hand["tricks"] = data.get("tricks")
            hand["kontra_by_seat"] = [data.get(f"kontra_seat_{s}") or 0 for s in seats]
            if data.get("bei_contract"):
                hand["bei"] = {
                    "contract": data["bei_contract"],
                    "declarer": data.get("bei_declarer"),
                    "tricks": data.get("bei_tricks"),
                    "kontra_by_seat": [data.get(f"bei_kontra_seat_{s}") or 0 for s in seats],
                }
            return hand
        hand["partner"] = data.get("partner") if contract.calls_king else None
        hand["king_in_talon"] = bool(data.get("king_in_talon"))
        hand["surrendered"] = bool(data.get("surrendered"))
        valat, announced_by = data.get("valat") or None, data.get("valat_announced_by") or None
        if data.get("points", "").strip() and valat is None:
            # a made Valat needs no card points; the form hides the field then
            hand["points"] = data["points"].strip()
        hand["valat"] = valat
        hand["valat_announced"] = announced_by is not None
        if valat is None and announced_by == "defenders":
            hand["valat_announced_by"] = "defenders"
        elif valat is not None and announced_by not in (None, valat):
            # A side announced Valat and the other side took every trick.
            hand["valat_announced"] = False
            hand["valat_announced_by"] = announced_by
        kontra = {"game": data.get("kontra_game") or 0}
        if data.get("kontra_valat"):
            kontra["valat"] = data["kontra_valat"]
        bonuses = []
        for bonus in self.bonuses:
            side = data.get(f"b_{bonus.key}_side")
            if not side:
                continue
            entry = {
                "bonus": bonus.key,
                "side": side,
                "announced": bool(data.get(f"b_{bonus.key}_announced")),
            }
            if bonus.threshold is None:  # otherwise the engine takes it from the points
                entry["result"] = data.get(f"b_{bonus.key}_result") or "made"
            bonuses.append(entry)
            if data.get(f"b_{bonus.key}_kontra"):
                kontra[bonus.key] = data[f"b_{bonus.key}_kontra"]
        hand["kontra"] = {key: level for key, level in kontra.items() if level}
        hand["bonuses"] = bonuses
        return hand

    def _player_entry(self, seat: int) -> dict[str, Any] | None:
        data = self.cleaned_data
        points, tricks = data.get(f"p{seat}_points", "").strip(), data.get(f"p{seat}_tricks")
        if not points and tricks is None:
            return None
        entry: dict[str, Any] = {"points": points, "tricks": tricks}
        if data.get(f"p{seat}_kontra"):
            entry["kontra"] = True
        return entry

    @staticmethod
    def initial_from(hand: Mapping[str, Any]) -> dict[str, Any]:
        """Return form initial values for a stored hand."""
        if "manual" in hand:
            manual = hand["manual"]
            initial: dict[str, Any] = {"contract": MANUAL, "manual_reason": manual.get("reason")}
            initial.update({f"manual_{s}": v for s, v in enumerate(manual.get("scores", []))})
            return initial
        initial = {
            key: hand.get(key)
            for key in (
                "contract",
                "declarer",
                "partner",
                "king_in_talon",
                "surrendered",
                "tricks",
                "renonce",
            )
        }
        initial["points"] = "" if hand.get("points") is None else str(hand["points"])
        if hand.get("valat"):
            initial["valat"] = hand["valat"]
        if hand.get("valat_announced_by"):
            initial["valat_announced_by"] = hand["valat_announced_by"]
        elif hand.get("valat_announced"):
            initial["valat_announced_by"] = hand.get("valat") or "declarer"
        for key, level in (hand.get("kontra") or {}).items():
            initial[
                "kontra_game"
                if key == "game"
                else "kontra_valat"
                if key == "valat"
                else f"b_{key}_kontra"
            ] = level
        for entry in hand.get("bonuses") or []:
            key = entry.get("bonus")
            initial[f"b_{key}_side"] = entry.get("side")
            initial[f"b_{key}_announced"] = entry.get("announced")
            initial[f"b_{key}_result"] = entry.get("result")
        for seat, level in enumerate(hand.get("kontra_by_seat") or []):
            initial[f"kontra_seat_{seat}"] = level
        for seat, entry in enumerate(hand.get("players") or []):
            if entry:
                initial[f"p{seat}_points"] = entry.get("points")
                initial[f"p{seat}_tricks"] = entry.get("tricks")
                initial[f"p{seat}_kontra"] = entry.get("kontra", False)
        bei = hand.get("bei")
        if bei:
            initial.update(
                bei_contract=bei.get("contract"),
                bei_declarer=bei.get("declarer"),
                bei_tricks=bei.get("tricks"),
            )
            for seat, level in enumerate(bei.get("kontra_by_seat") or []):
                initial[f"bei_kontra_seat_{seat}"] = level
        return initial

    def field_for_error(self, path: str) -> str | None:
        """Return the form field an engine error path belongs to (None: the whole form)."""
        if match := re.fullmatch(r"bonuses\[(\d+)\]\.(\w+)", path):
            entries = self.to_hand().get("bonuses", [])
            index = int(match.group(1))
            if index < len(entries):
                field = {"bonus": "side", "side": "side"}.get(match.group(2), match.group(2))
                name = f"b_{entries[index]['bonus']}_{field}"
                # a Sack's result is the card points' verdict: the error belongs to the points
                return name if name in self.fields else "points"
            return None
        if match := re.fullmatch(r"players\[(\d+)\](?:\.(\w+))?", path):
            return f"p{match.group(1)}_{match.group(2) or 'points'}"
        if match := re.fullmatch(r"(bei\.)?kontra_by_seat\[(\d+)\]", path):
            return f"{'bei_' if match.group(1) else ''}kontra_seat_{match.group(2)}"
        if match := re.fullmatch(r"kontra\.(\w+)", path):
            key = match.group(1)
            return (
                "kontra_game"
                if key == "game"
                else "kontra_valat"
                if key == "valat"
                else f"b_{key}_kontra"
            )
        if match := re.fullmatch(r"bei\.(\w+)", path):
            return f"bei_{match.group(1)}"
        if path.startswith("manual.reason"):
            return "manual_reason"
        if path.startswith("valat"):
            return "valat"
        field = path.split(".")[0].split("[")[0]
        return field if field in self.fields else None

    def add_engine_error(self, error: scoring.ScoringError) -> None:
        """Show the engine's message beside the field it names."""
        field = self.field_for_error(error.field)
        self.add_error(field if field in self.fields else None, error_reason(error))


class TieBreakersField(forms.MultipleChoiceField):
    """Tie-breakers in the chosen order; empty positions are left out, none may come twice."""

    widget = OrderedSelects

    def clean(self, value: Any) -> list[str]:
        chosen = [key for key in (value or []) if key]
        for key in chosen:
            if chosen.count(key) > 1:
                raise forms.ValidationError(
                    _("“%(name)s” is chosen twice; each tie-breaker can be used once."),
                    code="twice",
                    params={"name": _(ranking.TIE_BREAKERS[key].name)}
                    if key in ranking.TIE_BREAKERS
                    else {"name": key},
                )
        return list(super().clean(chosen))


class TournamentForm(forms.ModelForm):
    """A tournament's settings; ruleset options and defaults are offered from the engine's data."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "date",
            "venue",
            "ruleset",
            "hands_four",
            "hands_five",
            "rounds_planned",
            "public",
        ]
        # <input type="date"> reads and writes ISO dates whatever the page's language; a
        # localized value (28.11.2026) would leave it empty and block the save.
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("hands_four", "hands_five"):
            # Empty: the ruleset's number (the page's script fills it in on choosing one).
            self.fields[name].required = False
            self.fields[name].help_text = _("Empty: as the ruleset says.")
            if not self.instance.pk:
                self.initial.pop(name, None)
        current = self.instance.options if self.instance.pk else {}
        self.option_fields: dict[str, list[str]] = {}
        for ruleset in scoring.rulesets():
            names = self.option_fields.setdefault(ruleset.key, [])
            for option in ruleset.options:
                name = f"opt_{ruleset.key}_{option.key}"
                names.append(name)
                value = (
                    current.get(option.key, option.default)
                    if self.instance.ruleset == ruleset.key
                    else option.default
                )
                if isinstance(option.default, bool):
                    self.fields[name] = forms.BooleanField(
                        label=_(option.name), required=False, initial=value
                    )
                else:
                    self.fields[name] = forms.ChoiceField(
                        label=_(option.name),
                        required=False,
                        initial=value,
                        choices=[(c, option_value_name(c)) for c in option.choices],
                    )
        self.fields["tie_breakers"] = TieBreakersField(
            label=_("Tie-breakers (in this order)"),
            required=False,
            choices=[(key, _(tb.name)) for key, tb in ranking.TIE_BREAKERS.items()],
            initial=self.instance.tie_breakers or list(ranking.DEFAULT_TIE_BREAKERS),
            help_text=_("Ties on the total are broken by the first, then the second, and so on."),
        )
        self.fields["tie_breakers"].widget.position_label = _("Tie-breaker %(n)s")

    def main_fields(self) -> list[forms.BoundField]:
        """Return the bound fields shown before the ruleset options."""
        options = {name for names in self.option_fields.values() for name in names}
        return [self[name] for name in self.fields if name not in options]

    def option_groups(self) -> list[dict[str, Any]]:
        """Return each ruleset with its option fields (the page shows the chosen one's only)."""
        return [
            {"ruleset": ruleset, "fields": [self[name] for name in self.option_fields[ruleset.key]]}
            for ruleset in scoring.rulesets()
            if self.option_fields[ruleset.key]
        ]

    @staticmethod
    def ruleset_defaults() -> dict[str, dict[str, int]]:
        """Return each ruleset's hands per round, for the page's script."""
        return {
            r.key: {"hands_four": r.hands_four, "hands_five": r.hands_five}
            for r in scoring.rulesets()
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        key = data.get("ruleset")
        if key:
            ruleset = scoring.get_ruleset(key)
            self.instance.options = {
                option.key: data.get(f"opt_{key}_{option.key}")
                for option in ruleset.options
                if data.get(f"opt_{key}_{option.key}") != option.default
            }
            for name in ("hands_four", "hands_five"):
                if data.get(name) is None and name not in self.errors:
                    data[name] = getattr(ruleset, name)
                    setattr(self.instance, name, data[name])
        self.instance.tie_breakers = data.get("tie_breakers") or []
        return data


class DirectorForm(forms.Form):
    """Add a director by user name; a new name makes a new account."""

    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only."),
    )


class PlayerForm(forms.Form):
    """Register a player: an existing one by number, or by name and club, or a new one."""

    name = forms.CharField(
        label=_("Name"), max_length=120, widget=forms.TextInput(attrs={"autofocus": True})
    )
    club = forms.CharField(label=_("Club or place"), max_length=120, required=False)
    # The column's range on every database (a larger number crashed the save).
    number = forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=2_147_483_647
    )

    def __init__(self, *args: Any, tournament: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A name is needed."))
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "name" in data:
            try:
                PlayerIndex.everyone().match(data["name"], data.get("club", ""), data.get("number"))
            except PlayerConflict as conflict:
                self.add_error("number" if data.get("number") else None, str(conflict))
        return data

    def save(self) -> Registration:
        """Register the player (found or created by the import's rule); call in a transaction."""
        data = self.cleaned_data
        player, _created = find_or_create_player(
            data["name"], data.get("club", ""), data.get("number")
        )
        registration, created = Registration.objects.get_or_create(
            tournament=self.tournament, player=player, defaults={"checked_in": True}
        )
        self.created = created
        return registration


class PlayerEditForm(forms.ModelForm):
    """Correct a player's name, club or number (the player's, in every tournament)."""

    class Meta:
        model = Player
        fields = ["name", "club", "number"]
        labels = {"name": _("Name"), "club": _("Club or place")}

    number = forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=2_147_483_647
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A name is needed."))
        return name

    def clean_club(self) -> str:
        return " ".join(self.cleaned_data.get("club", "").split())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        name, club = data.get("name"), data.get("club", "")
        if name:
            others = PlayerIndex(Player.objects.exclude(pk=self.instance.pk))
            twin = others.by_name.get((player_key(name), player_key(club)))
            if twin is not None:
                self.add_error(
                    "name",
                    _("Another player is already called so: %(player)s.") % {"player": label(twin)},
                )
        return data


class RegistrationForm(forms.ModelForm):
    """One row of the registered players: checked in, withdrawn."""

    class Meta:
        model = Registration
        fields = ["checked_in", "withdrawn"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The boxes stand in columns; each is named with its player for screen readers.
        name = self.instance.player.name if self.instance.pk else ""
        self.fields["checked_in"].widget.attrs["aria-label"] = _("%(name)s checked in") % {
            "name": name
        }
        self.fields["withdrawn"].widget.attrs["aria-label"] = _("%(name)s withdrawn") % {
            "name": name
        }


# edit_only: a tampered management form must not make the formset create registrations.
RegistrationFormSet = forms.modelformset_factory(
    Registration, form=RegistrationForm, extra=0, edit_only=True
)


class SwapForm(forms.Form):
    """Exchange two players' seats before play starts."""

    first = forms.TypedChoiceField(label=_("Player"), coerce=int)
    second = forms.TypedChoiceField(label=_("swap with"), coerce=int)

    def __init__(self, round_: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = round_.seats.select_related("player", "table").order_by("table__number", "position")
        choices = [
            (s.player_id, f"{s.table.number}/{s.position + 1}: {s.player.name}") for s in seats
        ]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
