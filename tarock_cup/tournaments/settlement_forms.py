"""The form of a tournament's settlement settings: the value of a point, the kontra money, the
entry fee and the prizes. Amounts are typed in euros and kept in cents."""

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from scoring import settlement as money
from tarock_cup.tournaments.display import error_reason
from tarock_cup.tournaments.forms import ModelForm
from tarock_cup.tournaments.models import Settlement, Tournament
from tarock_cup.tournaments.settlement import cents_of, euro, prize_table

# "1 = 50", "2: 30,50", "3 20 €"
PRIZE_LINE = re.compile(r"^\s*(\d{1,3})\s*[=:.]?\s*(-?\d{1,6}(?:[.,]\d{1,2})?)\s*€?\s*$")


def euro_field(label: Any, help_text: Any = "", digits: int = 8) -> forms.DecimalField:
    """Return a field for an amount in euros (0 or more, whole cents, at most `digits` digits)."""
    return forms.DecimalField(
        label=label,
        help_text=help_text,
        required=False,
        min_value=Decimal(0),
        max_digits=digits,
        decimal_places=2,
        localize=True,
        error_messages={"min_value": _("An amount cannot be negative.")},
    )


class SettlementForm(ModelForm[Settlement]):
    """A tournament's settlement settings; refusals change nothing."""

    # the tournament's own field holds at most 9999.99 €
    entry_fee = euro_field(_("entry fee per player (euro)"), digits=6)
    x_euro = euro_field(
        _("X of the field-size rule (euro)"), _("Rank 1 gets ⌊(n−1)/2⌋ · 3 · X, rank 2 · 2, 3 · 1.")
    )
    prize_lines = forms.CharField(
        label=_("fixed prizes (euro)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One line per rank: the rank and the amount, e.g. “1 = 50”."),
    )

    class Meta:
        model = Settlement
        fields = ["cents", "kontras", "prize_rule", "prizes_exceed_fees"]
        widgets = {"kontras": forms.RadioSelect, "prize_rule": forms.RadioSelect}
        error_messages = {
            "cents": {"min_value": _("The value of a point cannot be negative.")},
        }

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.instance.tournament = tournament
        self.fields["cents"].widget.attrs["min"] = "0"
        if not self.is_bound:
            self.initial["entry_fee"] = tournament.entry_fee
            self.initial["x_euro"] = Decimal(self.instance.prize_x) / 100
            self.initial["prize_lines"] = "\n".join(
                f"{rank} = {Decimal(cents) / 100}"
                for rank, cents in enumerate(self.instance.prizes, start=1)
            )

    def clean_prize_lines(self) -> list[int]:
        """Return the fixed prizes by rank in cents (checked by the engine)."""
        entries = []
        for number, text in enumerate(self.cleaned_data["prize_lines"].splitlines(), start=1):
            if not text.strip():
                continue
            match = PRIZE_LINE.match(text)
            if match is None:
                raise forms.ValidationError(
                    _("Line %(n)s: write a rank and an amount, e.g. “1 = 50”."),
                    params={"n": number},
                )
            amount = Decimal(match[2].replace(",", "."))
            entries.append((int(match[1]), int(amount * 100)))
        try:
            return list(money.check_prizes(entries))
        except money.SettlementError as error:
            raise forms.ValidationError(error_reason(error)) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        rule = data.get("prize_rule")
        if rule == Settlement.Prizes.FIXED and not data.get("prize_lines"):
            self.add_error("prize_lines", _("Give the prize of rank 1 at least."))
            return data
        # the model's fields reach the instance only after clean(): the balance needs them now
        self.instance.prize_rule = rule or ""
        self.instance.prizes = data.get("prize_lines") or []
        self.instance.prize_x = cents_of(data.get("x_euro"))
        self._check_balance(data)
        return data

    def _check_balance(self, data: dict[str, Any]) -> None:
        """Refuse prizes above the fees of the players registered, unless the director allows it."""
        players = self.tournament.registrations.filter(withdrawn=False).count()
        day = money.payout(
            players, cents_of(data.get("entry_fee")), prize_table(self.instance, players)
        )
        if day.balance < 0 and not data.get("prizes_exceed_fees"):
            self.add_error(
                "prizes_exceed_fees",
                _(
                    "The prizes (%(prizes)s) pay more than the entry fees of %(n)s players "
                    "(%(fees)s). Tick this box if that is meant."
                )
                % {"prizes": euro(day.paid), "fees": euro(day.fees), "n": players},
            )

    def save_all(self) -> Settlement:
        """Save the settings and the tournament's entry fee together."""
        with transaction.atomic():
            settings = self.save()
            self.tournament.entry_fee = self.cleaned_data.get("entry_fee")
            self.tournament.save(update_fields=["entry_fee"])
        return settings
