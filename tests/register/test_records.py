"""A record's page and its correction: shown to keepers and to directors who meet the player,
corrected only by keepers, recorded, and the earlier name shown as "formerly"."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tarock_cup.register.models import PlayerChange
from tarock_cup.register.proposals import request_correction
from tarock_cup.register.records import RecordRefused, formerly, formerly_of
from tarock_cup.tournaments.models import Player, PlayerNumber
from tests.cups.helpers import played
from tests.register.helpers import annas, annas_cup, fingerprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director):
    return annas_cup(director)


def record_url(player, name="register_player"):
    return reverse(name, args=[player.number])


def test_a_correction_changes_name_and_club(director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "Wattens", director)
    anna.refresh_from_db()
    assert (anna.name, anna.club) == ("Anna Hubert", "Wattens"), "the record is corrected"


def test_a_correction_is_recorded_with_before_and_after(director, cup):
    anna, _ = annas()
    club = anna.club
    request_correction(anna, "Anna Hubert", "Wattens", director)
    change = PlayerChange.objects.get(kind=PlayerChange.Kind.CORRECT)
    assert (change.before, change.after, change.by, change.cup) == (
        {"name": "Anna Huber", "club": club},
        {"name": "Anna Hubert", "club": "Wattens"},
        director,
        cup,
    ), "the log keeps what it was, what it is, who and which cup"


def test_the_earlier_name_is_formerly(director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", anna.club, director)
    anna.refresh_from_db()
    assert formerly(anna) == [f"Anna Huber ({anna.club})"], "the earlier name and club"


def test_a_name_given_back_is_not_formerly_itself(director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", anna.club, director)
    request_correction(anna, "Anna Huber", anna.club, director)
    anna.refresh_from_db()
    assert formerly(anna) == [f"Anna Hubert ({anna.club})"], "only names it no longer has"


def test_an_unchanged_correction_is_refused_and_changes_nothing(director, cup):
    anna, _ = annas()
    before = fingerprint()
    with pytest.raises(RecordRefused):
        request_correction(anna, anna.name, anna.club, director)
    assert fingerprint() == before, "nothing changes"


def test_a_stranger_cannot_correct(other_user, cup):
    anna, _ = annas()
    before = fingerprint()
    with pytest.raises(RecordRefused):
        request_correction(anna, "Someone", "", other_user)
    assert fingerprint() == before, "the stranger's correction changes nothing"


def test_the_edit_page_corrects_and_shows_formerly(director_client, cup):
    anna, _ = annas()
    director_client.post(
        record_url(anna, "register_player_edit"), {"name": "Anna Hubert", "club": "Wattens"}
    )
    html = director_client.get(record_url(anna)).content.decode()
    assert 'class="formerly">Anna Huber (' in html, "the record page says what it was called"


def test_the_edit_page_refuses_an_empty_name(director_client, cup):
    anna, _ = annas()
    before = fingerprint()
    response = director_client.post(
        record_url(anna, "register_player_edit"), {"name": "", "club": "x"}
    )
    assert (response.status_code, fingerprint()) == (200, before), (
        "the form says why, nothing saved"
    )


def test_the_record_page_shows_tournaments_and_cups(director_client, cup):
    anna, _ = annas()
    html = director_client.get(record_url(anna)).content.decode()
    assert ("Turnier a" in html, cup.name in html) == (True, True), "its tournament and cup"


def test_the_record_page_leaves_out_hidden_tournaments(client, director, other_user, cup):
    anna, _ = annas()
    played(other_user, "geheim", {"Anna Huber": 5}, day=9, public=False)
    client.force_login(director)
    html = client.get(record_url(anna)).content.decode()
    assert "Turnier geheim" not in html, "another organiser's hidden tournament stays hidden"


def test_a_director_who_meets_the_player_sees_the_record(client, other_user, cup):
    anna, _ = annas()
    played(other_user, "fremd", {"Anna Huber": 5}, day=9)
    client.force_login(other_user)
    assert client.get(record_url(anna)).status_code == 200, "a director of her tournament"


def test_a_director_who_meets_the_player_gets_no_correction_link(client, other_user, cup):
    anna, _ = annas()
    played(other_user, "fremd", {"Anna Huber": 5}, day=9)
    client.force_login(other_user)
    html = client.get(record_url(anna)).content.decode()
    assert record_url(anna, "register_player_edit") not in html, "only keepers correct"


def test_a_stranger_sees_the_public_record_without_the_registers_details(client, other_user, cup):
    anna, _ = annas()
    client.force_login(other_user)
    html = client.get(record_url(anna)).content.decode()
    assert f'id="record-{anna.number}"' not in html, (
        "the register's details (home, earlier names) are for keepers and directors only"
    )


def test_the_record_page_speaks_english(director_client, cup):
    anna, _ = annas()
    with translation.override("en"):
        html = director_client.get(record_url(anna)).content.decode()
    assert "Correct name or club" in html, "the English page"


def test_the_record_page_speaks_german(director_client, cup):
    anna, _ = annas()
    html = director_client.get(record_url(anna)).content.decode()
    assert "Name oder Verein berichtigen" in html, "the German page"


def test_the_cup_log_lists_the_correction(director_client, director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "Wattens", director)
    html = director_client.get(reverse("cup_player_log", args=[cup.slug])).content.decode()
    assert "Anna Huber (" in html and "Anna Hubert (Wattens)" in html, "before → after"


def test_the_cup_page_links_the_log_for_organisers_only(director_client, cup):
    link = reverse("cup_player_log", args=[cup.slug])
    shown = (
        link in director_client.get(cup.get_absolute_url()).content.decode(),
        link in Client().get(cup.get_absolute_url()).content.decode(),
    )
    assert shown == (True, False), "organisers see the link, visitors do not"


def test_the_cup_log_is_paged(director_client, director, cup):
    anna, _ = annas()
    for i in range(60):
        request_correction(anna, f"Anna {i}", "", director)
    html = director_client.get(
        reverse("cup_player_log", args=[cup.slug]) + "?page=2"
    ).content.decode()
    assert "Seite 2 von 2" in html, "sixty entries and more make two pages"


def test_records_kept_elsewhere_are_not_offered_for_a_merge(director_client, other_user, cup):
    anna, _ = annas()
    played(other_user, "fremd", {"Anna Fremd": 5}, day=9)
    html = director_client.get(
        record_url(anna, "register_player_merge") + "?q=anna"
    ).content.decode()
    assert ("Huber Anna" in html, "Anna Fremd" in html) == (True, False), "only kept records"


def test_the_merge_comparison_shows_both_records(director_client, cup):
    anna, drop = annas()
    url = record_url(anna, "register_player_merge") + f"?other={drop.number}"
    html = director_client.get(url).content.decode()
    assert ("Turnier a" in html, "Turnier b" in html, "Papierturnier papier" in html) == (
        True,
        True,
        True,
    ), "both records' tournaments side by side"


def test_an_unknown_number_to_merge_with_says_so(director_client, other_user, cup):
    anna, _ = annas()
    played(other_user, "fremd", {"Anna Fremd": 5}, day=9)
    stranger = Player.objects.get(name="Anna Fremd")
    url = record_url(anna, "register_player_merge") + f"?other={stranger.number}"
    html = director_client.get(url, follow=True).content.decode()
    assert ("Anna Fremd" not in html, str(stranger.number) in html) == (True, True), (
        "a record kept elsewhere is refused without showing its name"
    )


def test_the_merge_page_merges_the_chosen_record(director_client, cup):
    anna, drop = annas()
    url = record_url(anna, "register_player_merge")
    director_client.post(url, {"other": drop.number, "keep": drop.number})
    assert list(
        Player.objects.filter(name__in=["Anna Huber", "Huber Anna"]).values_list("name", flat=True)
    ) == ["Huber Anna"], "the record chosen to stay stays"


def test_the_merge_page_without_a_choice_changes_nothing(director_client, cup):
    anna, drop = annas()
    before = fingerprint()
    director_client.post(record_url(anna, "register_player_merge"), {"other": drop.number})
    assert fingerprint() == before, "no record chosen, nothing merged"


def test_the_earlier_names_of_a_list_come_in_one_query(director, cup, django_assert_num_queries):
    anna, other = annas()
    request_correction(anna, "Anna Hubert", anna.club, director)
    request_correction(other, "Anna Huberová", other.club, director)
    players = list(Player.objects.filter(pk__in=[anna.pk, other.pk]))
    with django_assert_num_queries(1):
        found = formerly_of(players)
    assert found == {
        anna.pk: [f"Anna Huber ({anna.club})"],
        other.pk: [f"Huber Anna ({other.club})"],
    }, "each record's earlier name, for a whole list at once"


def test_correcting_a_record_hands_out_no_number(director_client, cup):
    anna, _ = annas()
    drawn = PlayerNumber.objects.count()
    url = record_url(anna, "register_player_edit")
    director_client.get(url)
    director_client.post(url, {"name": "Anna Hubert", "club": ""})
    assert PlayerNumber.objects.count() == drawn, "no player number is used up by the way"


def test_a_name_with_a_control_character_is_refused(director_client, cup):
    anna, _ = annas()
    before = fingerprint()
    director_client.post(record_url(anna, "register_player_edit"), {"name": "Anna\x00", "club": ""})
    assert fingerprint() == before, "the form refuses it and nothing is saved"


@pytest.mark.parametrize("typed", ["99999999999999999999", "12a", "١٢٣", "-5", " "])
def test_a_strange_number_to_merge_with_is_refused_quietly(director_client, cup, typed):
    anna, _ = annas()
    before = fingerprint()
    url = record_url(anna, "register_player_merge")
    response = director_client.post(url, {"other": typed, "keep": anna.number})
    assert (response.status_code, fingerprint()) == (200, before), (
        "the search page again, nothing merged, never an error"
    )
