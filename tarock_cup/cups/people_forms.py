"""The forms of a cup's people page and of its next season."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tarock_cup.cups.models import Cup, CupRole


class MemberAddForm(forms.Form):
    """A user to add to the cup, by user name, with the role they get."""

    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=CupRole.choices, initial=CupRole.SCORER)


class MemberRoleForm(forms.Form):
    """A member's new role."""

    role = forms.ChoiceField(label=_("Role"), choices=CupRole.choices)


class NextSeasonForm(forms.ModelForm[Cup]):
    """The next season's name, label and address; the rest is copied from the cup."""

    class Meta:
        model = Cup
        fields = ["name", "season", "slug"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["season"].help_text = _("e.g. 2026/27")
