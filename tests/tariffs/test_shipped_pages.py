"""The shipped rules on the pages: a shipped tariff's page, "Copy and edit", a tournament choosing
each shipped tariff or the Vienna preset with their tie-breakers, and "Cups and their rules"."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tariffs import shipped
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-28",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}


@pytest.fixture
def rows():
    shipped.sync()
    return {t.shipped: t for t in Tariff.objects.exclude(shipped="")}


def form_data(response):
    """Return the tournament form's values as the page shows them (a browser sends these)."""
    form = response.context["form"]
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = value if not isinstance(value, bool) else "on"
    return {**data, **SETTINGS}


def test_a_shipped_tariffs_page_names_its_source(client, rows):
    page = client.get(rows["tirol_2020_21"].get_absolute_url()).content.decode()
    assert "www.tarock.tirol" in page, "the page should name the cup's rule text of 2020"


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Third-party source:"), ("de", "Quelle von dritter Seite:")]
)
def test_the_2014_tariffs_page_says_its_source_is_third_party(client, rows, language, words):
    with translation.override(language):
        url = rows["tirol_2014"].get_absolute_url()
    page = client.get(url).content.decode()
    assert words in page, f"{language}: the 2014 table is not the cup's own text"


def test_a_shipped_tariffs_page_offers_copy_and_edit_not_change(director_client, rows):
    tariff = rows["tirol_2020_21"]
    page = director_client.get(tariff.get_absolute_url()).content.decode()
    links = (reverse("tariff_copy", args=[tariff.pk]) in page, f"{tariff.pk}/edit/" in page)
    assert links == (True, False), "a shipped tariff is copied, never changed"


def test_the_copy_form_starts_from_the_shipped_numbers(director_client, rows):
    response = director_client.get(reverse("tariff_copy", args=[rows["tirol_2020_21"].pk]))
    form = response.context["form"]
    assert form["b_sack_silent"].value() == 1, "the silent Sack of 2020/21 should be filled in"


def test_copy_and_edit_makes_an_organisers_tariff_they_may_change(director_client, director, rows):
    source = rows["tirol_2020_21"]
    url = reverse("tariff_copy", args=[source.pk])
    data = form_data(director_client.get(url))
    data.update({"name": "Tirol 2026", "b_sack2_silent": "2"})
    director_client.post(url, data)
    copy = Tariff.objects.get(name="Tirol 2026")
    expected = {"sack": {"silent": 1, "announced": 2}, "sack2": {"silent": 2, "announced": 2}}
    assert (copy.owner, copy.shipped, copy.numbers.get("bonuses"), copy.may_edit(director)) == (
        director,
        "",
        expected,
        True,
    ), "the copy should be the director's own, with the changed 2nd Sack"


def test_copying_leaves_the_shipped_tariff_as_it_was(director_client, rows):
    source = rows["tirol_2020_21"]
    url = reverse("tariff_copy", args=[source.pk])
    director_client.post(url, {**form_data(director_client.get(url)), "b_sack_silent": "3"})
    source.refresh_from_db()
    assert source.numbers == shipped.read_file("tirol_2020_21").numbers


@pytest.mark.parametrize("key", ["tirol_2020_21", "tirol_2014"])
def test_a_director_is_offered_each_shipped_tariff(director_client, rows, key):
    response = director_client.get(reverse("tournament_new"))
    offered = set(response.context["form"].fields["tariff"].queryset)
    assert rows[key] in offered, f"{key} should be offered to every director"


@pytest.mark.parametrize("key", ["tirol_2020_21", "tirol_2014"])
def test_a_tournament_can_choose_each_shipped_tariff(director_client, rows, key):
    director_client.post(
        reverse("tournament_new"),
        {**SETTINGS, "ruleset": "tirol_cup", "tariff": rows[key].pk, "tie_breakers": ["lots"]},
    )
    assert Tournament.objects.get().tariff == rows[key]


def test_a_hand_under_the_shipped_2020_tariff_scores_the_silent_sack(director, rows):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = rows["tirol_2020_21"]
    tournament.save()
    table = make_table(tournament)
    # dealer seat 0 at hand 1: Vorhand seat 1 plays a Dreier with 46 points: 5 + 1 = 6 each
    hand = sheets.save_hand(table, {"contract": "dreier", "declarer": 1, "points": "46"})
    assert hand.scores == [-6, 18, -6, -6], "S1 at a table: the silent 1st Sack counts"


def test_the_tie_breakers_left_as_shown_follow_the_shipped_tariff(director_client, rows):
    # the page showed the ruleset's order; the director chose the tariff and left them
    data = form_data(director_client.get(reverse("tournament_new") + "?rules=tirol_cup"))
    data["tariff"] = rows["tirol_2020_21"].pk
    director_client.post(reverse("tournament_new"), data)
    expected = ["best_round", "second_best_round", "third_best_round", "lots"]
    assert Tournament.objects.get().tie_breakers == expected


def test_tie_breakers_the_director_chose_stay(director_client, rows):
    data = form_data(director_client.get(reverse("tournament_new") + "?rules=tirol_cup"))
    data.update({"tariff": rows["tirol_2020_21"].pk, "tie_breakers": ["lots", "best_round"]})
    director_client.post(reverse("tournament_new"), data)
    assert Tournament.objects.get().tie_breakers == ["lots", "best_round"]


