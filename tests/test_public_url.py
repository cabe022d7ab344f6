"""PUBLIC_URL: QR codes and links given to others use the site's public address, and the system
checks say when that address is malformed, refused by ALLOWED_HOSTS, or missing in production."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.urls import reverse

from tarock_cup import checks
from tarock_cup.public_url import public_host
from tarock_cup.tournaments import links, rounds
from tarock_cup.tournaments.models import Table
from tests.factories import make_tournament

PUBLIC = "http://192.168.1.20:8000"


@pytest.fixture
def table(director):
    tournament = make_tournament(director)
    rounds.draw_round(tournament, seed=1)
    return Table.objects.get()


def table_link(table, base):
    return base + reverse("table_link", args=[table.token])


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["round", "score_cards"])
def test_a_directors_qr_code_leads_to_the_public_address(page, settings, director_client, table):
    settings.PUBLIC_URL = PUBLIC
    content = director_client.get(reverse(page, args=["cup", 1])).content.decode()
    assert links.qr_svg(table_link(table, PUBLIC)) in content, (
        f"the {page} page's QR code should open {table_link(table, PUBLIC)}"
    )


@pytest.mark.django_db
def test_the_seating_list_prints_the_public_link(settings, director_client, table):
    settings.PUBLIC_URL = PUBLIC
    content = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert f'href="{table_link(table, PUBLIC)}"' in content, "the link should be the public one"


@pytest.mark.django_db
def test_the_score_cards_name_the_public_code_page(settings, director_client, table):
    settings.PUBLIC_URL = PUBLIC
    response = director_client.get(reverse("score_cards", args=["cup", 1]))
    assert response.context["table_code_url"] == PUBLIC + "/table/", (
        "the cards should send players to the code page on the public address"
    )


@pytest.mark.django_db
def test_without_public_url_the_qr_code_leads_to_the_requests_address(
    settings, director_client, table
):
    settings.PUBLIC_URL = ""
    content = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert links.qr_svg(table_link(table, "http://testserver")) in content, (
        "without PUBLIC_URL the QR code should use the address the page was asked for"
    )


@pytest.mark.django_db
def test_a_new_directors_password_link_is_on_the_public_address(
    settings, director, director_client
):
    settings.PUBLIC_URL = PUBLIC
    make_tournament(director)
    response = director_client.post(
        reverse("tournament_directors", args=["cup"]), {"add": "1", "username": "maria"}
    )
    assert response.context["link"].startswith(PUBLIC + "/password/set/"), (
        f"the link {response.context['link']} should be on {PUBLIC}"
    )


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("http://192.168.1.20:8000", "192.168.1.20"),
        ("https://Tarock.Example.org", "tarock.example.org"),
        ("http://[::1]:8000", "[::1]"),
    ],
)
def test_the_public_host_is_written_as_allowed_hosts_names_it(url, host):
    assert public_host(url) == host, f"{url} should be checked against {host}"


def ids(messages):
    return [message.id for message in messages]


@pytest.mark.parametrize(
    ("public_url", "allowed", "expected"),
    [
        ("", [], []),
        ("http://192.168.1.20:8000", ["192.168.1.20"], []),
        ("https://tarock.example.org", [".example.org"], []),
        ("https://tarock.example.org", ["*"], []),
        ("http://192.168.1.20:8000", ["localhost"], ["tarock_cup.W001"]),
        ("https://tarock.example.org", [], ["tarock_cup.W001"]),
        ("192.168.1.20:8000", ["192.168.1.20"], ["tarock_cup.E001"]),
        ("ftp://tarock.example.org", ["tarock.example.org"], ["tarock_cup.E001"]),
        ("https://tarock.example.org/cup", ["tarock.example.org"], ["tarock_cup.E001"]),
        ("https://a:b@tarock.example.org", ["tarock.example.org"], ["tarock_cup.E001"]),
        ("http://192.168.1.20:80800", ["192.168.1.20"], ["tarock_cup.E001"]),
    ],
    ids=[
        "unset",
        "allowed",
        "allowed-by-domain",
        "allowed-by-wildcard",
        "not-allowed",
        "nothing-allowed",
        "no-scheme",
        "not-http",
        "with-a-path",
        "with-a-password",
        "bad-port",
    ],
)
def test_the_check_of_public_url(settings, public_url, allowed, expected):
    settings.DEBUG = False
    settings.PUBLIC_URL = public_url
    settings.ALLOWED_HOSTS = allowed
    found = ids(checks.check_public_url())
    assert found == expected, f"PUBLIC_URL={public_url!r}, ALLOWED_HOSTS={allowed}: {found}"


@pytest.mark.django_db
def test_the_check_runs_at_start_up_not_only_with_deploy(settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    settings.ALLOWED_HOSTS = ["localhost"]
    with pytest.raises(SystemCheckError, match="tarock_cup.W001"):
        call_command("check", fail_level="WARNING")


@pytest.mark.parametrize(("public_url", "expected"), [("", ["tarock_cup.W002"]), (PUBLIC, [])])
def test_the_deploy_check_asks_for_a_public_url(settings, public_url, expected):
    settings.PUBLIC_URL = public_url
    found = ids(checks.check_public_url_is_set())
    assert found == expected, f"with PUBLIC_URL={public_url!r} the deploy check gave {found}"
