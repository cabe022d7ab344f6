"""A cup gathers only its organisers' own tournaments; a merge or an import never reaches into
another organiser's players (issue 23, point 1)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace
from tarock_cup.register.proposals import request_merge
from tarock_cup.register.records import RecordRefused
from tarock_cup.tournaments.models import Change, Player, Registration, Seat, Tournament
from tests.cups.helpers import imported, make_cup, played

pytestmark = pytest.mark.django_db


def new_cup(client, **fields):
    data = {
        "name": "Fremder Cup",
        "slug": "fremd",
        "final_factor": "1",
        "system": "tirol_power",
        **fields,
    }
    return client.post(reverse("cup_new"), data)


# -- which tournaments a cup gathers ------------------------------------------------------


@pytest.mark.parametrize("public", [True, False])
def test_a_stranger_cannot_add_another_directors_tournament_to_a_new_cup(
    client, director, other_user, public
):
    victim = played(director, "opfer", {"Anna": 1}, public=public)
    client.force_login(other_user)
    new_cup(client, tournaments=[victim.pk])
    assert not Cup.objects.exists(), "the form refuses a tournament its sender does not direct"


def test_a_stranger_cannot_make_another_directors_tournament_the_final(
    client, director, other_user
):
    victim = played(director, "opfer", {"Anna": 1})
    client.force_login(other_user)
    new_cup(client, final=victim.pk)
    assert not Cup.objects.exists(), "the final is one of the sender's own tournaments too"


def test_a_crafted_edit_cannot_add_another_directors_tournament(client, director, other_user):
    victim = played(director, "opfer", {"Anna": 1})
    cup = make_cup(other_user, [], slug="fremd")
    client.force_login(other_user)
    client.post(
        reverse("cup_edit", args=[cup.slug]),
        {
            "name": "Fremder Cup",
            "slug": "fremd",
            "final_factor": "1",
            "system": "tirol_power",
            "tournaments": [victim.pk],
        },
    )
    assert not CupTournament.objects.filter(tournament=victim).exists(), (
        "a tournament named in a crafted form is not entered in the cup"
    )


def test_the_form_offers_only_tournaments_the_user_directs(client, director, other_user):
    played(director, "opfer", {"Anna": 1})
    played(other_user, "eigen", {"Bert": 1})
    client.force_login(other_user)
    html = client.get(reverse("cup_new")).content.decode()
    assert ("Turnier eigen" in html, "Turnier opfer" in html) == (True, False), (
        "the own tournament is offered, another director's public one is not"
    )


@pytest.fixture
def shared_cup(director, other_user):
    """A cup of `director` organised with `other_user`, who added a hidden tournament of theirs."""
    own = played(director, "eigen", {"Anna": 1})
    theirs = played(other_user, "geheim", {"Bert": 1}, public=False)
    cup = make_cup(director, [own, theirs])
    cup.members.add(other_user, through_defaults={"role": "organiser"})
    return cup


def test_a_tournament_another_organiser_added_stays_when_the_owner_saves(
    director_client, shared_cup
):
    form = director_client.get(reverse("cup_edit", args=[shared_cup.slug])).context["form"]
    data = {
        name: value
        for name, value in form.initial.items()
        if name in form.fields and value is not None
    }
    data |= {"name": shared_cup.name, "slug": shared_cup.slug, "final_factor": "1"}
    director_client.post(reverse("cup_edit", args=[shared_cup.slug]), data)
    assert shared_cup.entries.filter(tournament__slug="geheim").exists(), (
        "the hidden tournament its director added is still in the cup"
    )


def test_a_hidden_tournament_its_director_added_is_named_to_the_cups_organisers(
    director_client, shared_cup
):
    # Its director put it into the cup: the cup's people direct it and so see its name.
    html = director_client.get(reverse("cup_edit", args=[shared_cup.slug])).content.decode()
    assert "Turnier geheim" in html, "the cup's owner directs the cup's tournaments"


# -- merging players --------------------------------------------------------------------------


@pytest.fixture
def stranger_cup(director, other_user):
    """The probe: a stranger's cup whose imported ranking names a player of the victim's
    tournament, beside the stranger's own look-alike player."""
    played(director, "opfer", {"Anna Huber": 50, "Bert": 30}, public=False)
    own = played(other_user, "eigen", {"Huber Anna": 40})
    paper = imported(other_user, "papier", ["Anna Huber"], day=2)
    return make_cup(other_user, [own, paper], slug="fremd")


def victims_state():
    anna = Player.objects.filter(name="Anna Huber").first()
    return {
        "player": anna is not None,
        "registrations": Registration.objects.filter(player=anna).count(),
        "seats": Seat.objects.filter(player=anna).count(),
        "places": ImportedPlace.objects.filter(player=anna).count(),
        "history": Change.objects.count(),
    }


@pytest.mark.parametrize("kept", ["Anna Huber", "Huber Anna"])
def test_a_merge_touching_another_directors_player_is_refused(other_user, stranger_cup, kept):
    keep = Player.objects.get(name=kept)
    drop = Player.objects.exclude(pk=keep.pk).get(name__in=["Anna Huber", "Huber Anna"])
    with pytest.raises(RecordRefused):
        request_merge(keep, drop, other_user)


