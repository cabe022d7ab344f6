"""What the standings say beside a name: a withdrawn player, and who drew ahead of whom."""

import pytest
from django.urls import reverse

from scoring import standings as ranking
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


def set_totals(table, totals):
    table.totals = totals
    table.hands_played = [16] * len(totals)
    table.save()


@pytest.fixture
def tied(director):
    """Anna and Bert level on total and best round, so lots decide between them."""
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [5, 5, -5, -5])
    return tournament


def lot_order(tournament):
    regs = {r.player.name: r.player.pk for r in tournament.registrations.select_related("player")}
    drawn = {name: ranking.lot_value(tournament.lot_seed, regs[name]) for name in ("Anna", "Bert")}
    return sorted(drawn, key=drawn.get, reverse=True)


def test_the_winner_of_the_lots_is_shown_ahead_of_the_other(client, tied):
    first, second = lot_order(tied)
    page = client.get(reverse("standings", args=["cup"])).content.decode()
    assert f"vor {second}" in page, f"{first}'s line should say it drew ahead of {second}"


def test_the_loser_of_the_lots_is_shown_behind_the_other(client, tied):
    first, second = lot_order(tied)
    page = client.get(reverse("standings", args=["cup"])).content.decode()
    assert f"hinter {first}" in page, f"{second}'s line should say it drew behind {first}"


def test_a_withdrawn_player_is_marked(client, director):
    tournament = make_tournament(director, players=4)
    set_totals(make_table(tournament), [6, -2, -2, -2])
    tournament.registrations.filter(player__name="Anna").update(withdrawn=True)
    page = client.get(reverse("standings", args=["cup"])).content.decode()
    assert '<small class="withdrawn">(zurückgezogen)</small>' in page, "Anna should be marked"
