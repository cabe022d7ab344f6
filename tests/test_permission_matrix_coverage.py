"""Every named URL of the project is named in some permission-matrix test module, so no page
goes without its roles checked: the URL tree is walked whole, and a new URL anywhere fails here
until a matrix asks it as every role."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

TESTS = Path(__file__).resolve().parent
# URL namespaces left out, with the reason.
SKIPPED_NAMESPACES = {
    # Django's admin: its own login and staff check guard every page of it, and
    # test_permission_matrix.test_the_admin_is_for_superusers_only checks that door.
    "admin": "Django's admin, staff only by Django itself",
}


def _named(patterns: list[Any], namespaces: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            yield from _named(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield (*namespaces, pattern.name)


def audited_url_names() -> list[str]:
    return sorted(
        {
            names[-1]
            for names in _named(get_resolver().url_patterns, ())
            if not SKIPPED_NAMESPACES.keys() & set(names[:-1])
        }
    )


def matrix_text() -> str:
    return "\n".join(path.read_text() for path in TESTS.rglob("*permission_matrix*.py"))


def test_the_whole_url_tree_is_audited() -> None:
    names = audited_url_names()
    assert {"home", "cup", "tariff", "api_player", "sign_on"} <= set(names), (
        "The audit walks the URLs of every app, not only some"
    )


def test_every_url_of_the_project_is_in_a_permission_matrix() -> None:
    text = matrix_text()
    missing = [n for n in audited_url_names() if f'"{n}"' not in text and f"'{n}'" not in text]
    assert missing == [], f"These URLs are in no permission-matrix test: {missing}"