@pytest.mark.parametrize("kept", ["Anna Huber", "Huber Anna"])
def test_a_refused_merge_through_the_cup_changes_nothing(client, other_user, stranger_cup, kept):
    before = victims_state()
    keep = Player.objects.get(name=kept)
    drop = Player.objects.exclude(pk=keep.pk).get(name__in=["Anna Huber", "Huber Anna"])
    client.force_login(other_user)
    client.post(reverse("cup_merge", args=[stranger_cup.slug]), {"keep": keep.pk, "drop": drop.pk})
    assert victims_state() == before, "the victim's player, registration, seat and history stay"


def test_a_refused_merge_says_why_without_naming_the_hidden_tournament(
    client, other_user, stranger_cup
):
    keep, drop = Player.objects.get(name="Huber Anna"), Player.objects.get(name="Anna Huber")
    client.force_login(other_user)
    response = client.post(
        reverse("cup_merge", args=[stranger_cup.slug]),
        {"keep": keep.pk, "drop": drop.pk},
        follow=True,
    )
    html = response.content.decode()
    assert ("von jemand anderem geführt" in html, "Turnier opfer" in html) == (True, False), (
        "the message says why and keeps the hidden tournament's name back"
    )


def test_a_director_merges_players_of_their_own_tournaments(director):
    played(director, "a", {"Anna Huber": 50})
    played(director, "b", {"Huber Anna": 40})
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    request_merge(keep, drop, director)
    assert not Player.objects.filter(name="Huber Anna").exists(), "the dropped player is gone"


def test_a_player_of_another_directors_public_tournament_is_not_merged(director, other_user):
    played(director, "a", {"Anna Huber": 50})
    played(other_user, "b", {"Huber Anna": 40})
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    with pytest.raises(RecordRefused):
        request_merge(keep, drop, director)


# -- importing a ranking ----------------------------------------------------------------------

RANKING = "Platz;Name;Verein\n1;Cilli Egger;Wattens\n2;Dora Ried;Hall\n"


def import_ranking(client, cup):
    upload = SimpleUploadedFile("rangliste.csv", RANKING.encode("utf-8"))
    data = {"name": "Papierturnier Hall", "date": "2026-10-03", "file": upload}
    preview = client.post(reverse("cup_ranking_import", args=[cup.slug]), data)
    token = preview.context["pending"]["token"]
    client.post(reverse("cup_ranking_import_confirm", args=[cup.slug]), {"token": token})
    return preview


@pytest.fixture
def hidden_cilli(director):
    played(director, "geheim", {"Cilli Egger": 10}, public=False)
    cilli = Player.objects.get(name="Cilli Egger")
    cilli.club = "Wattens"
    cilli.save()
    return cilli


def test_an_import_does_not_link_a_place_to_a_player_of_a_hidden_tournament(
    client, other_user, hidden_cilli
):
    cup = make_cup(other_user, [], slug="fremd")
    client.force_login(other_user)
    import_ranking(client, cup)
    place = ImportedPlace.objects.get(rank=1)
    assert place.player != hidden_cilli, "the place gets a new player of its own"


def test_the_import_preview_does_not_find_a_player_of_a_hidden_tournament(
    client, other_user, hidden_cilli
):
    cup = make_cup(other_user, [], slug="fremd")
    client.force_login(other_user)
    rows = import_ranking(client, cup).context["lines"]
    assert [row.player for row, _choice in rows] == [None, None], "both places are new players"


def test_an_import_by_the_hidden_tournaments_director_links_its_player(
    director_client, director, hidden_cilli
):
    cup = make_cup(director, [], slug="eigen")
    import_ranking(director_client, cup)
    assert ImportedPlace.objects.get(rank=1).player == hidden_cilli, "their own player is found"


def test_an_import_links_a_player_of_a_public_tournament(client, director, other_user):
    played(director, "offen", {"Cilli Egger": 10})
    cilli = Player.objects.get(name="Cilli Egger")
    Player.objects.filter(pk=cilli.pk).update(club="Wattens")
    cup = make_cup(other_user, [], slug="fremd")
    client.force_login(other_user)
    import_ranking(client, cup)
    assert ImportedPlace.objects.get(rank=1).player == cilli, "a public player is one person"


def test_the_cup_page_offers_no_merge_of_another_directors_player(client, other_user, stranger_cup):
    client.force_login(other_user)
    html = client.get(reverse("cup", args=[stranger_cup.slug])).content.decode()
    assert 'name="drop"' not in html, "a merge that would be refused is not suggested"


def test_an_organiser_taking_out_anothers_imported_ranking_leaves_its_tournament(
    client, director, other_user
):
    paper = imported(director, "papier", ["Anna"])
    cup = make_cup(director, [paper])
    cup.members.add(other_user, through_defaults={"role": "organiser"})
    client.force_login(other_user)
    client.post(reverse("cup_ranking_remove", args=[cup.slug, "papier"]))
    assert (cup.entries.exists(), Tournament.objects.filter(pk=paper.pk).exists()) == (
        False,
        True,
    ), "the cup no longer counts it; the tournament stays its director's"
