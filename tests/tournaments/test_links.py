"""links.py: a table's code and link open that table only while it is open; guessing codes is
limited per address; the table signs its sheet, and a change afterwards clears the signature."""

import pytest
from django.core.cache.backends import locmem
from django.utils import translation

from tarock_cup.tournaments import links, sheets
from tarock_cup.tournaments.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Change,
    CodeAttempts,
    Round,
    Table,
)
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

HAND = {"manual": {"scores": [3, -1, -1, -1], "reason": "test"}}
# The same hand with other scores: a real correction (a hand saved unchanged changes nothing).
CORRECTED = {"manual": {"scores": [4, -2, -1, -1], "reason": "test"}}
ADDRESS = "192.0.2.7"


@pytest.fixture
def table(director):
    tournament = make_tournament(director)
    tournament.hands_four = 2
    tournament.save()
    table = make_table(tournament)
    Table.objects.filter(pk=table.pk).update(code="K7M4PX")
    table.refresh_from_db()
    return table


@pytest.fixture
def played(table):
    sheets.save_hand(table, HAND)
    sheets.save_hand(table, HAND)
    table.refresh_from_db()
    return table


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("K7M4PX", "K7M4PX"),
        ("k7m4px", "K7M4PX"),
        ("K7M-4PX", "K7M4PX"),
        (" k7m 4px ", "K7M4PX"),
        ("k7m–4px", "K7M4PX"),
        ("K-7-M 4\tP X", "K7M4PX"),
    ],
)
def test_a_typed_code_is_read_without_case_spaces_and_dashes(typed, stored):
    assert links.normalise_code(typed) == stored


@pytest.mark.parametrize(
    ("code", "possible"),
    [
        ("K7M4PX", True),
        ("K7M4P", False),  # too short
        ("K7M4PXX", False),  # too long
        ("K7M4P0", False),  # 0 looks like O: never in a code
        ("K7M4PI", False),  # I looks like 1
        ("", False),
    ],
)
def test_only_codes_from_the_alphabet_of_the_right_length_are_possible(code, possible):
    assert links.is_code(code) is possible


@pytest.mark.parametrize("group", ["0OQ", "1IL", "2Z", "5S", "8B"])
def test_the_alphabet_has_at_most_one_sign_of_each_look_alike_group(group):
    assert len(set(CODE_ALPHABET) & set(group)) <= 1


def test_a_code_is_printed_in_two_groups_of_three():
    assert links.format_code("K7M4PX") == "K7M-4PX"


def test_a_typed_code_opens_its_table(table):
    assert links.table_for_code("k7m-4px", ADDRESS) == table


@pytest.mark.parametrize(
    "close",
    [
        pytest.param(
            lambda table: Table.objects.filter(pk=table.pk).update(finished=True), id="table"
        ),
        pytest.param(
            lambda table: type(table.round).objects.filter(pk=table.round_id).update(finished=True),
            id="round",
        ),
    ],
)
def test_the_code_of_a_closed_table_or_round_opens_nothing(table, close):
    close(table)
    with pytest.raises(links.UnknownCode):
        links.table_for_code("K7M4PX", ADDRESS)


def test_a_wrong_code_is_counted_against_the_address(table):
    with pytest.raises(links.UnknownCode):
        links.table_for_code("K7M4PY", ADDRESS)
    assert links.wrong_guesses(ADDRESS) == 1


def test_a_code_that_cannot_be_one_is_not_counted(table):
    with pytest.raises(links.LinkError):
        links.table_for_code("hello", ADDRESS)
    assert links.wrong_guesses(ADDRESS) == 0


def test_a_code_with_a_sign_no_code_has_is_refused_naming_the_sign(table):
    with translation.override("de"), pytest.raises(links.LinkError) as refused:
        links.table_for_code("ABC-123", ADDRESS)
    assert str(refused.value).startswith("„B“ kommt in keinem Tischcode vor"), str(refused.value)
    assert "(0, 1, 2, 5, B, I, L, O, Q, S, Z)" in str(refused.value), "the signs left out"
    assert links.wrong_guesses(ADDRESS) == 0, "a code no table can have is not a guess"


def guess_wrong(times, address=ADDRESS):
    for _ in range(times):
        with pytest.raises(links.UnknownCode):
            links.table_for_code("AAAAAA", address)


def test_after_too_many_wrong_codes_even_the_right_one_is_refused(table):
    guess_wrong(links.GUESSES)
    with pytest.raises(links.TooManyGuesses):
        links.table_for_code("K7M4PX", ADDRESS)


def test_one_wrong_code_fewer_than_the_limit_still_lets_the_right_one_in(table):
    guess_wrong(links.GUESSES - 1)
    assert links.table_for_code("K7M4PX", ADDRESS) == table


