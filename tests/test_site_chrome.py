"""What every page shares: the icon, Django's own widget words in German, `make run`'s port."""

import shutil
import subprocess
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.django_db


def test_favicon_ico_answers_with_the_static_icon(client):
    response = client.get("/favicon.ico")
    assert response.headers.get("Location") == static("favicon.ico"), (
        "/favicon.ico should redirect to the static icon"
    )


def test_the_static_icon_is_shipped():
    assert (ROOT / "static" / "favicon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00", (
        "static/favicon.ico should be an icon file"
    )


def test_every_page_links_the_icon(client):
    page = client.get(reverse("home")).content.decode()
    assert f'rel="icon" href="{static("favicon.ico")}"' in page, "the page should link its icon"


@pytest.mark.parametrize("url", ["/t/new/"])
def test_german_pages_have_no_english_blank_choice(director_client, url):
    page = director_client.get(url).content.decode()
    assert "Select an option" not in page, "the blank choice of a select should be German"


needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


@needs_make
@pytest.mark.parametrize(
    ("args", "env", "address"),
    [
        ([], {}, "127.0.0.1:8000"),
        (["PORT=8080"], {}, "127.0.0.1:8080"),
        ([], {"PORT": "8081"}, "127.0.0.1:8081"),
    ],
)
def test_make_run_serves_on_the_chosen_port(args, env, address):
    # -n prints the commands without running them; -W keeps the install step out of the way.
    out = subprocess.run(
        ["make", "-n", "-W", ".venv/.installed", "run", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", **env},
        check=True,
    ).stdout
    assert f"runserver {address}" in out, f"make run should serve on {address}"
