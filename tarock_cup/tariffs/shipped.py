"""The tariffs and presets shipped with the product: their data files, their rows, their defaults.

A shipped tariff is a data file `shipped/<key>.json` in the tariff file format (ruleset, tariff,
note, version). `sync` keeps one read-only `Tariff` row for each file's version (made where they are
first listed), so a tournament chooses and scores by it like by any tariff, and its history,
backups and exports name it the same way. A preset is a ruleset with options (catalogue.py).
"""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

import scoring
from scoring import standings as ranking
from scoring.tariff import apply_tariff
from tarock_cup.tariffs.catalogue import CHOICE_MAP, CHOICES, CUPS, SOURCES, ShippedChoice
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments.display import option_value_name, tie_breaker_names

DATA = Path(__file__).resolve().parent / "shipped"


class ShippedDataError(ValueError):
    """A shipped tariff's data file the product cannot use (a mistake in the product)."""


@dataclass(frozen=True)
class ShippedFile:
    """A shipped tariff's data file, read and checked by the engine."""

    key: str
    ruleset: str
    name: str
    note: str
    numbers: dict[str, Any]
    version: int


def read_file(key: str) -> ShippedFile:
    """Return the shipped tariff's data file, checked; raise ShippedDataError naming the file."""
    path = DATA / f"{key}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tariff = dict(data["tariff"])
        apply_tariff(scoring.get_ruleset(data["ruleset"]), tariff)
        version = data["version"]
        if type(version) is not int or version < 1:
            raise ValueError(f"version {version!r} is not a whole number from 1")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ShippedDataError(f"{path.name}: {error}") from error
    return ShippedFile(
        key=key,
        ruleset=data["ruleset"],
        name=tariff.pop("name"),
        note=data.get("note", ""),
        numbers=tariff,
        version=version,
    )


@cache
def tariff_files() -> tuple[ShippedFile, ...]:
    """Return every shipped tariff's data file, in the catalogue's order (read once)."""
    return tuple(read_file(choice.key) for choice in CHOICES if choice.tariff_file)


def sync() -> None:
    """Make sure each shipped file's version has its row, with the file's name and numbers.

    Called where shipped tariffs are listed or offered, so they are there from the first page
    on; one query when nothing is missing. A version no hand has been scored by takes the file
    as it is now; a version with scored hands never changes (a product change to its numbers is
    a new version in the file).
    """
    rows = {(t.shipped, t.version): t for t in Tariff.objects.exclude(shipped="")}
    for file in tariff_files():
        values = {"name": file.name, "note": file.note, "numbers": file.numbers}
        row = rows.get((file.key, file.version))
        if row is None:
            _create(file, values)
        elif not row.is_used() and any(getattr(row, k) != v for k, v in values.items()):
            Tariff.objects.filter(pk=row.pk).update(**values)


def _create(file: ShippedFile, values: dict[str, Any]) -> None:
    first = Tariff.objects.filter(shipped=file.key, first=None).order_by("version").first()
    try:
        # two first visitors at once: the second one's row is the first one's
        with transaction.atomic():
            Tariff.objects.create(
                shipped=file.key,
                ruleset=file.ruleset,
                version=file.version,
                first=first,
                owner=None,
                **values,
            )
    except IntegrityError:
        pass


def choice_of(tariff: Tariff | None) -> ShippedChoice | None:
    """Return the shipped choice a tariff comes from, or None for an organiser's tariff."""
    if tariff is None or not tariff.shipped:
        return None
    return CHOICE_MAP.get(tariff.shipped)


def preset_of(ruleset: str, options: dict[str, Any]) -> ShippedChoice | None:
    """Return the preset these ruleset and options are, or None."""
    for choice in CHOICES:
        if choice.tariff_file or choice.ruleset != ruleset:
            continue
        # a tournament stores only the options it sets otherwise than their default
        defaults = scoring.get_ruleset(ruleset).option_map
        if all(options.get(k, defaults[k].default) == v for k, v in choice.options.items()):
            return choice
    return None


def default_tie_breakers(
    ruleset: str, options: dict[str, Any] | None = None, tariff: Tariff | None = None
) -> tuple[str, ...]:
    """Return the tie-breakers a tournament starts with: the shipped tariff's or preset's it
    plays, else its ruleset's cup's."""
    choice = choice_of(tariff) if tariff is not None else preset_of(ruleset, options or {})
    if choice is not None and choice.tie_breakers is not None:
        return choice.tie_breakers
    known = scoring.RULESETS.get(ruleset)
    return known.tie_breakers if known is not None else ranking.DEFAULT_TIE_BREAKERS


