"""Importing a past tournament's final ranking into a cup: preview first, saved on confirmation."""

import io
import json
import re

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import CupTournament, ImportedPlace
from tarock_cup.cups.rankings import MAX_ROWS
from tarock_cup.register.records import merge_records
from tarock_cup.tournaments.models import Player, Tournament
from tests.cups.helpers import make_cup, played
from tests.test_hostile_files import BOMBS

pytestmark = pytest.mark.django_db

FIXPUNKTE = {"method": "table", "points": [10, 6, 3]}
HEINE = {"method": "score", "full": 100, "cap": 200}


@pytest.fixture(autouse=True)
def english_pages():
    with translation.override("en"):
        yield


def csv_file(text, name="rangliste.csv"):
    return SimpleUploadedFile(name, text.encode("utf-8"))


def xlsx_file(rows, name="rangliste.xlsx"):
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return SimpleUploadedFile(name, out.getvalue())


@pytest.fixture
def cup(director):
    return make_cup(director, [played(director, "zirl", {"Anna Huber": 50, "Bert Moser": 30})])


def upload(client, cup, file, **fields):
    data = {"name": "Papierturnier Hall", "date": "2026-10-03", "file": file} | fields
    return client.post(reverse("cup_ranking_import", args=[cup.slug]), data)


def confirm(client, cup, response, confirmed=(), **choices):
    token = response.context["pending"]["token"]
    data = {"token": token} | {f"choice-{line}": value for line, value in choices.items()}
    data |= {key: "1" for key in confirmed}  # rows alike in the file confirmed as two people
    return client.post(reverse("cup_ranking_import_confirm", args=[cup.slug]), data)


GOOD = "Platz;Name;Verein;Punkte\n1;Cilli Egger;Wattens;120\n2;Dora Ried;Hall;80\n"


def test_the_preview_saves_nothing(director_client, cup):
    upload(director_client, cup, csv_file(GOOD))
    assert not Tournament.objects.filter(name="Papierturnier Hall").exists(), "only a preview"


def test_the_preview_shows_a_negative_score_with_the_typographic_minus(director_client, cup):
    text = "Platz;Name;Verein;Punkte\n1;Cilli Egger;Wattens;12\n2;Dora Ried;Hall;-12\n"
    page = upload(director_client, cup, csv_file(text)).content.decode()
    scores = re.findall(r'<td class="num">([^<]*)</td></tr>', page)
    assert scores == ["12", "\u221212"], "the scores as the page shows them"


