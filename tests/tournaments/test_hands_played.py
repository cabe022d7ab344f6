"""Hands played come from one place (Table.played): a paper table shows its paper block's count
wherever a page, a question or the draw shows "played/due"."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.models import Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

PAPER = {"totals": [120, -40, -40, -40], "hands": 16, "note": "Block"}


@pytest.fixture
def paper_table(director):
    table = make_table(make_tournament(director))
    sheets.record_paper(table, PAPER, user=director)
    return table


def tournament_page(client, table):
    return client.get(reverse("tournament", args=["cup"])).content.decode()


def round_page(client, table):
    return client.get(reverse("round", args=["cup", 1])).content.decode()


def projector(client, table):
    return client.get(reverse("projector", args=["cup"])).content.decode()


def round_close_question(client, table):
    return client.post(reverse("round_finish", args=["cup", 1]), {"finished": "1"}).content.decode()


def close_all_question(client, table):
    return client.post(reverse("round_close_open", args=["cup", 1])).content.decode()


def draw_concerns(client, table):
    return " ".join(rounds.draw_concerns(table.round.tournament))


@pytest.mark.parametrize(
    "shown",
    [
        tournament_page,
        round_page,
        projector,
        round_close_question,
        close_all_question,
        draw_concerns,
    ],
    ids=lambda shown: shown.__name__,
)
def test_a_paper_table_shows_the_hands_of_its_paper_block(director_client, paper_table, shown):
    assert "16/16" in shown(director_client, paper_table), (
        f"the {shown.__name__.replace('_', ' ')} should count the paper block's 16 hands"
    )


def test_played_counts_the_entered_hands_of_a_table_without_paper(director):
    table = make_table(make_tournament(director))
    assert Table.objects.with_hands_entered().get(pk=table.pk).played() == 0, (
        "a table without hands or paper has played none"
    )


def test_played_counts_the_paper_block_in_a_list_of_tables(paper_table):
    assert Table.objects.with_hands_entered().get(pk=paper_table.pk).played() == 16, (
        "the paper block's count, not the 0 hands entered"
    )
