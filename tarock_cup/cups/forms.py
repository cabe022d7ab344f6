"""The cup's form (its rules and tournaments) and the form importing a past ranking.

The cup's people are chosen on their own page (`people_views`), not here.
"""

from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.db.models import Q, QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import ScoringError
from scoring.season import READY_MADE, season_from_json, season_to_json
from tarock_cup.cups import rankings
from tarock_cup.cups.models import Cup
from tarock_cup.imports.forms import read_upload
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.access import own_tournaments, visible_tournaments
from tarock_cup.tournaments.display import error_reason
from tarock_cup.tournaments.models import Tournament
from tarock_cup.uploads import MAX_UPLOAD, name_limit

CUSTOM = {
    "power": _("Own numbers: formula by rank (maximum, exponent)"),
    "table": _("Own numbers: fixed points by rank"),
    "score": _("Own numbers: from the tournament score (full points, cap)"),
}


def _rule_json(system: str, data: dict[str, Any]) -> dict[str, Any]:
    for ready in READY_MADE:
        if ready.key == system:
            return season_from_json_points(ready.rule)
    if system == "power":
        return {"method": "power", "max": data.get("max"), "exponent": data.get("exponent")}
    if system == "table":
        return {"method": "table", "points": data.get("table_points") or []}
    return {"method": "score", "full": data.get("full"), "cap": data.get("cap")}


# The season's fields as the engine names them in its errors, and the form's fields they are.
ENGINE_FIELDS = {
    "best": "best",
    "final_factor": "final_factor",
    "qualify": "qualify",
    "points.max": "max",
    "points.exponent": "exponent",
    "points.points": "table_points",
    "points.full": "full",
    "points.cap": "cap",
}


def form_field(engine_field: str) -> str | None:
    """Return the cup form's field of a field the engine refuses (None: the form as a whole)."""
    return ENGINE_FIELDS.get(engine_field.split("[", 1)[0])


def season_from_json_points(rule: Any) -> dict[str, Any]:
    """Return a ready-made rule as the season's JSON writes it."""
    from scoring.season import Season

    return dict(season_to_json(Season(rule, ()))["points"])


def system_of(points: dict[str, Any]) -> str:
    """Return the form's choice for a stored rule: the ready-made one it equals, or own numbers."""
    for ready in READY_MADE:
        if season_from_json_points(ready.rule) == points:
            return ready.key
    return str(points.get("method", "power"))


def tournaments_for(user: Any) -> QuerySet[Tournament]:
    """Return the tournaments an organiser or deputy may add to a cup: those they own or are
    named a director of.

    Adding another director's tournament would let a cup's people direct it and merge its
    players; its own director adds it to the cup (as one of the cup's people) on purpose. One
    directed only through a cup is not passed on to another cup either.
    """
    return own_tournaments(user)


def _tournament_label(tournament: Tournament) -> str:
    return f"{date_format(tournament.date, 'SHORT_DATE_FORMAT')} {tournament.name}"


def _labeller(user: Any, pool: QuerySet[Tournament]) -> Callable[[Tournament], str]:
    """Return the label of a tournament on the form, without the name where it is hidden."""
    visible = set(
        visible_tournaments(user).filter(pk__in=pool.values("pk")).values_list("pk", flat=True)
    )

    def label(tournament: Tournament) -> str:
        if tournament.pk in visible:
            return _tournament_label(tournament)
        # Kept in the cup by its director; whoever cannot see it learns nothing of it here.
        return gettext("A tournament that is not public")

    return label


class PointsListField(forms.CharField):
    # A text field whose cleaned value is the list of numbers it names, not the text.
    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]
        text = super().to_python(value) or ""
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise forms.ValidationError(
                _("Write whole numbers separated by commas, e.g. 100, 80, 60.")
            ) from None


