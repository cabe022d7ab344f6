"""Every label the models give a page or a form (names, field names, choices) reads in German."""

import pytest
from django.apps import apps
from django.utils import translation

import scoring


def labels():
    """Return (where, msgid) of every translatable label of the project's models."""
    # A ruleset's name is its own (German) name in every language.
    own_names = {info.name for info in scoring.rulesets()}
    found = set()
    for model in apps.get_app_configs():
        if not model.name.startswith("tarock_cup"):
            continue
        for m in model.get_models():
            texts = [m._meta.verbose_name, m._meta.verbose_name_plural]
            for field in m._meta.get_fields():
                texts.append(getattr(field, "verbose_name", None))
                texts += [label for _value, label in getattr(field, "choices", None) or []]
            for text in texts:
                # A lazy translation keeps its msgid; Django's own "{}s" plural is no msgid.
                args = getattr(text, "_args", None)
                if args and args[0] != "{}s" and args[0] not in own_names:
                    found.add((m.__name__, args[0]))
    return sorted(found)


@pytest.mark.parametrize(("model", "msgid"), labels())
def test_the_label_has_a_german_translation(model, msgid):
    with translation.override("de"):
        assert translation.gettext(msgid) != msgid
