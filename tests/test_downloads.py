"""One helper hands out every download: the attachment header, the type and the content."""

import io

import pytest

from tarock_cup import downloads


@pytest.mark.parametrize(
    ("content", "expected"),
    [("Name;Punkte\n", b"Name;Punkte\n"), (b'{"a": 1}', b'{"a": 1}')],
    ids=["text", "bytes"],
)
def test_an_attachment_carries_its_content(content, expected):
    response = downloads.attachment(content, "cup.csv", "text/csv; charset=utf-8")
    assert response.content == expected


@pytest.mark.parametrize("content", ["x", b"x", io.BytesIO(b"x")], ids=["text", "bytes", "file"])
def test_an_attachment_is_offered_for_saving_under_its_name(content):
    response = downloads.attachment(content, "cup-r1.json", "application/json")
    assert response["Content-Disposition"] == 'attachment; filename="cup-r1.json"'


def test_an_attachment_says_its_type():
    response = downloads.attachment("x", "cup.csv", "text/csv; charset=utf-8")
    assert response["Content-Type"] == "text/csv; charset=utf-8"


def test_an_attachment_from_a_file_streams_it():
    response = downloads.attachment(io.BytesIO(b"PK..."), "cup.xlsx", downloads.XLSX)
    assert b"".join(response.streaming_content) == b"PK..."


def test_a_workbook_is_what_its_writer_wrote_as_xlsx():
    response = downloads.workbook(lambda out: out.write(b"PK workbook"), "cup.xlsx")
    body = b"".join(response.streaming_content)
    assert (body, response["Content-Type"]) == (b"PK workbook", downloads.XLSX)


def test_a_workbook_whose_writer_fails_raises_and_leaves_no_file_open(monkeypatch):
    opened = []
    real = downloads.tempfile.TemporaryFile

    def tracked():
        opened.append(real())
        return opened[-1]

    monkeypatch.setattr(downloads.tempfile, "TemporaryFile", tracked)

    def broken(out):
        raise ValueError("broken")

    with pytest.raises(ValueError, match="broken"):
        downloads.workbook(broken, "cup.xlsx")
    assert opened[0].closed, "the temporary file should be closed (and so deleted)"
