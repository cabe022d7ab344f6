"""In Chromium, on a laptop and on a 390 px phone, in German and English: the owner publishes the
laptop's backup (preview, confirm, the standings), and another tournament's file is refused."""

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Hand
from tests.browser.conftest import log_in, screenshot
from tests.tournaments.publish_helpers import laptop_file, small_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = {"laptop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
WORDS = {
    "de": ("Sicherung vom Laptop veröffentlichen", "Turnier durch die Datei ersetzen"),
    "en": ("Publish the laptop's backup", "Replace the tournament by the file"),
}


@pytest.fixture(params=[(s, lang) for s in SCREENS for lang in ("de", "en")], ids=str)
def screen(request, browser):
    size, lang = request.param
    context = browser.new_context(
        viewport=SCREENS[size],
        is_mobile=size == "phone",
        locale="de-AT" if lang == "de" else "en-GB",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page, size, lang
    context.close()


def test_the_owner_publishes_the_laptops_backup(screen, live_server, director, tmp_path):
    page, size, lang = screen
    tournament = small_tournament(director)
    played = laptop_file(tournament)
    other = backup.dumps(backup.backup(small_tournament(director, slug="anderes"))).encode()
    log_in(page, live_server.url)
    with translation.override(lang):
        page.goto(live_server.url + reverse("tournament", args=["cup"]))
    title, confirm = WORDS[lang]
    with page.expect_navigation():
        page.get_by_role("link", name=title).click()
    page.set_input_files(
        "#id_file",
        files=[{"name": "anderes.json", "mimeType": "application/json", "buffer": other}],
    )
    with page.expect_navigation():
        page.click("#publish-preview")
    expect(page.locator("#publish-errors")).to_contain_text("anderes")
    screenshot(page, f"publish-refused-{size}-{lang}")
    page.set_input_files(
        "#id_file", files=[{"name": "cup.json", "mimeType": "application/json", "buffer": played}]
    )
    with page.expect_navigation():
        page.click("#publish-preview")
    expect(page.get_by_role("button", name=confirm)).to_be_visible()
    screenshot(page, f"publish-preview-{size}-{lang}")
    with page.expect_navigation():
        page.get_by_role("button", name=confirm).click()
    expect(page.locator("ul.messages li.success")).to_be_visible()
    screenshot(page, f"publish-done-{size}-{lang}")
    assert Hand.objects.filter(table__round__tournament__slug="cup").count() == 2, (
        "the laptop's two hands are published"
    )
