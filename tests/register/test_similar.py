"""The matcher both imports use: a typed row is offered the players it may mean, and only those."""

import pytest

from tarock_cup.register import similar
from tarock_cup.register.similar import Matcher, NotOffered
from tarock_cup.tournaments.models import Player, Registration
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

REGISTER = [
    ("Franz Pichler", "Schwaz"),
    ("Franz Pichler", "Wörgl"),
    ("Anna Maier", "Hall"),
    ("Anna Huber", "Innsbruck"),
    ("Anna Gruber", "Zirl"),
    ("Berta Huber", "Innsbruck"),
    ("Josef Mair", "Lienz"),
]


@pytest.fixture
def matcher():
    for name, club in REGISTER:
        Player.objects.create(name=name, club=club)
    return Matcher(Player.objects.all())


def offered(matcher, name, club="", number=None):
    return [str(offer.player) for offer in matcher.offers(name, club, number)]


@pytest.mark.parametrize(
    ("name", "club", "expected"),
    [
        ("Franz Pichlr", "Schwaz", ["Franz Pichler (Schwaz)", "Franz Pichler (Wörgl)"]),
        ("Franz Pichlr", "Wörgl", ["Franz Pichler (Wörgl)", "Franz Pichler (Schwaz)"]),
        ("Anna Mayer", "", ["Anna Maier (Hall)"]),
        ("Anna Meier", "Hall", ["Anna Maier (Hall)"]),
        ("Huber Anna", "", ["Anna Huber (Innsbruck)"]),
        ("HUBER, Ánna", "Innsbruck", ["Anna Huber (Innsbruck)"]),
        ("Anna Gruber", "Zirl", ["Anna Gruber (Zirl)"]),
        ("Anna Huber", "Zirl", ["Anna Huber (Innsbruck)", "Anna Gruber (Zirl)"]),
        ("Anna Hofer", "Innsbruck", []),
        ("Berta Gruber", "", []),
        ("Karl Steiner", "Schwaz", []),
        ("Josef Maier", "Lienz", ["Josef Mair (Lienz)"]),
    ],
)
def test_a_row_is_offered_the_alike_players(matcher, name, club, expected):
    assert offered(matcher, name, club) == expected, f"{name}, {club} should offer {expected}"


def test_franz_pichlr_of_schwaz_names_franz_pichler_with_the_evidence(matcher):
    best = matcher.offers("Franz Pichlr", "Schwaz")[0]
    assert best.why == (similar.SAME_CLUB, similar.NAME_ALIKE), "same club, name alike"


def test_a_typo_is_offered_but_not_taken_for_sure(matcher):
    offers = matcher.offers("Franz Pichlr", "Schwaz")
    assert similar.initial_choice(offers) == "", "a doubtful row is left to the director"


def test_the_same_name_in_another_order_and_the_same_club_is_taken_for_sure(matcher):
    offers = matcher.offers("Huber, Anna", "Innsbruck")
    anna = Player.objects.get(name="Anna Huber")
    assert similar.initial_choice(offers) == str(anna.pk), "only the word order differs"


def test_the_number_names_its_player_first_whatever_the_name(matcher):
    josef = Player.objects.get(name="Josef Mair")
    offers = matcher.offers("Anna Maier", "Hall", josef.number)
    assert [o.player for o in offers[:2]] == [josef, Player.objects.get(name="Anna Maier")], (
        "the number's player comes before the alike name"
    )


def test_the_numbers_player_says_why(matcher):
    josef = Player.objects.get(name="Josef Mair")
    assert matcher.offers("J. Mair", "", josef.number)[0].why == (similar.SAME_NUMBER,), (
        "offered for the number alone"
    )


def test_a_row_is_offered_a_few_players_at_most():
    Player.objects.bulk_create(Player(name="Gruber Berta", club=f"Ort {n}") for n in range(30))
    Player.objects.create(name="gruber berta", club="Verein 2")
    offers = Matcher(Player.objects.all()).offers("Berta Gruber", "Verein 2")
    clubs = [o.player.club for o in offers]
    assert clubs == ["Verein 2", "Ort 0", "Ort 1", "Ort 2", "Ort 3"], (
        "five offers: the same club first, then the oldest"
    )


def test_hidden_players_are_never_offered(director, other_user):
    hidden = make_tournament(other_user, public=False, slug="geheim", players=0)
    secret = Player.objects.create(name="Franz Pichler", club="Schwaz")
    Registration.objects.create(tournament=hidden, player=secret)
    assert Matcher.for_user(director).offers("Franz Pichlr", "Schwaz") == [], (
        "a player of a tournament hidden from the importer is not offered"
    )


def test_the_hidden_tournaments_director_is_offered_its_players(other_user):
    hidden = make_tournament(other_user, public=False, slug="geheim", players=0)
    secret = Player.objects.create(name="Franz Pichler", club="Schwaz")
    Registration.objects.create(tournament=hidden, player=secret)
    offers = Matcher.for_user(other_user).offers("Franz Pichlr", "Schwaz")
    assert [o.player for o in offers] == [secret], "its director sees the player"


def test_forgotten_players_are_never_offered(director):
    Player.objects.create(name="Franz Pichler", club="Schwaz", forgotten=True)
    assert Matcher.for_user(director).offers("Franz Pichler", "Schwaz") == [], "forgotten"


def test_a_choice_names_an_offered_player_or_new(matcher):
    offers = matcher.offers("Franz Pichlr", "Schwaz")
    picks = [similar.chosen(offers, str(offers[0].player.pk)), similar.chosen(offers, "new")]
    assert picks == [offers[0].player, None], "an offered player, or None for new"


@pytest.mark.parametrize("choice", ["", "x", "999999"])
def test_a_choice_not_offered_is_refused(matcher, choice):
    offers = matcher.offers("Franz Pichlr", "Schwaz")
    with pytest.raises(NotOffered):
        similar.chosen(offers, choice)
