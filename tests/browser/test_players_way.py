"""A player's way on a 390 px phone: the calendar, signing on for a tournament, and on the day
finding their seat. The director's part (taking the sign-ons in, drawing the round) is done
through the domain functions the director's pages call."""

import pytest
from django.utils import timezone

from tarock_cup.signon import entries
from tarock_cup.signon.models import SignOn
from tarock_cup.tournaments import rounds
from tarock_cup.tournaments.models import Tournament
from tests.browser.conftest import screenshot
from tests.signon.helpers import upcoming

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OTHERS = [("Berta Maier", "Linz"), ("Cilli Egger", "Wels"), ("Dora Hofer", "Steyr")]


def test_from_the_calendar_to_signing_on_to_the_seat(phone, live_server, director):
    tournament = upcoming(director)
    phone.goto(live_server.url + "/calendar/")
    screenshot(phone, "way-1-calendar")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Anmelden").click()
    phone.fill("#id_name", "Anna Huber")
    phone.fill("#id_club", "Radstadt")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Anmelden").click()
    phone.get_by_text("ist angemeldet").wait_for()
    screenshot(phone, "way-2-signed-on")

    # The day comes: the director takes everyone in, checks them in and draws round 1.
    for name, club in OTHERS:
        entries.sign_on(tournament, name, club, "", "", name)
    for entry in SignOn.objects.all():
        entries.take_in(entry, None, director)
        entries.check_in(SignOn.objects.get(pk=entry.pk), director)
    Tournament.objects.filter(pk=tournament.pk).update(date=timezone.localdate())
    rounds.draw_round(Tournament.objects.get(pk=tournament.pk), seed=7, user=director)

    phone.goto(live_server.url + "/calendar/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Wo sitze ich?").first.click()
    phone.fill("#seat-q", "huber")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Suchen").click()
    answer = phone.locator(".seat-answer")
    answer.get_by_text("Tisch 1").wait_for()
    screenshot(phone, "way-3-seat")
    assert "Anna Huber" in answer.inner_text(), "the seat found is Anna Huber's"