def test_another_address_is_not_held_up_by_someone_elses_guesses(table):
    guess_wrong(links.GUESSES)
    assert links.table_for_code("K7M4PX", "198.51.100.9") == table


def start_another_process():
    """Forget everything a server process keeps in its own memory, as a second process would."""
    for kept in (*locmem._caches.values(), *locmem._expire_info.values()):
        kept.clear()


@pytest.mark.parametrize("per_process", [1, 2, links.GUESSES])
def test_wrong_codes_sent_to_several_server_processes_add_up_to_one_limit(table, per_process):
    for guess in range(links.GUESSES):
        if guess % per_process == 0:
            start_another_process()
        guess_wrong(1)
    start_another_process()
    with pytest.raises(links.TooManyGuesses):
        links.table_for_code("K7M4PX", ADDRESS)


def test_a_wrong_code_counted_by_one_process_is_seen_by_another(table):
    guess_wrong(3)
    start_another_process()
    assert links.wrong_guesses(ADDRESS) == 3


def test_a_right_code_is_not_counted_as_a_guess(table):
    guess_wrong(2)
    links.table_for_code("K7M4PX", ADDRESS)
    assert links.wrong_guesses(ADDRESS) == 2, "only the two wrong codes count"


def test_wrong_codes_from_many_other_addresses_never_reset_an_address_s_count(table):
    guess_wrong(links.GUESSES)
    # Far more addresses than a cache keeps entries (a database cache keeps 300 by default,
    # and then drops a third of them).
    for n in range(600):
        guess_wrong(1, address=f"10.0.{n // 256}.{n % 256}")
    assert links.wrong_guesses(ADDRESS) == links.GUESSES, "the first address's count is kept"


def test_a_new_window_counts_afresh_and_clears_the_rows_of_past_windows(table, monkeypatch):
    now = links.current_window()
    guess_wrong(links.GUESSES)
    monkeypatch.setattr(links, "current_window", lambda: now + 1)
    assert links.table_for_code("K7M4PX", ADDRESS) == table, "the limit is per window"
    assert list(CodeAttempts.objects.values_list("window", flat=True)) == [now + 1], (
        "only the current window's row is kept"
    )


def test_a_token_opens_its_own_table(table):
    assert links.table_for_token(table.token) == table


@pytest.mark.parametrize(
    "token",
    [
        pytest.param(lambda table: table.token[:-1], id="shortened"),
        pytest.param(lambda table: table.token.upper(), id="other-case"),
        pytest.param(lambda table: "", id="empty"),
    ],
)
def test_a_token_no_table_has_opens_nothing(table, token):
    with pytest.raises(Table.DoesNotExist):
        links.table_for_token(token(table))


def test_a_token_of_another_tournament_opens_that_table_only(director, table):
    other = make_table(make_tournament(director, slug="other-cup"))
    assert links.table_for_token(other.token).round.tournament.slug == "other-cup"


def test_every_table_has_its_own_token_and_a_possible_code(director):
    tournament = make_tournament(director)
    tables = [make_table(tournament, round_number=n) for n in (1, 2)]
    assert tables[0].token != tables[1].token and all(
        links.is_code(t.code) and len(t.code) == CODE_LENGTH for t in tables
    )


@pytest.mark.parametrize(
    ("finished", "round_finished", "open_"),
    [(False, False, True), (True, False, False), (False, True, False)],
)
def test_a_link_takes_entries_only_while_table_and_round_are_open(
    table, finished, round_finished, open_
):
    table.finished = finished
    table.round.finished = round_finished
    assert links.is_open(table) is open_


def test_a_save_from_the_link_after_its_round_closed_is_refused(table):
    # the page was shown while the round was open; the round closes before the save arrives
    Round.objects.filter(pk=table.round_id).update(finished=True)
    with pytest.raises(sheets.Refused, match="Round 1 is closed"):
        sheets.save_hand(table, HAND, by_table=True)
    assert not table.hands.exists(), "nothing saved"


def test_a_director_still_enters_a_hand_after_the_round_closed(table):
    Round.objects.filter(pk=table.round_id).update(finished=True)
    sheets.save_hand(table, HAND)
    assert table.hands.count() == 1, "the director's save is taken"


def test_the_table_signs_its_sheet_when_all_hands_are_in(played):
    links.sign(played, [0, 1, 2, 3], seen=links.sheet_state(played))
    played.refresh_from_db()
    assert played.signed_at is not None


def test_signing_is_recorded_as_made_by_the_table(played):
    links.sign(played, [0, 1, 2, 3])
    change = Change.objects.get(action=Change.Action.SIGN)
    assert (change.by_table, change.user, change.table_id) == (True, None, played.pk)


