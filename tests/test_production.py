"""The production server: `make serve` serves the site with production settings, behind a TLS
proxy or over plain http on a venue's network, with two instances side by side."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 30


def _production_env(database: Path, port: int, **settings: str) -> dict[str, str]:
    inherited = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE", "DEBUG"}
    }
    return (
        inherited
        | {
            # No DEBUG: `make serve` turns it off itself.
            "SECRET_KEY": "test-production-" + "x" * 50,
            "ALLOWED_HOSTS": "127.0.0.1",
            "PUBLIC_URL": f"http://127.0.0.1:{port}",
            "DATABASE_URL": f"sqlite:///{database}",
            # One small worker: the test machine is shared.
            "WEB_BIND": f"127.0.0.1:{port}",
            "WEB_WORKERS": "1",
            "WEB_THREADS": "2",
        }
        | settings
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# As a TLS-terminating proxy sends it: the client spoke HTTPS.
FROM_PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _get(url: str, headers: dict[str, str] | None = None):
    """Return the response as it came (a redirect is not followed)."""
    request = urllib.request.Request(url, headers=headers or {})  # noqa: S310 (loopback)
    try:
        return urllib.request.build_opener(_NoRedirect).open(request, timeout=5)
    except urllib.error.HTTPError as error:
        return error


def _serve(name: str, tmp_path_factory, **settings: str):
    """Run `make serve` as the README's recipe does; yield its address and log, then stop it."""
    folder = tmp_path_factory.mktemp(name)
    port = _free_port()
    env = _production_env(folder / "db.sqlite3", port, **settings)
    log = folder / "serve.log"
    # `make serve` itself with this interpreter; -o skips its install step, which needs a
    # .venv of its own (the README's recipe from a fresh clone does that).
    command = ["make", "--no-print-directory", "-o", ".venv/.production", "serve"]
    with log.open("w") as output:
        server = subprocess.Popen(
            [*command, f"PY={sys.executable}"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                _get(base + "/", FROM_PROXY)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"make serve did not start:\n{log.read_text()}")
                time.sleep(0.3)
        yield base, log
    finally:
        # To make and gunicorn alike, as Ctrl-C does; SIGINT is gunicorn's quick shutdown.
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory):
    yield from _serve("proxy", tmp_path_factory, BEHIND_PROXY="1")


@pytest.fixture(scope="module")
def on_a_lan(tmp_path_factory, behind_proxy):
    # Started while the other still runs: two instances on one machine must not collide.
    yield from _serve("lan", tmp_path_factory, HTTPS="0")


def test_make_serve_serves_the_home_page_behind_a_proxy(behind_proxy):
    base, _ = behind_proxy
    response = _get(base + "/", FROM_PROXY)
    assert response.status == 200, f"the home page under gunicorn answered {response.status}"


def test_make_serve_answers_with_the_content_security_policy(behind_proxy):
    base, _ = behind_proxy
    policy = _get(base + "/", FROM_PROXY).headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in policy, f"the page under gunicorn has the policy {policy!r}"


def test_make_serve_speaks_german_with_the_compiled_translations(behind_proxy):
    base, _ = behind_proxy
    page = _get(base + "/login/", FROM_PROXY).read().decode()
    assert "Anmelden" in page, "the login page under gunicorn should be in German"


def test_behind_a_proxy_plain_http_is_sent_to_https(behind_proxy):
    base, _ = behind_proxy
    response = _get(base + "/")
    location = response.headers.get("Location", "")
    assert (response.status, location[:8]) == (301, "https://"), (
        f"plain http should be redirected to https, got {response.status} {location!r}"
    )


def test_behind_a_proxy_browsers_are_told_to_keep_to_https_for_a_year(behind_proxy):
    base, _ = behind_proxy
    hsts = _get(base + "/", FROM_PROXY).headers.get("Strict-Transport-Security", "")
    assert "max-age=31536000" in hsts, f"the HSTS header is {hsts!r}"


def test_on_a_lan_with_https_off_plain_http_is_served(on_a_lan):
    base, _ = on_a_lan
    response = _get(base + "/login/")
    assert response.status == 200, f"plain http with HTTPS=0 answered {response.status}"


