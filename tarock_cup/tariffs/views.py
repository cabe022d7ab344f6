"""Tariff pages: the list, a tariff beside its base ruleset, the form, JSON export and import.

Anyone may read a tariff (players read the rules they play by); anyone logged in may make one
(or copy one) and then owns it; only its owner (or a superuser) changes it. A version with scored
hands is never changed: saving it makes the next version. A tariff shipped with the product is
never changed by anyone. The page "Cups and their rules" is here too: it lists the shipped rules.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

import scoring
from tarock_cup import downloads
from tarock_cup.tariffs import catalogue, compare, shipped
from tarock_cup.tariffs.forms import BaseChoiceForm, TariffForm, TariffUploadForm
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import display
from tarock_cup.tournaments.access import SignedInRequest
from tarock_cup.tournaments.models import Tournament


def _get_tariff_for_owner(request: HttpRequest, pk: int) -> Tariff:
    tariff = get_object_or_404(Tariff, pk=pk)
    if not tariff.may_edit(request.user):
        raise PermissionDenied
    return tariff


def tariff_list(request: HttpRequest) -> HttpResponse:
    shipped.sync()
    tariffs = Tariff.objects.filter(shipped="").select_related("owner")
    return render(
        request,
        "tariffs/tariff_list.html",
        {"tariffs": tariffs, "shipped": [shipped.describe(c.key) for c in catalogue.CHOICES]},
    )


def cup_rules(request: HttpRequest) -> HttpResponse:
    """Return the public page "Cups and their rules": what each Austrian cup plays here."""
    shipped.sync()
    return render(request, "tariffs/cup_rules.html", {"cups": shipped.cups()})


def tariff(request: HttpRequest, pk: int) -> HttpResponse:
    """Return the tariff's rules page: its numbers beside its base ruleset's."""
    tariff = get_object_or_404(Tariff.objects.select_related("owner"), pk=pk)
    context = {
        "tariff": tariff,
        "shipped": shipped.describe(tariff.shipped) if tariff.shipped else None,
        "may_edit": tariff.may_edit(request.user),
        "newest": tariff.newest(),
        "used": tariff.is_used(),
    }
    try:
        base = scoring.get_ruleset(tariff.ruleset)
        info = tariff.ruleset_info()
    except scoring.ScoringError as error:
        # stored before its base ruleset changed (or by hand): say why, show its numbers as kept
        return render(
            request,
            "tariffs/tariff_refused.html",
            {
                **context,
                "reason": display.upload_error_text(error),
                "stored": json.dumps(tariff.to_json(), ensure_ascii=False, indent=2),
            },
        )
    return render(
        request,
        "tariffs/tariff.html",
        {
            **context,
            "base": base,
            "contracts": compare.contract_rows(base, info),
            "bonuses": compare.bonus_rows(base, info),
            "others": compare.other_rows(base, info),
            "sections": display.rule_sections(info),
            "readings": display.readings(info),
        },
    )


def _saved_as_new(
    request: SignedInRequest, form: TariffForm, base: scoring.RulesetInfo
) -> HttpResponse:
    """Save the sent form as a new tariff of the user's own and go to it."""
    data = form.cleaned_data
    tariff = Tariff.objects.create(
        name=data["name"].strip(),
        note=data["note"],
        ruleset=base.key,
        numbers=data["numbers"],
        owner=request.user,
    )
    messages.success(request, _("Tariff saved."))
    return redirect(tariff)


@login_required
def tariff_new(request: SignedInRequest) -> HttpResponse:
    """Make a tariff, starting from a built-in ruleset's numbers."""
    choice = BaseChoiceForm(request.GET if "ruleset" in request.GET else None)
    if not choice.is_valid():
        return render(request, "tariffs/tariff_start.html", {"choice": choice})
    base = scoring.get_ruleset(choice.cleaned_data["ruleset"])
    form = TariffForm(request.POST or None, base=base, numbers={})
    if request.method == "POST" and form.is_valid():
        return _saved_as_new(request, form, base)
    return render(request, "tariffs/tariff_form.html", {"form": form, "base": base})


