"""Messages about tariffs speak the director's language: a refused hand is named by its round,
table and number; a tariff's field by its contract's or bonus's name, never by its path
(bonuses.sack.silent); the tariff form lists its errors at the top, each linking to its field."""

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from scoring.tariff import apply_tariff
from tarock_cup.tariffs.errors import tariff_field_text
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import display, sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# hand 2: seat 1 deals, seat 2 is Vorhand
RUFER = {"contract": "rufer", "declarer": 2, "partner": 0, "points": "40"}
SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-21",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}


# --- a hand refused under another version ------------------------------------------------------


@pytest.fixture
def rufer_at_table_3(director):
    """Round 1: tables 1 and 2 play no Rufer; table 3's second hand is one."""
    first = Tariff.objects.create(name="Tirol 2012", ruleset="tirol_cup", owner=director)
    tournament = make_tournament(director, "tirol_cup", players=12)
    tournament.tariff = first
    tournament.save()
    names = [reg.player.name for reg in tournament.registrations.order_by("pk")]
    for number in (1, 2, 3):
        make_table(tournament, table_number=number, names=names[4 * number - 4 : 4 * number])
    table = tournament.rounds.get().tables.get(number=3)
    sheets.save_hand(table, {"contract": "dreier", "declarer": 1, "points": "40"})
    sheets.save_hand(table, RUFER)
    # version 2 plays no Rufer: the hand at table 3 cannot be scored by it
    return Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        owner=director,
        numbers={"contracts": {"rufer": None}},
        version=2,
        first=first,
    )


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Runde 1, Tisch 3, Spiel 2: "),
        ("en", "Round 1, table 3, hand 2: "),
    ],
)
def test_a_hand_the_new_version_refuses_is_named_by_round_table_and_number(
    director_client, rufer_at_table_3, lang, text
):
    with translation.override(lang):
        url = reverse("tournament_edit", args=["cup"])
    data = {**SETTINGS, "tariff": rufer_at_table_3.pk, "confirm": "1"}
    errors = director_client.post(url, data).context["form"].non_field_errors()
    assert text in " ".join(errors)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Spiel 2: Rufer ist im Regelwerk Tirol 2012 kein Spiel"),
        ("en", "hand 2: Rufer is not a contract in Tirol 2012"),
    ],
)
def test_a_contract_the_new_version_left_out_is_named_not_keyed(
    director_client, rufer_at_table_3, lang, text
):
    with translation.override(lang):
        url = reverse("tournament_edit", args=["cup"])
    data = {**SETTINGS, "tariff": rufer_at_table_3.pk, "confirm": "1"}
    errors = director_client.post(url, data).context["form"].non_field_errors()
    assert text in " ".join(errors), "the contract's name, not its key 'rufer'"


def test_the_refused_move_changes_nothing(director_client, rufer_at_table_3):
    url = reverse("tournament_edit", args=["cup"])
    director_client.post(url, {**SETTINGS, "tariff": rufer_at_table_3.pk, "confirm": "1"})
    tournament = rufer_at_table_3.first.tournaments.get()
    assert tournament.tariff == rufer_at_table_3.first, "the tournament keeps version 1"


# --- a tariff's fields in words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "where", "text"),
    [
        ("en", "bonuses.sack.silent", "1st Sack (45/2 or more), silent value"),
        ("de", "bonuses.sack.silent", "1. Sack (45/2 oder mehr), stiller Wert"),
        ("en", "contracts.besserrufer.lost", "Besserrufer, value lost"),
        ("de", "contracts.besserrufer.won", "Besserrufer, Wert gewonnen"),
        ("en", "bonuses.pagat", "Pagat"),
        ("en", "valat.announced", "Valat announced"),
        ("de", "valat.silent", "Valat still"),
        ("de", "kontra_max", "Höchstes Kontra"),
        ("en", "name", "Name"),
        # a path no tariff has stays as it was written, quoted
        ("en", "contracts.skat.won", "“contracts.skat.won”"),
    ],
)
def test_a_tariffs_field_reads_in_the_directors_words(lang, where, text):
    with translation.override(lang):
        assert tariff_field_text(where, "tirol_cup") == text


def test_a_contract_is_named_as_the_tariffs_base_ruleset_names_it():
    # tirol_cup's Dreier is "Dreier (Eigener, Auf)"; another ruleset names its Dreier otherwise
    with translation.override("en"):
        assert tariff_field_text("contracts.dreier.won", "tirol_cup").startswith(
            "Dreier (Eigener, Auf)"
        )


