"""Upload forms: a list of players, a table's score sheet."""

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import scoring
from tarock_cup.imports import players, sheets_json
from tarock_cup.tournaments.models import Table
from tarock_cup.uploads import MAX_UPLOAD, name_limit, too_large


def chosen_upload(upload: UploadedFile[bytes] | None) -> UploadedFile[bytes]:
    """Return the uploaded file, refusing a form sent without one."""
    if upload is None:
        raise forms.ValidationError(_("Choose a file."))
    return upload


def read_upload(upload: UploadedFile[bytes] | None, limit: int) -> bytes:
    """Return the uploaded file's bytes, refusing a file over the limit before reading it."""
    upload = chosen_upload(upload)
    if upload.size is not None and upload.size > limit:
        raise forms.ValidationError(too_large())
    data: bytes = upload.read(limit + 1)
    if len(data) > limit:
        raise forms.ValidationError(too_large())
    if not data.strip():
        raise forms.ValidationError(_("The file is empty."))
    return data


class PlayerImportForm(forms.Form):
    """A player list (.xlsx or .csv); cleaned_data["rows"] holds the rows read from it."""

    file = forms.FileField(
        label=_("Player list"),
        allow_empty_file=True,
        help_text=name_limit(
            _(
                "An Excel workbook (.xlsx) or a CSV file, at most %(mb)s MB. The first row names "
                "the columns: Name, Verein (or Ort) and optionally Nr. – in any order."
            )
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt"}),
    )

    def clean_file(self) -> UploadedFile[bytes]:
        upload = chosen_upload(self.cleaned_data.get("file"))
        data = read_upload(upload, MAX_UPLOAD)
        try:
            self.cleaned_data["rows"] = players.read_rows(upload.name or "", data)
        except players.ImportFileError as error:
            raise forms.ValidationError(str(error)) from error
        return upload


class SheetUploadForm(forms.Form):
    """A score sheet (.json) for one table; cleaned_data["hands"] holds its checked hands."""

    file = forms.FileField(
        label=_("Score sheet (JSON)"),
        allow_empty_file=True,
        help_text=name_limit(_("A score sheet in the interchange format, at most %(mb)s MB.")),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def __init__(self, table: Table, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.existing = table.hands.count()
        if self.existing:
            self.fields["replace"] = forms.BooleanField(
                label=ngettext(
                    "Replace the %(n)s existing hand",
                    "Replace the %(n)s existing hands",
                    self.existing,
                )
                % {"n": self.existing},
                required=True,
                error_messages={
                    "required": _("Tick the box to replace the hands already entered.")
                },
            )

    def clean_file(self) -> UploadedFile[bytes]:
        upload = chosen_upload(self.cleaned_data.get("file"))
        data = read_upload(upload, MAX_UPLOAD)
        try:
            sheet = sheets_json.parse(data)
            self.cleaned_data["hands"] = sheets_json.check(self.table, sheet)
        except sheets_json.SheetFileError as error:
            raise forms.ValidationError(str(error)) from error
        except scoring.ScoringError as error:
            raise forms.ValidationError(sheets_json.refusal(error)) from error
        return upload
