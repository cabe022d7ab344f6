"""The season table, declared once; the templates only render it."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.season import Result, Standing, before_factor, json_number
from tarock_cup.cups.season import CupEntry, CupSeason
from tarock_cup.tournaments import display
from tarock_cup.tournaments.naming import shown_name


def points_text(points: Any) -> str:
    return str(json_number(points))


def season_rows(
    cup_season: CupSeason, standings: Sequence[Standing] | None = None
) -> list[dict[str, Any]]:
    """Return the season table's rows (of the standings given, else all), results by key.

    Cells are made here, once, not by render methods: django-tables2 inspects a render method's
    signature for every cell, which costs more than the whole season's ranking. Only the rows
    shown are made: a page of 50 out of a season's hundreds of players.
    """
    rows = []
    # One address reversed, the others made from it: reverse() for every row cost a tenth of
    # the page's time.
    marker = 999_999_999
    address = reverse("cup_player", args=[cup_season.cup.slug, marker])
    before, after = address.split(str(marker))
    yes = str(_("yes"))
    cells = _ResultCells()
    for s in cup_season.ranking.standings if standings is None else standings:
        player = cup_season.players[s.player]
        rows.append(
            {
                "rank": s.rank,
                "player": format_html(
                    '<a href="{}{}{}">{}</a>',
                    before,
                    player.pk,
                    after,
                    shown_name(player, cup_season.full_names),
                ),
                "club": player.club,
                "points": points_text(s.points),
                "results": {r.tournament: cells(r) for r in s.results},
                "participations": s.participations,
                "podiums": " / ".join(str(n) for n in s.podiums),
                "best_rank": s.best_rank,
                "qualified": yes if s.qualified else "",
            }
        )
    return rows


class _ResultCells:
    """Make result cells with the title translated once (format_html per cell cost most)."""

    def __init__(self) -> None:
        self.title = escape(_("not counted"))

    def __call__(self, result: Result) -> SafeString:
        # Points are numbers written by json_number: nothing in them needs escaping.
        shown = points_text(result.points)
        if result.counted:
            return mark_safe(f'<strong class="counted">{shown}</strong>')  # noqa: S308
        return mark_safe(f'<span class="not-counted" title="{self.title}">({shown})</span>')  # noqa: S308


def result_cell(result: Result | None) -> str:
    """Return a tournament's cup points: counted ones bold, the others in brackets."""
    return "" if result is None else _ResultCells()(result)


@dataclass(frozen=True)
class PlayerResult:
    """A line of a player's season page: how one tournament's result became cup points."""

    entry: CupEntry
    rank: int
    score: str  # the tournament score, "" where the ranking gives none
    points: str  # the cup points, the final's multiplied
    before_factor: str  # the final's cup points before its factor; "" unless multiplied
    factor: str  # the final's factor; "" unless it multiplies
    counted: bool


def player_results(cup_season: CupSeason, standing: Standing) -> list[PlayerResult]:
    """Return the player's results in season order, each with score, factor and cup points."""
    results = {r.tournament: r for r in standing.results}
    season = cup_season.season
    lines = []
    for entry in cup_season.entries:
        result = results.get(entry.key)
        if result is None:
            continue
        multiplied = result.final and season.factor != 1
        lines.append(
            PlayerResult(
                entry=entry,
                rank=result.rank,
                score=display.number_text(entry.ranking[result.rank - 1][1]),
                points=points_text(result.points),
                before_factor=points_text(before_factor(season, result)) if multiplied else "",
                factor=points_text(season.factor) if multiplied else "",
                counted=result.counted,
            )
        )
    return lines