class CupForm(forms.ModelForm[Cup]):
    system = forms.ChoiceField(label=_("Cup points"))
    max = forms.DecimalField(label=_("Maximum (winner's points)"), required=False, min_value=1)
    exponent = forms.DecimalField(label=_("Exponent"), required=False, min_value=0)
    table_points = PointsListField(
        label=_("Points by rank"),
        required=False,
        max_length=2000,
        help_text=_("e.g. 100, 80, 60, 50"),
    )
    full = forms.IntegerField(label=_("Full points up to"), required=False, min_value=1)
    cap = forms.IntegerField(label=_("Cap"), required=False, min_value=1)
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Tournaments"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    final = forms.ModelChoiceField(
        label=_("Final"), queryset=Tournament.objects.none(), required=False
    )

    class Meta:
        model = Cup
        fields = ["name", "slug", "season", "best", "final_factor", "qualify", "public"]

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["system"]).choices = [
            # The engine marks its labels for translation; they are translated here.
            *((r.key, gettext(r.label)) for r in READY_MADE),
            *CUSTOM.items(),
        ]
        # Tournaments already in the cup stay choosable (their directors added them), even
        # hidden ones, which are not named to those who cannot see them.
        pool = tournaments_for(user)
        if self.instance.pk:
            pool = Tournament.objects.filter(
                Q(pk__in=pool.values("pk")) | Q(pk__in=self.instance.entries.values("tournament"))
            )
        pool = pool.order_by("-date", "name")
        label = _labeller(user, pool)
        for name in ("tournaments", "final"):
            field = cast("forms.ModelChoiceField[Tournament]", self.fields[name])
            field.queryset = pool
            # Django lets a form replace the label of each choice on the field itself.
            field.label_from_instance = label  # type: ignore[method-assign, assignment]
        if self.instance.pk:
            points = self.instance.points
            self.initial["system"] = system_of(points)
            for name, key in (
                ("max", "max"),
                ("exponent", "exponent"),
                ("full", "full"),
                ("cap", "cap"),
            ):
                self.initial.setdefault(name, points.get(key))
            if points.get("method") == "table":
                self.initial["table_points"] = ", ".join(str(p) for p in points["points"])
            entries = self.instance.entries.all()
            self.initial["tournaments"] = [e.tournament_id for e in entries]
            self.initial["final"] = next((e.tournament_id for e in entries if e.final), None)
            if not self.instance.is_organiser(user):
                # A deputy chooses the tournaments; the settings stay as the organisers made
                # them (a disabled field keeps its stored value whatever is sent).
                for name in self.fields.keys() - {"tournaments", "final"}:
                    self.fields[name].disabled = True

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        system = data.get("system")
        if not system:
            return data
        settings: dict[str, Any] = {
            "points": _rule_json(system, data),
            "best": data.get("best"),
            "final_factor": data.get("final_factor"),
            "qualify": data.get("qualify"),
            "tournaments": [],
        }
        try:
            # The engine checks every setting a season is ranked by and names the one it
            # refuses: what it accepts here, the cup page can always rank.
            season = season_from_json(settings)
        except ScoringError as error:
            self.add_error(form_field(error.field), error_reason(error))
            return data
        # Stored as the season's JSON writes it: whole numbers and decimals JSON can hold.
        data["points"] = season_to_json(season)["points"]
        if self.instance.pk and self.instance.season_closed and self._changes_ranking(data):
            self.add_error(None, Cup.closed_season_text())
        return data

    def _changes_ranking(self, data: dict[str, Any]) -> bool:
        """Return whether the form changes what the season's ranking is made of."""
        cup = Cup.objects.get(pk=self.instance.pk)  # as stored: the form's instance is edited
        entries = list(cup.entries.values_list("tournament_id", "final"))
        chosen = {t.pk for t in data.get("tournaments") or ()}
        final = data.get("final")
        if final is not None:
            chosen.add(final.pk)
        stored = (cup.points, cup.best, cup.final_factor, cup.qualify)
        stored_final = next((pk for pk, is_final in entries if is_final), None)
        return (
            stored
            != (data["points"], data.get("best"), data.get("final_factor"), data.get("qualify"))
            or chosen != {pk for pk, _final in entries}
            or (final.pk if final is not None else None) != stored_final
        )


class RankingImportForm(forms.Form):
    """A past tournament's final ranking; cleaned_data["places"] holds its checked places."""

    name = forms.CharField(
        label=_("Tournament"), max_length=160, validators=[no_control_characters]
    )
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    final = forms.BooleanField(label=_("This tournament is the cup's final"), required=False)
    file = forms.FileField(
        label=_("Final ranking"),
        allow_empty_file=True,
        help_text=name_limit(
            _(
                "An Excel workbook (.xlsx), a CSV file or a season's JSON, at most %(mb)s MB. The "
                "first row names the columns: Platz, Name, Verein and Punkte (the tournament "
                "score) – in any order; Punkte is needed where the cup's points come from the "
                "scores."
            )
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt,.json"}),
    )
    tournament_id = forms.CharField(
        label=_("Tournament in a season's JSON"),
        required=False,
        max_length=200,
        help_text=_("Only for a season's JSON with several tournaments: the id of the one."),
    )

    def __init__(self, *args: Any, cup: Cup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cup = cup

    def clean_final(self) -> bool:
        final = bool(self.cleaned_data.get("final"))
        current = self.cup.entries.filter(final=True).select_related("tournament").first()
        if final and current is not None:
            raise forms.ValidationError(
                _("The cup already has a final: %(name)s.") % {"name": current.tournament.name}
            )
        return final

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("file")
        if upload is None or "file" in self.errors:
            return data
        try:
            content = read_upload(upload, MAX_UPLOAD)
            data["places"] = rankings.read_ranking(
                upload.name or "",
                content,
                needs_scores=rankings.needs_scores(self.cup),
                tournament_id=data.get("tournament_id", "").strip(),
            )
        except forms.ValidationError as error:
            self.add_error("file", error)
        except rankings.RankingFileError as error:
            self.add_error("file", str(error))
        return data
