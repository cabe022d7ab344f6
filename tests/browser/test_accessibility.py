"""In Chromium: axe-core finds no serious WCAG 2.1 AA fault on the main pages, wide and on a phone;
text follows the reader's size setting, focus shows, the standings read well in a dim room."""

import pytest

from tarock_cup.cups import demo as cup_demo
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import demo
from tarock_cup.tournaments.models import Table
from tests.browser.a11y import (
    AXE_VERSION,
    axe_version,
    describe,
    outside_viewport,
    run_axe,
    set_text_size,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The demo day: 13 players, round 2 still open; table 3 is a table of five.
TABLE_OF_FIVE = "/t/demo/round/2/table/3/"
PAGES = [
    # name, path, contract chosen in the hand form, logged in as the director
    ("home", "/", None, True),
    ("tournament", "/t/demo/", None, True),
    ("standings", "/t/demo/standings/", None, True),
    ("table-rufer", TABLE_OF_FIVE, "rufer", True),
    ("table-trischaken", TABLE_OF_FIVE, "trischaken", True),
    ("registration", "/t/demo/players/", None, True),
    ("rules", "/rules/tirol_cup/", None, False),
    ("login", "/login/", None, False),
    ("cups", "/cups/", None, False),
    ("cup", f"/cups/{cup_demo.DEMO_CUP_SLUG}/", None, False),
    ("tariffs", "/tariffs/", None, True),
    ("table-code", "/table/", None, False),
    # {token} is the link secret of the table of five, what its QR code opens on a phone.
    ("table-link", "/table/{token}/", None, False),
    ("projector", "/t/demo/projector/", None, False),
    ("round-director", "/t/demo/round/2/", None, True),
]


@pytest.fixture
def demo_day(director):
    tournament = demo.load_demo(owner=director)
    cup_demo.load_demo_cup(director, tournament)
    Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=director,
    )
    return tournament


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


def contrast(page, selector: str) -> float:
    """Return the contrast ratio of the first element's text colour on the page's background."""
    return page.evaluate(
        """selector => {
            const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const lum = ([r, g, b]) => [r, g, b]
                .map(v => v / 255)
                .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
                .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
            const el = document.querySelector(selector);
            let bg = el;
            while (getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)') {
                bg = bg.parentElement;
            }
            const [a, b] = [lum(rgb(getComputedStyle(el).color)),
                            lum(rgb(getComputedStyle(bg).backgroundColor))];
            return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        }""",
        selector,
    )


def test_the_vendored_axe_core_is_the_pinned_release(page):
    page.goto("about:blank")
    assert axe_version(page) == AXE_VERSION, "tests/browser/axe/axe.min.js is not the pinned axe"


@pytest.mark.parametrize("viewport", ["page", "phone"])
@pytest.mark.parametrize(("name", "path", "contract", "as_director"), PAGES)
def test_axe_finds_no_serious_fault(
    request, viewport, name, path, contract, as_director, live_server, demo_day
):
    page = request.getfixturevalue(viewport)
    if as_director:
        log_in(page, live_server)
    token = Table.objects.get(round__tournament=demo_day, round__number=2, number=3).token
    response = page.goto(live_server.url + path.format(token=token))
    assert response.status == 200, f"{name} answered {response.status}, not the page itself"
    if contract:
        page.select_option("#id_contract", contract)
    violations = run_axe(page)
    assert violations == [], f"axe {AXE_VERSION} on {name} ({viewport}):\n" + describe(violations)


def test_the_body_text_follows_the_readers_text_size(phone, live_server, demo_day):
    set_text_size(phone, 200)
    phone.goto(live_server.url + "/t/demo/standings/")
    size = phone.evaluate("getComputedStyle(document.querySelector('main p')).fontSize")
    assert size == "32px", f"body text at a 200 % text setting is {size}, not twice 16 px"


def test_table_cells_are_not_smaller_than_the_body_text_on_a_phone(phone, live_server, demo_day):
    phone.goto(live_server.url + "/t/demo/standings/")
    size = phone.evaluate("getComputedStyle(document.querySelector('table td')).fontSize")
    assert size == "16px", f"a standings cell on a phone is {size}, smaller than the body's 16 px"


@pytest.mark.parametrize(
    "selector",
    [
        "table.standings td.total",
        "table.standings td.player a",
        "table.standings td.club",
        "main p.muted",
    ],
)
def test_text_on_the_standings_reaches_seven_to_one(selector, phone, live_server, demo_day):
    phone.goto(live_server.url + "/t/demo/standings/")
    ratio = contrast(phone, selector)
    assert ratio >= 7, f"{selector} has a contrast of {ratio:.2f}:1 on the standings, below 7:1"


@pytest.mark.parametrize("cell", ["td.rank", "td.player", "td.total"])
def test_the_phone_standings_keep_place_name_and_total_on_screen_at_200_percent_text(
    cell, phone, live_server, demo_day
):
    set_text_size(phone, 200)
    phone.goto(live_server.url + "/t/demo/standings/")
    off = outside_viewport(phone, f"table.standings {cell}")
    assert off == [], f"at 200 % text these {cell} cells reach past the phone's screen: {off}"


def test_a_focused_link_shows_a_visible_outline(page, live_server, demo_day):
    page.goto(live_server.url + "/t/demo/standings/")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    outline = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return parseFloat(s.outlineWidth) * (s.outlineStyle === 'none' ? 0 : 1); })()"
    )
    assert outline >= 2, f"the focused element's outline is {outline} px wide, not a visible 2 px"


def test_checkboxes_are_at_least_24_px(page, live_server, demo_day):
    log_in(page, live_server)
    page.goto(live_server.url + TABLE_OF_FIVE)
    page.select_option("#id_contract", "rufer")
    box = page.locator("#id_king_in_talon").bounding_box()
    assert min(box["width"], box["height"]) >= 24, f"a checkbox is only {box} large, under 24 px"
