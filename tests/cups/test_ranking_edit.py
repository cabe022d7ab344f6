"""Correcting an imported ranking: a row's player, score or rank, a forgotten row, a mistaken
row; ranks stay 1 to N, refusals change nothing and say why, each change is in the history,
and the season table follows."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import ImportedPlace, ImportedRanking
from tarock_cup.cups.ranking_edit import (
    PlaceEdit,
    PlayerWanted,
    RankingEditRefused,
    add_place,
    change_place,
    remove_place,
)
from tarock_cup.tournaments.models import Change, Player
from tests.cups.helpers import imported, make_cup, player

pytestmark = pytest.mark.django_db

NAMES = ["Anna Huber", "Bert Moser", "Cilli Egger", "Dora Ried"]
HEINE = {"method": "score", "full": 100, "cap": 200}


@pytest.fixture(autouse=True)
def english_messages():
    with translation.override("en"):
        yield


@pytest.fixture
def cup(director):
    return make_cup(director, [imported(director, "papier", NAMES)])


@pytest.fixture
def scored_cup(director):
    """A cup whose points come from the scores, with a ranking scored 120, 80, 40, 20."""
    tournament = imported(director, "papier", NAMES, scores=[120, 80, 40, 20])
    return make_cup(director, [tournament], points=HEINE)


def ranking():
    return ImportedRanking.objects.get(tournament__slug="papier")


def at(rank):
    return ImportedPlace.objects.select_related("ranking").get(ranking=ranking(), rank=rank)


def order():
    """Return the ranking's names, best rank first."""
    return list(ranking().places.order_by("rank").values_list("player__name", flat=True))


def ranks():
    return list(ranking().places.order_by("rank").values_list("rank", flat=True))


def fingerprint():
    return (
        list(ImportedPlace.objects.order_by("pk").values_list("rank", "player_id", "score")),
        Player.objects.count(),
        Change.objects.count(),
    )


def edit(rank, name, score=None, *, club="", new=False):
    return PlaceEdit(rank, PlayerWanted(name, club, new), score)


def gruber():
    """Return a player of no tournament yet, to be found by name or number."""
    return player("Fritz Gruber", "Hall")


def move(director, cup, from_rank, to_rank):
    place = at(from_rank)
    change_place(cup, place, edit(to_rank, place.player.name), director)


EDITS = {
    "the last row moved to rank 2": (
        lambda d, c: move(d, c, 4, 2),
        ["Anna Huber", "Dora Ried", "Bert Moser", "Cilli Egger"],
    ),
    "the winner moved to the last rank": (
        lambda d, c: move(d, c, 1, 4),
        ["Bert Moser", "Cilli Egger", "Dora Ried", "Anna Huber"],
    ),
    "a row kept at its rank": (lambda d, c: move(d, c, 2, 2), NAMES),
    "a forgotten row added at rank 2": (
        lambda d, c: add_place(c, ranking(), edit(2, "Egon Neu", new=True), d),
        ["Anna Huber", "Egon Neu", "Bert Moser", "Cilli Egger", "Dora Ried"],
    ),
    "a forgotten row added after the last": (
        lambda d, c: add_place(c, ranking(), edit(5, "Egon Neu", new=True), d),
        [*NAMES, "Egon Neu"],
    ),
    "the winner's row removed": (
        lambda d, c: remove_place(c, at(1), d),
        ["Bert Moser", "Cilli Egger", "Dora Ried"],
    ),
    "rank 2 given to a new player": (
        lambda d, c: change_place(c, at(2), edit(2, "Egon Neu", new=True), d),
        ["Anna Huber", "Egon Neu", "Cilli Egger", "Dora Ried"],
    ),
    "rank 3 given to a player found by number": (
        lambda d, c: change_place(c, at(3), edit(3, f"Nr. {gruber().number}"), d),
        ["Anna Huber", "Bert Moser", "Fritz Gruber", "Dora Ried"],
    ),
    "rank 3 given to a player found by name in another order": (
        lambda d, c: gruber() and change_place(c, at(3), edit(3, "gruber fritz"), d),
        ["Anna Huber", "Bert Moser", "Fritz Gruber", "Dora Ried"],
    ),
}


@pytest.mark.parametrize("what", list(EDITS))
def test_an_edit_gives_the_expected_order(director, cup, what):
    apply, expected = EDITS[what]
    apply(director, cup)
    assert order() == expected, f"after {what} the ranking should read {expected}"


@pytest.mark.parametrize("what", list(EDITS))
def test_ranks_stay_one_to_n_after_every_edit(director, cup, what):
    EDITS[what][0](director, cup)
    assert ranks() == list(range(1, len(ranks()) + 1)), "the ranks should run 1 to N, no gaps"


