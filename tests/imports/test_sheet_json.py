"""A table's score sheet as JSON: download, upload (replacing the hands), round trip."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

HANDS = [
    {
        "contract": "rufer",
        "declarer": 1,
        "partner": 3,
        "points": "40",
        "kontra": {"game": 1},
        "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"}],
    },
    {
        "contract": "trischaken",
        "players": [
            {"points": "10", "tricks": 2},
            {"points": "25", "tricks": 4},
            {"points": "30", "tricks": 5},
            {"points": "5", "tricks": 1},
        ],
    },
    {"contract": "rufer", "declarer": 3, "partner": 0, "points": "30"},
    {"manual": {"scores": [3, -1, -1, -1], "reason": "Ümlaut <b>test</b>"}},
    {"contract": "piccolo", "declarer": 2, "tricks": 1},
]

FIVE_HANDS = [
    {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"},
    {"contract": "rufer", "declarer": 2, "partner": 4, "points": "20"},
    {"contract": "rufer", "declarer": 3, "partner": 0, "points": "36"},
]


def urls(table):
    args = [table.round.tournament.slug, table.round.number, table.number]
    return reverse("sheet_download", args=args), reverse("sheet_upload", args=args)


def played(director, ruleset="standard", options=None, hands=HANDS, seats=4, first_dealer=0):
    tournament = make_tournament(director, ruleset, options=options, players=seats)
    table = make_table(tournament, seats=seats)
    table.first_dealer = first_dealer
    table.save()
    for hand in hands:
        sheets.save_hand(table, hand, user=director)
    return Table.objects.get(pk=table.pk)


def stored(table):
    table.refresh_from_db()
    hands = [
        (h.number, h.data, h.scores, h.stake, h.double_left, h.dealer, h.sitting_out, h.lines)
        for h in Hand.objects.filter(table=table).order_by("number")
    ]
    return hands, table.totals, table.hands_played


def json_file(content, name="sheet.json"):
    if not isinstance(content, bytes):
        content = json.dumps(content).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


# -- download -----------------------------------------------------------------------------------


def test_download_is_the_sheet_in_the_interchange_format(client, director):
    table = played(director, options={"double_stakes": True})
    download, _upload = urls(table)
    response = client.get(download)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert "cup-round1-table1.json" in response["Content-Disposition"]
    sheet = json.loads(response.content.decode("utf-8"))
    assert sheet == {
        "ruleset": "standard",
        "options": {"double_stakes": True},
        "players": ["Anna", "Bert", "Cilli", "Dora"],
        "first_dealer": 0,
        "hands": HANDS,
    }
    scored = scoring.score_sheet(sheet)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [list(result.scores) for result in scored.hands] == [h.scores for h in hands]
    assert [result.stake for result in scored.hands] == [h.stake for h in hands]
    assert list(scored.totals) == table.totals
    assert 2 in [h.stake for h in hands]  # the doubled deals came through


def test_download_of_an_empty_table(client, director):
    table = make_table(make_tournament(director))
    sheet = json.loads(client.get(urls(table)[0]).content)
    assert sheet["hands"] == []
    assert sheet["players"] == ["Anna", "Bert", "Cilli", "Dora"]


def test_download_of_a_hidden_tournament_is_not_found_for_others(client, director, other_user):
    table = make_table(make_tournament(director, public=False))
    download, _upload = urls(table)
    assert client.get(download).status_code == 404
    client.force_login(other_user)
    assert client.get(download).status_code == 404
    client.force_login(director)
    assert client.get(download).status_code == 200


# -- round trip -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "options", "hands", "seats", "first_dealer"),
    [
        ("standard", {"double_stakes": True}, HANDS, 4, 0),
        ("tirol_cup", {}, HANDS, 4, 0),
        ("standard", {}, FIVE_HANDS, 5, 0),
        ("standard", {}, [HANDS[2], HANDS[3]], 4, 2),
    ],
    ids=["standard-double-stakes", "tirol-cup", "five-seats", "first-dealer-2"],
)
def test_export_delete_import_gives_identical_scores(
    director_client, director, ruleset, options, hands, seats, first_dealer
):
    table = played(director, ruleset, options, hands, seats, first_dealer)
    before = stored(table)
    download, upload = urls(table)
    exported = director_client.get(download).content
    Hand.objects.filter(table=table).delete()
    sheets.rescore(table)
    assert stored(table)[0] == []
    response = director_client.post(upload, {"file": json_file(exported)})
    assert response.status_code == 302, response.content.decode()
    assert response.url == table.get_absolute_url()
    after = stored(table)
    assert after == before
    others = [h.number for h in Hand.objects.filter(table=table) if h.entered_by != director]
    assert others == [], "these hands are not recorded as the uploading director's"
    assert director_client.get(download).content == exported


def test_upload_replaces_hands_only_when_confirmed(director_client, director):
    table = played(director, hands=HANDS[:2])
    before = stored(table)
    _download, upload = urls(table)
    sheet = sheets.sheet_for(table, HANDS)
    page = director_client.get(upload).content.decode()
    assert "Replace the 2 existing hands" in page
    response = director_client.post(upload, {"file": json_file(sheet)})
    assert response.status_code == 400
    assert "Tick the box" in response.content.decode()
    assert stored(table) == before
    response = director_client.post(upload, {"file": json_file(sheet), "replace": "on"})
    assert response.status_code == 302
    assert [h.data for h in Hand.objects.filter(table=table).order_by("number")] == HANDS


def test_upload_to_an_empty_table_needs_no_confirmation(director_client, director):
    table = make_table(make_tournament(director, "standard"))
    _download, upload = urls(table)
    assert "Replace" not in director_client.get(upload).content.decode()
    response = director_client.post(upload, {"file": json_file(sheets.sheet_for(table, HANDS))})
    assert response.status_code == 302
    assert Hand.objects.filter(table=table).count() == len(HANDS)
    assert stored(table)[1] == list(sheets.score(table, HANDS).totals)


def test_player_names_match_without_regard_to_case(director_client, director):
    table = make_table(make_tournament(director, "standard"))
    sheet = sheets.sheet_for(table, HANDS) | {"players": ["anna", " Bert ", "CILLI", "Dora"]}
    assert director_client.post(urls(table)[1], {"file": json_file(sheet)}).status_code == 302


# -- refusals -------------------------------------------------------------------------------------


def refused(client, table, content, message, extra=None):
    before = stored(table)
    response = client.post(
        urls(table)[1], {"file": json_file(content), "replace": "on"} | (extra or {})
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page, page
    assert stored(table) == before
    return page


@pytest.fixture
def table(director):
    return played(director, hands=HANDS[:1])


def test_a_bad_hand_rejects_the_whole_file(director_client, table):
    bad = [*HANDS[:2], {"contract": "rufer", "declarer": 3, "partner": 2, "points": "72"}, HANDS[3]]
    page = refused(director_client, table, sheets.sheet_for(table, bad), "Hand 3, field points:")
    assert "Nothing was imported" in page


def test_a_hand_that_is_not_an_object(director_client, table):
    refused(director_client, table, sheets.sheet_for(table, [HANDS[0], 7]), "Hand 2, field hand:")


def test_unknown_contract_is_named(director_client, table):
    bad = [HANDS[0], {"contract": "zauberei", "declarer": 1}]
    refused(director_client, table, sheets.sheet_for(table, bad), "Hand 2, field contract:")


def test_wrong_ruleset_is_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"ruleset": "lungau"}
    refused(director_client, table, sheet, "ruleset is “lungau”")


def test_wrong_players_are_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"players": ["Anna", "Cilli", "Bert", "Dora"]}
    refused(director_client, table, sheet, "not this table&#x27;s players in seat order")


def test_wrong_number_of_players_is_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"players": ["Anna", "Bert", "Cilli"]}
    refused(director_client, table, sheet, "seat order")


def test_wrong_options_are_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"options": {"double_stakes": True}}
    refused(director_client, table, sheet, "options")


def test_default_options_written_out_are_accepted(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"options": {"double_stakes": False}}
    response = director_client.post(urls(table)[1], {"file": json_file(sheet), "replace": "on"})
    assert response.status_code == 302


def test_unknown_option_is_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"options": {"zauber": True}}
    refused(director_client, table, sheet, "zauber")


def test_other_first_dealer_is_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"first_dealer": 2}
    refused(director_client, table, sheet, "first dealer is seat 2")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b"", "The file is empty."),
        (b"[1, 2]", "not a score sheet"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"ruleset": "standard", "options": {}, "players": "Anna", "hands": []}', "players"),
        (b"[" * 100_000, "not valid JSON"),
    ],
    ids=["invalid", "empty", "list", "encoding", "players-text", "deep"],
)
def test_malformed_files_are_refused(director_client, table, content, message):
    refused(director_client, table, content, message)


def test_a_sheet_without_hands_is_refused(director_client, table):
    refused(director_client, table, sheets.sheet_for(table, []), "no hands")


def test_too_large_file_is_refused(director_client, table):
    sheet = sheets.sheet_for(table, HANDS) | {"padding": "x" * (2 * 1024 * 1024)}
    refused(director_client, table, sheet, "larger than 2 MB")


# -- permissions ----------------------------------------------------------------------------------


def test_anonymous_visitor_is_sent_to_login(client, table):
    _download, upload = urls(table)
    before = stored(table)
    response = client.post(upload, {"file": json_file(sheets.sheet_for(table, HANDS))})
    assert response.status_code == 302
    assert reverse("login") in response.url
    assert client.get(upload).status_code == 302
    assert stored(table) == before


def test_non_director_is_refused(client, other_user, table):
    client.force_login(other_user)
    _download, upload = urls(table)
    before = stored(table)
    assert client.get(upload).status_code == 403
    response = client.post(
        upload, {"file": json_file(sheets.sheet_for(table, HANDS)), "replace": "on"}
    )
    assert response.status_code == 403
    assert stored(table) == before


def test_unknown_table_is_not_found(director_client, table):
    assert director_client.get(reverse("sheet_upload", args=["cup", 1, 9])).status_code == 404
    assert director_client.get(reverse("sheet_download", args=["cup", 9, 1])).status_code == 404


def test_replacing_hands_is_recorded_in_the_change_log(director_client, director):
    table = played(director, hands=HANDS[:2])
    old = list(Hand.objects.filter(table=table).values_list("pk", flat=True))
    Change.objects.all().delete()
    response = director_client.post(
        urls(table)[1], {"file": json_file(sheets.sheet_for(table, HANDS)), "replace": "on"}
    )
    assert response.status_code == 302
    changes = Change.objects.filter(table=table, kind=Change.Kind.HAND)
    deleted = changes.filter(action=Change.Action.DELETE)
    assert sorted(deleted.values_list("object_id", flat=True)) == sorted(old)
    assert [c.before["data"] for c in deleted.order_by("object_id")] == HANDS[:2]
    created = changes.filter(action=Change.Action.CREATE)
    new = Hand.objects.filter(table=table).order_by("number")
    assert sorted(created.values_list("object_id", flat=True)) == [h.pk for h in new]
    assert {c.user_id for c in changes} == {director.pk}


def test_a_refused_hand_is_named_with_its_field_on_the_german_page(director_client, table):
    # Dora is Vorhand in hand 3; Anna may not play its Rufer.
    bad = [*HANDS[:2], {"contract": "rufer", "declarer": 0, "partner": 2, "points": "40"}]
    before = stored(table)
    with translation.override("de"):
        upload = urls(table)[1]
    response = director_client.post(
        upload, {"file": json_file(sheets.sheet_for(table, bad)), "replace": "on"}
    )
    assert (response.status_code, response.context["form"].errors["file"], stored(table)) == (
        400,
        [
            "Es wurde nichts importiert: "
            "Spiel 3, Feld declarer: Rufer darf nur Vorhand spielen (Dora)"
        ],
        before,
    )


def test_an_upload_with_more_hands_than_the_rounds_count_is_refused(director_client, table):
    tournament = table.round.tournament
    tournament.hands_four = 2
    tournament.save()
    refused(
        director_client, table, sheets.sheet_for(table, HANDS), "Raise the count in the settings"
    )


def test_an_upload_to_a_closed_table_is_refused(director_client, table):
    sheets.close_table(table, early=True)
    refused(director_client, table, sheets.sheet_for(table, HANDS), "is closed")


def test_the_upload_page_of_a_closed_table_says_so_before_a_file_is_chosen(director_client, table):
    sheets.close_table(table, early=True)
    page = director_client.get(urls(table)[1]).content.decode()
    assert 'id="upload-refused"' in page and 'type="file"' not in page, (
        "a closed table's upload page should say it is closed instead of offering a file field"
    )
