"""Every URL of the apps the last features added (the national final, the venue's queue, the
register, tariffs, the API, the day's money, a cup's season and hall of fame) is named in some
permission-matrix test module, so no new page goes without its roles checked."""

from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

TESTS = Path(__file__).resolve().parent
# Every URL of these url modules...
URL_MODULES = {
    "tarock_cup.national.urls",
    "tarock_cup.venue.urls",
    "tarock_cup.register.urls",
    "tarock_cup.tariffs.urls",
    "tarock_cup.tariffs.urls_rules",
    "tarock_cup.api.urls",
}
# ...and every URL served by these view modules, wherever it is routed.
VIEW_MODULES = {
    "tarock_cup.tournaments.views.settlement",
    "tarock_cup.cups.season_views",
    "tarock_cup.cups.hall_views",
}


def _named(patterns, module):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.urlconf_module
            name = getattr(inner, "__name__", module) if not isinstance(inner, list) else module
            yield from _named(pattern.url_patterns, name)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield module, pattern.name, pattern.callback.__module__


def audited_url_names():
    return sorted(
        {
            name
            for module, name, view_module in _named(get_resolver().url_patterns, "")
            if module in URL_MODULES or view_module in VIEW_MODULES
        }
    )


def matrix_text():
    return "\n".join(path.read_text() for path in TESTS.rglob("*permission_matrix*.py"))


def test_the_audited_apps_have_urls():
    assert len(audited_url_names()) > 20, "The audited apps' URLs are found in the URL tree"


def test_every_url_of_the_audited_apps_is_in_a_permission_matrix():
    text = matrix_text()
    missing = [n for n in audited_url_names() if f'"{n}"' not in text and f"'{n}'" not in text]
    assert missing == [], f"These URLs are in no permission-matrix test: {missing}"