def test_starting_from_the_vienna_preset_chooses_stmk_with_valat_bonus(director_client):
    response = director_client.get(reverse("tournament_new") + "?rules=vienna_2020")
    form = response.context["form"]
    shown = (form["ruleset"].value(), form["opt_stmk_valat"].value())
    assert shown == ("stmk", "bonus"), "the form should start with stmk and Valat as a bonus"


def test_a_tournament_saved_from_the_vienna_preset_plays_valat_bonus(director_client):
    data = form_data(director_client.get(reverse("tournament_new") + "?rules=vienna_2020"))
    director_client.post(reverse("tournament_new") + "?rules=vienna_2020", data)
    tournament = Tournament.objects.get()
    saved = (tournament.ruleset, tournament.options, tournament.tie_breakers)
    assert saved == ("stmk", {"valat": "bonus"}, ["best_round", "second_best_round", "lots"])


def test_a_hand_of_the_vienna_preset_scores_the_valat_as_a_bonus(director_client, director):
    data = form_data(director_client.get(reverse("tournament_new") + "?rules=vienna_2020"))
    director_client.post(reverse("tournament_new"), data)
    saved = Tournament.objects.get()
    # the same rules at a tournament with players seated
    table = make_table(make_tournament(director, saved.ruleset, options=saved.options, slug="t"))
    # B1 with Vorhand seat 1 declaring: Dreier 5 + silent Valat 10 = 15 each
    hand = sheets.save_hand(table, {"contract": "dreier", "declarer": 1, "valat": "declarer"})
    assert hand.scores == [-15, 45, -15, -15]


def test_an_unknown_rules_key_starts_an_empty_form(director_client):
    response = director_client.get(reverse("tournament_new") + "?rules=nowhere")
    assert response.context["form"]["ruleset"].value() in (None, ""), "nothing is chosen"


# --- Cups and their rules --------------------------------------------------------------

CUPS = {
    "en": [
        ("Tiroler Tarockcup", "Tiroler Tarockcup 2020/21", "www.tarock.tirol"),
        ("Raiffeisen Tarockcup", "Oberösterreich 4/2023", "version 4/2023 (Franz Kienast)"),
        ("Hausruckviertler Tarockcup", "Oberösterreich 4/2023", "Renonce rules of 11/2025"),
        ("Sauwald Tarockcup", "Oberösterreich 4/2023", "Oberösterreichische Tarockregeln"),
        ("Steirischer Tarockcup", "Steiermark 2/2020", "27 February 2020"),
        ("Wiener Tarockcup", "Wiener Tarockcup 2020", "texts from March 2020"),
        ("Kärntner Tarockcup", "Assumed the same as Styria", "Kärntner Tarockcup&#x27;s website"),
        ("Lungauer Tarockturniere", "Lungau (Salzburg)", "Salzburg Lungau"),
        ("Tarock-Österreich-Finale", "Oberösterreich 4/2023", "tournament rules of 2021"),
    ],
    "de": [
        ("Tiroler Tarockcup", "Tiroler Tarockcup 2020/21", "www.tarock.tirol"),
        ("Raiffeisen Tarockcup", "Oberösterreich 4/2023", "Version 4/2023 (Franz Kienast)"),
        ("Hausruckviertler Tarockcup", "Oberösterreich 4/2023", "Renonce-Regeln von 11/2025"),
        ("Sauwald Tarockcup", "Oberösterreich 4/2023", "Oberösterreichische Tarockregeln"),
        ("Steirischer Tarockcup", "Steiermark 2/2020", "27. Februar 2020"),
        ("Wiener Tarockcup", "Wiener Tarockcup 2020", "Wiener Tarockcups ab März 2020"),
        ("Kärntner Tarockcup", "Angenommen: wie in der Steiermark", "Website des Kärntner"),
        ("Lungauer Tarockturniere", "Lungau (Salzburg)", "Salzburger Lungau"),
        ("Tarock-Österreich-Finale", "Oberösterreich 4/2023", "Österreich-Finales von 2021"),
    ],
}


@pytest.mark.parametrize(
    ("language", "cup", "plays", "source"),
    [(language, *row) for language, rows in CUPS.items() for row in rows],
)
def test_the_cups_page_names_each_cup_what_it_plays_and_its_source(
    client, language, cup, plays, source
):
    with translation.override(language):
        url = reverse("cup_rules")
    page = client.get(url).content.decode()
    found = (cup in page, plays in page, source in page)
    assert found == (True, True, True), f"{language}: {cup} with {plays!r} and {source!r}"


def test_the_cups_page_links_each_shipped_tariffs_page(client, rows):
    page = client.get(reverse("cup_rules")).content.decode()
    missing = [k for k, t in rows.items() if t.get_absolute_url() not in page]
    assert missing == [], "each shipped tariff should be linked from the cups page"


def test_the_tariff_list_shows_the_shipped_rules_apart(client, rows):
    page = client.get(reverse("tariff_list")).content.decode()
    listed = [key for key in ("tirol_2020_21", "tirol_2014", "vienna_2020") if key in page]
    assert listed == ["tirol_2020_21", "tirol_2014", "vienna_2020"]
