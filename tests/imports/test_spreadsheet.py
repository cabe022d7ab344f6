"""The spreadsheet reader shared by the player and the ranking import: text encodings, headers."""

import pytest
from django.utils import translation

from tarock_cup.imports import spreadsheet

NAMES = "Müller, Größ; Jože Košir; Zoë Lefèvre; Ärger Öhl Übel"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "mac_roman"])
def test_names_read_back_from_every_usual_encoding(encoding):
    text = "Müller, Größ;Ärger Öhl Übel;Jörg Bär"
    assert spreadsheet.decode_text(text.encode(encoding)) == text, f"garbled from {encoding}"


@pytest.mark.parametrize(
    ("text", "plausible"),
    [
        (NAMES, True),
        ("O’Brien – „Anna“ · 3°", True),
        ("MŸller, Grš§", False),  # Mac Roman's "Müller, Größ" read as Windows-1252
        ("M¸ller, Grˆﬂ", False),  # Windows' "Müller, Größ" read as Mac Roman
        ("Jšrg BŠr, KrŠuter", False),  # Mac Roman's "Jörg Bär, Kräuter" read as Windows-1252
        ("RenÈe Lefêvre", False),  # Windows' "Renée" read as Mac Roman
        ("MÜLLER, GRÖSS; DÖRFL Ärger", True),
    ],
)
def test_plausible_text_is_letters_of_names_and_usual_punctuation(text, plausible):
    assert spreadsheet.plausible_text(text) is plausible, f"{text!r} judged wrongly"


def test_text_of_no_usual_encoding_is_refused_saying_to_save_it_as_utf8():
    mixed = "Größ\n".encode("cp1252") + "Müller\n".encode("mac_roman")
    with pytest.raises(spreadsheet.SpreadsheetError, match="Save it as “CSV UTF-8”"):
        spreadsheet.decode_text(mixed)


@pytest.mark.parametrize(
    ("header", "columns"),
    [
        (["Nr.", " NAME: ", "Verein"], {"number": 0, "name": 1, "club": 2}),
        (["Name", "Name", None], {"name": 0}),
        ([None, 3.0, ""], {}),
    ],
)
def test_columns_are_found_by_header_text_case_and_dots_ignored(header, columns):
    headers = {"name": {"name"}, "club": {"verein"}, "number": {"nr"}}
    assert spreadsheet.find_columns(header, headers) == columns, "columns found"
