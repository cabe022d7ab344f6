"""The size limit of an upload is written once: every reader refuses by it, every text names it."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from tarock_cup import uploads
from tarock_cup.cups import rankings
from tarock_cup.cups.forms import RankingImportForm
from tarock_cup.imports import sheets_json, spreadsheet
from tarock_cup.imports.forms import PlayerImportForm, SheetUploadForm
from tarock_cup.imports.players import SPEC

OVER = b"x" * (uploads.MAX_UPLOAD + 1)


# (what reads the file, reading one byte over the limit, the error it raises)
READERS = [
    (
        "spreadsheet",
        lambda: spreadsheet.read_table("p.csv", OVER, SPEC),
        spreadsheet.SpreadsheetError,
    ),
    ("score sheet", lambda: sheets_json.parse(OVER), sheets_json.SheetFileError),
    (
        "ranking",
        lambda: rankings.read_ranking("r.csv", OVER, needs_scores=False),
        rankings.RankingFileError,
    ),
]


@pytest.mark.parametrize(("reader", "read", "error"), READERS)
def test_every_reader_refuses_a_file_over_the_limit_in_the_same_words(reader, read, error):
    with pytest.raises(error) as refused:
        read()
    assert str(refused.value) == uploads.too_large(), f"the {reader} refuses with too_large()"


def test_the_upload_form_refuses_a_file_over_the_limit_in_the_same_words():
    form = PlayerImportForm(files={"file": SimpleUploadedFile("p.csv", OVER)})
    assert form.errors["file"] == [uploads.too_large()]


@pytest.mark.parametrize(("language", "words"), [("en", "larger than 7 MB"), ("de", "als 7 MB")])
def test_the_refusal_names_the_limit_of_the_one_constant(monkeypatch, language, words):
    monkeypatch.setattr(uploads, "MAX_UPLOAD_MB", 7)
    with translation.override(language):
        assert words in uploads.too_large()


# (form, its file field's help text as the page shows it)
HELP_TEXTS = [
    ("player list", lambda: PlayerImportForm().fields["file"].help_text),
    ("score sheet", lambda: SheetUploadForm.base_fields["file"].help_text),
    ("ranking", lambda: RankingImportForm.base_fields["file"].help_text),
]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("form", "help_text"), HELP_TEXTS)
def test_every_upload_form_promises_the_limit_of_the_one_constant(
    monkeypatch, form, help_text, language
):
    monkeypatch.setattr(uploads, "MAX_UPLOAD_MB", 7)
    with translation.override(language):
        shown = str(help_text())
    assert "7 MB" in shown, f"the {form} form's help text in {language} names the limit: {shown}"
