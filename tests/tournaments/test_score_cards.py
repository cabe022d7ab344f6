"""The printed score cards mark doubled deals only where deals can count double."""

import pytest
from django.urls import reverse

from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("ruleset", "options", "column"),
    [
        ("tirol_cup", {}, False),
        ("lungau", {}, True),
        ("lungau", {"double_stakes": False}, False),
        ("standard", {"double_stakes": True}, True),
    ],
    ids=["tirol", "lungau", "lungau-off", "standard-on"],
)
def test_the_cards_have_a_doubled_deal_column_only_with_double_stakes(
    director_client, director, ruleset, options, column
):
    make_table(make_tournament(director, ruleset, options=options))
    page = director_client.get(reverse("score_cards", args=["cup", 1])).content.decode()
    assert ('<th class="num">×2</th>' in page) is column, (
        f"{ruleset} {options}: the ×2 column should {'' if column else 'not '}be printed"
    )
