"""Every response carries the site's strict Content-Security-Policy."""

import re
from pathlib import Path

import pytest

from tarock_cup.tournaments.models import Player

ROOT = Path(__file__).resolve().parent.parent
# Inline code in a template: a script without src (JSON data is not run), a style element or
# attribute, an on…= handler, a javascript: link.
INLINE = re.compile(
    r"<script>|<script (?![^>]*\bsrc=)(?![^>]*application/json)"
    r"|<style|\sstyle=|\son[a-z]+=|javascript:"
)
TABLE = "/t/cup/round/1/table/1"
PAGES = [
    "/",
    "/en/",
    "/login/",
    "/rules/",
    "/rules/tirol_cup/",
    "/rules/ooe/card/",
    "/t/new/",
    "/t/cup/",
    "/t/cup/edit/",
    "/t/cup/players/",
    "/t/cup/player/{player}/",
    "/t/cup/players/import/",
    "/t/cup/standings/",
    "/t/cup/round/1/",
    "/t/cup/round/1/cards/",
    f"{TABLE}/",
    f"{TABLE}/sheet.json",
    f"{TABLE}/sheet/upload/",
    "/t/cup/export.xlsx",
    "/t/cup/standings.xlsx",
    "/t/cup/standings.csv",
    "/admin/",
    "/no-such-page/",
]
DIRECTIVES = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
]


def _get(client, path):
    player = Player.objects.order_by("pk").first()
    return client.get(path.format(player=player.pk))


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_the_page_answers_without_error(director_client, tirol_table, path):
    status = _get(director_client, path).status_code
    assert status < 500, f"{path} answered {status}, so its header would prove little"


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_strict_policy(director_client, tirol_table, path):
    policy = _get(director_client, path).headers.get("Content-Security-Policy", "")
    missing = [d for d in DIRECTIVES if d not in policy.split("; ")]
    assert not missing, f"{path} answers without {missing} in its policy {policy!r}"


def test_no_template_has_an_inline_script_style_or_handler():
    # The policy refuses inline code: a page would silently lose it.
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("tarock_cup/*/templates/**/*.html")]
    offenders = [
        str(path.relative_to(ROOT)) for path in templates if INLINE.search(path.read_text())
    ]
    assert not offenders, f"these templates have inline code the policy refuses: {offenders}"
