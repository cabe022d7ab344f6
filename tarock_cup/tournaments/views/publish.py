"""Publishing a tournament played on the venue's laptop: its owner uploads the laptop's backup
file, sees what it changes and confirms (tournaments/publish.py does the work)."""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tarock_cup import previews
from tarock_cup.tournaments import publish
from tarock_cup.tournaments.access import get_tournament_for_user, played_here
from tarock_cup.tournaments.models import Tournament


class PublishForm(forms.Form):
    """The backup file written on the laptop (backup_tournament)."""

    file = forms.FileField(
        label=gettext_lazy("Backup file from the venue's laptop"),
        allow_empty_file=True,
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> UploadedFile[bytes]:
        upload: UploadedFile[bytes] | None = self.cleaned_data.get("file")
        if upload is None:
            raise forms.ValidationError(_("Choose a file."))
        if upload.size is not None and upload.size > publish.MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(mb)s MB.") % {"mb": publish.MAX_MB}
            )
        return upload


def _owned(user: Any, slug: str) -> Tournament:
    """Return the tournament if the user owns it (or is a superuser): 404 where hidden, else 403."""
    tournament = played_here(get_tournament_for_user(user, slug))
    if not (user.is_superuser or tournament.owner_id == user.pk):
        raise PermissionDenied
    return tournament


def _key(tournament: Tournament) -> str:
    return f"tournaments.publish.{tournament.pk}"


def _preview(
    request: HttpRequest, tournament: Tournament, summary: publish.Summary, kept: dict[str, Any]
) -> HttpResponse:
    return render(
        request,
        "tournaments/publish_preview.html",
        {
            "tournament": tournament,
            "summary": summary,
            "filename": kept["filename"],
            "token": kept["token"],
        },
    )


@login_required
def publish_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload the laptop's backup file: checked whole, and shown before anything changes."""
    tournament = _owned(request.user, slug)
    bound = request.method == "POST"
    form = PublishForm(request.POST if bound else None, request.FILES if bound else None)
    if bound and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read(publish.MAX_BYTES + 1)
        try:
            document = publish.read(tournament, data)
            summary = publish.summary(tournament, document)
        except publish.PublishError as error:
            form.add_error("file", str(error))
        else:
            kept = previews.keep(
                request,
                _key(tournament),
                summary.signature(),
                filename=upload.name or "",
                data=publish.pack(data),
            )
            return _preview(request, tournament, summary, kept)
    status = 400 if form.errors else 200
    return render(
        request,
        "tournaments/publish.html",
        {"tournament": tournament, "form": form, "max_mb": publish.MAX_MB},
        status=status,
    )


@login_required
@require_POST
def publish_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Replace the tournament by the previewed file, in one transaction."""
    tournament = _owned(request.user, slug)
    key = _key(tournament)
    kept = previews.sent_back(request, key)
    if kept is None:
        return redirect("publish", slug)
    try:
        document = publish.read(tournament, publish.unpack(kept["data"]))
        # Counted again only: the replace itself checks the whole file once more.
        summary = publish.summary(tournament, document, trial=False)
        changed = _("The tournament changed here since the preview. Check it again, please.")
        if not previews.unchanged(request, key, kept, summary.signature(), changed):
            return _preview(request, tournament, summary, kept)
        publish.publish(document)
    except publish.PublishError as error:
        previews.done(request, key)
        messages.error(request, str(error))
        return redirect("publish", slug)
    previews.done(request, key)
    messages.success(request, _("Published: the tournament now shows the laptop's results."))
    return redirect("standings", slug)