def test_a_score_is_corrected(director, scored_cup):
    change_place(scored_cup, at(3), edit(3, "Cilli Egger", 55), director)
    assert at(3).score == 55, "rank 3's score should now be 55"


def test_a_score_and_rank_corrected_together_keep_the_scores_in_order(director, scored_cup):
    change_place(scored_cup, at(3), edit(1, "Cilli Egger", 130), director)
    scores = list(ranking().places.order_by("rank").values_list("score", flat=True))
    assert scores == [130, 120, 80, 20], "Cilli should lead with 130, the others one rank down"


def refusal(call):
    """Return the refusal's message and whether the database stayed as it was."""
    before = fingerprint()
    with pytest.raises(RankingEditRefused) as refused:
        call()
    return str(refused.value), fingerprint() == before


REFUSALS = {
    "a rank beyond the last": (
        lambda d, c: change_place(c, at(2), edit(5, "Bert Moser", 80), d),
        "between 1 and 4",
    ),
    "rank 0 for a forgotten row": (
        lambda d, c: add_place(c, ranking(), edit(0, "Egon Neu", 10, new=True), d),
        "between 1 and 5",
    ),
    "a player already placed": (
        lambda d, c: change_place(c, at(2), edit(2, "Anna Huber", 80), d),
        "Anna Huber already has rank 1",
    ),
    "a forgotten row of a player already placed": (
        lambda d, c: add_place(c, ranking(), edit(5, "Dora Ried", 10), d),
        "Dora Ried already has rank 4",
    ),
    "a score above a better rank's": (
        lambda d, c: change_place(c, at(3), edit(3, "Cilli Egger", 100), d),
        "higher score (100) than Bert Moser at rank 2 (80)",
    ),
    "a new row's score above a better rank's": (
        lambda d, c: add_place(c, ranking(), edit(5, "Egon Neu", 30, new=True), d),
        "higher score (30) than Dora Ried at rank 4 (20)",
    ),
    "a missing score where the cup counts scores": (
        lambda d, c: change_place(c, at(2), edit(2, "Bert Moser"), d),
        "The score is missing",
    ),
    "a name nobody has, not marked new": (
        lambda d, c: add_place(c, ranking(), edit(5, "Egon Neu", 10), d),
        "No player called Egon Neu was found",
    ),
    "a number nobody has": (
        lambda d, c: add_place(c, ranking(), edit(5, "999999", 10), d),
        "No player has the number 999999",
    ),
    "an empty name": (
        lambda d, c: add_place(c, ranking(), edit(5, "  ", 10), d),
        "Enter the player's name or number",
    ),
    "a new player's name with a control character": (
        lambda d, c: add_place(c, ranking(), edit(5, "Egon\x07Neu", 10, new=True), d),
        "invisible control character",
    ),
    "a name longer than a name may be": (
        lambda d, c: add_place(c, ranking(), edit(5, "E" * 500, 10, new=True), d),
        "A name has at most",
    ),
    "a new player at a rank that is not there": (
        lambda d, c: add_place(c, ranking(), edit(9, "Egon Neu", 10, new=True), d),
        "between 1 and 5",
    ),
    "a new player who would break the score order": (
        lambda d, c: add_place(c, ranking(), edit(1, "Egon Neu", 10, new=True), d),
        "higher score (120) than Egon Neu",
    ),
}


@pytest.mark.parametrize("what", list(REFUSALS))
def test_a_refused_edit_says_why(director, scored_cup, what):
    call, reason = REFUSALS[what]
    message, _unchanged = refusal(lambda: call(director, scored_cup))
    assert reason in message, f"refusing {what} should say “{reason}”, said “{message}”"


@pytest.mark.parametrize("what", list(REFUSALS))
def test_a_refused_edit_changes_nothing(director, scored_cup, what):
    call, _reason = REFUSALS[what]
    _message, unchanged = refusal(lambda: call(director, scored_cup))
    assert unchanged, f"refusing {what} should leave places, players and history as they were"


def test_namesakes_are_named_with_their_numbers(director, cup):
    one = Player.objects.create(name="Egon Neu", club="Hall")
    two = Player.objects.create(name="Neu Egon", club="Zirl")
    message, _unchanged = refusal(lambda: add_place(cup, ranking(), edit(5, "Egon Neu"), director))
    assert str(one.number) in message and str(two.number) in message, (
        "the refusal should name each namesake's number so the director can pick one"
    )


def test_a_club_tells_namesakes_apart(director, cup):
    Player.objects.create(name="Egon Neu", club="Hall")
    zirl = Player.objects.create(name="Egon Neu", club="Zirl")
    add_place(cup, ranking(), edit(5, "Egon Neu", club="zirl"), director)
    assert at(5).player == zirl, "the club should pick the Egon Neu of Zirl"


