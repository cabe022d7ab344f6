"""Tables declared once; templates only render them."""

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring import standings as ranking
from tarock_cup.tournaments.standings import Row


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    player = tables.Column(verbose_name=_("Player"))
    club = tables.Column(
        verbose_name=_("Club"),
        accessor="player__club",
        attrs={"th": {"class": "hide-small"}, "td": {"class": "hide-small"}},
    )
    total = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "num total"}})
    hands = tables.Column(
        verbose_name=_("Hands"),
        attrs={"td": {"class": "num hide-small"}, "th": {"class": "hide-small"}},
    )
    tie = tables.Column(verbose_name=_("Tie-break"), accessor="decided_by", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "standings"}
        sequence = ("rank", "player", "club", "...", "total", "hands", "tie")

    def __init__(self, rows: list[Row], *, slug: str, round_numbers: list[int], **kw: Any) -> None:
        self.slug = slug
        extra = [
            (
                f"r{n}",
                tables.Column(
                    verbose_name=_("R%(n)s") % {"n": n},
                    accessor=f"rounds__{i}",
                    default="",
                    attrs={"td": {"class": "num"}, "th": {"class": "num"}},
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
