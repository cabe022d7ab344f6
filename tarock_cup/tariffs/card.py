"""A tariff's card: its numbers on one printable page for the tables (the rules pages' card
with the tariff's numbers)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

import scoring
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import display, tariff_card


@require_safe
def tariff_card_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Return a tariff's card; one the engine refuses now says why instead of its numbers."""
    # Read like the tariff's own page: anyone may read a tariff (players read the rules they
    # play by).
    tariff = get_object_or_404(Tariff.objects.select_related("owner"), pk=pk)
    title = str(tariff)
    try:
        info = tariff.ruleset_info()
    except scoring.ScoringError as error:
        context = {"title": title, "tariff": tariff, "reason": display.upload_error_text(error)}
        return render(request, "tournaments/tariff_card.html", context)
    base_name = _(scoring.get_ruleset(tariff.ruleset).name)
    context = {
        **tariff_card.card_context(info),
        "title": title,
        "tariff": tariff,
        "base_name": base_name,
    }
    return render(request, "tournaments/tariff_card.html", context)