SILENT_PAGAT = {"name": "X", "bonuses": {"pagat": {"silent": 1, "announced": 5}}}
SILENT_SACK_WITHOUT_ONE = {"name": "X", "bonuses": {"sack": {"silent": 1, "announced": 2}}}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Tariff – Valat silent: 0 is not a whole number from 1 to 100"),
        ("de", "Tarif – Valat still: 0 ist keine ganze Zahl von 1 bis 100"),
    ],
)
def test_a_refused_tariff_reads_without_field_paths(lang, text):
    with pytest.raises(scoring.ScoringError) as refused:
        apply_tariff(
            scoring.get_ruleset("tirol_cup"),
            {"name": "X", "valat": {"silent": 0, "announced": 20}},
        )
    with translation.override(lang):
        assert display.upload_error_text(refused.value) == text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_tariff_names_its_base_ruleset_not_its_key(lang):
    base = scoring.get_ruleset("standard")
    bonus = next(b for b in base.bonuses if b.silent is None)
    numbers = {"name": "X", "bonuses": {bonus.key: {"silent": 1, "announced": bonus.announced}}}
    with pytest.raises(scoring.ScoringError) as refused:
        apply_tariff(base, numbers)
    with translation.override(lang):
        text = display.upload_error_text(refused.value)
        name = translation.gettext(base.name)
    assert (f"bonuses.{bonus.key}" in text, f"in {name}" in text or name in text) == (False, True)


def test_the_tournament_page_names_a_stored_tariffs_field_in_words(client, director):
    tariff = Tariff.objects.create(name="Tirol 2012", ruleset="tirol_cup", owner=director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    # stored directly, as no page would let it be saved: a Valat worth nothing
    Tariff.objects.filter(pk=tariff.pk).update(numbers={"valat": {"silent": 0, "announced": 20}})
    with translation.override("de"):
        page = client.get(reverse("tournament", args=["cup"])).content.decode()
    assert ("Tarif – Valat still:" in page, "valat.silent" in page) == (True, False)


# --- the form's summary of errors ----------------------------------------------------------------


def form_data(**changes):
    base = scoring.get_ruleset("tirol_cup")
    data = {"name": "Tirol 2012", "note": "", "kontra_max": str(base.max_kontra)}
    for c in base.contracts:
        data[f"c_{c.key}_keep"] = "on"
        if c.family is not scoring.Family.TRISCHAKEN:
            data[f"c_{c.key}_won"], data[f"c_{c.key}_lost"] = str(c.won), str(c.lost)
    for b in base.bonuses:
        data[f"b_{b.key}_keep"] = "on"
        for manner in ("silent", "announced"):
            if getattr(b, manner) is not None:
                data[f"b_{b.key}_{manner}"] = str(getattr(b, manner))
    valat = base.rules.valat
    data["valat_silent"], data["valat_announced"] = str(valat.silent), str(valat.announced)
    return {**data, **changes}


def post_new(client, data, lang):
    with translation.override(lang):
        url = reverse("tariff_new") + "?ruleset=tirol_cup"
    return client.post(url, data)


def test_the_form_as_the_page_sends_it_is_saved(director_client):
    post_new(director_client, form_data(), "en")
    assert Tariff.objects.count() == 1, "the test's form is a valid one"


BESSERRUFER_0 = {"c_besserrufer_won": "0"}
NO_VALAT = {"valat_silent": ""}


@pytest.mark.parametrize(
    ("lang", "wrong", "item"),
    [
        ("en", BESSERRUFER_0, '<a href="#id_c_besserrufer_won">Besserrufer, value won</a>: '),
        ("de", BESSERRUFER_0, '<a href="#id_c_besserrufer_won">Besserrufer, Wert gewonnen</a>: '),
        ("en", NO_VALAT, '<a href="#id_valat_silent">Valat silent</a>: Give a value'),
        ("de", NO_VALAT, '<a href="#id_valat_silent">Valat still</a>: '),
    ],
)
def test_the_form_lists_its_errors_at_the_top_linking_each_field(
    director_client, lang, wrong, item
):
    page = post_new(director_client, form_data(**wrong), lang).content.decode()
    summary = page[page.index('id="form-errors"') : page.index('class="tariff-form"')]
    assert item in summary


@pytest.mark.parametrize(
    ("lang", "heading"),
    [("en", "Nothing was saved. Please correct:"), ("de", "Nichts wurde gespeichert.")],
)
def test_the_summary_says_nothing_was_saved(director_client, lang, heading):
    page = post_new(director_client, form_data(valat_silent=""), lang).content.decode()
    assert (heading in page, Tariff.objects.count()) == (True, 0)


def test_a_refusal_of_the_whole_tariff_is_in_the_summary(director_client):
    # the Besserrufer must announce a bird: the engine refuses a tariff that keeps none
    birds = {f"b_{k}_keep": "" for k in ("pagat", "uhu", "kakadu", "quapil")}
    page = post_new(director_client, form_data(**birds), "en").content.decode()
    summary = page[page.index('id="form-errors"') : page.index('class="tariff-form"')]
    assert "Besserrufer must announce" in summary


def test_a_valid_form_shows_no_summary(director_client):
    page = post_new(director_client, form_data(), "en")
    assert page.status_code == 302, "saved and sent on: no summary to show"
