"""Finding players as one types: words in any order, accents and case ignored, club words and
numbers; players of hidden tournaments stay hidden; the list is bounded."""

import pytest

from tarock_cup.cups.players import visible_players
from tarock_cup.register.search import MAX_QUERY_LENGTH, find_players
from tarock_cup.tournaments.models import Player, Registration
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

PEOPLE = [
    ("Anna Huber", "Bad Ischl", 1234),
    ("Josef Müller", "Tarockrunde Linz", 100123),
    ("Ünal Öztürk", "Gmunden", 100124),
    ("Hubert Anner", "Hallstatt", 5000),
    ("Maria Anna Gruber", "Vöcklabruck", 12),
]


@pytest.fixture
def people():
    return {
        name: Player.objects.create(name=name, club=club, number=number)
        for name, club, number in PEOPLE
    }


def names(players):
    return [player.name for player in players]


CASES = [
    ("muller", ["Josef Müller"]),
    ("MÜLLER josef", ["Josef Müller"]),
    ("huber anna", ["Anna Huber"]),
    ("Anna, Huber", ["Anna Huber"]),
    ("unal ozt", ["Ünal Öztürk"]),
    ("linz", ["Josef Müller"]),
    ("vocklabruck", ["Maria Anna Gruber"]),
    ("1234", ["Anna Huber"]),
    ("12", ["Maria Anna Gruber"]),
    ("10012", ["Josef Müller", "Ünal Öztürk"]),
    ("100124", ["Ünal Öztürk"]),
    ("huber 1234", ["Anna Huber"]),
    ("huber linz", []),
    ("", []),
    ("   ", []),
    ("/", []),
    ("%", []),
    ("zzz", []),
]


@pytest.mark.parametrize(("query", "expected"), CASES)
def test_a_query_finds_the_players_whose_key_holds_every_word(people, query, expected):
    found = names(find_players(query, Player.objects.all()))
    assert found == expected, f"{query!r} should find {expected}, not {found}"


def test_the_exact_number_comes_first(people):
    exact = Player.objects.create(name="Zita Zauner", club="", number=100)
    Player.objects.create(name="Zeno 100", club="Wien")
    found = find_players("100", Player.objects.all())
    assert found[0] == exact, "the player with number 100 should come before others matching 100"


def test_names_beginning_with_the_words_come_before_others(people):
    # "Annabauer" begins with "anna" too; "Johanna" only holds it inside the word.
    Player.objects.create(name="Johanna Berger", club="")
    Player.objects.create(name="Karl Annabauer", club="")
    found = names(find_players("anna", Player.objects.all()))
    assert found == ["Anna Huber", "Karl Annabauer", "Maria Anna Gruber", "Johanna Berger"], (
        "players whose words begin with the typed word should come first, alphabetically"
    )


def test_the_order_is_stable_for_equal_names(people):
    twins = [Player.objects.create(name="Karl Lang", club="Wien") for _ in range(3)]
    assert find_players("lang", Player.objects.all()) == twins, (
        "equal names should be listed in the order of their records, every time"
    )


def test_the_limit_bounds_the_list():
    Player.objects.bulk_create(Player(name=f"Franz Fuchs {i:02d}", club="") for i in range(30))
    assert len(find_players("fuchs", Player.objects.all(), limit=7)) == 7, (
        "no more players than the limit should be returned"
    )


def test_a_very_long_query_is_cut_not_refused(people):
    query = "anna " + "x" * (MAX_QUERY_LENGTH * 10)
    assert find_players(query, Player.objects.all()) == [], (
        "a long query should simply find nobody, without an error"
    )


def test_forgotten_players_are_not_found(people):
    Player.objects.filter(name="Anna Huber").update(forgotten=True)
    assert names(find_players("anna huber", Player.objects.all())) == [], (
        "a forgotten player should not be found"
    )


def test_players_only_of_hidden_tournaments_are_not_found(director, other_user):
    hidden = make_tournament(other_user, slug="hidden", public=False, players=0)
    secret = Player.objects.create(name="Geheim Gruber", club="Ischl")
    Registration.objects.create(tournament=hidden, player=secret)
    found = find_players("gruber", visible_players(director))
    assert found == [], "a player used only by someone else's hidden tournament should stay hidden"


def test_a_director_finds_the_players_of_their_own_hidden_tournament(director):
    hidden = make_tournament(director, slug="hidden", public=False, players=0)
    mine = Player.objects.create(name="Geheim Gruber", club="Ischl")
    Registration.objects.create(tournament=hidden, player=mine)
    assert find_players("gruber", visible_players(director)) == [mine], (
        "a director should find the players of their own hidden tournament"
    )