def test_removing_the_only_row_is_refused(director):
    cup = make_cup(director, [imported(director, "papier", ["Anna Huber"])])
    message, unchanged = refusal(lambda: remove_place(cup, at(1), director))
    assert (unchanged, "at least one row" in message) == (True, True), message


def test_a_plain_user_may_not_edit(other_user, cup):
    message, unchanged = refusal(lambda: move(other_user, cup, 4, 1))
    assert (unchanged, "organisers" in message) == (True, True), message


def test_a_ranking_also_in_a_cup_the_user_does_not_organise_is_not_edited(
    director, other_user, cup
):
    make_cup(other_user, [ranking().tournament], slug="other")
    message, unchanged = refusal(lambda: move(director, cup, 4, 1))
    assert (unchanged, "every cup counting it" in message) == (True, True), message


def place_changes():
    return Change.objects.filter(kind=Change.Kind.PLACE).order_by("pk")


def test_a_corrected_score_is_recorded_before_and_after(director, scored_cup):
    place = at(3)
    change_place(scored_cup, place, edit(3, "Cilli Egger", 55), director)
    change = place_changes().get()
    assert (change.object_id, change.before["score"], change.after["score"], change.user) == (
        place.pk,
        40,
        55,
        director,
    ), "the history should keep the row's score before and after, and who changed it"


def test_a_move_is_one_change_naming_every_row_it_moved(director, cup):
    bert, cilli, dora = at(2).pk, at(3).pk, at(4).pk
    move(director, cup, 4, 2)
    change = place_changes().get()
    assert (change.object_id, change.before["rank"], change.after["rank"]) == (dora, 4, 2), (
        "the change should be Dora's, from rank 4 to 2"
    )
    assert change.after["moved"] == [[bert, 2, 3], [cilli, 3, 4]], (
        "the change should name the two rows Dora passed, each one rank down"
    )


def test_a_row_saved_unchanged_records_nothing(director, cup):
    move(director, cup, 2, 2)
    assert not place_changes().exists(), "nothing changed, so nothing is recorded"


def test_a_changed_player_is_recorded_by_name(director, cup):
    change_place(cup, at(2), edit(2, "Egon Neu", new=True), director)
    change = place_changes().get()
    assert (change.before["name"], change.after["name"]) == ("Bert Moser", "Egon Neu"), (
        "the history should name the row's player before and after"
    )


def test_an_added_row_is_recorded_as_created(director, cup):
    add_place(cup, ranking(), edit(5, "Egon Neu", new=True), director)
    change = place_changes().get()
    assert (change.action, change.before, change.after["name"]) == ("create", None, "Egon Neu")


def test_a_removed_row_is_recorded_as_deleted_with_what_it_held(director, cup):
    remove_place(cup, at(4), director)
    change = place_changes().get()
    assert (change.action, change.before["name"], change.after) == (
        "delete",
        "Dora Ried",
        {"moved": []},
    ), "the removed row is recorded with what it held; the last row moves no other"


def season_points(client, cup):
    """Return each player's season points as the cup's CSV export gives them."""
    text = client.get(reverse("cup_csv", args=[cup.slug])).content.decode("utf-8-sig")
    return {row[1]: int(row[3]) for row in (line.split(";") for line in text.splitlines()[1:])}


def test_the_season_follows_a_moved_row(client, director, cup):
    season_points(client, cup)  # read once, so a stale cached season would show
    move(director, cup, 4, 1)
    points = season_points(client, cup)
    assert (points["Dora Ried"], points["Anna Huber"]) == (10, 6), (
        "Dora, moved to rank 1, should get the winner's 10 points and Anna rank 2's 6"
    )


def test_the_season_follows_a_corrected_score(client, director, scored_cup):
    season_points(client, scored_cup)
    change_place(scored_cup, at(3), edit(3, "Cilli Egger", 60), director)
    assert season_points(client, scored_cup)["Cilli Egger"] == 60, (
        "Cilli's season points should come from her corrected score"
    )


def test_the_season_page_shows_a_forgotten_row(client, director, cup):
    client.get(reverse("cup", args=[cup.slug]))
    add_place(cup, ranking(), edit(1, "Egon Neu", new=True), director)
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert "Egon Neu" in html, "the forgotten player should appear in the season table"


# -- the pages -------------------------------------------------------------------------------


def edit_url(cup):
    """Return the edit page's address without a language prefix (German, the default)."""
    with translation.override(None):
        return reverse("cup_ranking_edit", args=[cup.slug, "papier"])


def place_url(cup, rank):
    with translation.override(None):
        return reverse("cup_ranking_place_edit", args=[cup.slug, "papier", at(rank).pk])


