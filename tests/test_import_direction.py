"""The apps import one another one way only: tournaments below tariffs and cups.

Read from the source (no import runs), so a loop shows here even where Python would still
manage to load it.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "tarock_cup"


def imported_modules(path: Path) -> set[str]:
    """Return the absolute names of the modules a file imports, wherever in the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def files_under(relative: str) -> list[Path]:
    path = ROOT / relative
    return [path] if path.is_file() else sorted(path.rglob("*.py"))


# (files, an app they must not import)
FORBIDDEN = [
    *(
        (files, f"tarock_cup.{app}")
        for files in ("tournaments/models.py", "tournaments/errors.py")
        for app in ("tariffs", "imports", "exports", "cups")
    ),
    ("tournaments", "tarock_cup.cups"),
]


@pytest.mark.parametrize(("files", "app"), FORBIDDEN)
def test_a_lower_part_never_imports_an_app_above_it(files: str, app: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files_under(files)
        for name in sorted(imported_modules(path))
        if name == app or name.startswith(app + ".")
    ]
    assert offenders == [], f"{files} must not import {app}: " + "; ".join(offenders)
