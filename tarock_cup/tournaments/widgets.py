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


class OrderedSelects(forms.SelectMultiple):
    """A list in an order the user chooses: one select per position, all with the same name
    (the browser sends them in page order). Works without a script and from the keyboard."""

    position_label: Any = "%(n)s."

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        chosen = [str(v) for v in (value or [])]
        first_id = final.pop("id", None)
        selects = []
        choices = list(self.choices)
        for position in range(len(choices)):
            current = chosen[position] if position < len(chosen) else ""
            options = "".join(
                f'<option value="{escape(choice)}"'
                f"{' selected' if str(choice) == current else ''}>{escape(label)}</option>"
                for choice, label in [("", "—"), *choices]
            )
            select_attrs = final | {
                "name": name,
                "id": first_id if position == 0 else f"{first_id}_{position}",
                "aria-label": self.position_label % {"n": position + 1},
            }
            selects.append(f"<li><select{_attrs(select_attrs)}>{options}</select></li>")
        return mark_safe(f'<ol class="ordered-selects">{"".join(selects)}</ol>')  # noqa: S308 - escaped