@pytest.mark.parametrize(
    ("ticked", "seen"),
    [
        pytest.param([0, 1, 2], None, id="one-player-did-not-tick"),
        pytest.param([], None, id="nobody-ticked"),
        pytest.param([0, 1, 2, 3, 4], None, id="a-seat-the-table-has-not"),
        pytest.param([0, 1, 2, 3], "stale", id="sheet-changed-since"),
    ],
)
def test_a_sheet_is_not_signed_without_every_name_on_the_sheet_as_shown(played, ticked, seen):
    with pytest.raises(links.LinkError):
        links.sign(played, ticked, seen=seen)
    played.refresh_from_db()
    assert played.signed_at is None


def test_a_sheet_with_hands_missing_is_not_signed(table):
    sheets.save_hand(table, HAND)
    with pytest.raises(links.LinkError, match="1"):
        links.sign(table, [0, 1, 2, 3])


def test_a_closed_table_is_not_signed(played):
    sheets.close_table(played)
    with pytest.raises(links.Closed):
        links.sign(played, [0, 1, 2, 3])


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(
            lambda table: sheets.save_hand(table, CORRECTED, number=2), id="hand-corrected"
        ),
        pytest.param(lambda table: sheets.delete_hand(table, 2), id="hand-deleted"),
        pytest.param(lambda table: sheets.reopen_table(table), id="sent-back"),
    ],
)
def test_a_change_after_signing_clears_the_signature(played, change):
    links.sign(played, [0, 1, 2, 3])
    change(played)
    played.refresh_from_db()
    assert played.signed_at is None


def test_closing_a_signed_table_keeps_its_signature(played):
    links.sign(played, [0, 1, 2, 3])
    sheets.close_table(played)
    played.refresh_from_db()
    assert played.signed_at is not None


@pytest.mark.parametrize("open_", [True, False])
def test_a_table_can_sign_only_when_open_complete_and_not_yet_signed(played, open_):
    played.finished = not open_
    assert links.can_sign(played) is open_


def test_a_qr_code_is_an_inline_svg_without_an_xml_declaration():
    svg = links.qr_svg("https://example.org/table/abc/")
    assert svg.startswith("<svg") and "<?xml" not in svg


def test_a_reopened_table_whose_code_was_given_again_takes_a_new_one(director, played):
    code = played.code
    sheets.close_table(played)
    newer = make_table(played.round.tournament, round_number=2)
    Table.objects.filter(pk=newer.pk).update(code=code)
    sheets.reopen_table(played)
    assert links.table_for_code(code, ADDRESS) == newer


def test_a_reopened_table_keeps_its_code_when_nobody_took_it(played):
    code = played.code
    sheets.close_table(played)
    sheets.reopen_table(played)
    played.refresh_from_db()
    assert played.code == code


@pytest.mark.parametrize("taken", [True, False])
def test_a_reopened_round_gives_a_table_a_new_code_only_if_an_open_table_took_its_own(
    director, played, taken
):
    code = played.code
    links.finish_round(played.round, True)
    newer = make_table(played.round.tournament, round_number=2)
    if taken:
        Table.objects.filter(pk=newer.pk).update(code=code)
    links.finish_round(played.round, False)
    played.refresh_from_db()
    assert (played.code != code) == taken


def test_after_a_round_is_reopened_a_typed_code_opens_the_table_that_took_it(director, played):
    code = played.code
    links.finish_round(played.round, True)
    newer = make_table(played.round.tournament, round_number=2)
    Table.objects.filter(pk=newer.pk).update(code=code)
    links.finish_round(played.round, False)
    assert links.table_for_code(code, ADDRESS) == newer


def test_a_reopened_round_s_table_with_a_new_code_opens_by_it(director, played):
    code = played.code
    links.finish_round(played.round, True)
    newer = make_table(played.round.tournament, round_number=2)
    Table.objects.filter(pk=newer.pk).update(code=code)
    links.finish_round(played.round, False)
    played.refresh_from_db()
    assert links.table_for_code(played.code, ADDRESS) == played


@pytest.mark.parametrize("finished", [True, False])
def test_closing_or_reopening_a_round_raises_the_tournament_s_version(played, finished):
    tournament = played.round.tournament
    before = tournament.version
    links.finish_round(played.round, finished)
    tournament.refresh_from_db()
    assert tournament.version > before


def test_a_links_qr_code_is_made_once_and_then_reused(monkeypatch):
    made = []
    make = links.segno.make
    monkeypatch.setattr(links.segno, "make", lambda *a, **k: made.append(a) or make(*a, **k))
    links.qr_svg.cache_clear()
    for _ in range(3):
        links.qr_svg("https://example.org/table/once/")
    assert len(made) == 1


def test_the_qr_code_cache_is_bounded():
    assert links.qr_svg.cache_info().maxsize is not None