def test_confirming_enters_the_tournament_in_the_cup(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    assert CupTournament.objects.filter(cup=cup, tournament__name="Papierturnier Hall").exists()


def test_the_imported_places_keep_rank_and_score(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    places = [(p.rank, p.player.name, p.score) for p in ImportedPlace.objects.all()]
    assert places == [(1, "Cilli Egger", 120), (2, "Dora Ried", 80)], "as in the file"


def test_the_imported_tournament_counts_as_final_in_the_season(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    # Fixpunkte 10, 6, 3: Anna and Cilli each won one tournament.
    assert html.count('<strong class="counted">10</strong>') == 2, "both winners get 10"


def test_the_cup_page_marks_the_tournament_as_an_imported_ranking(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert "imported ranking" in html, "the list of tournaments says so"


def test_the_imported_ranking_has_its_own_page(client, director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    slug = Tournament.objects.get(name="Papierturnier Hall").slug
    html = client.get(reverse("cup_ranking", args=[cup.slug, slug])).content.decode()
    assert "Dora Ried" in html, "anyone may read the imported ranking"


def test_the_csv_export_marks_the_imported_ranking(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    text = director_client.get(reverse("cup_csv", args=[cup.slug])).content.decode("utf-8-sig")
    assert "Papierturnier Hall (imported ranking)" in text.splitlines()[0], "in the heading"


def test_a_workbook_ranking_is_imported(director_client, cup):
    file = xlsx_file([["Rang", "Spieler", "Ort"], [1, "Emil Gruber", "Zirl"], [2.0, "Fritz", ""]])
    confirm(director_client, cup, upload(director_client, cup, file))
    assert ImportedPlace.objects.filter(rank=2, player__name="Fritz").exists(), "read as 2"


def test_a_tournament_of_a_seasons_json_is_imported(director_client, director, cup):
    other = make_cup(director, [played(director, "wien", {"Gerti": 60, "Hans": 10})], slug="w")
    text = director_client.get(reverse("cup_json", args=[other.slug])).content
    file = SimpleUploadedFile("season.json", text)
    # The JSON names no club, so Gerti and Hans of Innsbruck are offered, not found outright.
    gerti, hans = Player.objects.get(name="Gerti"), Player.objects.get(name="Hans")
    response = upload(director_client, cup, file)
    confirm(director_client, cup, response, **{"1": str(gerti.pk), "2": str(hans.pk)})
    players = list(ImportedPlace.objects.values_list("player", flat=True))
    assert players == [gerti.pk, hans.pk], "the export's player numbers are left out of the names"


def test_ranks_are_put_in_order(director_client, cup):
    file = csv_file("Name,Platz\nDora,2\nCilli,1\n")
    confirm(director_client, cup, upload(director_client, cup, file))
    assert ImportedPlace.objects.get(rank=1).player.name == "Cilli", "sorted by rank"


def test_an_existing_player_is_found_by_name_and_club(director_client, cup):
    file = csv_file("Platz;Name;Verein\n1;anna  huber;innsbruck\n")
    confirm(director_client, cup, upload(director_client, cup, file))
    assert Player.objects.filter(name__iexact="anna huber").count() == 1, "no second Anna"


@pytest.mark.parametrize(
    "written",
    ["Huber Anna;Innsbruck", "Anna Húber;Innsbruck", "Anna Huber;Wattens", "HUBER, Anna;"],
)
def test_a_likely_match_is_offered_to_choose(director_client, cup, written):
    response = upload(director_client, cup, csv_file(f"Platz;Name;Verein\n1;{written}\n"))
    anna = Player.objects.get(name="Anna Huber")
    radio = f'<input type="radio" name="choice-2" value="{anna.pk}" required'
    assert radio in response.content.decode(), "Anna is offered to choose"


def test_choosing_the_likely_player_creates_no_second_one(director_client, cup):
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Huber Anna;Zirl\n"))
    anna = Player.objects.get(name="Anna Huber")
    confirm(director_client, cup, response, **{"2": str(anna.pk)})
    assert ImportedPlace.objects.get().player == anna, "the place is Anna Huber's"


def test_franz_pichlr_is_offered_franz_pichler_of_schwaz(director_client, cup):
    pichler = Player.objects.create(name="Franz Pichler", club="Schwaz")
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Franz Pichlr;Schwaz\n"))
    offered = [offer.player for offer in response.context["lines"][0][0].offers]
    assert offered == [pichler], "the misspelt name is offered the alike player"


def test_choosing_the_offer_creates_no_player(director_client, cup):
    pichler = Player.objects.create(name="Franz Pichler", club="Schwaz")
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Franz Pichlr;Schwaz\n"))
    before = Player.objects.count()
    confirm(director_client, cup, response, **{"2": str(pichler.pk)})
    assert (Player.objects.count(), ImportedPlace.objects.get().player) == (before, pichler), (
        "the place is Franz Pichler's and nobody new is created"
    )


def test_a_different_name_is_offered_nobody(director_client, cup):
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Karl Steiner;Zirl\n"))
    assert response.context["choose"] == 0, "a clearly different name is simply new"


@pytest.mark.parametrize("who", ["stranger", "hidden"])
def test_a_player_not_offered_is_refused_and_nothing_imported(
    director_client, other_user, cup, who
):
    stranger = Player.objects.create(name="Karl Steiner", club="Lienz")
    if who == "hidden":
        # Franz Pichler of Innsbruck plays only in a tournament hidden from the importer.
        hidden = played(other_user, "geheim", {"Franz Pichler": 5}, public=False)
        stranger = Player.objects.get(registrations__tournament=hidden)
    Player.objects.create(name="Franz Pichler", club="Schwaz")
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Franz Pichlr;Schwaz\n"))
    refused = confirm(director_client, cup, response, **{"2": str(stranger.pk)})
    assert (refused.status_code, ImportedPlace.objects.count()) == (400, 0), (
        f"a {who} player chosen is refused and nothing is imported"
    )


def test_choosing_new_creates_a_second_player(director_client, cup):
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Huber Anna;Zirl\n"))
    confirm(director_client, cup, response, **{"2": "new"})
    assert ImportedPlace.objects.get().player.name == "Huber Anna", "a new player, as chosen"


def test_without_a_choice_nothing_is_imported(director_client, cup):
    response = upload(director_client, cup, csv_file("Platz;Name;Verein\n1;Huber Anna;Zirl\n"))
    refused = confirm(director_client, cup, response)
    assert (refused.status_code, ImportedPlace.objects.count()) == (400, 0), "refused"


def test_choosing_one_player_for_two_places_is_refused(director_client, cup):
    file = csv_file("Platz;Name;Verein\n1;Huber Anna;Zirl\n2;Anna Huber;Innsbruck\n")
    response = upload(director_client, cup, file)
    anna = Player.objects.get(name="Anna Huber")
    refused = confirm(director_client, cup, response, ["distinct-2"], **{"2": str(anna.pk)})
    assert "would both be" in refused.content.decode(), "one person, one place"


def test_a_player_changed_since_the_preview_shows_the_preview_again(director_client, cup):
    response = upload(director_client, cup, csv_file(GOOD))
    Player.objects.create(name="Cilli Egger", club="Wattens")
    confirm(director_client, cup, response)
    assert ImportedPlace.objects.count() == 0, "the organiser looks again first"


def test_only_organisers_may_import(client, other_user, cup):
    client.force_login(other_user)
    assert upload(client, cup, csv_file(GOOD)).status_code == 403, "not an organiser"


def test_a_cup_with_a_final_refuses_a_second(director_client, director):
    cup = make_cup(director, [], final=played(director, "f", {"Anna": 5}))
    response = upload(director_client, cup, csv_file(GOOD), final="on")
    assert "already has a final" in response.content.decode(), "one final a cup"


@pytest.fixture
def final_set_after_the_preview(director_client, director, cup):
    """Return the confirm's page when another final was set between preview and confirm."""
    preview = upload(director_client, cup, csv_file(GOOD), final="on")
    CupTournament.objects.create(cup=cup, tournament=played(director, "f", {"Anna": 5}), final=True)
    response = confirm(director_client, cup, preview)
    return director_client.get(response["Location"]).content.decode()


def test_a_final_set_after_the_preview_is_named_at_the_confirm(final_set_after_the_preview):
    assert "already has a final: Turnier f. Nothing was imported." in final_set_after_the_preview


def test_a_final_set_after_the_preview_is_not_a_try_again(final_set_after_the_preview):
    assert "Try again" not in final_set_after_the_preview


def test_a_final_set_after_the_preview_imports_nothing(final_set_after_the_preview):
    assert not Tournament.objects.filter(name="Papierturnier Hall").exists()


def test_the_imported_final_counts_with_the_factor(director_client, director):
    cup = make_cup(director, [played(director, "a", {"Anna": 5})], final_factor=2)
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD), final="on"))
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert '<strong class="counted">20</strong>' in html, "the winner of the final: 10 × 2"


def test_the_score_method_ranks_by_the_imported_scores(director_client, director):
    cup = make_cup(director, [], points=HEINE)
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    # Heinewertung: 120 -> 100 + (120 - 100) // 2 = 110
    assert '<strong class="counted">110</strong>' in html, "Cilli's 120 gives 110"


def test_a_merge_moves_the_imported_place(director_client, director, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    dora = Player.objects.get(name="Dora Ried")
    keep = Player.objects.create(name="Dora Ried-Moser", club="Hall")
    merge_records(keep, dora, director)
    assert ImportedPlace.objects.get(rank=2).player == keep, "the place moved"


def _season_json(tournaments):
    season = {"points": FIXPUNKTE, "tournaments": tournaments}
    return SimpleUploadedFile("season.json", json.dumps(season).encode())


BAD = [
    (csv_file("Name;Verein\nAnna;Zirl\n"), "No rank and name columns"),
    (csv_file("Platz;Name\n1;Anna\n3;Bert\n"), "rank 2 is missing"),
    (csv_file("Platz;Name\n1;Anna\n1;Bert\n"), "Rank 1 is given twice"),
    (csv_file("Platz;Name\n0;Anna\n"), "not a positive whole number"),
    (csv_file("Platz;Name\nerster;Anna\n"), "not a positive whole number"),
    (csv_file("Platz;Name;Verein\n1;Anna;Zirl\n2;anna;zirl\n"), "names the same player"),
    (csv_file("Platz;Name;Punkte\n1;Anna;10\n2;Bert;20\n"), "higher score"),
    (csv_file("Platz;Name;Punkte\n1;Anna;zehn\n"), "not a whole number"),
    (csv_file("Platz;Name\n1;\n"), "the name is empty"),
    (csv_file("Platz;Name\n"), "header row but no players"),
    (csv_file("Platz;Name\n" + "".join(f"{i};P{i}\n" for i in range(1, MAX_ROWS + 2))), "5000"),
    (SimpleUploadedFile("r.csv", "Platz;Name\n1;Anna\n".encode("utf-16")), "not a text file"),
    (SimpleUploadedFile("r.json", '{"a": "Ö"}'.encode("cp1252")), "must be UTF-8"),
    (SimpleUploadedFile("r.json", b'{"points": 1'), "not valid JSON"),
    (_season_json([{"id": "a", "ranking": ["A"]}, {"id": "b", "ranking": ["B"]}]), "name the one"),
    (SimpleUploadedFile("r.xlsx", b"PK\x03\x04 broken zip"), "not an Excel workbook"),
    (SimpleUploadedFile("r.xlsx", b"Platz;Name\n1;Anna\n"), "not an Excel workbook"),
    (SimpleUploadedFile("r.xls", b"\xd0\xcf\x11\xe0 old"), "Old Excel files"),
    (SimpleUploadedFile("r.csv", b"x" * (2 * 1024 * 1024 + 1)), "larger than 2 MB"),
    (SimpleUploadedFile("r.csv", b""), "empty"),
    (csv_file("Platz;Name\n1;" + "a" * 1001 + "\n"), "Row 2 has a cell of more than 1000"),
    (csv_file("Platz;Name\n" + "\n" * 30_000), "more than 20000 rows (empty rows included)"),
]


@pytest.mark.parametrize(("file", "message"), BAD)
def test_a_bad_file_gives_a_message(director_client, cup, file, message):
    file.seek(0)
    response = upload(director_client, cup, file)
    assert message in response.content.decode(), f"the organiser reads why: {message}"


@pytest.mark.parametrize(("file", "message"), BAD)
def test_a_bad_file_changes_nothing(director_client, cup, file, message):
    file.seek(0)
    before = Tournament.objects.count(), Player.objects.count()
    upload(director_client, cup, file)
    assert (Tournament.objects.count(), Player.objects.count()) == before, message


def test_the_score_method_needs_every_score(director_client, director):
    cup = make_cup(director, [], points=HEINE)
    response = upload(director_client, cup, csv_file("Platz;Name;Punkte\n1;Anna;10\n2;Bert;\n"))
    assert "the score is missing" in response.content.decode(), "Bert's score is needed"


def test_a_named_tournament_of_a_seasons_json_is_chosen(director_client, cup):
    file = _season_json([{"id": "a", "ranking": ["Ada"]}, {"id": "b", "ranking": ["Bo"]}])
    confirm(director_client, cup, upload(director_client, cup, file, tournament_id="b"))
    assert ImportedPlace.objects.get().player.name == "Bo", "tournament b"


def test_the_preview_offers_to_import_every_place(director_client, cup):
    response = upload(director_client, cup, csv_file(GOOD))
    assert "Import the ranking of 2 players" in response.content.decode(), "both places"


# The player import's hostile workbooks; its hostile CSV files lack a Platz column, so they are
# refused before any reading (the same bounds are tried with a ranking's header in BAD).
WORKBOOK_BOMBS = pytest.mark.parametrize(
    BOMBS.args[0], [p for p in BOMBS.args[1] if p.values[0].endswith(".xlsx")]
)


@WORKBOOK_BOMBS
def test_a_hostile_workbook_is_refused(director_client, cup, name, build, message):
    response = upload(director_client, cup, SimpleUploadedFile(name, build()))
    page = response.content.decode().replace("&#x27;", "'")
    assert response.status_code == 400 and message in page, f"not refused with “{message}”"


@WORKBOOK_BOMBS
def test_a_hostile_workbook_stores_nothing(director_client, cup, name, build, message):
    before = Tournament.objects.count(), Player.objects.count()
    upload(director_client, cup, SimpleUploadedFile(name, build()))
    assert (Tournament.objects.count(), Player.objects.count()) == before, message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "Field season"),
        ('{"points": {"method": "table", "points": [1e999999]}, "tournaments": []}', "season"),
        ('{"points": {"method": "table", "points": [1]}, "tournaments": [], "bset": 2}', "bset"),
    ],
    ids=["deep-nesting", "huge-number", "unknown-field"],
)
def test_a_hostile_seasons_json_is_refused_in_one_line(director_client, cup, text, message):
    response = upload(director_client, cup, SimpleUploadedFile("season.json", text.encode()))
    assert response.status_code == 400 and message in response.content.decode(), message


def test_removing_a_registration_keeps_a_player_with_an_imported_place(director, cup):
    from tarock_cup.tournaments.models import Registration
    from tarock_cup.tournaments.players import remove_registration
    from tests.cups.helpers import imported

    imported(director, "papier", ["Xaver"])
    xaver = Player.objects.get(name="Xaver")
    tournament = played(director, "later", {"Anna Huber": 1}, day=9)
    registration = Registration.objects.create(tournament=tournament, player=xaver)
    remove_registration(registration, director)
    assert Player.objects.filter(pk=xaver.pk).exists(), "Xaver keeps his imported place"


def test_taking_an_imported_ranking_out_deletes_its_tournament(director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    slug = Tournament.objects.get(name="Papierturnier Hall").slug
    director_client.post(reverse("cup_ranking_remove", args=[cup.slug, slug]))
    assert not Tournament.objects.filter(slug=slug).exists(), "nothing is left behind"


def test_an_imported_ranking_another_cup_counts_stays_there(director_client, director, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    tournament = Tournament.objects.get(name="Papierturnier Hall")
    other = make_cup(director, [tournament], slug="other")
    director_client.post(reverse("cup_ranking_remove", args=[cup.slug, tournament.slug]))
    assert list(other.entries.values_list("tournament", flat=True)) == [tournament.pk], (
        "the other cup still counts it"
    )


def test_only_organisers_take_an_imported_ranking_out(client, other_user, director, cup):
    from tests.cups.helpers import imported

    cup.entries.create(tournament=imported(director, "papier", ["Xaver"]))
    client.force_login(other_user)
    response = client.post(reverse("cup_ranking_remove", args=[cup.slug, "papier"]))
    assert response.status_code == 403, "an outsider is refused"


def test_a_played_tournament_cannot_be_taken_out_as_a_ranking(director_client, cup):
    response = director_client.post(reverse("cup_ranking_remove", args=[cup.slug, "zirl"]))
    assert response.status_code == 404, "only imported rankings"


def test_the_imported_tournaments_own_page_opens(client, director_client, cup):
    confirm(director_client, cup, upload(director_client, cup, csv_file(GOOD)))
    tournament = Tournament.objects.get(name="Papierturnier Hall")
    assert client.get(tournament.get_absolute_url()).status_code == 200, "no error"


ALIKE = [
    ("Anna Egger", "Egger Anna"),
    ("Anna Egger", "anna EGGER"),
    ("Anna Egger", "Anna Eggér"),
]


def alike_file(first, second):
    return csv_file(f"Platz;Name;Verein\n1;{first};Wattens\n2;Dora Ried;Hall\n3;{second};Hall\n")


@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_the_preview_flags_two_rows_of_one_file_that_look_alike(
    director_client, cup, first, second
):
    response = upload(director_client, cup, alike_file(first, second))
    assert [[p.line for p in group] for _key, group, _checked in response.context["alike"]] == [
        [2, 4]
    ], "rows 2 and 4 of the file are flagged"


def test_the_preview_flags_no_rows_of_different_people(director_client, cup):
    response = upload(director_client, cup, csv_file(GOOD))
    assert response.context["alike"] == [], "Cilli Egger and Dora Ried are not alike"


@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_rows_alike_are_not_imported_unconfirmed(director_client, cup, first, second):
    response = confirm(
        director_client, cup, upload(director_client, cup, alike_file(first, second))
    )
    assert response.status_code == 400 and not ImportedPlace.objects.exists(), "nothing imported"


def test_rows_alike_unconfirmed_say_which_rows(director_client, cup):
    response = confirm(director_client, cup, upload(director_client, cup, alike_file(*ALIKE[0])))
    assert "Rows 2, 4 look like the same person" in response.content.decode(), "the reason"


def test_rows_alike_confirmed_as_different_people_are_imported_as_two(director_client, cup):
    response = upload(director_client, cup, alike_file(*ALIKE[0]))
    confirm(director_client, cup, response, [key for key, *_ in response.context["alike"]])
    assert ImportedPlace.objects.filter(player__name__in=ALIKE[0]).count() == 2, "two players"


def test_the_preview_asks_to_confirm_rows_alike_in_german(director_client, cup):
    with translation.override("de"):
        html = upload(director_client, cup, alike_file(*ALIKE[0])).content.decode()
    assert "Dieselbe Person doppelt?" in html, "the question is German"


# -- many look-alike rows (issue 23): the preview grows with the rows, not with their square ----


def look_alike_file(rows):
    """Return a ranking of one name written by `rows` players of as many clubs."""
    lines = "".join(f"{n};Berta Gruber;Verein {n}\n" for n in range(1, rows + 1))
    return csv_file("Platz;Name;Verein\n" + lines)


def look_alike_players(count):
    Player.objects.bulk_create(Player(name="Gruber Berta", club=f"Ort {n}") for n in range(count))


def preview_size(client, cup, rows):
    response = upload(client, cup, look_alike_file(rows))
    assert response.status_code == 200, "the preview is shown"
    pending = response.context["pending"]
    return len(response.content), len(json.dumps(pending["signature"]))


@pytest.mark.parametrize("measure", ["page", "session"], ids=["page", "signature-in-session"])
def test_four_times_the_look_alike_rows_make_a_preview_about_four_times_as_large(
    director_client, cup, measure
):
    look_alike_players(400)
    small, large = preview_size(director_client, cup, 100), preview_size(director_client, cup, 400)
    which = 0 if measure == "page" else 1
    ratio = large[which] / small[which]
    assert ratio < 5, f"the {measure} grew {ratio:.1f} times for four times the rows"


def test_a_row_names_a_few_look_alike_rows_and_counts_the_rest(director_client, cup):
    html = upload(director_client, cup, look_alike_file(10)).content.decode()
    shown = "Berta Gruber, row 3; Berta Gruber, row 4; Berta Gruber, row 5 and 6 more rows)"
    assert f"(alike: {shown}" in html, "the first row names three look-alike rows, counts six"


def test_the_look_alike_group_names_ten_rows_and_counts_the_rest(director_client, cup):
    html = upload(director_client, cup, look_alike_file(25)).content.decode()
    assert "(Verein 10) and 15 more rows</label>" in html, "the group's label is capped"


def test_likely_players_of_the_places_club_come_first_then_the_oldest(director_client, cup):
    look_alike_players(20)
    Player.objects.create(name="gruber berta", club="Verein 2")
    response = upload(director_client, cup, look_alike_file(2))
    offered = [(o.player.name, o.player.club) for o in response.context["lines"][1][0].offers]
    expected = [("gruber berta", "Verein 2")] + [("Gruber Berta", f"Ort {n}") for n in range(4)]
    assert offered == expected, "five likely players: the same club first, then by age"


def test_unconfirmed_look_alike_rows_are_named_by_their_first_ten(director_client, cup):
    response = confirm(director_client, cup, upload(director_client, cup, look_alike_file(25)))
    message = "Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, … look like the same person"
    assert message in response.content.decode(), "the refusal names the group's first rows"
