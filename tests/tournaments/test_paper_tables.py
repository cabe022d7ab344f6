"""Paper tables: a director records a table's round from its paper block as round totals only;
the standings count them; hands entered later replace them when they match, or explicitly."""

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Table
from tarock_cup.tournaments.standings import standings
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

PAPER = {"totals": [120, -40, -40, -40], "hands": 16, "note": "Block von allen unterschrieben"}


def manual(*scores):
    return {"manual": {"scores": list(scores), "reason": "vom Block"}}


def url(table, name="table_paper"):
    return reverse(name, args=["cup", table.round.number, table.number])


def form_data(totals=(120, -40, -40, -40), hands=16, note="Block", **extra):
    data = {f"total_{seat}": str(total) for seat, total in enumerate(totals)}
    return data | {"hands": str(hands), "note": note} | extra


def fresh(table):
    return Table.objects.get(pk=table.pk)


def paper_changes(table):
    return list(Change.objects.filter(table=table, kind=Change.Kind.PAPER).order_by("pk"))


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


@pytest.fixture
def paper_table(table, director):
    sheets.record_paper(table, PAPER, user=director)
    return table


def totals_of(tournament):
    return {row.player.name: row.total for row in standings(tournament)}


# --- recording -----------------------------------------------------------------------------


def test_the_standings_count_a_paper_tables_totals(paper_table):
    assert totals_of(paper_table.round.tournament)["Anna"] == 120, (
        "Anna's paper total should be her standing"
    )


def test_the_standings_count_a_paper_tables_hands_played(paper_table):
    rows = standings(paper_table.round.tournament)
    assert {row.hands for row in rows} == {16}, "every player should have the paper's 16 hands"


def test_at_five_the_dealer_is_not_counted_as_playing(director):
    five = make_table(make_tournament(director, players=5), seats=5)
    sheets.record_paper(five, {"totals": [10, -10, 0, 0, 0], "hands": 20, "note": ""})
    assert fresh(five).hands_played == [16] * 5, "at five each seat sits out the 4 hands it deals"


def test_recording_is_kept_in_the_history(paper_table, director):
    change = paper_changes(paper_table)[0]
    assert change.after["totals"] == PAPER["totals"], "the history should keep the totals"


def test_recording_is_in_the_history_as_made_by_the_director(paper_table, director):
    assert paper_changes(paper_table)[0].user == director, "the history should name the director"


def test_a_correction_is_in_the_history_with_the_record_before(paper_table):
    sheets.record_paper(paper_table, {**PAPER, "totals": [100, -20, -40, -40]})
    change = paper_changes(paper_table)[-1]
    assert change.before["totals"] == PAPER["totals"], "the correction should keep what it replaced"


def test_a_correction_changes_the_standings(paper_table):
    sheets.record_paper(paper_table, {**PAPER, "totals": [100, -20, -40, -40]})
    assert totals_of(paper_table.round.tournament)["Bert"] == -20, "the corrected total counts"


BAD = [
    ("not adding up to 0", form_data(totals=(120, -40, -40, -10)), "ergeben zusammen 30, nicht 0"),
    (
        "beyond 100,000 a hand",
        form_data(totals=(300_001, -300_001, 0, 0), hands=3),
        "300001 ist mehr, als 3 Spiele ergeben können",
    ),
    ("more hands than the round", form_data(hands=17), "17 Spiele: An diesem Tisch werden"),
    ("no hands", form_data(hands=0), "0 ist keine Zahl gespielter Spiele"),
    ("a missing total", form_data() | {"total_2": ""}, "Dieses Feld ist zwingend erforderlich"),
    ("a long note", form_data(note="x" * 201), "höchstens 200 Zeichen"),
]


