"""Tariff pages: make one from a built-in ruleset, read it beside its base, change it (a new
version once hands are scored by it), export and import it as JSON; bad input saves nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scoring import RULESETS, Family, get_ruleset
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

TIROL_2012 = {
    "valat": {"silent": 15, "announced": 30},
    "contracts": {"besserrufer": {"won": 2, "lost": 2}},
}


def form_data(ruleset="tirol_cup", **changes):
    """Return the tariff form as the page posts it for the ruleset, with the base's numbers."""
    base = get_ruleset(ruleset)
    data = {"name": "Tirol 2012", "note": ""}
    for c in base.contracts:
        data[f"c_{c.key}_keep"] = "on"
        if c.family is not Family.TRISCHAKEN:
            data[f"c_{c.key}_won"] = str(c.won)
            data[f"c_{c.key}_lost"] = str(c.lost)
    for b in base.bonuses:
        data[f"b_{b.key}_keep"] = "on"
        for manner in ("silent", "announced"):
            if getattr(b, manner) is not None:
                data[f"b_{b.key}_{manner}"] = str(getattr(b, manner))
    valat = base.rules.valat
    data.update(
        valat_silent=str(valat.silent),
        valat_announced=str(valat.announced),
        kontra_max=str(base.max_kontra),
    )
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def make_tariff(owner, numbers=None, name="Tirol 2012"):
    return Tariff.objects.create(
        name=name,
        ruleset="tirol_cup",
        numbers=TIROL_2012 if numbers is None else numbers,
        owner=owner,
    )


NEW = reverse("tariff_new") + "?ruleset=tirol_cup"


def test_the_new_tariff_page_shows_every_contract_of_the_base(director_client):
    page = director_client.get(NEW).content.decode()
    keys = ("rufer", "besserrufer", "farbensolo")
    assert [key for key in keys if f'id="contract-{key}"' not in page] == [], "contracts missing"


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_unchanged_form_of_each_ruleset_saves_a_tariff_without_numbers(
    director_client, ruleset
):
    director_client.post(reverse("tariff_new") + f"?ruleset={ruleset}", form_data(ruleset))
    assert Tariff.objects.get().numbers == {}


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_page_of_each_rulesets_tariff_lists_its_bonuses(client, director, ruleset):
    tariff = Tariff.objects.create(name="Cup", ruleset=ruleset, owner=director)
    page = client.get(tariff.get_absolute_url()).content.decode()
    bonuses = get_ruleset(ruleset).bonuses
    assert [b.key for b in bonuses if f'id="bonus-{b.key}"' not in page] == [], "bonuses missing"


def test_saving_the_form_keeps_only_the_changed_numbers(director_client, director):
    director_client.post(
        NEW,
        form_data(
            valat_silent="15", valat_announced="30", c_besserrufer_won="2", c_besserrufer_lost="2"
        ),
    )
    assert Tariff.objects.get().numbers == TIROL_2012


def test_an_unticked_contract_is_removed(director_client):
    director_client.post(NEW, form_data(c_zwiccolo_ouvert_keep=None))
    assert Tariff.objects.get().numbers == {"contracts": {"zwiccolo_ouvert": None}}


def test_an_empty_bonus_value_means_not_scored_that_way(director_client):
    director_client.post(NEW, form_data(b_pagat_silent=""))
    assert Tariff.objects.get().numbers == {"bonuses": {"pagat": {"silent": None, "announced": 2}}}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"c_dreier_won": "0"}, "c_dreier_won"),
        ({"c_dreier_won": "101"}, "c_dreier_won"),
        ({"c_dreier_won": ""}, "c_dreier_won"),
        ({"b_uhu_silent": "-1"}, "b_uhu_silent"),
        ({"b_uhu_silent": "101"}, "b_uhu_silent"),
        ({"valat_silent": "0"}, "valat_silent"),
        ({"valat_announced": ""}, "valat_announced"),
        ({"kontra_max": "4"}, "kontra_max"),
        ({"name": ""}, "name"),
        # a Besserrufer must announce a bird: not every bird can go while it stays
        (
            {
                "b_pagat_keep": None,
                "b_uhu_keep": None,
                "b_kakadu_keep": None,
                "b_quapil_keep": None,
            },
            "b_pagat_keep",
        ),
    ],
)
def test_bad_numbers_are_refused_at_their_field_and_nothing_saved(director_client, changes, field):
    response = director_client.post(NEW, form_data(**changes))
    assert (Tariff.objects.count(), field in response.context["form"].errors) == (0, True)


def test_the_tariff_page_marks_the_changed_numbers(client, director):
    tariff = make_tariff(director)
    page = client.get(tariff.get_absolute_url()).content.decode()
    assert "<mark>15</mark>" in page and "<mark>30</mark>" in page


