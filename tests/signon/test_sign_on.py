"""A player signs on without an account, sees their place, changes or signs off by their link."""

import datetime

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tarock_cup.signon import entries
from tarock_cup.signon.models import SignOn, SignOnRules
from tarock_cup.tournaments.models import Player, Registration, Round
from tests.signon.helpers import form, upcoming

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("direktor", password="pw-123456")


def post_sign_on(client, data, slug="cup", address="10.0.0.1"):
    return client.post(reverse("sign_on", args=[slug]), data, REMOTE_ADDR=address)


def test_signing_on_keeps_a_pending_entry_and_makes_no_register_record(client, owner):
    upcoming(owner)
    response = post_sign_on(client, form(phone="+43 664 1234567"))
    entry = SignOn.objects.get()
    assert response.status_code == 302, "a sign-on answers with its confirmation page"
    assert response["Location"].endswith(reverse("sign_on_entry", args=[entry.token])), (
        "the confirmation is the personal link's page"
    )
    assert Player.objects.count() == 0, "a sign-on is no register record by itself"


def test_the_confirmation_shows_the_place_and_the_personal_link(client, owner):
    upcoming(owner)
    post_sign_on(client, form())
    entry = SignOn.objects.get()
    page = client.get(reverse("sign_on_entry", args=[entry.token])).content.decode()
    assert "ist angemeldet (Nr. 1 der Liste)" in page, "the page says the player's place"
    assert f"/sign-on/{entry.token}/" in page, "the page shows the personal link"


def closes_yesterday(tournament):
    SignOnRules.objects.filter(tournament=tournament).update(
        closes_at=timezone.now() - datetime.timedelta(days=1)
    )


def not_open(tournament):
    SignOnRules.objects.filter(tournament=tournament).update(open=False)


def round_drawn(tournament):
    Round.objects.create(tournament=tournament, number=1)


def without_rules(tournament):
    SignOnRules.objects.filter(tournament=tournament).delete()