def test_on_a_lan_with_https_off_no_hsts_is_sent(on_a_lan):
    base, _ = on_a_lan
    hsts = _get(base + "/login/").headers.get("Strict-Transport-Security")
    assert hsts is None, f"with HTTPS=0 browsers are still told {hsts!r}"


def test_on_a_lan_with_https_off_the_csrf_cookie_travels_over_http(on_a_lan):
    base, _ = on_a_lan
    cookie = _get(base + "/login/").headers.get("Set-Cookie", "")
    assert "csrftoken=" in cookie and "Secure" not in cookie, (
        f"with HTTPS=0 the login form's cookie must work over http: {cookie!r}"
    )


def _control_socket(log: Path) -> str:
    found = re.search(r"Control socket listening at (\S+)", log.read_text())
    return found.group(1) if found else f"none in {log.name}"


def test_two_instances_have_control_sockets_of_their_own(behind_proxy, on_a_lan):
    sockets = {_control_socket(behind_proxy[1]), _control_socket(on_a_lan[1])}
    assert len(sockets) == 2, f"two gunicorn instances share a control socket: {sockets}"


def test_gunicorn_is_a_pinned_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = [d for d in project["dependencies"] if re.fullmatch(r"gunicorn==[\d.]+", d)]
    assert pinned, "gunicorn is not pinned among the project's (non-dev) dependencies"


def _settings_value(expression: str, env: dict[str, str]) -> str:
    code = f"import tarock_cup.settings as s; print({expression})"
    base = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=base | env, capture_output=True, text=True
    )
    return result.stdout.strip() or result.stderr


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "test-production-" + "x" * 50}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        (PRODUCTION, "60"),
        ({"DEBUG": "1"}, "0"),
        (PRODUCTION | {"DB_CONN_MAX_AGE": "0"}, "0"),
    ],
    ids=["production-keeps-a-connection-a-thread", "runserver-closes-each", "knob-overrides"],
)
def test_each_thread_keeps_at_most_one_connection_for_a_while(env, expected):
    value = _settings_value('s.DATABASES["default"]["CONN_MAX_AGE"]', env)
    assert value == expected, f"CONN_MAX_AGE should be {expected}, is {value}"


def test_gunicorn_config_bounds_the_connections_to_workers_times_threads():
    config: dict[str, object] = {}
    exec((ROOT / "gunicorn.conf.py").read_text(), config)  # noqa: S102 (our own file)
    connections = int(config["workers"]) * int(config["threads"])
    assert connections <= 90, (
        f"{connections} connections by default leaves no room below PostgreSQL's default 100"
    )


HARDENING = "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, " + (
    "s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_PRELOAD"
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        (PRODUCTION, "True True True 31536000 True"),
        (PRODUCTION | {"HTTPS": "0"}, "False False False 0 False"),
        ({"DEBUG": "1"}, "False False False 0 False"),
        (
            PRODUCTION | {"HTTPS": "0", "SESSION_COOKIE_SECURE": "1"},
            "False True False 0 False",
        ),
    ],
    ids=["production-is-https-only", "https-off-on-a-lan", "debug", "one-knob-still-overrides"],
)
def test_https_turns_on_the_redirect_secure_cookies_and_a_year_of_hsts(env, expected):
    value = _settings_value(HARDENING, env)
    assert value == expected, f"redirect, cookies, HSTS should be {expected}, are {value}"


def _production_section() -> str:
    text = (ROOT / "README.md").read_text()
    return text[text.index("## Production") :].split("\n## ", 1)[0]


@pytest.mark.parametrize("target", ["install", "serve"])
def test_the_readmes_production_recipe_uses_a_make_target_that_exists(target):
    targets = re.findall(r"^([\w.-]+):", (ROOT / "Makefile").read_text(), re.M)
    recipe = _production_section()
    assert (f"make {target}" in recipe, target in targets) == (True, True), (
        f"the README's production recipe and the Makefile disagree about `make {target}`"
    )
