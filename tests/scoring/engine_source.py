"""What the document engines' tests (the season, the national final) read from the engine's
source and run of it: refusals and marked strings found by walking the source, the German
catalogue, and the command line run as a user would."""

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\((\w+)\)")
GERMAN = dict(
    re.findall(
        r'^msgid "(.*)"\nmsgstr "(.*)"$',
        (ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
)


def _calls(package: str, name: str) -> list[tuple[Path, ast.Call]]:
    """Return every call of `name` in the package's modules (`scoring/season`), with its file."""
    return [
        (path, node)
        for path in sorted((ROOT / package).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def refusals(package: str, error: str) -> list[Any]:
    """Return each `error(field, _("template"), **params)` of the package as a pytest param of
    the template and the names of its params."""
    cases = []
    for path, node in _calls(package, error):
        if isinstance(node.args[1], ast.Call):
            template = node.args[1].args[0]
            assert isinstance(template, ast.Constant), "a template is a literal"
            names = {k.arg for k in node.keywords}
            cases.append(pytest.param(template.value, names, id=f"{path.stem}:{node.lineno}"))
    return cases


def marked(package: str) -> list[str]:
    """Return every string the package marks for translation, once each, in source order."""
    found: list[str] = []
    for _path, node in _calls(package, "_"):
        value = node.args[0]
        if isinstance(value, ast.Constant) and value.value not in found:
            found.append(value.value)
    return found


def run(module: str, *args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    """Return the finished `python -m <module>` process, given the arguments and input."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        capture_output=True,
        check=False,
    )