class SeasonTable(tables.Table):
    # The tournament standings' classes (static/css/site.css): on a phone each row folds into
    # name and season points on one line, the club and the labelled rest below.
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}})
    player = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "player"}})
    club = tables.Column(
        verbose_name=_("Club"), attrs={"th": {"class": "club"}, "td": {"class": "club"}}
    )
    points = tables.Column(
        verbose_name=_("Season points"),
        attrs={"td": {"class": "num total"}, "th": {"class": "num total"}},
    )
    participations = tables.Column(
        verbose_name=_("Tournaments played"),
        attrs={
            "td": {"class": "num round", "data-label": _("Tournaments played")},
            "th": {"class": "num"},
        },
    )
    podiums = tables.Column(
        verbose_name=_("1st / 2nd / 3rd"),
        attrs={
            "td": {"class": "num round", "data-label": _("1st / 2nd / 3rd")},
            "th": {"class": "num"},
        },
    )
    best_rank = tables.Column(
        verbose_name=_("Best rank"),
        attrs={"td": {"class": "num round", "data-label": _("Best rank")}, "th": {"class": "num"}},
    )
    qualified = tables.Column(
        verbose_name=_("Qualified"),
        empty_values=(),
        attrs={"td": {"class": "tie qualified", "data-label": _("Qualified")}},
    )

    class Meta:
        orderable = False
        attrs = {"class": "standings season"}
        sequence = (
            "rank",
            "player",
            "club",
            "points",
            "...",
            "participations",
            "podiums",
            "best_rank",
            "qualified",
        )

    def __init__(
        self, cup_season: CupSeason, rows: list[dict[str, Any]] | None = None, **kw: Any
    ) -> None:
        self.cup_slug = cup_season.cup.slug
        self.show_qualified = cup_season.cup.qualify is not None
        extra = [
            (
                f"t{i}",
                tables.Column(
                    verbose_name=_head(entry),
                    accessor=f"results__{entry.key}",
                    default="",
                    attrs={
                        # a phone shows each result behind its date: names would fill lines
                        "td": {"class": "num round", "data-label": _short(entry)},
                        "th": {"class": "num tournament", "title": _title(entry)},
                    },
                ),
            )
            for i, entry in enumerate(cup_season.entries)
        ]
        super().__init__(
            season_rows(cup_season) if rows is None else rows,
            extra_columns=extra,
            exclude=() if self.show_qualified else ("qualified",),
            **kw,
        )


def _title(entry: CupEntry) -> str:
    """Return a tournament's full name for its column, saying when its ranking was imported."""
    if entry.imported:
        return f"{entry.tournament.name} ({_('imported ranking')})"
    return entry.tournament.name


def _short(entry: CupEntry) -> str:
    """Return the column heading of a tournament: its date, marked final or provisional."""
    label = entry.tournament.date.strftime("%d.%m.")
    if entry.final:
        label = f"{_('Final')} {label}"
    if entry.provisional:
        label = f"{label}*"
    return label


def _head(entry: CupEntry) -> SafeString:
    """Return a tournament's column heading: its name above its date (_short).

    The season table's stylesheet sets it upright (site.css, print.css), so eight names take
    the width of eight numbers and a season of 15 players prints on one A4 page.
    """
    return format_html(
        '<span class="head"><span class="name">{}</span> <span class="date">{}</span></span>',
        entry.tournament.name,
        _short(entry),
    )


def row_html(table: SeasonTable, rows: list[dict[str, Any]]) -> list[SafeString]:
    """Return the table's body rows as HTML, cell by cell as the columns declare them.

    django-tables2 renders each cell through several layers (some 0.3 ms a cell); a season page
    has thousands of cells, so the columns' classes and labels are read once and the cells
    joined here, each value escaped once (format_html per cell was a third of the page's time).
    The header still comes from django-tables2 (`table.columns`).
    """
    columns = [
        (
            str(c.accessor).split("__"),
            conditional_escape(c.default),
            f"<td {c.attrs.get('td', {}).as_html()}>",
        )
        for c in table.columns
    ]
    out = []
    for row in rows:
        cells = []
        for path, default, opening in columns:
            value: Any = row
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            shown = default if value is None else conditional_escape(value)
            cells.append(f"{opening}{shown}</td>")
        # Every piece is escaped above or is the columns' own escaped attributes.
        out.append(mark_safe(f"<tr>{''.join(cells)}</tr>"))  # noqa: S308
    return out
