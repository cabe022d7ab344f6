"""The production server: the README's gunicorn command serves the site with production settings."""

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


def _production_env(database: Path, port: int) -> dict[str, str]:
    inherited = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
    }
    return inherited | {
        "DEBUG": "0",
        "SECRET_KEY": "test-production-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{database}",
        "BEHIND_PROXY": "1",
        # One small worker: the test machine is shared.
        "WEB_BIND": f"127.0.0.1:{port}",
        "WEB_WORKERS": "1",
        "WEB_THREADS": "2",
    }


def _readme_gunicorn_command() -> list[str]:
    text = (ROOT / "README.md").read_text()
    line = re.search(r"^gunicorn .*$", text, re.M)
    assert line, "the README's production section gives no gunicorn command"
    return line.group(0).split()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> urllib.request.addinfourl | urllib.error.HTTPError:
    # As the proxy would send it: the client spoke HTTPS.
    request = urllib.request.Request(  # noqa: S310 (a loopback URL built here)
        url, headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}
    )
    try:
        return urllib.request.urlopen(request, timeout=5)  # noqa: S310
    except urllib.error.HTTPError as error:
        return error


@pytest.fixture(scope="module")
def production_server(tmp_path_factory):
    database = tmp_path_factory.mktemp("production") / "db.sqlite3"
    port = _free_port()
    env = _production_env(database, port)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    name, *arguments = _readme_gunicorn_command()
    assert name == "gunicorn", "the README's command starts gunicorn"
    log = database.parent / "gunicorn.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", *arguments],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                _get(base + "/")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not start:\n{log.read_text()}")
                time.sleep(0.3)
        yield base
    finally:
        # SIGINT is gunicorn's quick shutdown.
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_gunicorn_serves_the_home_page_with_production_settings(production_server):
    response = _get(production_server + "/")
    assert response.status == 200, f"the home page under gunicorn answered {response.status}"


def test_gunicorn_answers_with_the_content_security_policy(production_server):
    policy = _get(production_server + "/").headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in policy, f"the page under gunicorn has the policy {policy!r}"


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
