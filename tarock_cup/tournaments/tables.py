"""Tables declared once; templates only render them."""

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring import standings as ranking
from tarock_cup.tournaments import display
from tarock_cup.tournaments.standings import Row


def _header(bound_column: Any) -> str:
    return str(bound_column.header)


class NumberColumn(tables.Column):
    """A score column: shows negatives with the typographic minus, orders by the number."""

    def render(self, value: Any) -> str:
        return display.number_text(value)


class StandingsTable(tables.Table):
    # Each cell carries its column's name as a class, and the cells after the total their
    # header as data-label: on a phone the row folds into place, name and total on one line
    # with the rest labelled below (static/css/site.css), so no column is cut off.
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}})
    player = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "player"}})
    club = tables.Column(
        verbose_name=_("Club"),
        accessor="player__club",
        attrs={"th": {"class": "club"}, "td": {"class": "club"}},
    )
    total = NumberColumn(
        verbose_name=_("Total"), attrs={"td": {"class": "num total"}, "th": {"class": "num total"}}
    )
    hands = tables.Column(
        verbose_name=_("Hands"),
        attrs={
            "td": {"class": "num hands", "data-label": _header},
            "th": {"class": "num"},
        },
    )
    tie = tables.Column(
        verbose_name=_("Tie-break"),
        accessor="decided_by",
        empty_values=(),
        attrs={"td": {"class": "tie", "data-label": _header}},
    )

    class Meta:
        orderable = False
        attrs = {"class": "standings"}
        sequence = ("rank", "player", "club", "...", "total", "hands", "tie")

    def __init__(self, rows: list[Row], *, slug: str, round_numbers: list[int], **kw: Any) -> None:
        self.slug = slug
        extra = [
            (
                f"r{n}",
                NumberColumn(
                    verbose_name=_("R%(n)s") % {"n": n},
                    accessor=f"rounds__{i}",
                    default="",
                    attrs={
                        "td": {"class": "num round", "data-label": _header},
                        "th": {"class": "num"},
                    },
                ),
            )
            for i, n in enumerate(round_numbers)
        ]
        super().__init__(rows, extra_columns=extra, **kw)

    def render_player(self, value: Any) -> str:
        url = reverse("player", args=[self.slug, value.pk])
        if value.withdrawn:
            return format_html(
                '<a href="{}">{}</a> <small class="withdrawn">({})</small>',
                url,
                value.name,
                _("withdrawn"),
            )
        return format_html('<a href="{}">{}</a>', url, value.name)

    def render_tie(self, record: Row) -> str:
        if record.decided_by is None:
            return ""
        name = ranking.TIE_BREAKERS[record.decided_by].name
        if record.lot is not None and record.decided_by == "lots":
            # Who drew ahead of whom says more than the drawn number (kept in the exports).
            order = [
                _("behind %(name)s") % {"name": record.lot_behind} if record.lot_behind else "",
                _("ahead of %(name)s") % {"name": record.lot_ahead_of}
                if record.lot_ahead_of
                else "",
            ]
            return format_html(
                '{} <small class="lot">({})</small>', _(name), ", ".join(o for o in order if o)
            )
        return str(_(name))
