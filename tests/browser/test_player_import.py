"""In Chromium, in German, on a 390 px phone: imported players are registered, and marked
present only when the director ticks the preview's box."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIST = b"Name;Ort\nHans Huber;Linz\nZita Zangerl;Wien\n"


def preview(phone, live_server, director):
    make_tournament(director, players=0)
    phone.goto(live_server.url + "/login/")
    phone.fill("#id_username", "direktor")
    phone.fill("#id_password", "geheim-123")
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.goto(live_server.url + reverse("players_import", args=["cup"]))
    phone.set_input_files(
        "#id_file", files=[{"name": "liste.csv", "mimeType": "text/csv", "buffer": LIST}]
    )
    with phone.expect_navigation():
        phone.click("main form button[type=submit]")


@pytest.mark.parametrize(
    ("tick", "present"), [(False, False), (True, True)], ids=["as-is", "ticked"]
)
def test_imported_players_are_present_only_when_the_box_is_ticked(
    phone, live_server, director, tick, present
):
    preview(phone, live_server, director)
    box = phone.get_by_label("Alle als anwesend markieren")
    expect(box).not_to_be_checked()
    if tick:
        box.check()
    screenshot(phone, f"player-import-preview-{'ticked' if tick else 'as-is'}-phone")
    with phone.expect_navigation():
        phone.click("button[name=confirm]")
    checked = phone.get_by_label("Hans Huber anwesend")
    expect(checked).to_be_checked() if present else expect(checked).not_to_be_checked()
