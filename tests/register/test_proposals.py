"""A correction or merge that would change another organiser's tournament waits for that
organiser: accepted by all, it is applied; declined by one, it ends; never applied by itself."""

import pytest
from django.urls import reverse

from tarock_cup.register.models import PlayerChange, Proposal
from tarock_cup.register.proposals import answer, request_correction, request_merge
from tarock_cup.register.records import RecordRefused
from tarock_cup.tournaments.models import Player
from tests.cups.helpers import played
from tests.register.helpers import annas, annas_cup, fingerprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def third(django_user_model):
    return django_user_model.objects.create_user("dritter", password="geheim-123")


@pytest.fixture
def cup(director, other_user):
    """The director's cup; Anna Huber also plays in other_user's stand-alone tournament."""
    cup = annas_cup(director)
    played(other_user, "fremd", {"Anna Huber": 5}, day=9)
    return cup


def test_a_correction_touching_another_organisers_tournament_waits(director, other_user, cup):
    anna, _ = annas()
    outcome = request_correction(anna, "Anna Hubert", "", director)
    anna.refresh_from_db()
    assert (anna.name, outcome.asked) == ("Anna Huber", [other_user]), (
        "the name stays until the other organiser answers"
    )


def test_a_waiting_correction_is_not_logged(director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    assert not PlayerChange.objects.filter(kind="correct").exists(), "nothing applied yet"


def test_an_accepted_correction_is_applied_and_logged(director, other_user, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(), other_user, accept=True)
    anna.refresh_from_db()
    change = PlayerChange.objects.get(kind="correct")
    assert (anna.name, change.by) == ("Anna Hubert", director), "applied, as the proposer's"


def test_an_accepted_proposal_says_applied(director, other_user, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(), other_user, accept=True)
    assert Proposal.objects.get().state == "applied", "the proposal is applied"


def test_a_declined_correction_changes_nothing(director, other_user, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(), other_user, accept=False)
    anna.refresh_from_db()
    assert (anna.name, Proposal.objects.get().state) == ("Anna Huber", "declined"), "ended"


def test_every_organiser_must_accept(director, other_user, third, cup):
    anna, _ = annas()
    played(third, "dritt", {"Anna Huber": 3}, day=10)
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(organiser=other_user), other_user, accept=True)
    anna.refresh_from_db()
    assert anna.name == "Anna Huber", "one acceptance of two applies nothing"


def test_one_decline_ends_the_request_for_all(director, other_user, third, cup):
    anna, _ = annas()
    played(third, "dritt", {"Anna Huber": 3}, day=10)
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(organiser=third), third, accept=False)
    assert Proposal.objects.get(organiser=other_user).state == "ended", "the other row ends"


def test_a_merge_touching_another_organisers_tournament_waits(director, other_user, cup):
    keep, drop = annas()
    request_merge(keep, drop, director)
    assert Player.objects.filter(pk=drop.pk).exists(), "both records stay until accepted"


def test_an_accepted_merge_is_applied(director, other_user, cup):
    keep, drop = annas()
    request_merge(keep, drop, director)
    answer(Proposal.objects.get(), other_user, accept=True)
    assert not Player.objects.filter(pk=drop.pk).exists(), "the merge is done"


def test_a_record_with_a_waiting_proposal_is_not_changed_again(director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    before = fingerprint()
    with pytest.raises(RecordRefused, match="waiting"):
        request_correction(anna, "Anna Hübner", "", director)
    assert fingerprint() == before, "the second request changes nothing"


def test_only_the_organiser_asked_answers(director, third, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    before = fingerprint()
    with pytest.raises(RecordRefused):
        answer(Proposal.objects.get(), third, accept=True)
    assert fingerprint() == before, "a stranger's answer changes nothing"


def test_a_proposal_is_answered_once(director, other_user, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    answer(Proposal.objects.get(), other_user, accept=False)
    before = fingerprint()
    with pytest.raises(RecordRefused):
        answer(Proposal.objects.get(), other_user, accept=True)
    assert fingerprint() == before, "a second answer changes nothing"


def test_a_superuser_applies_at_once(django_user_model, cup):
    admin = django_user_model.objects.create_superuser("admin", password="geheim-123")
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", admin)
    anna.refresh_from_db()
    assert anna.name == "Anna Hubert", "the site's administrator is not asked"


def test_the_proposals_page_lists_what_waits_and_answers_it(client, director, other_user, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    client.force_login(other_user)
    listed = "Anna Hubert" in client.get(reverse("register_proposals")).content.decode()
    client.post(
        reverse("register_proposal_answer", args=[Proposal.objects.get().pk]), {"answer": "accept"}
    )
    anna.refresh_from_db()
    assert (listed, anna.name) == (True, "Anna Hubert"), "listed, accepted, applied"


def test_the_proposer_sees_the_state_on_the_record_page(director_client, director, cup):
    anna, _ = annas()
    request_correction(anna, "Anna Hubert", "", director)
    html = director_client.get(reverse("register_player", args=[anna.number])).content.decode()
    assert 'id="proposals"' in html and "fremd" in html, "who is asked, and the state"


def test_the_edit_page_says_the_correction_waits(director_client, cup):
    anna, _ = annas()
    url = reverse("register_player_edit", args=[anna.number])
    html = director_client.post(
        url, {"name": "Anna Hubert", "club": ""}, follow=True
    ).content.decode()
    assert "fremd" in html, "the message names the organiser asked"


def test_an_accepted_merge_that_cannot_be_made_stays_open(director, other_user, cup):
    keep, drop = annas()
    request_merge(keep, drop, director)
    # Meanwhile both records came to play in one tournament: the merge can no longer be made.
    played(director, "beide", {"Anna Huber": 1, "Huber Anna": 2}, day=11)
    before = fingerprint()
    with pytest.raises(RecordRefused, match="both play in"):
        answer(Proposal.objects.get(), other_user, accept=True)
    assert fingerprint() == before, "the refused acceptance changes nothing; the proposal waits"