def tariff_row(choice: ShippedChoice) -> Tariff | None:
    """Return the newest row of a shipped tariff (None for a preset or before `sync`)."""
    if not choice.tariff_file:
        return None
    return Tariff.objects.filter(shipped=choice.key).order_by("-version").first()


def tournament_start(key: str) -> dict[str, Any] | None:
    """Return what a new tournament under a shipped choice (or a ruleset) starts with: its
    ruleset, options, tariff and tie-breakers; None for an unknown key."""
    choice = CHOICE_MAP.get(key)
    if choice is None:
        if key not in scoring.RULESETS:
            return None
        # a cup that plays a ruleset as it is (the cups' page links these too)
        return {
            "ruleset": key,
            "options": {},
            "tariff": None,
            "tie_breakers": list(default_tie_breakers(key)),
        }
    if choice.tariff_file:
        sync()
    tariff = tariff_row(choice)
    if choice.tariff_file and tariff is None:
        return None
    return {
        "ruleset": choice.ruleset,
        "options": dict(choice.options),
        "tariff": tariff,
        "tie_breakers": list(default_tie_breakers(choice.ruleset, dict(choice.options), tariff)),
    }


def _options_text(choice: ShippedChoice) -> str:
    """Return a preset's options in words ("Valat scoring: bonus")."""
    info = scoring.get_ruleset(choice.ruleset)
    return ", ".join(
        f"{_(info.option_map[key].name)}: {option_value_name(value)}"
        for key, value in choice.options.items()
    )


def describe(key: str) -> dict[str, Any]:
    """Return a shipped choice or a ruleset by its key, as the pages show it: its name, what it
    is, its pages, its sources and the tie-breakers a tournament starts with."""
    choice = CHOICE_MAP.get(key)
    ruleset = scoring.get_ruleset(choice.ruleset if choice is not None else key)
    shown: dict[str, Any] = {
        "key": key,
        "ruleset_name": _(ruleset.name),
        "rules_url": reverse("rules", args=[ruleset.key]),
        "new_tournament_url": reverse("tournament_new") + "?" + urlencode({"rules": key}),
    }
    if choice is None:
        return {
            **shown,
            "name": _(ruleset.name),
            "kind": _("ruleset"),
            "url": shown["rules_url"],
            "sources": [],
            "tie_breakers": tie_breaker_names(ruleset.tie_breakers),
        }
    tariff = tariff_row(choice)
    options = dict(choice.options)
    return {
        **shown,
        "name": choice.name,
        "kind": _("shipped tariff") if choice.tariff_file else _("preset"),
        "url": tariff.get_absolute_url() if tariff is not None else shown["rules_url"],
        "options": _options_text(choice) if options else "",
        "third_party": choice.third_party,
        "summary": _(choice.summary) if choice.summary else "",
        "sources": [_(SOURCES[s]) for s in choice.sources],
        "tie_breakers": tie_breaker_names(default_tie_breakers(choice.ruleset, options, tariff)),
    }


def cups() -> list[dict[str, Any]]:
    """Return each Austrian cup with what it plays here and its sources, as the page lists it."""
    return [
        {
            "key": cup.key,
            "name": cup.name,
            "region": _(cup.region),
            "plays": describe(cup.plays),
            "earlier": [describe(key) for key in cup.earlier],
            "note": _(cup.note) if cup.note else "",
            "sources": [_(SOURCES[s]) for s in cup.sources],
        }
        for cup in CUPS
    ]


def tie_breaker_defaults(ruleset: str) -> dict[str, Any]:
    """Return the tie-breakers of the shipped tariffs (by their rows' keys) and presets over a
    ruleset that have their own, for the settings page's script."""
    tariffs = {
        str(row.pk): list(choice.tie_breakers)
        for row in Tariff.objects.exclude(shipped="").filter(ruleset=ruleset)
        if (choice := choice_of(row)) is not None and choice.tie_breakers is not None
    }
    presets = [
        {"options": dict(c.options), "tie_breakers": list(c.tie_breakers)}
        for c in CHOICES
        if not c.tariff_file and c.ruleset == ruleset and c.tie_breakers is not None
    ]
    return {"tariffs": tariffs, "presets": presets}
