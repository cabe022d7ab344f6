"""The forms of signing on: the player's own, and the director's rules for it."""

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tarock_cup.signon.models import SignOn, SignOnRules

# Digits with the signs people write numbers with: +43 664 123 45 67, 0664/1234567, (0662) 12-34.
PHONE = re.compile(r"\+?[0-9 ()/.-]{4,40}")


class SignOnForm(forms.ModelForm[SignOn]):
    """A player signing on: name and club, a phone number or e-mail address if they like."""

    class Meta:
        model = SignOn
        fields = ["name", "club", "phone", "email"]
        labels = {
            "name": _("Your name"),
            "club": _("Club or place"),
            "phone": _("Phone (optional)"),
            "email": _("E-mail (optional)"),
        }
        widgets = {
            "name": forms.TextInput(attrs={"autocomplete": "name"}),
            "phone": forms.TextInput(attrs={"autocomplete": "tel", "inputmode": "tel"}),
            "email": forms.EmailInput(attrs={"autocomplete": "email"}),
        }

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Please write your name."))
        return name

    def clean_club(self) -> str:
        return " ".join(self.cleaned_data.get("club", "").split())

    def clean_phone(self) -> str:
        phone: str = self.cleaned_data.get("phone", "").strip()
        if phone and not PHONE.fullmatch(phone):
            raise forms.ValidationError(
                _("A phone number has digits, spaces and + / - ( ) only, e.g. +43 664 1234567.")
            )
        return phone


class SignOnRulesForm(forms.ModelForm[SignOnRules]):
    """The director's rules: sign-ons taken or not, until when, and how many places."""

    class Meta:
        model = SignOnRules
        fields = ["open", "closes_at", "capacity"]
        widgets = {
            "closes_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        help_texts = {
            "closes_at": _("Empty: until the first round is drawn."),
            "capacity": _(
                "Players registered directly count too. Empty: no limit. Beyond it players "
                "wait and move up as others sign off."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["closes_at"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