def test_the_edit_page_lists_the_rows_with_a_link_to_correct_each(director_client, cup):
    html = director_client.get(edit_url(cup)).content.decode()
    assert all(place_url(cup, rank) in html for rank in range(1, 5)), "each row has its link"


def test_the_page_adds_a_forgotten_row(director_client, cup):
    data = {"rank": "3", "player": "Egon Neu", "club": "Hall", "new": "on"}
    response = director_client.post(edit_url(cup), data)
    assert (response.status_code, order()[2]) == (302, "Egon Neu"), "Egon should be rank 3"


def test_the_page_shows_a_refusal_and_keeps_what_was_typed(director_client, cup):
    before = fingerprint()
    english = "/en" + edit_url(cup)
    response = director_client.post(english, {"rank": "3", "player": "Egon Neu"})
    html = response.content.decode()
    assert (response.status_code, "No player called Egon Neu" in html, fingerprint()) == (
        400,
        True,
        before,
    ), "a refused row is shown with its reason and saves nothing"


def test_the_place_page_corrects_a_row(director_client, cup):
    data = {"rank": "1", "player": "Dora Ried", "club": "Innsbruck"}
    director_client.post(place_url(cup, 4), data)
    assert order()[0] == "Dora Ried", "Dora should now lead the ranking"


def test_the_place_page_removes_a_row(director_client, cup):
    place = at(2)
    with translation.override(None):
        url = reverse("cup_ranking_place_remove", args=[cup.slug, "papier", place.pk])
    director_client.post(url)
    assert "Bert Moser" not in order(), "Bert's row should be gone"


def test_the_place_page_needs_a_score_where_the_cup_counts_scores(director_client, scored_cup):
    response = director_client.post(place_url(scored_cup, 2), {"rank": "2", "player": "Bert"})
    assert response.status_code == 400, "a row without a score is refused in a scores cup"


def test_the_cup_page_links_the_organiser_to_the_edit_page(director_client, cup):
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert edit_url(cup) in html, "the organiser should find the correction from the cup page"


def test_the_cup_page_has_no_edit_link_for_visitors(client, cup):
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert edit_url(cup) not in html, "a visitor should not be offered the correction"


def test_the_ranking_page_links_the_organiser_to_the_edit_page(director_client, cup):
    html = director_client.get(reverse("cup_ranking", args=[cup.slug, "papier"])).content
    assert edit_url(cup) in html.decode(), "the ranking page should offer its correction"


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_pages_speak_both_languages(director_client, cup, prefix):
    translation.deactivate()
    pages = [edit_url(cup), place_url(cup, 1)]
    codes = [director_client.get(prefix + url).status_code for url in pages]
    assert codes == [200, 200], f"both pages should render at {prefix or '/'}"


def history_page(client):
    with translation.override(None):
        url = "/en" + reverse("tournament", args=["papier"])
    return client.get(url).content.decode()


HISTORY_LINES = {
    "a corrected score": (
        lambda d, c: change_place(c, at(3), edit(3, "Cilli Egger", 35), d),
        "Cilli Egger: score 40 → 35 (corrected)",
    ),
    "a row moved with its score": (
        lambda d, c: change_place(c, at(4), edit(3, "Dora Ried", 40), d),
        "Dora Ried: rank 4 → 3; score 20 → 40 (corrected) · 1 other row moved one rank",
    ),
    "another player": (
        lambda d, c: change_place(c, at(2), edit(2, "Egon Neu", 80, new=True), d),
        "Bert Moser: player Bert Moser → Egon Neu (corrected)",
    ),
    "an added row": (
        lambda d, c: add_place(c, ranking(), edit(5, "Egon Neu", 10, new=True), d),
        "rank 5: Egon Neu added",
    ),
    "a removed row": (lambda d, c: remove_place(c, at(4), d), "rank 4: Dora Ried removed"),
    "a removed row with rows below": (
        lambda d, c: remove_place(c, at(2), d),
        "rank 2: Bert Moser removed · 2 other rows moved one rank",
    ),
}


@pytest.mark.parametrize("what", list(HISTORY_LINES))
def test_the_tournaments_page_shows_each_correction_in_its_history(
    director_client, director, scored_cup, what
):
    apply, line = HISTORY_LINES[what]
    apply(director, scored_cup)
    assert line in history_page(director_client), f"the history should read “{line}”"


def test_a_new_player_placed_by_a_correction_gets_a_home(director, cup):
    change_place(cup, at(2), edit(2, "Egon Neu", new=True), director)
    egon = Player.objects.get(name="Egon Neu")
    assert (egon.home_cup_id, egon.home_organiser_id) != (None, None), (
        "the new player should be kept by someone: the cup's or the tournament's organisers"
    )
