"""In Chromium on a 390 px phone: a table of five shows every seat and the standings every
column, wrapped rather than cut off, at the normal and at twice the text size."""

import pytest

from tarock_cup.tournaments import demo
from tarock_cup.tournaments.models import Player, Table
from tests.browser.a11y import outside_viewport, page_width, set_text_size
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
LONG_NAME = "Maximilian Schwarzenbacher-Oberhuber"
LONG_CLUB = "Tarockrunde Sankt Johann im Pongau"


@pytest.fixture
def demo_day(director):
    """Return the demo day (round 2 open, table 3 a table of five), with one very long name."""
    tournament = demo.load_demo(owner=director)
    table = Table.objects.get(round__tournament=tournament, round__number=2, number=3)
    Player.objects.filter(pk=table.seats.get(position=1).player_id).update(
        name=LONG_NAME, club=LONG_CLUB
    )
    return tournament


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


TABLE_OF_FIVE = "/t/demo/round/2/table/3/"
STANDINGS = "/t/demo/standings/"
# page, cells that must be on screen (every seat's name, score and total; every standings value)
CASES = [
    ("table-five", TABLE_OF_FIVE, "#sheet thead th, #sheet td.seat, #sheet tfoot th.total"),
    ("standings", STANDINGS, "table.standings td, table.standings th"),
    # a hand's page for the director: its form, and its history under it
    ("hand-history", TABLE_OF_FIVE + "hand/1/", "table.history td"),
]


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path", "cells"), CASES)
def test_nothing_is_cut_off_on_a_phone(name, path, cells, text, phone, live_server, demo_day):
    set_text_size(phone, text)
    log_in(phone, live_server)
    phone.goto(live_server.url + path)
    off = outside_viewport(phone, cells)
    phone.evaluate("document.querySelector('table').scrollIntoView()")
    screenshot(phone, f"{name}-phone-{text}", full_page=text == 100)
    assert off == [], f"on {name} at {text} % text these reach past the phone's screen: {off}"


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path"), [(name, path) for name, path, _ in CASES])
def test_the_page_does_not_scroll_sideways_on_a_phone(
    name, path, text, phone, live_server, demo_day
):
    set_text_size(phone, text)
    log_in(phone, live_server)
    phone.goto(live_server.url + path)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"{name} at {text} % text is {width} px wide on a 390 px phone"


@pytest.mark.parametrize("label", ["R1", "R2", "Spiele"])
def test_the_phone_standings_label_each_value_beside_it(label, phone, live_server, demo_day):
    phone.goto(live_server.url + STANDINGS)
    labels = phone.evaluate(
        "[...document.querySelectorAll('table.standings tbody tr:first-child td')]"
        ".map(td => getComputedStyle(td, '::before').content.replaceAll('\"', '').trim())"
    )
    assert label in labels, f"no value in the first standings row on a phone is labelled {label}"


# --- issue #24 point 11: realistic long names at 200 % and 100 % text ---------------------------

REAL_NAMES = ["Walter Gstrein-Hofmann", "Maria Oberwalder", "Maximilian Schwarzenbacher"]


@pytest.fixture
def real_names(demo_day):
    """Return the demo day with table 3 of round 2 (five seats) seating long real names."""
    table = Table.objects.get(round__tournament=demo_day, round__number=2, number=3)
    for position, name in enumerate(REAL_NAMES):
        Player.objects.filter(pk=table.seats.get(position=position).player_id).update(name=name)
    return demo_day


def test_a_trischaken_fits_a_phone_at_twice_the_text_size(phone, live_server, real_names):
    set_text_size(phone, 200)
    log_in(phone, live_server)
    phone.goto(live_server.url + TABLE_OF_FIVE)
    phone.select_option("#id_contract", "trischaken")
    screenshot(phone, "trischaken-phone-200", full_page=False)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"the Trischaken's players are {width} px wide on a 390 px phone"


# Whether the select shows its chosen name whole: a customizable select (appearance:
# base-select) wraps the name over lines, so nothing of it may overflow the box; a native one
# draws it on one line, so the name must fit beside the arrow (about 1.5 em).
SHOWS_WHOLE = """sel => {
    const style = getComputedStyle(sel);
    if (style.appearance === 'base-select') {
        return sel.scrollWidth <= sel.clientWidth + 1 && sel.scrollHeight <= sel.clientHeight + 1
            && sel.getBoundingClientRect().right <= document.documentElement.clientWidth;
    }
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        - 1.5 * parseFloat(style.fontSize);
    return ctx.measureText(sel.options[sel.selectedIndex].text).width <= room;
}"""


@pytest.mark.parametrize("field", ["declarer", "partner"])
def test_a_player_choice_shows_whole_names_at_twice_the_text_size(
    field, phone, live_server, real_names
):
    set_text_size(phone, 200)
    log_in(phone, live_server)
    phone.goto(live_server.url + TABLE_OF_FIVE)
    phone.select_option("#id_contract", "rufer")
    select = phone.locator(f"#id_{field}")
    offered = select.evaluate("s => [...s.options].map(o => o.text)")
    cut = []
    for name in [name for name in REAL_NAMES if name in offered]:
        select.select_option(label=name)
        if not select.evaluate(SHOWS_WHOLE):
            cut.append(name)
    screenshot(phone, f"rufer-{field}-phone-200", full_page=False)
    assert cut == [], f"the {field} choice cuts these names: {cut}"


def test_the_directors_round_page_fits_a_phone_at_twice_the_text_size(
    phone, live_server, real_names
):
    set_text_size(phone, 200)
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/demo/round/2/")
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"the round page is {width} px wide on a 390 px phone"


@pytest.mark.parametrize("text", [100, 200])
def test_the_players_check_in_boxes_are_on_a_phones_screen(text, phone, live_server, real_names):
    set_text_size(phone, text)
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/demo/players/")
    screenshot(phone, f"players-phone-{text}", full_page=text == 100)
    wide = phone.evaluate(
        "[...document.querySelectorAll('.scroll')].filter(s => s.scrollWidth > s.clientWidth + 1)"
        ".map(s => s.scrollWidth)"
    )
    off = phone.evaluate(
        "[...document.querySelectorAll('table.registrations input[type=checkbox]')]"
        ".filter(b => b.getBoundingClientRect().right > document.documentElement.clientWidth)"
        ".map(b => b.getAttribute('aria-label'))"
    )
    assert (wide, off) == ([], []), f"scrolling boxes {wide} px wide; boxes off screen: {off}"


# Each word of each name in the sheet's head, as the number of lines it stands on.
BROKEN_WORDS = """() => {
    const broken = [];
    for (const th of document.querySelectorAll('#sheet thead th.player')) {
        const node = [...th.querySelectorAll('*'), th].flatMap(e => [...e.childNodes])
            .find(n => n.nodeType === 3 && n.textContent.trim());
        if (!node) continue;
        let at = 0;
        for (const word of node.textContent.split(/\\s+/)) {
            const start = node.textContent.indexOf(word, at);
            at = start + word.length;
            if (!word) continue;
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, at);
            if (range.getClientRects().length > 1) broken.push(word);
        }
    }
    return broken;
}"""


def test_names_on_a_five_player_sheet_do_not_break_inside_a_word(phone, live_server, real_names):
    log_in(phone, live_server)
    phone.goto(live_server.url + TABLE_OF_FIVE)
    broken = phone.evaluate(BROKEN_WORDS)
    phone.locator("#sheet").scroll_into_view_if_needed()
    screenshot(phone, "table-five-names-phone", full_page=False)
    assert broken == [], f"these words of the five names break across lines: {broken}"
