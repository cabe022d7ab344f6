from pathlib import Path
from typing import Any

from django.core.management.commands import makemessages

import scoring
from scoring.rulesets import load_ruleset

DATA = Path(scoring.__file__).resolve().parent


class RulesetBuildFile(makemessages.BuildFile):
    """A ruleset's data file, given to xgettext as one marked string per text it shows."""

    @property
    def is_templatized(self) -> bool:
        return self.translatable.file.endswith(".toml") or bool(super().is_templatized)

    def preprocess(self) -> None:
        if not self.translatable.file.endswith(".toml"):
            return super().preprocess()
        texts = load_ruleset(Path(self.path)).texts()
        with open(self.work_path, "w", encoding="utf-8") as f:
            f.writelines(f"_({text!r})\n" for text in texts)


class Command(makemessages.Command):
    help = (
        "Extract the marked strings (Django's makemessages), and the names, readings and rule "
        "texts of the rulesets' data files (scoring/*.toml)."
    )
    build_file_class = RulesetBuildFile

    def handle(self, *args: Any, **options: Any) -> None:
        options["extensions"] = [*(options.get("extensions") or ["html", "txt", "py"]), "toml"]
        super().handle(*args, **options)

    def find_files(self, root: str) -> list[Any]:
        # of the .toml files only the rulesets' (pyproject.toml is no source of messages)
        return [
            f
            for f in super().find_files(root)
            if not f.file.endswith(".toml") or Path(f.path).resolve().parent == DATA
        ]
