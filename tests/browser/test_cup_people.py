"""In Chromium, German: an organiser adds a deputy on the cup's people page and copies the cup
to the next season, at 1280 px and on a 390 px phone; the deputy sees no people page."""

import pytest

from tarock_cup.cups.models import Cup, CupMember
from tarock_cup.tournaments.models import Player
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.cups.helpers import make_cup, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cup(director, other_user):
    tournament = played(director, "zirl", {"Anna Huber": 90, "Bert Moser": 60})
    cup = make_cup(director, [tournament], slug="tirol-2026-27")
    Player.objects.filter(name__in=["Anna Huber", "Bert Moser"]).update(home_cup=cup)
    return cup


def log_in(page, url, username):
    page.goto(url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


@pytest.mark.parametrize("device", ["page", "phone"])
def test_an_organiser_adds_a_deputy_and_starts_the_next_season(request, live_server, cup, device):
    page = request.getfixturevalue(device)
    log_in(page, live_server.url, "direktor")
    page.goto(live_server.url + "/cups/tirol-2026-27/")
    page.click("text=Personen")
    page.fill("#id_username", "fremd")
    page.select_option("#id_role", "deputy")
    with page.expect_navigation():
        page.click("#add-member button[type=submit]")
    page.wait_for_selector("#members li:has-text('fremd')")
    screenshot(page, f"cup-people-{device}")
    assert CupMember.objects.get(user__username="fremd").role == "deputy", "fremd is a deputy"
    assert page_width(page) <= page.viewport_size["width"], "the people page fits the screen"

    page.goto(live_server.url + "/cups/tirol-2026-27/")
    page.click("text=Nächste Saison")
    assert page.input_value("#id_season") == "2027/28", "the next season's label is proposed"
    screenshot(page, f"cup-next-season-{device}")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.wait_for_selector("h1:has-text('2027/28')")
    screenshot(page, f"cup-next-season-done-{device}")
    new = Cup.objects.get(slug="tirol-2027-28")
    assert (new.role_of(CupMember.objects.get(cup=new).user), new.home_players.count()) == (
        "deputy",
        2,
    ), "the new season has the deputy and the home players"


def test_a_deputy_sees_no_people_link_on_a_phone(phone, live_server, cup, other_user):
    CupMember.objects.create(cup=cup, user=other_user, role="deputy")
    log_in(phone, live_server.url, "fremd")
    phone.goto(live_server.url + "/cups/tirol-2026-27/")
    phone.wait_for_selector("text=Endergebnis importieren")
    screenshot(phone, "cup-page-deputy-phone")
    assert phone.locator("text=Personen").count() == 0, "a deputy is not offered the people page"
    phone.click("text=Einstellungen und Turniere")
    phone.wait_for_selector("#id_name[disabled]")
    screenshot(phone, "cup-edit-deputy-phone")
    assert phone.locator("input[name=tournaments]:not([disabled])").count() == 1, (
        "a deputy chooses the tournaments while the settings are only shown"
    )


def test_a_visitor_is_sent_to_sign_in_from_the_people_page(phone, live_server, cup):
    phone.goto(live_server.url + "/cups/tirol-2026-27/people/")
    phone.wait_for_selector("#id_username")
    screenshot(phone, "cup-people-visitor-phone")
    assert "/login/" in phone.url, "a visitor has to sign in first"
