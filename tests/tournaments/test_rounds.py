"""Drawing a round's seating through the site, swapping players, and the seating list."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tournaments import rounds, sheets
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Table,
)
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(4, [4]), (5, [5]), (8, [4, 4]), (13, [4, 4, 5]), (17, [4, 4, 4, 5])],
    ids=["4", "5", "8", "13", "17"],
)
def test_drawing_a_round_seats_every_checked_in_player_once(
    director_client, director, players, sizes
):
    tournament = make_tournament(director, players=players)
    director_client.post(reverse("round_draw", args=["cup"]))
    tables = Table.objects.filter(round__tournament=tournament).order_by("number")
    seated = list(
        Seat.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    assert ([t.seats.count() for t in tables], len(seated), len(set(seated))) == (
        sizes,
        players,
        players,
    )


def test_withdrawn_and_absent_players_are_not_seated(director):
    tournament = make_tournament(director, players=6)
    regs = list(tournament.registrations.order_by("pk"))
    regs[0].withdrawn = True
    regs[0].save()
    regs[1].checked_in = False
    regs[1].save()
    rounds.draw_round(tournament, seed=1)
    seated = set(Seat.objects.values_list("player_id", flat=True))
    assert seated == {r.player_id for r in regs[2:]}


def test_fewer_than_four_players_are_refused_with_a_message(director_client, director):
    make_tournament(director, players=3)
    response = director_client.post(reverse("round_draw", args=["cup"]), follow=True)
    messages = [str(m) for m in response.context["messages"]]
    assert (Round.objects.count(), any("4" in m for m in messages)) == (0, True)


@pytest.mark.parametrize(
    ("players", "german"),
    [
        pytest.param(3, "Für einen Tisch sind mindestens 4 Spieler nötig.", id="three"),
        pytest.param(
            7,
            "7 Spieler lassen sich nicht an Vierer- und Fünfertische setzen",
            id="seven",
        ),
    ],
)
def test_a_draw_that_cannot_seat_the_field_says_why_in_german(
    director_client, director, players, german
):
    make_tournament(director, players=players)
    response = director_client.post(reverse("round_draw", args=["cup"]), follow=True)
    messages = " ".join(str(m) for m in response.context["messages"])
    assert german in messages, f"the refusal should be in German, not {messages!r}"


def test_the_draw_is_reproducible_from_its_stored_seed(director):
    tournament = make_tournament(director, players=13)
    rounds.draw_round(tournament, seed=99)
    first = list(
        Seat.objects.order_by("table__number", "position").values_list("player_id", flat=True)
    )
    Round.objects.all().delete()
    rounds.draw_round(tournament, seed=99)
    again = list(
        Seat.objects.order_by("table__number", "position").values_list("player_id", flat=True)
    )
    assert first == again


def test_the_second_round_avoids_players_who_already_met(director):
    tournament = make_tournament(director, players=16)
    rounds.draw_round(tournament, seed=5)
    rounds.draw_round(tournament, seed=6, confirmed=2)
    tables = {}
    for round_number, table_id, player_id in Seat.objects.values_list(
        "round__number", "table_id", "player_id"
    ):
        tables.setdefault((round_number, table_id), set()).add(player_id)
    first = [t for (r, _), t in tables.items() if r == 1]
    second = [t for (r, _), t in tables.items() if r == 2]
    repeats = sum(len(a & b) >= 2 for a in first for b in second)
    assert repeats == 0


def test_two_players_can_be_swapped_before_play(director_client, director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=3)
    a = Seat.objects.get(table__number=1, position=0)
    b = Seat.objects.get(table__number=2, position=3)
    director_client.post(
        reverse("round_swap", args=["cup", 1]), {"first": a.player_id, "second": b.player_id}
    )
    moved = (Seat.objects.get(player_id=a.player_id), Seat.objects.get(player_id=b.player_id))
    assert [(s.table.number, s.position) for s in moved] == [(2, 3), (1, 0)]


def test_swapping_is_refused_once_hands_are_entered(director_client, director):
    table = make_table(make_tournament(director, players=4))
    Hand.objects.create(
        table=table, number=1, data={"manual": {"scores": [0, 0, 0, 0], "reason": "x"}}
    )
    a, b = table.seats.all()[:2]
    director_client.post(
        reverse("round_swap", args=["cup", 1]), {"first": a.player_id, "second": b.player_id}
    )
    a.refresh_from_db()
    assert a.position == 0


def test_the_seating_list_prints_every_table(client, director):
    tournament = make_tournament(director, players=9)
    rounds.draw_round(tournament, seed=4)
    body = client.get(reverse("round", args=["cup", 1])).content.decode()
    assert [f"P{i}" for i in range(9) if f"P{i}" not in body] == [], "players missing"
    assert "print.css" in body, "the seating list has no print style"


def test_score_cards_number_the_rows_and_show_who_deals(client, director):
    tournament = make_tournament(director, players=9)
    rounds.draw_round(tournament, seed=4)
    response = client.get(reverse("score_cards", args=["cup", 1]))
    cards = response.context["cards"]
    four, five = cards
    # A table of four plays 16 hands, of five 20; the deal moves one seat each hand.
    assert (
        [len(c["rows"]) for c in cards],
        [row["dealer"].position for row in four["rows"][:6]],
        [row["dealer"].position for row in five["rows"][:6]],
    ) == ([16, 20], [0, 1, 2, 3, 0, 1], [0, 1, 2, 3, 4, 0])


# -- drawing while tables are open, beyond the planned rounds -------------------------------------


def close_all(tournament):
    for table in Table.objects.filter(round__tournament=tournament):
        sheets.close_table(table, early=True)


def test_drawing_while_tables_are_open_asks_naming_them(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    sheets.save_hand(Table.objects.get(number=2), MANUAL)
    with pytest.raises(rounds.NeedsConfirmation) as asked:
        rounds.draw_round(tournament, seed=2)
    assert asked.value.concerns == [
        "Tables of round 1 are still open: Table 1 (0/16), Table 2 (1/16)."
    ], "the question should name the open tables with their hands"


def test_a_confirmed_draw_with_open_tables_draws_the_round(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    assert rounds.draw_round(tournament, seed=2, confirmed=2) == 2, "round 2 should be drawn"


def test_a_confirmation_for_one_round_never_draws_the_next(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    rounds.draw_round(tournament, seed=2, confirmed=2)
    with pytest.raises(rounds.NeedsConfirmation):
        rounds.draw_round(tournament, seed=3, confirmed=2)


def test_drawing_beyond_the_planned_rounds_asks(director):
    tournament = make_tournament(director, players=4)
    tournament.rounds_planned = 1
    tournament.save()
    rounds.draw_round(tournament, seed=1)
    close_all(tournament)
    with pytest.raises(rounds.NeedsConfirmation, match="planned for 1 round;"):
        rounds.draw_round(tournament, seed=2)


def test_the_draw_page_asks_and_draws_nothing(director_client, director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    response = director_client.post(reverse("round_draw", args=["cup"]))
    assert "Tisch 2 (0/16)" in response.content.decode(), "the page should name the open tables"


def test_the_draw_page_draws_once_confirmed(director_client, director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    director_client.post(reverse("round_draw", args=["cup"]), {"confirm": "2"})
    assert tournament.rounds.count() == 2, "the confirmed draw should make round 2"


# -- withdrawing a round ------------------------------------------------------------------------


def test_a_round_without_hands_can_be_withdrawn_and_is_recorded(director):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament, seed=1)
    rounds.withdraw_round(tournament.rounds.get(), user=director)
    change = Change.objects.get(kind=Change.Kind.ROUND)
    assert (change.before["number"], len(change.before["tables"][0]["players"])) == (1, 4), (
        "the history should keep round 1's table of four"
    )


@pytest.mark.parametrize("why", ["hand entered", "hand deleted", "later round"])
def test_a_round_is_not_withdrawn_once_played_or_followed(director, why):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament, seed=1)
    table = Table.objects.get()
    if why == "later round":
        rounds.draw_round(tournament, seed=2, confirmed=2)
    else:
        sheets.save_hand(table, MANUAL)
        if why == "hand deleted":
            sheets.delete_hand(table, 1)
    with pytest.raises(rounds.RoundError):
        rounds.withdraw_round(tournament.rounds.get(number=1))


def test_the_withdraw_page_asks_first(director_client, director):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament, seed=1)
    director_client.post(reverse("round_withdraw", args=["cup", 1]))
    assert tournament.rounds.count() == 1, "an unconfirmed withdrawal should keep the round"


def test_the_withdraw_page_withdraws_once_confirmed(director_client, director):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament, seed=1)
    director_client.post(reverse("round_withdraw", args=["cup", 1]), {"confirm": "1"})
    assert tournament.rounds.count() == 0, "the confirmed withdrawal should remove the round"


# -- late arrivals ------------------------------------------------------------------------------


def arrive(tournament, *names):
    for name in names:
        player = Player.objects.create(name=name)
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)


def sizes(tournament, number=1):
    return [t.seats.count() for t in Table.objects.filter(round__number=number).order_by("number")]


@pytest.mark.parametrize(
    ("late", "expected"),
    [(1, [5, 4]), (2, [5, 5]), (4, [4, 4, 4]), (5, [4, 4, 5])],
    ids=["one makes a five", "two make two fives", "four make a table", "five"],
)
def test_late_arrivals_are_seated_without_moving_anyone(director, late, expected):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    arrive(tournament, *[f"Spät {i}" for i in range(late)])
    rounds.seat_late_arrivals(tournament.rounds.get())
    assert sizes(tournament) == expected, "the tables should grow as the rule says"


def test_a_late_arrival_at_a_table_of_five_leaves_its_totals_for_five(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    arrive(tournament, "Spät")
    rounds.seat_late_arrivals(tournament.rounds.get())
    assert Table.objects.get(number=1).totals == [0] * 5, "the table keeps five totals"


def test_late_arrivals_are_refused_once_hands_are_entered(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    sheets.save_hand(Table.objects.get(number=1), MANUAL)
    arrive(tournament, "Spät")
    with pytest.raises(rounds.RoundError):
        rounds.seat_late_arrivals(tournament.rounds.get())


def test_late_arrivals_without_a_table_of_four_are_told_to_draw_again(director_client, director):
    tournament = make_tournament(director, players=5)
    rounds.draw_round(tournament, seed=1)
    arrive(tournament, "Spät")
    response = director_client.post(reverse("round_seat_late", args=["cup", 1]), follow=True)
    messages = [str(m) for m in response.context["messages"]]
    assert any("neu auszulosen" in m for m in messages), "the message should say to draw again"


def test_the_round_page_lists_late_arrivals(director_client, director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    arrive(tournament, "Leopold Neuhauser")
    body = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert "Leopold Neuhauser" in body, "the late arrival should be listed on the round page"


# -- repeated pairs -----------------------------------------------------------------------------


def drawn_rounds(director, players, count):
    """Return a tournament of `players` with `count` rounds drawn, each closed before the next."""
    tournament = make_tournament(director, players=players)
    for seed in range(1, count + 1):
        rounds.draw_round(tournament, seed=seed)
        close_all(tournament)
    return tournament


def round_page(client, number, lang="de"):
    with translation.override(lang):  # English pages live under /en/
        url = reverse("round", args=["cup", number])
    return client.get(url).content.decode()


# Five players sit at one table every round: in round 2 all 10 pairs meet for the second time,
# in round 3 all 10 for the third.
@pytest.mark.parametrize(
    ("lang", "number", "message"),
    [
        (
            "de",
            2,
            "Paare, die sich wieder treffen: 10 zum zweiten Mal, 0 zum dritten Mal oder öfter. "
            "Zu wenige Spieler für 2 Runden ohne Wiederholung.",
        ),
        (
            "en",
            3,
            "Pairs meeting again: 0 for the second time, 10 for the third time or more. "
            "Too few players for 3 rounds without repeats.",
        ),
    ],
    ids=["german-round-2", "english-round-3"],
)
def test_the_round_page_counts_second_and_third_meetings_and_says_why(
    client, director, lang, number, message
):
    drawn_rounds(director, 5, number)
    assert message in round_page(client, number, lang), "the page counts the meetings"


def test_repeats_a_larger_field_could_avoid_are_counted_and_the_swap_offered(client, director):
    tournament = make_tournament(director, players=16)
    groups = [[f"P{i}" for i in range(start, start + 4)] for start in range(0, 16, 4)]
    for number, table in enumerate(groups, start=1):
        make_table(tournament, round_number=1, table_number=number, names=table)
    # Round 2 by hand: one from each old table at each new one, but P1 and P4 swapped, so P0
    # meets P1 again and P4 meets P5 again.
    again = [["P0", "P1", "P8", "P12"], ["P4", "P5", "P9", "P13"]]
    again += [["P2", "P6", "P10", "P14"], ["P3", "P7", "P11", "P15"]]
    for number, table in enumerate(again, start=1):
        make_table(tournament, round_number=2, table_number=number, names=table)
    assert (
        "Paare, die sich wieder treffen: 2 zum zweiten Mal, 0 zum dritten Mal oder öfter. "
        "Die Auslosung fand keine Sitzordnung ohne sie; Sie können Spieler von Hand tauschen."
    ) in round_page(client, 2), "16 players have room for new faces, so the page offers a swap"


def test_a_round_without_repeats_says_so(client, director):
    tournament = make_tournament(director, players=16)
    rounds.draw_round(tournament, seed=5)
    close_all(tournament)
    rounds.draw_round(tournament, seed=6)
    body = client.get(reverse("round", args=["cup", 2])).content.decode()
    assert "Kein Paar an einem Tisch saß schon" in body, "the page should say nobody meets again"


def test_the_tournament_page_numbers_seats_from_one(client, director):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament, seed=1)
    body = client.get(reverse("tournament", args=["cup"])).content.decode()
    assert 'start="0"' not in body, "seats should be numbered from 1"


def test_the_tournament_page_says_who_is_present_and_the_tables_beside_the_draw(
    director_client, director
):
    make_tournament(director, players=13)
    response = director_client.get(reverse("tournament", args=["cup"]))
    text = response.content.decode()
    assert "13 anwesend: 2 Tische zu 4, 1 Tisch zu 5." in text, (
        "the director should see what the next draw makes before drawing it"
    )
