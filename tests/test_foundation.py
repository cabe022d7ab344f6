"""The project starts, speaks both languages, and its set-up commands are the documented ones."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("path", "lang", "text"),
    [
        ("/", "de", "Turniere"),
        ("/en/", "en", "tournaments"),
    ],
    ids=["german-by-default", "english-under-en"],
)
@pytest.mark.django_db
def test_home_page_renders_in_each_language(client, path, lang, text):
    response = client.get(path)
    body = response.content.decode()
    assert (response.status_code, f'lang="{lang}"' in body, text in body) == (200, True, True)


def test_scoring_imports_without_django():
    code = (
        "import sys, scoring, scoring.__main__; "
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```(?:sh|bash)?\n(.*?)```", text, re.S)
    assert block, "README has no code block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_the_two_set_up_commands_of_the_makefile():
    makefile_targets = re.findall(r"^(\w+):", (ROOT / "Makefile").read_text(), re.M)
    commands = _readme_commands()
    assert commands[:2] == ["make run", "make test"] and {"run", "test"} <= set(makefile_targets)


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    test_command = _readme_commands()[1]
    assert re.search(rf"^\s*(DATABASE_URL=\S+ )?{re.escape(test_command)}\b", ci, re.M)


def test_deploy_check_is_clean_with_production_settings():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "0",
        "SECRET_KEY": "k" * 20 + "production-like-secret-key-with-enough-entropy-1234567890",
        "ALLOWED_HOSTS": "tarock.example.org",
        "PUBLIC_URL": "https://tarock.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "secret_key",
    [None, "", "dev-only-insecure-key-do-not-use-in-production"],
    ids=["unset", "empty", "the-development-key"],
)
def test_settings_refuse_to_start_with_debug_off_and_no_secret_key_of_its_own(secret_key):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DEBUG": "0"}
    if secret_key is not None:
        env["SECRET_KEY"] = secret_key
    result = subprocess.run(
        [sys.executable, "-c", "import tarock_cup.settings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "ImproperlyConfigured: SECRET_KEY must be set" in result.stderr, (
        f"settings with SECRET_KEY {secret_key!r} should refuse with a clear message: "
        f"{result.stderr[-300:]}"
    )


def test_browser_screenshots_of_a_test_run_go_to_a_folder_git_ignores(monkeypatch):
    monkeypatch.delenv("SCREENS_DIR", raising=False)
    import importlib

    import tests.browser.conftest as browser_conftest

    folder = importlib.reload(browser_conftest).SCREENS
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(folder / "table.png")], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, f"{folder} is not ignored by git, so `make test` dirties it"
