"""Forms of the tournament pages (the hand forms are in hand_forms.py)."""

import re
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _

import scoring
import scoring.paper
from scoring import standings as ranking
from tarock_cup.tariffs import shipped
from tarock_cup.tariffs.models import Tariff
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.display import option_value_name
from tarock_cup.tournaments.models import ANNOUNCED_FIELDS, Player, Registration, Table, Tournament
from tarock_cup.tournaments.players import PlayerIndex, label, player_key
from tarock_cup.tournaments.widgets import OrderedSelects


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


if TYPE_CHECKING:
    ModelForm = forms.ModelForm
else:

    class ModelForm(forms.ModelForm):
        """Django's ModelForm, which takes the model as a type argument like django-stubs' does."""

        def __class_getitem__(cls, model: Any) -> type:
            return cls


class TournamentForm(ModelForm[Tournament]):
    """A tournament's settings; ruleset options and defaults are offered from the engine's data."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            *ANNOUNCED_FIELDS,
            "ruleset",
            "tariff",
            "hands_four",
            "hands_five",
            "rounds_planned",
            "round_minutes",
            "public",
        ]
        # <input type="date"> reads and writes ISO dates whatever the page's language; a
        # localized value (28.11.2026) would leave it empty and block the save.
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "entry_fee": forms.NumberInput(attrs={"step": "0.01", "min": "0"}),
            "note": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._offer_tariffs(user)
        for name in ("hands_four", "hands_five"):
            # Empty: the ruleset's number (the page's script fills it in on choosing one).
            self.fields[name].required = False
            self.fields[name].help_text = _("Empty: as the ruleset says.")
            if not self.instance.pk:
                self.initial.pop(name, None)
        # Left empty (or not sent by an older page): the time limit stays as it is.
        self.fields["round_minutes"].required = False
        self.option_fields: dict[str, list[str]] = {}
        for ruleset in scoring.rulesets():
            self._add_option_fields(ruleset)
        self._add_tie_breaker_fields()

    def _offer_tariffs(self, user: Any) -> None:
        tariff = self.fields["tariff"]
        assert isinstance(tariff, forms.ModelChoiceField)  # the model's foreign key
        assert tariff.queryset is not None
        # a director is offered their own tariffs and those their tournaments play, not every
        # organiser's (anyone may read those, and import one to use it); and the shipped ones
        shipped.sync()
        tariff.queryset = tariff.queryset.model.objects.offered_to(user, self.instance.tariff_id)
        tariff.help_text = _(
            "Your tariffs and those your tournaments play; another organiser's tariff is used by "
            "importing its JSON file under Tariffs. Empty: the ruleset's own numbers."
        )
        tariff.label_from_instance = lambda tariff: (  # type: ignore[method-assign,assignment]
            f"{tariff} – {_(scoring.RULESETS[tariff.ruleset].name)}"
            if tariff.ruleset in scoring.RULESETS
            else str(tariff)
        )

    def _add_option_fields(self, ruleset: scoring.RulesetInfo) -> None:
        """Add a field for each of the ruleset's options, showing the tournament's choice."""
        # a new tournament may start from a cup's rules (shipped.tournament_start)
        current = self.instance.options
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

    def _add_tie_breaker_fields(self) -> None:
        default = list(self._default_tie_breakers(self.instance.ruleset, self.instance.tariff))
        shown = self.instance.tie_breakers or default
        self.fields["tie_breakers"] = TieBreakersField(
            label=_("Tie-breakers (in this order)"),
            required=False,
            choices=[(key, _(tb.name)) for key, tb in ranking.TIE_BREAKERS.items()],
            initial=shown,
            help_text=_(
                "Ties on the total are broken by the first, then the second, and so on. Until "
                "you change them they follow the ruleset (the order of its cup)."
            ),
        )
        self.fields["tie_breakers"].widget.position_label = _("Tie-breaker %(n)s")
        # The default the tie-breakers show ("" when they are the director's own; the page's
        # script writes the default it fills in): left as shown, they follow the rules chosen.
        self.fields["tie_breakers_default"] = forms.CharField(
            required=False,
            widget=forms.HiddenInput,
            initial=",".join(default) if list(shown) == default else "",
        )

    def clean_round_minutes(self) -> int:
        minutes = self.cleaned_data.get("round_minutes")
        return self.instance.round_minutes if minutes is None else int(minutes)

    def main_fields(self) -> list[forms.BoundField]:
        """Return the bound fields shown before the ruleset options."""
        options = {name for names in self.option_fields.values() for name in names}
        return [
            self[name] for name in self.fields if name not in options and not self[name].is_hidden
        ]

    def option_groups(self) -> list[dict[str, Any]]:
        """Return each ruleset with its option fields (the page shows the chosen one's only)."""
        return [
            {"ruleset": ruleset, "fields": [self[name] for name in self.option_fields[ruleset.key]]}
            for ruleset in scoring.rulesets()
            if self.option_fields[ruleset.key]
        ]

    @staticmethod
    def ruleset_defaults() -> dict[str, dict[str, Any]]:
        """Return each ruleset's hands per round and tie-breakers, for the page's script."""
        shipped.sync()
        return {
            r.key: {
                "hands_four": r.hands_four,
                "hands_five": r.hands_five,
                "tie_breakers": list(r.tie_breakers),
                # the shipped tariffs' and presets' own tie-breakers over this ruleset
                **shipped.tie_breaker_defaults(r.key),
            }
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
        tariff = data.get("tariff")
        if tariff is not None and key and tariff.ruleset != key:
            self.add_error(
                "tariff",
                _("The tariff %(tariff)s is over the ruleset %(ruleset)s: choose that ruleset.")
                % {
                    "tariff": tariff,
                    "ruleset": _(scoring.RULESETS[tariff.ruleset].name)
                    if tariff.ruleset in scoring.RULESETS
                    else tariff.ruleset,
                },
            )
        self.instance.tie_breakers = self._tie_breakers(data)
        self._keep_the_hands_already_played(data)
        return data

    def _tie_breakers(self, data: dict[str, Any]) -> list[str]:
        """Return the tie-breakers to store (the ruleset's default where the shown one was left)."""
        chosen = list(data.get("tie_breakers") or [])
        shown = data.get("tie_breakers_default") or ""
        if data.get("ruleset") and shown and chosen == shown.split(","):
            return list(self._default_tie_breakers(data["ruleset"], data.get("tariff")))
        return chosen

    def _default_tie_breakers(self, ruleset: str, tariff: Tariff | None) -> tuple[str, ...]:
        """Return the tie-breakers the rules chosen start with: a shipped tariff's or preset's
        (the product's data), else the ruleset's cup's."""
        return shipped.default_tie_breakers(ruleset, self.instance.options, tariff)

    def _keep_the_hands_already_played(self, data: dict[str, Any]) -> None:
        # A count below what a table already holds would show it as "16/4" and hide hands.
        if not self.instance.pk:
            return
        most = dict.fromkeys((4, 5), 0)
        tables = (
            Table.objects.filter(round__tournament=self.instance)
            .with_hands_entered()
            .with_seats_counted()
            .only("paper")
        )
        for table in tables:
            kind = 5 if table.seat_count() == 5 else 4
            most[kind] = max(most[kind], table.played())
        for name, size in (("hands_four", 4), ("hands_five", 5)):
            if data.get(name) is not None and data[name] < most[size]:
                self.add_error(
                    name,
                    _("A table of %(size)s already holds %(n)s hands; the count cannot be lower.")
                    % {"size": size, "n": most[size]},
                )


class DirectorForm(forms.Form):
    """Add a director by user name; a new name makes a new account."""

    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        # the first says what is wrong with an invisible sign, the second with any other
        validators=[no_control_characters, UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only."),
    )


def player_number_field() -> forms.IntegerField:
    """Return the optional player-number field: the column's range on every database (a larger
    number crashed the save)."""
    return forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=2_147_483_647
    )


def player_name(text: str) -> str:
    """Return a typed name with its spaces folded; raise ValidationError when nothing is left."""
    name = " ".join(text.split())
    if not name:
        raise forms.ValidationError(_("A name is needed."))
    return name


class PlayerForm(forms.Form):
    """A new player's details: name, club and (a cup's own) number, checked for their form."""

    # At the desk the cursor is back here after each player (a new one, or a name's look-alike).
    name = forms.CharField(
        label=_("Name"),
        max_length=120,
        widget=forms.TextInput(attrs={"autofocus": True}),
        validators=[no_control_characters],
    )
    club = forms.CharField(
        label=_("Club or place"),
        max_length=120,
        required=False,
        validators=[no_control_characters],
    )
    number = player_number_field()

    def clean_name(self) -> str:
        return player_name(self.cleaned_data["name"])

    def clean_club(self) -> str:
        return " ".join(self.cleaned_data.get("club", "").split())


class PlayerEditForm(ModelForm[Player]):
    """Correct a player's name, club or number (the player's, in every tournament)."""

    class Meta:
        model = Player
        fields = ["name", "club", "number"]
        labels = {"name": _("Name"), "club": _("Club or place")}

    number = player_number_field()

    def clean_name(self) -> str:
        return player_name(self.cleaned_data["name"])

    def clean_number(self) -> int:
        # Left empty: the player keeps their number (every player has one).
        number: int | None = self.cleaned_data.get("number")
        return self.instance.number if number is None else number

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


class RegistrationForm(ModelForm[Registration]):
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
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)  # declared above
            field.choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class PaperForm(forms.Form):
    """A table's round from its paper block: each player's round total, hands played, a note.

    Whether the record is a possible round is judged by scoring.paper (via sheets.record_paper),
    whose refusals `add_engine_error` puts at their fields.
    """

    hands = forms.IntegerField(label=_("Hands played"))
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=scoring.paper.MAX_NOTE,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[no_control_characters],
        help_text=_("For example: who signed the block, why it was not entered hand by hand."),
    )

    def __init__(
        self, names: list[str], *args: Any, entered: int = 0, has_paper: bool = False, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.names = names
        for seat, name in enumerate(names):
            self.fields[f"total_{seat}"] = forms.IntegerField(label=name)
        # Hands already on the sheet only give way to a first record when the director says so.
        if entered and not has_paper:
            self.fields["over_hands"] = forms.BooleanField(
                required=False,
                label=_(
                    "Count the paper block instead of the %(n)s hands entered "
                    "(they stay on the sheet)"
                )
                % {"n": entered},
            )

    def total_fields(self) -> list[Any]:
        return [self[f"total_{seat}"] for seat in range(len(self.names))]

    def to_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "totals": [data[f"total_{seat}"] for seat in range(len(self.names))],
            "hands": data["hands"],
            "note": data.get("note") or "",
        }

    @classmethod
    def initial_from(cls, paper: dict[str, Any]) -> dict[str, Any]:
        initial = {"hands": paper["hands"], "note": paper.get("note", "")}
        initial.update({f"total_{seat}": t for seat, t in enumerate(paper["totals"])})
        return initial

    def add_engine_error(self, field: str, message: str) -> None:
        """Put a refusal of scoring.paper at the field it names (the sum above all totals)."""
        if match := re.fullmatch(r"paper\.totals\[(\d+)\]", field):
            self.add_error(f"total_{match.group(1)}", message)
        elif field in ("paper.hands", "paper.note"):
            self.add_error(field.removeprefix("paper."), message)
        else:
            self.add_error(None, message)
