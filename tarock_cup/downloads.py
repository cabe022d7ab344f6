"""File downloads: every file the site hands out (workbook, CSV, JSON) leaves through here."""

import tempfile
from collections.abc import Callable
from typing import IO, overload

from django.http import FileResponse, HttpResponse
from django.utils.http import content_disposition_header

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@overload
def attachment(content: bytes | str, filename: str, content_type: str) -> HttpResponse: ...
@overload
def attachment(content: IO[bytes], filename: str, content_type: str) -> FileResponse: ...
def attachment(
    content: bytes | str | IO[bytes], filename: str, content_type: str
) -> HttpResponse | FileResponse:
    """Return the content (text, bytes or an open binary file) as a download named `filename`."""
    if isinstance(content, bytes | str):
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = content_disposition_header(True, filename)
        return response
    return FileResponse(content, as_attachment=True, filename=filename, content_type=content_type)


def workbook(write: Callable[[IO[bytes]], None], filename: str) -> FileResponse:
    """Return the workbook `write` puts into a file as a download named `filename`."""
    # A temporary file, not memory: a large tournament's workbook is megabytes. The response
    # closes the file, which deletes it: no context manager here.
    out = tempfile.TemporaryFile()  # noqa: SIM115
    try:
        write(out)
        out.seek(0)
    except BaseException:
        out.close()
        raise
    return attachment(out, filename, XLSX)