@pytest.mark.parametrize(
    ("close", "says"),
    [
        (not_open, "Players do not sign on for this tournament here"),
        (without_rules, "Players do not sign on for this tournament here"),
        (closes_yesterday, "Signing on closed on"),
        (round_drawn, "The tournament has begun"),
    ],
)
def test_a_closed_sign_on_says_why_and_takes_nothing(client, owner, close, says):
    close(upcoming(owner))
    response = client.post("/en" + reverse("sign_on", args=["cup"]), form(), REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 409, "a closed sign-on answers 409"
    assert says in response.content.decode(), f"the page should say “{says}”"
    assert SignOn.objects.count() == 0, "nothing is taken"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (form(name="   "), "name"),
        (form(phone="call me"), "phone"),
        (form(email="anna@"), "email"),
        (form(name="Anna\x00Huber"), "name"),
        (form(club="x" * 121), "club"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_takes_nothing(client, owner, data, field):
    upcoming(owner)
    response = post_sign_on(client, data)
    assert response.status_code == 400, f"a bad {field} answers 400"
    assert response.context["form"].errors.get(field), f"the {field} field says what is wrong"
    assert SignOn.objects.count() == 0, "nothing is taken"


@pytest.mark.parametrize("again", ["anna huber", "Huber Anna", "Ánna  HUBER"])
def test_one_person_signs_on_once(client, owner, again):
    upcoming(owner)
    post_sign_on(client, form())
    response = post_sign_on(client, form(name=again), address="10.0.0.2")
    assert response.status_code == 409, "the same name and club again answers 409"
    assert SignOn.objects.count() == 1, "the second sign-on is not taken"


def test_a_flood_from_one_address_is_stopped_and_others_still_sign_on(client, owner):
    upcoming(owner)
    for i in range(entries.PER_ADDRESS):
        post_sign_on(client, form(name=f"Spieler {i}"))
    flood = post_sign_on(client, form(name="Noch einer"))
    other = post_sign_on(client, form(name="Andere Adresse"), address="10.0.0.9")
    assert flood.status_code == 429, "one sign-on too many from one address answers 429"
    assert "Zu viele Anmeldungen" in flood.content.decode(), "the page says why"
    assert other.status_code == 302, "another address still signs on"
    assert SignOn.objects.count() == entries.PER_ADDRESS + 1, "the flood's extra is not taken"


def test_places_beyond_the_capacity_wait_and_move_up(client, owner):
    tournament = upcoming(owner, capacity=2)
    direct = Player.objects.create(name="Direkt")
    Registration.objects.create(tournament=tournament, player=direct)
    for name in ("Erste", "Zweite"):
        entries.sign_on(tournament, name, "", "", "", "10.0.0.1")
    first, second = SignOn.objects.order_by("pk")
    assert entries.place_of(second).waiting, "beyond the capacity a player waits"
    entries.sign_off(first)
    assert not entries.place_of(second).waiting, "the waiting player moves up on a sign-off"


def test_a_player_changes_and_signs_off_by_the_personal_link(client, owner):
    upcoming(owner)
    post_sign_on(client, form())
    entry = SignOn.objects.get()
    url = reverse("sign_on_entry", args=[entry.token])
    client.post(url, {**form(club="Altenmarkt", phone="0664 123"), "change": "1"})
    client.post(url, {"sign_off": "1"})
    entry.refresh_from_db()
    assert (entry.club, entry.phone) == ("Altenmarkt", "0664 123"), "the change is saved"
    assert entry.withdrawn, "signing off is saved"


def test_a_taken_in_player_cannot_rename_the_sign_on(client, owner):
    tournament = upcoming(owner)
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    entries.take_in(entry, None, owner)
    url = reverse("sign_on_entry", args=[entry.token])
    response = client.post(url, {**form(name="Anna Maier"), "change": "1"})
    entry.refresh_from_db()
    assert response.status_code == 409, "renaming after being taken in answers 409"
    assert entry.name == "Anna Huber", "the name stays"


def test_signing_off_after_being_taken_in_withdraws_the_registration(client, owner):
    tournament = upcoming(owner)
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    registration = entries.take_in(entry, None, owner)
    client.post(reverse("sign_on_entry", args=[entry.token]), {"sign_off": "1"})
    registration.refresh_from_db()
    assert registration.withdrawn, "the registration is marked withdrawn"


def test_a_hidden_tournament_takes_no_sign_ons_and_hides_its_links(client, owner):
    tournament = upcoming(owner, public=False)
    entry = SignOn.objects.create(tournament=tournament, name="Anna")
    assert post_sign_on(client, form()).status_code == 404, "the sign-on page is a 404"
    assert client.get(reverse("sign_on_entry", args=[entry.token])).status_code == 404, (
        "a personal link of a hidden tournament is a 404"
    )


def test_an_unknown_personal_link_is_a_404(client, owner):
    upcoming(owner)
    assert client.get(reverse("sign_on_entry", args=["nope"])).status_code == 404


@pytest.mark.parametrize(("sends_mail", "sent"), [(False, 0), (True, 1)])
def test_the_link_is_mailed_only_where_the_site_sends_mail(
    client, owner, settings, sends_mail, sent
):
    settings.SENDS_MAIL = sends_mail
    if sends_mail:
        # As settings.py sets it up with EMAIL_HOST, with the test's outbox for a backend.
        settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    upcoming(owner)
    post_sign_on(client, form(email="anna@example.org"))
    assert len(mail.outbox) == sent, f"with SENDS_MAIL={sends_mail} {sent} mail should be sent"


def test_the_calendar_offers_signing_on_while_it_is_open(client, owner):
    tournament = upcoming(owner)
    page = client.get(reverse("calendar")).content.decode()
    assert reverse("sign_on", args=["cup"]) in page, "an open sign-on is offered in the calendar"
    SignOnRules.objects.filter(tournament=tournament).update(
        closes_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    page = client.get(reverse("calendar")).content.decode()
    assert reverse("sign_on", args=["cup"]) not in page, "a closed sign-on is not offered"
