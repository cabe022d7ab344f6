"""Plain widgets that write their HTML directly.

The hand form has about a hundred fields; rendering each through Django's widget templates
made a table page take several hundred milliseconds. These write the same markup in Python.
"""

from typing import Any

from django import forms
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def _attrs(attrs: dict[str, Any]) -> str:
    return "".join(
        f" {escape(k)}" if v is True else f' {escape(k)}="{escape(v)}"'
        for k, v in attrs.items()
        if v is not None and v is not False
    )


class FastSelect(forms.Select):
    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs) | {"name": name}
        current = "" if value is None else str(value[0] if isinstance(value, list) else value)
        options = "".join(
            f'<option value="{escape(choice)}"'
            f"{' selected' if str(choice) == current else ''}>{escape(label)}</option>"
            for choice, label in self.choices
        )
        return mark_safe(f"<select{_attrs(final)}>{options}</select>")  # noqa: S308 - escaped


class FastCheckbox(forms.CheckboxInput):
    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs) | {"type": "checkbox", "name": name}
        if self.check_test(value):
            final["checked"] = True
        return mark_safe(f"<input{_attrs(final)}>")  # noqa: S308 - escaped


class FastTextInput(forms.TextInput):
    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs) | {"type": self.input_type, "name": name}
        formatted = self.format_value(value)
        if formatted is not None:
            final["value"] = formatted
        return mark_safe(f"<input{_attrs(final)}>")  # noqa: S308 - escaped


class FastNumberInput(FastTextInput):
    input_type = "number"
