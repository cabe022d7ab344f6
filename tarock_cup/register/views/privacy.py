"""A player's privacy requests: "Vorname N." in public, and being forgotten.

Only the record's keepers (`homes.keeps`: the home cup's organisers, or the organiser who keeps
a player seen only in stand-alone tournaments) and superusers carry them out.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tarock_cup.register import privacy
from tarock_cup.register.homes import keeps
from tarock_cup.tournaments.models import Player
from tarock_cup.tournaments.naming import shown_name


class PrivacyForm(forms.Form):
    private = forms.BooleanField(
        label=gettext_lazy("Show only the first name(s) and the last name's initial in public"),
        required=False,
    )


class ForgetForm(forms.Form):
    understood = forms.BooleanField(
        label=gettext_lazy("I understand that this cannot be undone."), required=True
    )


def _get_player_for_keeper(request: HttpRequest, number: int) -> Player:
    """Return the player with this number if the user keeps the record (404 if none, else 403)."""
    player = get_object_or_404(Player, number=number)
    if not keeps(request.user, player):
        raise PermissionDenied
    return player


@login_required
def privacy_view(request: HttpRequest, number: int) -> HttpResponse:
    """Switch the player's public name on or off (the player's or an organiser's request)."""
    player = _get_player_for_keeper(request, number)
    form = PrivacyForm(
        request.POST if request.method == "POST" else None, initial={"private": player.private}
    )
    if request.method == "POST" and not player.forgotten and form.is_valid():
        private = form.cleaned_data["private"]
        if privacy.set_private(player, private, request.user):
            messages.success(
                request,
                _("Public pages now show %(name)s.") % {"name": shown_name(player, full=False)},
            )
        return redirect("register_privacy", player.number)
    return render(
        request,
        "register/privacy.html",
        {"player": player, "form": form, "public_name": shown_name(player, full=False)},
    )


@login_required
def forget_view(request: HttpRequest, number: int) -> HttpResponse:
    """Ask, then forget the player for good: name and club gone, results kept."""
    player = _get_player_for_keeper(request, number)
    if player.forgotten:
        messages.info(request, _("This player is forgotten already."))
        return redirect("register_privacy", player.number)
    form = ForgetForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        privacy.forget(player, request.user)
        messages.success(
            request,
            _("The player is forgotten: name and club are gone, the results stay as %(name)s.")
            % {"name": shown_name(player, full=True)},
        )
        return redirect("register_privacy", player.number)
    status = 400 if form.is_bound else 200
    return render(
        request, "register/privacy_forget.html", {"player": player, "form": form}, status=status
    )
