"""Each ruleset's cup's tie-breakers as a new tournament's default, and the new criteria in the
standings, the standings page and the Excel export (issue 24, point 5)."""

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.exports import workbook
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Tournament
from tarock_cup.tournaments.standings import standings
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-28",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}

# RULES.md section 9: the default of a new tournament, by ruleset.
DEFAULTS = [
    ("tirol_cup", ["best_round", "lots"]),
    ("ooe", ["best_round", "second_best_round", "lots"]),
    ("lungau", ["best_round", "lots"]),
    ("standard", ["best_round", "lots"]),
    ("extended", ["best_round", "lots"]),
]


def shown(page: str) -> tuple[list[str], str]:
    """Return the tie-breakers a settings page shows chosen and its hidden default field."""
    selects = re.findall(r'<select[^>]*name="tie_breakers"[^>]*>(.*?)</select>', page)
    chosen = [re.search(r'value="(\w*)" selected', options) for options in selects]
    hidden = re.search(r'name="tie_breakers_default" value="([^"]*)"', page)
    return [m.group(1) for m in chosen if m and m.group(1)], hidden.group(1) if hidden else ""


def post_new_as_shown(client, ruleset: str):
    """Post the new-tournament page as a browser without its script would: the ruleset chosen,
    the tie-breakers left as the page showed them."""
    chosen, default = shown(client.get(reverse("tournament_new")).content.decode())
    data = {**NEW, "ruleset": ruleset, "tie_breakers": chosen, "tie_breakers_default": default}
    return client.post(reverse("tournament_new"), data)


@pytest.mark.parametrize(("ruleset", "expected"), DEFAULTS)
def test_a_new_tournament_left_as_shown_takes_its_rulesets_tie_breakers(
    director_client, ruleset, expected
):
    post_new_as_shown(director_client, ruleset)
    assert Tournament.objects.get().tie_breakers == expected


def test_the_director_s_own_order_is_kept_whatever_the_ruleset(director_client):
    own = ["best_round", "better_table_ranks", "lots"]
    data = {**NEW, "ruleset": "ooe", "tie_breakers": own, "tie_breakers_default": "best_round,lots"}
    director_client.post(reverse("tournament_new"), data)
    assert Tournament.objects.get().tie_breakers == own


@pytest.mark.parametrize(("ruleset", "expected"), DEFAULTS)
def test_the_settings_page_shows_the_rulesets_tie_breakers_where_none_are_stored(
    director_client, director, ruleset, expected
):
    make_tournament(director, ruleset)  # stored: none, as before this change
    page = director_client.get(reverse("tournament_edit", args=["cup"])).content.decode()
    assert shown(page) == (expected, ",".join(expected))


def test_the_page_names_the_rulesets_tie_breakers_for_its_script(director_client):
    page = director_client.get(reverse("tournament_new")).content.decode()
    assert '"tie_breakers": ["best_round", "second_best_round", "lots"]' in page, (
        "the script fills in the Upper Austrian order on choosing that ruleset"
    )


# P0 and P1 level on 40 and on the best round (30); the second-best round: 10 against 5.
@pytest.mark.parametrize(
    ("ruleset", "decided_by"), [("ooe", "second_best_round"), ("tirol_cup", "lots")]
)
def test_standings_without_stored_tie_breakers_break_ties_as_the_rulesets_cup(
    director, ruleset, decided_by
):
    tournament = make_tournament(director, ruleset, players=8)
    paper(tournament, 1, 1, ["P0", "P1", "P2", "P3"], [30, 30, -30, -30])
    paper(tournament, 1, 2, ["P4", "P5", "P6", "P7"], [0, 0, 0, 0])
    paper(tournament, 2, 1, ["P0", "P4", "P1", "P5"], [10, 0, 5, -15])
    paper(tournament, 2, 2, ["P2", "P3", "P6", "P7"], [0, 0, 0, 0])
    paper(tournament, 3, 1, ["P0", "P6", "P1", "P7"], [0, 0, 5, -5])
    paper(tournament, 3, 2, ["P2", "P3", "P4", "P5"], [0, 0, 0, 0])
    leaders = [(row.player.name, row.total, row.decided_by) for row in standings(tournament)][:2]
    assert sorted(leaders) == [("P0", 40, decided_by), ("P1", 40, decided_by)]


def paper(tournament, round_number: int, number: int, names: list[str], totals: list[int]):
    """Record a table of the round from its paper block: 16 hands, these totals."""
    table = make_table(tournament, round_number=round_number, table_number=number, names=names)
    sheets.record_paper(table, {"totals": totals, "hands": 16, "note": ""})
    return table


@pytest.fixture
def ranked_by_places(director):
    """P1 and P4 level on total (30), best round (20) and second-best (10); by places at their
    tables P4 is ahead: P1 2nd of table 1 in round 1 (40, 20, -30, -30) and 1st (level) in
    round 2 (10, 10, 0, -20): 2 + 1 = 3; P4 1st (level) in round 1 (20, 20, -10, -30) and 1st
    (level) in round 2: 1 + 1 = 2. Every table is a paper table: places come from its totals.
    The others: P0 40, P5 0, P6 -5, P7 -35, and P2 and P3 -30 with equal places (3 + 2), whom
    only lots separate."""
    tournament = make_tournament(director, players=8)
    tournament.tie_breakers = ["best_round", "second_best_round", "better_table_ranks", "lots"]
    tournament.save()
    paper(tournament, 1, 1, ["P0", "P1", "P2", "P3"], [40, 20, -30, -30])
    paper(tournament, 1, 2, ["P4", "P5", "P6", "P7"], [20, 20, -10, -30])
    paper(tournament, 2, 1, ["P1", "P4", "P0", "P5"], [10, 10, 0, -20])
    paper(tournament, 2, 2, ["P2", "P3", "P6", "P7"], [0, 0, 5, -5])
    return tournament


def test_better_table_ranks_decide_a_tie_from_paper_tables_totals(ranked_by_places):
    rows = [
        (row.player.name, row.rank, row.total, row.decided_by)
        for row in standings(ranked_by_places)
    ]
    assert rows[:3] == [
        ("P0", 1, 40, None),
        ("P4", 2, 30, "better_table_ranks"),
        ("P1", 3, 30, "better_table_ranks"),
    ]


@pytest.mark.parametrize(
    ("lang", "name"), [("de", "Bessere Tischränge"), ("en", "Better table ranks")]
)
def test_the_standings_page_names_the_table_ranks_that_decided(
    client, ranked_by_places, lang, name
):
    with translation.override(lang):
        url = reverse("standings", args=["cup"])
    page = client.get(url).content.decode()
    assert page.count(name) == 3, "in the rows of P4 and P1, and in the order of ties"


@pytest.mark.parametrize(
    ("lang", "name"), [("de", "Bessere Tischränge"), ("en", "Better table ranks")]
)
def test_the_workbook_names_the_table_ranks_that_decided(ranked_by_places, lang, name):
    out = io.BytesIO()
    with translation.override(lang):
        workbook.tournament_workbook(ranked_by_places, out)
    out.seek(0)
    cells = [
        c
        for row in openpyxl.load_workbook(out).worksheets[0].iter_rows(values_only=True)
        for c in row
    ]
    assert cells.count(name) == 2, "the tie-break column names it for P4 and P1"