@pytest.mark.parametrize(("case", "data", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_gets_a_clear_message(director_client, table, case, data, message):
    page = director_client.post(url(table), data).content.decode()
    assert message in page, f"{case}: the page should say “{message}”"


@pytest.mark.parametrize(("case", "data", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_with_400(director_client, table, case, data, message):
    assert director_client.post(url(table), data).status_code == 400, f"{case}: a 400"


NOTHING_CHANGED = [
    ("no paper record", lambda table: fresh(table).paper, None),
    ("the totals as they were", lambda table: fresh(table).totals, [0, 0, 0, 0]),
    ("nothing in the history", paper_changes, []),
]


@pytest.mark.parametrize(("case", "data", "message"), BAD, ids=[b[0] for b in BAD])
@pytest.mark.parametrize(
    ("what", "read", "expected"), NOTHING_CHANGED, ids=[n[0] for n in NOTHING_CHANGED]
)
def test_bad_input_changes_nothing(
    director_client, table, case, data, message, what, read, expected
):
    director_client.post(url(table), data)
    assert read(table) == expected, f"{case}: the table should have {what}"


def test_the_sum_message_stands_above_the_totals(director_client, table):
    response = director_client.post(url(table), form_data(totals=(1, 0, 0, 0)))
    assert "ergeben zusammen 1, nicht 0" in str(response.context["form"].non_field_errors()), (
        "the wrong sum concerns all totals, so it should stand above them"
    )


def test_a_total_beyond_the_bound_is_shown_at_its_player(director_client, table):
    response = director_client.post(
        url(table), form_data(totals=(0, 0, 300_001, -300_001), hands=3)
    )
    assert response.context["form"].errors.get("total_2"), "Cilli's total should carry the message"


def test_a_table_with_hands_is_refused_unless_the_director_says_replace(table):
    sheets.save_hand(table, manual(1, -1, 0, 0))
    with pytest.raises(sheets.Refused, match="already has 1 hand entered"):
        sheets.record_paper(table, PAPER)


def test_a_refused_record_over_hands_leaves_the_hands_totals(table):
    sheets.save_hand(table, manual(1, -1, 0, 0))
    with pytest.raises(sheets.Refused):
        sheets.record_paper(table, PAPER)
    assert fresh(table).totals == [1, -1, 0, 0], "the hands' totals should still count"


def test_the_page_explains_the_refusal_over_hands_in_german(director_client, table):
    sheets.save_hand(table, manual(1, -1, 0, 0))
    page = director_client.post(url(table), form_data()).content.decode()
    assert "An Tisch 1 ist schon 1 Spiel eingegeben" in page, "the refusal should be explained"


def test_with_replace_chosen_the_paper_counts(director_client, table):
    sheets.save_hand(table, manual(1, -1, 0, 0))
    director_client.post(url(table), form_data(over_hands="on"))
    assert fresh(table).totals == [120, -40, -40, -40], "the paper's totals should count"


def test_with_replace_chosen_the_hands_stay_on_the_sheet(director_client, table):
    sheets.save_hand(table, manual(1, -1, 0, 0))
    director_client.post(url(table), form_data(over_hands="on"))
    assert table.hands.count() == 1, "the entered hand should stay on the sheet"


def test_a_closed_table_takes_no_paper_record(table):
    sheets.close_table(table, early=True)
    with pytest.raises(sheets.Refused, match="is closed"):
        sheets.record_paper(table, PAPER)


def test_the_record_is_shown_on_the_table_page(client, paper_table):
    page = client.get(url(paper_table, "table")).content.decode()
    assert "Block von allen unterschrieben" in page, "the public table page shows the note"


def test_the_table_page_shows_the_paper_totals(client, paper_table):
    page = client.get(url(paper_table, "table")).content.decode()
    assert "<strong>+120</strong>" in page, "Anna's paper total should be on the table page"


def test_the_standings_page_names_the_paper_table(client, paper_table):
    page = client.get(reverse("standings", args=["cup"])).content.decode()
    assert "Vom Papierblock erfasst:" in page, "the standings should say a table is from paper"


def test_the_standings_page_says_what_a_paper_table_cannot_give(client, paper_table):
    page = client.get(reverse("standings", args=["cup"])).content.decode()
    assert "das beste einzelne Spiel, gibt ein Papierblock nicht her" in page, (
        "the standings should say plainly which tie-breaker a paper block cannot give"
    )


def test_the_round_page_marks_the_paper_table(client, paper_table):
    page = client.get(reverse("round", args=["cup", 1])).content.decode()
    assert "Papierblock" in page, "the round page should mark the paper table"


def test_only_a_director_may_record_a_paper_block(client, other_user, table):
    client.force_login(other_user)
    assert client.post(url(table), form_data()).status_code == 403, "others get a 403"


def test_a_paper_table_can_be_closed_without_asking_when_its_hands_are_all_played(paper_table):
    assert sheets.close_table(paper_table) == (16, 16), "16 of 16 hands played on paper"


# --- hands entered later --------------------------------------------------------------------

SIXTEEN = [manual(8, -4, -2, -2)] * 15 + [manual(0, 20, -10, -10)]  # 120, -40, -40, -40


def enter(table, hands, user=None):
    for hand in hands:
        sheets.save_hand(table, hand, user=user)


def test_until_all_hands_are_entered_the_paper_counts(paper_table):
    enter(paper_table, SIXTEEN[:15])
    assert fresh(paper_table).totals == PAPER["totals"], "15 of 16 hands should not replace it"


def test_hands_that_reach_the_paper_totals_replace_the_record(paper_table):
    enter(paper_table, SIXTEEN)
    assert fresh(paper_table).paper is None, "16 hands with the paper's totals replace it"


def test_the_replacement_by_matching_hands_is_in_the_history(paper_table, director):
    enter(paper_table, SIXTEEN, user=director)
    change = paper_changes(paper_table)[-1]
    assert change.after == {"replaced_by_hands": 16, "totals": PAPER["totals"]}, (
        "the history should say the 16 hands replaced the paper block"
    )


def test_all_hands_with_other_totals_leave_the_paper_counting(paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    assert fresh(paper_table).totals == PAPER["totals"], "other totals must not replace the paper"


def test_the_table_page_shows_the_difference(director_client, paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    rows = director_client.get(url(paper_table, "table")).context["paper_rows"]
    assert [row["difference"] for row in rows] == [-104, 24, 40, 40], (
        "each player's difference between hands and paper should be shown"
    )


def test_replacing_asks_first_showing_the_difference(director_client, paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    page = director_client.post(url(paper_table, "table_paper_replace")).content.decode()
    assert "Anna: Papierblock +120, eingegebene Spiele +16, Unterschied −104" in page, (
        "the confirmation should show Anna's difference"
    )


def test_asking_changes_nothing(director_client, paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    director_client.post(url(paper_table, "table_paper_replace"))
    assert fresh(paper_table).paper is not None, "asking should not replace anything yet"


def confirm_replace(client, table):
    question = client.post(url(table, "table_paper_replace"))
    seen = question.context["fields"]["seen"]
    return client.post(url(table, "table_paper_replace"), {"confirm": "1", "seen": seen})


def test_a_confirmed_replacement_lets_the_hands_count(director_client, paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    confirm_replace(director_client, paper_table)
    assert fresh(paper_table).totals == [16, -16, 0, 0], "the hands' totals should count now"


def test_a_confirmed_replacement_keeps_the_paper_totals_in_the_history(
    director_client, paper_table
):
    enter(paper_table, [manual(1, -1, 0, 0)] * 16)
    confirm_replace(director_client, paper_table)
    change = paper_changes(paper_table)[-1]
    assert change.before["totals"] == PAPER["totals"], "the history keeps the replaced totals"


def test_a_replacement_confirmed_on_a_stale_page_is_refused(director_client, paper_table):
    enter(paper_table, [manual(1, -1, 0, 0)] * 3)
    question = director_client.post(url(paper_table, "table_paper_replace"))
    enter(paper_table, [manual(1, -1, 0, 0)])
    response = director_client.post(
        url(paper_table, "table_paper_replace"),
        {"confirm": "1", "seen": question.context["fields"]["seen"]},
        follow=True,
    )
    assert "wurden inzwischen geändert" in response.content.decode(), (
        "a hand entered after the confirmation was shown should stop the replacement"
    )


def test_removing_a_record_without_hands_leaves_zero_totals(director_client, paper_table):
    confirm_replace(director_client, paper_table)
    assert fresh(paper_table).totals == [0, 0, 0, 0], "without hands nobody has a score"


def test_replacing_a_table_without_paper_says_so(director_client, table):
    response = director_client.post(url(table, "table_paper_replace"), follow=True)
    assert "hat keinen Papierblock" in response.content.decode(), "there is nothing to replace"


def test_a_hand_saved_on_a_page_loaded_before_the_record_keeps_the_paper_counting(table):
    stale = Table.objects.select_related("round").get(pk=table.pk)  # loaded before the record
    sheets.record_paper(table, PAPER)
    sheets.save_hand(stale, manual(1, -1, 0, 0))
    assert fresh(table).totals == PAPER["totals"], "the save must not write the hands' totals"


def test_an_uploaded_sheet_on_a_paper_table_keeps_the_paper_counting(paper_table):
    from tarock_cup.imports import sheets_json

    sheets_json.replace_hands(paper_table, [manual(1, -1, 0, 0)])
    assert fresh(paper_table).totals == PAPER["totals"], "one uploaded hand should not replace it"


def test_check_paper_counts_the_tables_seats(table):
    with pytest.raises(scoring.ScoringError, match="must be 4 whole numbers"):
        sheets.check_paper(table, {"totals": [0, 0, 0, 0, 0], "hands": 1})


ENGLISH = [
    ("the sum", form_data(totals=(120, -40, -40, -10)), "the totals add up to 30, not 0"),
    ("the hands", form_data(hands=17), "17 hands: this round plays 16 at this table"),
]


@pytest.mark.parametrize(("case", "data", "message"), ENGLISH, ids=[e[0] for e in ENGLISH])
def test_an_english_page_refuses_in_english(director_client, table, case, data, message):
    with translation.override("en"):  # English pages live under /en/
        page = director_client.post(url(table), data).content.decode()
    assert message in page, f"{case}: the English page should say “{message}”"


def test_the_english_table_page_says_paper_block(client, paper_table):
    with translation.override("en"):
        page = client.get(url(paper_table, "table")).content.decode()
    assert "paper block: 16 hands of 16. The standings count these totals." in page, (
        "the English table page should explain the paper block"
    )
