"""A failed announced Valat on the table's sheet: the summary names it, the breakdown adds up.

The director's walk found the breakdown listing -62 for a score of -30 and a summary that read
like an ordinary game. Both are checked on the page, in German and English.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# Bert (seat 1) plays a Dreier alone with 30 card points and announced a Valat he did not make.
# extended: 8 × the lost game 4 = -32 a defender, Bert pays 3 × 32 = -96.
# tirol_cup: the game lost -5 and the announced Valat's 20: -25 a defender, Bert -75.
FAILED_VALAT = {"contract": "dreier", "declarer": 1, "points": 30, "valat_announced": True}
SUMMARY = {"de": "Valat angesagt, verfehlt", "en": "Valat announced, failed"}


def sheet_page(client, table, lang: str) -> str:
    with translation.override(lang):  # English pages live under /en/
        url = reverse("table", args=["cup", table.round.number, table.number])
    return client.get(url).content.decode()


def hand_line(page: str) -> str:
    """Return the sheet's first hand as its line reads, without the folded breakdown."""
    return page.split('<td class="hand">', 1)[1].split("<details>", 1)[0].strip()


def amounts(page: str) -> list[int]:
    """Return the amount at the end of each breakdown line (a note without one is left out)."""
    items = re.findall(
        r"<li>([^<]*)</li>", page.split('<ul class="lines">', 1)[1].split("</ul>")[0]
    )
    found = [re.search(r"([+\-−]\d+)$", item.strip()) for item in items]
    return [int(m.group(1).replace("−", "-")) for m in found if m]


@pytest.mark.parametrize("ruleset", ["extended", "tirol_cup"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_summary_of_a_failed_announced_valat_names_the_valat(
    client, director, ruleset: str, lang: str
) -> None:
    table = make_table(make_tournament(director, ruleset))
    sheets.save_hand(table, FAILED_VALAT)
    line = hand_line(sheet_page(client, table, lang))
    assert SUMMARY[lang] in line, f"the hand's line names the Valat: {line}"


@pytest.mark.parametrize(("ruleset", "per_defender"), [("extended", -32), ("tirol_cup", -25)])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_breakdown_of_a_failed_announced_valat_adds_up_to_the_score(
    client, director, ruleset: str, per_defender: int, lang: str
) -> None:
    table = make_table(make_tournament(director, ruleset))
    hand = sheets.save_hand(table, FAILED_VALAT)
    listed = amounts(sheet_page(client, table, lang))
    assert (sum(listed), hand.scores[1]) == (per_defender, 3 * per_defender), listed