def tariff_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a tariff; one with scored hands is kept as it is and the change is a new version.
    A shipped tariff is never changed, whoever asks: it is copied instead."""
    tariff = get_object_or_404(Tariff, pk=pk)
    if tariff.shipped:
        return _shipped_refusal(request, tariff)
    return _tariff_edit(request, pk)


def _shipped_refusal(request: HttpRequest, tariff: Tariff) -> HttpResponse:
    messages.error(
        request,
        _(
            "%(name)s ships with the product and cannot be changed. Copy it to make a tariff "
            "of your own."
        )
        % {"name": tariff},
    )
    return render(request, "tariffs/tariff_shipped.html", {"tariff": tariff}, status=403)


@login_required
def _tariff_edit(request: HttpRequest, pk: int) -> HttpResponse:
    tariff = _get_tariff_for_owner(request, pk)
    try:
        base = scoring.get_ruleset(tariff.ruleset)
    except scoring.ScoringError:
        messages.error(request, _("The ruleset of this tariff is no longer known: make a new one."))
        return redirect(tariff)
    numbers = tariff.numbers
    try:
        tariff.ruleset_info()
    except scoring.ScoringError as error:
        # the owner repairs it: the form starts from the ruleset's numbers
        numbers = {}
        messages.warning(
            request,
            _(
                "The stored numbers of this tariff cannot be applied (%(reason)s); the form shows "
                "the ruleset's numbers, and saving replaces them."
            )
            % {"reason": display.upload_error_text(error)},
        )
    form = TariffForm(
        request.POST or None,
        base=base,
        numbers=numbers,
        initial={"name": tariff.name, "note": tariff.note},
    )
    used = tariff.is_used()
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        # whether a tournament has scored hands by it is decided again at the save, under a lock
        saved = tariff.edit(data["name"].strip(), data["note"], data["numbers"])
        if saved.pk == tariff.pk:
            # changed in place: the pages of the tournaments playing it, kept by their version
            # (live pages, browsers' copies), are made anew with its name and numbers now
            for pk in Tournament.objects.filter(tariff=saved).values_list("pk", flat=True):
                Tournament.bump_version(pk)
        if saved.pk != tariff.pk:
            messages.success(
                request,
                _(
                    "Saved as version %(version)s. Tournaments keep the version they "
                    "started with until a director chooses this one in their settings."
                )
                % {"version": saved.version},
            )
        else:
            messages.success(request, _("Tariff saved."))
        return redirect(saved)
    return render(
        request,
        "tariffs/tariff_form.html",
        {"form": form, "base": base, "tariff": tariff, "used": used},
    )


@login_required
def tariff_copy(request: SignedInRequest, pk: int) -> HttpResponse:
    """Make a tariff of one's own from another (a shipped one, say): the form starts from its
    numbers, and nothing is saved until it is sent."""
    source = get_object_or_404(Tariff, pk=pk)
    try:
        base = scoring.get_ruleset(source.ruleset)
        source.ruleset_info()
    except scoring.ScoringError:
        messages.error(request, _("This tariff cannot be applied, so it cannot be copied."))
        return redirect(source)
    form = TariffForm(
        request.POST or None,
        base=base,
        numbers=source.numbers,
        initial={
            "name": _("%(name)s (copy)") % {"name": source.name},
            "note": _("Copied from %(tariff)s.") % {"tariff": source},
        },
    )
    if request.method == "POST" and form.is_valid():
        return _saved_as_new(request, form, base)
    return render(
        request, "tariffs/tariff_form.html", {"form": form, "base": base, "copy_of": source}
    )


def tariff_json(request: HttpRequest, pk: int) -> HttpResponse:
    """Return the tariff as a JSON file."""
    tariff = get_object_or_404(Tariff, pk=pk)
    # named by the tariff (an umlaut too: the header then carries it encoded, RFC 6266)
    return downloads.attachment(
        json.dumps(tariff.to_json(), ensure_ascii=False, indent=2),
        tariff.file_name(),
        "application/json; charset=utf-8",
    )


@login_required
def tariff_import(request: SignedInRequest) -> HttpResponse:
    """Make a tariff from a JSON file; the one who imports it owns it."""
    form = TariffUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["file"]
        # one's own export imported again is the tariff one has: no second copy of it
        same = Tariff.objects.same_as(request.user, data["ruleset"], data["numbers"], data["name"])
        if same is not None:
            return render(request, "tariffs/tariff_import.html", {"form": form, "same": same})
        tariff = Tariff.objects.create(owner=request.user, **data)
        messages.success(request, _("Tariff imported."))
        return redirect(tariff)
    return render(request, "tariffs/tariff_import.html", {"form": form})
