"""A real Chromium (Debian's package) driven by Playwright; no browser download."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Test runs write their screenshots to an ignored folder, so `make test` leaves the tree clean;
# `make screens` points SCREENS_DIR at the committed bench/screens/ on purpose.
SCREENS = Path(os.environ.get("SCREENS_DIR") or ROOT / "bench" / "out" / "screens")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
    )


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(
                "CI must have Debian's chromium for the browser tests (.ci/run installs it)"
            )
        pytest.skip("Debian's chromium is not installed here (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the test's own database work
    # stays synchronous, so Django's async guard is lifted for the browser tests only.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            instance = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
            yield instance
            instance.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-AT")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        locale="de-AT",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def screenshot(page, name: str, *, full_page: bool = True) -> None:
    # A full-page shot resets a text size set through the DevTools protocol (a11y.set_text_size):
    # shots at a large text size take the viewport only.
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=full_page)


# The password of tests/conftest.py's users (the director "direktor" among them).
PASSWORD = "geheim-123"


def log_in(page, base_url: str, username: str = "direktor", password: str = PASSWORD) -> None:
    """Log in through the site's own login page (the tests' director unless told otherwise)."""
    page.goto(base_url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("main button[type=submit]")