def test_the_tariff_page_reads_the_valat_rule_with_the_tariffs_numbers(client, director):
    tariff = make_tariff(director)
    section = client.get(tariff.get_absolute_url()).context["sections"][0]
    assert any("15" in text for text in section["texts"]), "the Valat's 15 is not read out"


def test_only_the_owner_may_change_a_tariff(client, director, other_user):
    tariff = make_tariff(director)
    client.force_login(other_user)
    assert client.get(reverse("tariff_edit", args=[tariff.pk])).status_code == 403


def test_changing_an_unused_tariff_changes_it(director_client, director):
    tariff = make_tariff(director)
    director_client.post(
        reverse("tariff_edit", args=[tariff.pk]), form_data(valat_silent="12", valat_announced="24")
    )
    tariff.refresh_from_db()
    assert (Tariff.objects.count(), tariff.numbers) == (
        1,
        {"valat": {"silent": 12, "announced": 24}},
    )


def used_tariff(director):
    tariff = make_tariff(director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    sheets.save_hand(table, {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"})
    return tariff, table


def test_changing_a_tariff_with_scored_hands_makes_the_next_version(director_client, director):
    tariff, _ = used_tariff(director)
    director_client.post(
        reverse("tariff_edit", args=[tariff.pk]), form_data(valat_silent="12", valat_announced="24")
    )
    newest = Tariff.objects.order_by("-pk").first()
    assert (newest.version, newest.first_id, Tariff.objects.get(pk=tariff.pk).numbers) == (
        2,
        tariff.pk,
        TIROL_2012,
    )


def test_a_tournament_scores_by_its_tariff(director):
    _, table = used_tariff(director)
    # Tirol 2012: the Rufer 1 + silent Valat 15 = 16 from each defender
    assert list(table.hands.get().scores) == [-16, 16, -16, 16]


def test_the_tables_sheet_carries_the_tariff(director):
    _, table = used_tariff(director)
    assert sheets.sheet_for(table, [])["tariff"] == {"name": "Tirol 2012", **TIROL_2012}


def test_the_json_export_holds_ruleset_tariff_note_and_version(client, director):
    tariff = make_tariff(director)
    data = json.loads(client.get(reverse("tariff_json", args=[tariff.pk])).content)
    assert data == {
        "ruleset": "tirol_cup",
        "tariff": {"name": "Tirol 2012", **TIROL_2012},
        "note": "",
        "version": 1,
    }


def upload(client, data):
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    with translation.override("en"):
        url = reverse("tariff_import")
    return client.post(url, {"file": SimpleUploadedFile("t.json", content)})


def test_an_exported_tariff_imports_as_the_same_numbers(client, director, other_user):
    tariff = make_tariff(director)
    exported = json.loads(client.get(reverse("tariff_json", args=[tariff.pk])).content)
    # another organiser imports it (one's own export is the tariff one has: see below)
    client.force_login(other_user)
    upload(client, exported)
    imported = Tariff.objects.get(owner=other_user)
    assert imported.sheet_tariff() == tariff.sheet_tariff()


@pytest.mark.parametrize("start", [b"", b"\xef\xbb\xbf"], ids=["utf-8", "utf-8-with-bom"])
def test_a_tariff_file_imports_with_or_without_a_byte_order_mark(
    client, director, other_user, start
):
    exported = client.get(reverse("tariff_json", args=[make_tariff(director).pk]))
    # another organiser imports it: one's own export imported again makes nothing new
    client.force_login(other_user)
    upload(client, start + exported.content)
    assert Tariff.objects.count() == 2, "the exported tariff was imported as a second one"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{not json", "not JSON"),
        ([1], "no tariff"),
        ({"ruleset": "tirol_cup", "tariff": {"name": "X"}, "colour": 1}, "colour"),
        ({"ruleset": "nowhere", "tariff": {"name": "X"}}, "ruleset"),
        ({"ruleset": "tirol_cup", "tariff": {"name": "X", "kontra_max": 9}}, "Highest Kontra"),
        (
            {
                "ruleset": "tirol_cup",
                "tariff": {"name": "X", "contracts": {"dreier": {"won": 0, "lost": 1}}},
            },
            "Dreier (Eigener, Auf), value won",
        ),
        ({"ruleset": "tirol_cup", "tariff": {"name": "X"}, "version": 0}, "version"),
        ({"ruleset": "tirol_cup", "tariff": {"name": "X"}, "version": 10**12}, "version"),
    ],
)
def test_a_bad_tariff_file_is_refused_naming_the_field(director_client, data, message):
    response = upload(director_client, data)
    assert (
        Tariff.objects.count(),
        message in " ".join(response.context["form"].errors["file"]),
    ) == (0, True)
