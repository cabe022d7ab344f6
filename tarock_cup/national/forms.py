"""The national final's forms: the final itself, its settings (final points and the final
tournament), and inviting a cup with its level."""

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.oef import OefError
from tarock_cup.cups.models import Cup
from tarock_cup.national.levels import level_choices, parse_table, preset
from tarock_cup.national.models import OWN_LEVEL, NationalFinal
from tarock_cup.tournaments.display import error_reason
from tarock_cup.tournaments.models import Tournament

# The ruleset the final day plays (the ÖF's 2021 tournament rules list the Upper Austrian values).
FINAL_RULESET = "ooe"


def table_error(error: OefError, label: str) -> str:
    """Return the engine's refusal of a typed points table, naming the field and the entry."""
    where = error.field.rsplit("[", 1)
    if len(where) == 2:
        rank = int(where[1].rstrip("]")) + 1
        return gettext("%(field)s, entry %(n)s: %(reason)s") % {
            "field": label,
            "n": rank,
            "reason": error_reason(error),
        }
    return gettext("%(field)s: %(reason)s") % {"field": label, "reason": error_reason(error)}


def table_text(points: Any) -> str:
    """Return a stored points table as the form shows it."""
    return ", ".join(str(p) for p in points or ())


# Short names the site's own pages take below national/ (a final of that name had no page).
TAKEN_SLUGS = {"new"}


class NationalFinalForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = NationalFinal
        fields = ["name", "slug", "season"]

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data["slug"]
        if slug.lower() in TAKEN_SLUGS:
            raise forms.ValidationError(
                gettext("Short name: “%(slug)s” is a page of the site; choose another.")
                % {"slug": slug}
            )
        return slug


class FinalSettingsForm(forms.Form):
    """The final's points table and the tournament that is the final day."""

    final_points = forms.CharField(
        label=_("Final points by final rank"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Rank 1 first, apart by commas; none negative, none more than the one before."),
    )
    tournament = forms.SlugField(
        label=_("Final tournament (its short name)"),
        required=False,
        help_text=_("A public tournament of the Upper Austrian rules, or an imported ranking."),
    )

    def clean_final_points(self) -> list[int]:
        text = self.cleaned_data["final_points"]
        if not text.strip():
            return []
        try:
            return list(parse_table(text, "final_points"))
        except OefError as error:
            raise forms.ValidationError(table_error(error, gettext("Final points"))) from None

    def clean_tournament(self) -> Tournament | None:
        slug = self.cleaned_data["tournament"]
        if not slug:
            return None
        # Only a public tournament: the national ranking is public.
        found = Tournament.objects.filter(slug=slug, public=True).first()
        if found is None:
            raise forms.ValidationError(
                gettext("Final tournament: there is no public tournament “%(slug)s”.")
                % {"slug": slug}
            )
        imported = hasattr(found, "imported_ranking")
        if not imported and found.ruleset != FINAL_RULESET:
            raise forms.ValidationError(
                gettext("Final tournament: “%(name)s” does not play the Upper Austrian rules.")
                % {"name": found.name}
            )
        return found


class InviteForm(forms.Form):
    """A cup invited to the final, with the level that prices its ranks."""

    cup = forms.ModelChoiceField(queryset=Cup.objects.none(), label=_("Cup"))
    level = forms.ChoiceField(
        label=_("Level"),
        choices=(),
        # radio buttons: each preset's cups and source stay readable on a phone
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": _(
                "Level: %(value)s is not one of L40, L60, L80 or a table of your own."
            )
        },
    )
    own_points = forms.CharField(
        label=_("Own table: qualifying points by cup rank"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Only for a table of your own: rank 1 first, apart by commas."),
    )

    def __init__(self, *args: Any, cups: QuerySet[Cup], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cup"].queryset = cups  # type: ignore[attr-defined]
        self.fields["level"].choices = level_choices()  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        level = data.get("level")
        text = data.get("own_points") or ""
        if level == OWN_LEVEL:
            try:
                data["own_points"] = list(parse_table(text, "own_points"))
            except OefError as error:
                message = table_error(error, gettext("Own table"))
                self.add_error("own_points", message)
        elif level is not None and preset(level) is not None:
            data["own_points"] = None
            if text.strip():
                self.add_error(
                    "own_points",
                    gettext("Own table: leave it empty, or choose “a table of your own”."),
                )
        return data
