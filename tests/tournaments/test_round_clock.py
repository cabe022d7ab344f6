"""The round clock: started with its limit, paused, resumed, extended, run out; the tables still
playing closed in one step, each recorded with its hands."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tarock_cup.tournaments import clock, sheets
from tarock_cup.tournaments.models import Change, Round
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}


@pytest.fixture
def round_(director):
    tournament = make_tournament(director, players=8)
    make_table(tournament)
    return Round.objects.get()


def later(seconds):
    return timezone.now() + timedelta(seconds=seconds)


def test_a_round_clock_is_idle_until_started(round_):
    assert clock.clock_of(round_).state == clock.IDLE, "a new round's clock should be idle"


@pytest.mark.parametrize(
    ("actions", "state", "left"),
    [
        ([("start", 60)], clock.RUNNING, 3600),
        ([("start", 60), ("pause", None)], clock.PAUSED, 3600),
        ([("start", 60), ("pause", None), ("resume", None)], clock.RUNNING, 3600),
        ([("start", 60), ("extend", 10)], clock.RUNNING, 4200),
        ([("start", 60), ("pause", None), ("extend", 5)], clock.PAUSED, 3900),
    ],
    ids=["started", "paused", "resumed", "extended", "extended while paused"],
)
def test_the_clock_follows_the_directors_actions(round_, actions, state, left):
    for action, minutes in actions:
        clock.act(round_, action, minutes)
    now = clock.clock_of(Round.objects.get())
    assert (now.state, abs(now.left - left) <= 2) == (state, True), (
        f"the clock should be {state} with {left} s left, not {now.state} with {now.left}"
    )


def test_a_running_clock_runs_out_at_its_end(round_):
    clock.act(round_, "start", 1)
    assert clock.clock_of(round_, later(61)).state == clock.OVER, "after 61 s of 1 min it is over"


def test_a_paused_clock_does_not_run_out(round_):
    clock.act(round_, "start", 1)
    clock.act(round_, "pause")
    assert clock.clock_of(round_, later(600)).state == clock.PAUSED, "a paused clock waits"


def test_an_extension_after_the_end_counts_from_now(round_):
    clock.act(round_, "start", 1)
    Round.objects.filter(pk=round_.pk).update(clock_ends_at=timezone.now() - timedelta(hours=1))
    clock.act(round_, "extend", 5)
    left = clock.clock_of(Round.objects.get()).left
    assert 298 <= left <= 300, f"five more minutes from now should be left, not {left} s"


@pytest.mark.parametrize(
    ("before", "action", "minutes"),
    [
        ([("start", 60)], "start", 60),
        ([], "pause", None),
        ([("start", 60)], "resume", None),
        ([], "extend", 5),
        ([], "start", 0),
        ([], "start", 601),
        ([], "start", None),
        ([("start", 60)], "extend", -5),
        ([], "explode", None),
    ],
    ids=[
        "start twice",
        "pause before start",
        "resume a running clock",
        "extend before start",
        "no minutes",
        "over ten hours",
        "minutes missing",
        "negative extension",
        "unknown action",
    ],
)
def test_it_refuses_an_action_that_does_not_fit_and_changes_nothing(
    round_, before, action, minutes
):
    for done, given in before:
        clock.act(round_, done, given)
    kept = Round.objects.values("clock_limit", "clock_ends_at", "clock_left").get()
    with pytest.raises(clock.ClockError):
        clock.act(round_, action, minutes)
    assert Round.objects.values("clock_limit", "clock_ends_at", "clock_left").get() == kept, (
        "a refused clock action should change nothing"
    )


def test_every_clock_action_is_in_the_history(round_, director):
    clock.act(round_, "start", 60, user=director)
    clock.act(round_, "extend", 10, user=director)
    actions = list(
        Change.objects.filter(kind=Change.Kind.ROUND).order_by("pk").values_list("after__clock")
    )
    assert actions == [("start",), ("extend",)], "the history should list start and extend"


@pytest.mark.parametrize(
    ("seconds", "shown"), [(0, "0:00"), (59, "0:59"), (2700, "45:00"), (5400, "1:30:00")]
)
def test_the_clock_shows_minutes_and_seconds(seconds, shown):
    assert clock.clock_time(seconds) == shown, f"{seconds} s should show as {shown}"


@pytest.fixture
def three_tables(director):
    tournament = make_tournament(director, players=12)
    players = [r.player.name for r in tournament.registrations.order_by("pk")]
    tables = [
        make_table(tournament, table_number=t + 1, names=players[4 * t : 4 * t + 4])
        for t in range(3)
    ]
    for _ in range(3):
        sheets.save_hand(tables[0], MANUAL)
    sheets.save_hand(tables[1], MANUAL)
    sheets.close_table(tables[2], early=True)
    return tables


def test_closing_the_tables_still_playing_closes_each_open_one(three_tables):
    clock.close_open_tables(three_tables[0].round)
    assert [t.finished for t in Round.objects.get().tables.order_by("number")] == [True] * 3, (
        "every table of the round should be closed"
    )


def test_closing_the_tables_still_playing_reports_their_hands(three_tables):
    closed = clock.close_open_tables(three_tables[0].round)
    assert [(c.number, c.played, c.due) for c in closed] == [(1, 3, 16), (2, 1, 16)], (
        "tables 1 and 2 should be closed after 3 and 1 of 16 hands"
    )


def test_closing_the_tables_still_playing_records_each_with_its_hands(three_tables, director):
    clock.close_open_tables(three_tables[0].round, user=director)
    recorded = sorted(
        (change.table.number, change.after["hands"])
        for change in Change.objects.filter(kind=Change.Kind.TABLE, user=director)
    )
    assert recorded == [(1, 3), (2, 1)], "the history should hold each table with its hands"


def test_the_round_page_asks_before_closing_the_tables_still_playing(director_client, three_tables):
    response = director_client.post(reverse("round_close_open", args=["cup", 1]))
    assert "Tisch 1 (3/16)" in response.content.decode(), "the question should name the tables"


def test_the_round_page_closes_the_tables_still_playing_when_confirmed(
    director_client, three_tables
):
    director_client.post(reverse("round_close_open", args=["cup", 1]), {"confirm": "1"})
    assert not Round.objects.get().tables.filter(finished=False).exists(), "all closed"


def test_a_visitor_cannot_close_the_tables(client, three_tables):
    client.post(reverse("round_close_open", args=["cup", 1]), {"confirm": "1"})
    assert Round.objects.get().tables.filter(finished=False).count() == 2, "nothing closed"


def test_the_round_page_starts_the_clock_with_the_tournaments_limit(director_client, round_):
    page = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert 'value="90"' in page, "the start form should offer the tournament's 90 minutes"


def test_a_director_starts_the_clock_from_the_round_page(director_client, round_):
    director_client.post(
        reverse("round_clock", args=["cup", 1]), {"action": "start", "minutes": "45"}
    )
    assert Round.objects.get().clock_limit == 45 * 60, "the clock should run for 45 minutes"


def test_a_refused_clock_action_is_told_to_the_director(director_client, round_):
    response = director_client.post(
        reverse("round_clock", args=["cup", 1]), {"action": "pause"}, follow=True
    )
    assert "Nur eine laufende Uhr" in response.content.decode(), "the refusal should be shown"


def test_a_visitor_cannot_start_the_clock(client, round_):
    client.post(reverse("round_clock", args=["cup", 1]), {"action": "start", "minutes": "45"})
    assert Round.objects.get().clock_limit is None, "a visitor's start should change nothing"


def test_the_table_page_shows_the_running_clock(client, round_):
    clock.act(round_, "start", 45)
    page = client.get(reverse("table", args=["cup", 1, 1])).content.decode()
    assert 'data-state="running"' in page, "the table page should carry the running clock"
