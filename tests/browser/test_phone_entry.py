"""In Chromium, in German, on a 390 px phone: one hand of each contract family entered through
its own small form, the engine's preview with its breakdown before saving; at a table of five
every seat fits the screen; every control is big enough for a thumb; and the page works without
a script."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand, Player
from tests.browser.a11y import outside_viewport, page_width
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
LONG_NAME = "Maximilian Schwarzenbacher-Oberhuber"


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.keyboard.press("Enter")


def save(page):
    with page.expect_navigation():
        page.click("#save-hand")


def test_a_phone_enters_one_hand_of_each_family(phone, live_server, director):
    table = make_table(make_tournament(director, "tirol_cup"))
    log_in(phone, live_server)
    phone.goto(live_server.url + table.get_absolute_url())
    preview = phone.locator("#preview")

    # Hand 1 (Anna deals, Bert is Vorhand and chosen at once): a Rufer with Dora, 41 points,
    # Kontra on the game, the Pagat announced and made by the declarer's side.
    phone.select_option("#id_contract", "rufer")
    phone.select_option("#id_partner", "3")
    phone.fill("#id_points", "41")
    phone.select_option("#id_kontra_game", "1")
    phone.select_option("#id_b_pagat_side", "declarer")
    phone.check("#id_b_pagat_announced")
    expect(preview).to_contain_text("Pagat angesagt, gemacht")
    screenshot(phone, "phone-entry-rufer")
    save(phone)

    # Hand 2 (Bert deals, Cilli is Vorhand): Piccolo by Dora with one trick, Kontra by Anna.
    phone.select_option("#id_contract", "piccolo")
    expect(phone.locator("#id_points")).to_have_count(0)  # the Rufer's fields are gone
    phone.select_option("#id_declarer", "3")
    phone.select_option("#id_tricks", "1")
    phone.select_option("#id_kontra_seat_0", "1")
    expect(preview).to_contain_text("Piccolo")
    screenshot(phone, "phone-entry-piccolo")
    save(phone)

    # Hand 3: Trischaken, each player's points and tricks on their own row.
    phone.select_option("#id_contract", "trischaken")
    for seat, (points, tricks) in enumerate([("10", "2"), ("25", "4"), ("30", "5"), ("5", "1")]):
        phone.fill(f"#id_p{seat}_points", points)
        phone.select_option(f"#id_p{seat}_tricks", tricks)
    expect(preview.locator(".lines li").first).to_be_visible()
    screenshot(phone, "phone-entry-trischaken")
    save(phone)

    # Hand 4: scores entered by hand after a ruling.
    phone.select_option("#id_contract", "manual")
    for seat, score in enumerate(["3", "-1", "-1", "-1"]):
        phone.fill(f"#id_manual_{seat}", score)
    phone.fill("#id_manual_reason", "Schiedsspruch")
    expect(preview.locator(".preview-scores")).to_contain_text("+3")
    screenshot(phone, "phone-entry-manual")
    save(phone)
    screenshot(phone, "phone-entry-sheet")

    entered = [hand.data.get("contract", "manual") for hand in Hand.objects.order_by("number")]
    assert entered == ["rufer", "piccolo", "trischaken", "manual"], (
        "each family's hand should be on the sheet, in order"
    )


def test_the_rufer_saved_from_the_phone_has_its_kontra_and_bird(phone, live_server, director):
    table = make_table(make_tournament(director, "tirol_cup"))
    log_in(phone, live_server)
    phone.goto(live_server.url + table.get_absolute_url())
    phone.select_option("#id_contract", "rufer")
    phone.select_option("#id_partner", "3")
    phone.fill("#id_points", "41")
    phone.select_option("#id_kontra_game", "1")
    phone.select_option("#id_b_pagat_side", "declarer")
    phone.check("#id_b_pagat_announced")
    save(phone)
    hand = Hand.objects.get()
    assert (hand.data["kontra"], hand.data["bonuses"]) == (
        {"game": 1},
        [{"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"}],
    ), "the phone's Kontra and Pagat should be stored"


@pytest.fixture
def table_of_five(director):
    tournament = make_tournament(director, "tirol_cup", players=5)
    Player.objects.filter(name="Cilli").update(name=LONG_NAME)
    return make_table(tournament, seats=5)  # Anna deals hand 1 and sits out


# Each case: the contract, the seats' controls that must be on screen.
FIVE = [
    pytest.param("piccolo", "[id^=id_kontra_seat_]", id="negative"),
    pytest.param("trischaken", "[id$=_points], [id$=_tricks]", id="trischaken"),
    pytest.param("manual", "[id^=id_manual_]", id="by-hand"),
    pytest.param("rufer", "#id_declarer, #id_partner", id="rufer"),
]


@pytest.mark.parametrize(("contract", "controls"), FIVE)
def test_at_a_table_of_five_every_seat_fits_the_phone(
    phone, live_server, director, table_of_five, contract, controls
):
    log_in(phone, live_server)
    phone.goto(live_server.url + table_of_five.get_absolute_url())
    phone.select_option("#id_contract", contract)
    off = outside_viewport(phone, f"#hand-fields :is({controls}), #hand-fields label")
    screenshot(phone, f"phone-five-{contract}")
    assert off == [], f"these reach past the phone's screen in a {contract}: {off}"


@pytest.mark.parametrize(("contract", "controls"), FIVE)
def test_at_a_table_of_five_the_phone_does_not_scroll_sideways(
    phone, live_server, director, table_of_five, contract, controls
):
    log_in(phone, live_server)
    phone.goto(live_server.url + table_of_five.get_absolute_url())
    phone.select_option("#id_contract", contract)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"a {contract} at five is {width} px wide on a 390 px phone"


@pytest.mark.parametrize(
    ("contract", "rows"),
    [
        pytest.param("trischaken", "#hand-fields tr[data-seat]", id="trischaken"),
        pytest.param("piccolo", "#hand-fields .seat[data-seat]", id="negative"),
    ],
)
def test_at_a_table_of_five_the_dealer_sitting_out_has_no_row(
    phone, live_server, director, table_of_five, contract, rows
):
    log_in(phone, live_server)
    phone.goto(live_server.url + table_of_five.get_absolute_url())
    phone.select_option("#id_contract", contract)
    shown = phone.locator(f"{rows}:visible th, {rows}:visible label").all_inner_texts()
    assert shown == ["Bert", LONG_NAME, "Dora", "Erich"], f"Anna deals and sits out: {shown}"


@pytest.mark.parametrize("contract", ["rufer", "piccolo", "trischaken", "manual"])
def test_every_control_is_at_least_44_px_high(phone, live_server, director, contract):
    table = make_table(make_tournament(director, "tirol_cup"))
    log_in(phone, live_server)
    phone.goto(live_server.url + table.get_absolute_url())
    phone.select_option("#id_contract", contract)
    if contract == "rufer":  # a bonus with a side shows its other controls too
        phone.select_option("#id_b_pagat_side", "declarer")
    small = phone.evaluate(
        """() => [...document.querySelectorAll(
              '#hand-form select, #hand-form input:not([type=hidden]):not([type=checkbox]),'
              + ' #hand-form label.check, #hand-form .actions button')]
            .filter(el => el.getClientRects().length > 0)
            .filter(el => el.getBoundingClientRect().height < 43.5)
            .map(el => el.name || el.textContent.trim())"""
    )
    assert small == [], f"these controls of a {contract} are under 44 px high: {small}"


@pytest.fixture
def no_script_phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
        locale="de-AT",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_without_a_script_the_contract_is_chosen_then_its_form_comes(
    no_script_phone, live_server, director
):
    page = no_script_phone
    table = make_table(make_tournament(director, "tirol_cup"))  # Bert is Vorhand
    log_in(page, live_server)
    page.goto(live_server.url + table.get_absolute_url())
    page.select_option("#id_contract", "rufer")
    with page.expect_navigation():
        page.click("button[name=preview]")  # brings the Rufer's fields, Bert chosen
    page.select_option("#id_partner", "3")
    page.fill("#id_points", "41")
    with page.expect_navigation():
        page.click("button[name=preview]")
    expect(page.locator("#preview")).to_contain_text("gewonnen")
    screenshot(page, "phone-entry-no-script")
    save(page)
    assert [h.scores for h in Hand.objects.all()] == [[-1, 1, -1, 1]], (
        "without a script the Rufer should be previewed and saved all the same"
    )
