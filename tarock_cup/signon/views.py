"""Signing on: the player's form and personal page (no account), and the director's list."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms.models import model_to_dict
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.client_ip import client_ip
from tarock_cup.cups.players import visible_players
from tarock_cup.pages import form_page
from tarock_cup.public_url import absolute_url
from tarock_cup.register import similar
from tarock_cup.signon import entries
from tarock_cup.signon.forms import SignOnForm, SignOnRulesForm
from tarock_cup.signon.models import SignOn
from tarock_cup.tournaments.access import (
    get_tournament_for_director,
    get_tournament_for_user,
    played_here,
    visible_tournaments,
)
from tarock_cup.tournaments.models import Player


def sign_on(request: HttpRequest, slug: str) -> HttpResponse:
    """Sign on for an upcoming tournament: name, club, phone or e-mail if one likes."""
    tournament = get_tournament_for_user(request.user, slug)
    closed = entries.closed_reason(tournament)
    form = SignOnForm(request.POST if request.method == "POST" and not closed else None)
    status = 409 if closed and request.method == "POST" else 200
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            entry = entries.sign_on(
                tournament,
                data["name"],
                data["club"],
                data["phone"],
                data["email"],
                client_ip(request),
            )
        except entries.TooMany as refusal:
            form.add_error(None, str(refusal))
            status = 429
        except entries.SignOnRefused as refusal:
            form.add_error(None, str(refusal))
            status = 409
        else:
            link = absolute_url(request, reverse("sign_on_entry", args=[entry.token]))
            if entries.send_link(entry, link):
                messages.info(
                    request, _("Your personal link was sent to %(email)s.") % {"email": entry.email}
                )
            return redirect("sign_on_entry", entry.token)
    elif form.is_bound:
        status = 400
    context = {"tournament": tournament, "form": form, "closed": closed}
    return render(request, "signon/sign_on.html", context, status=status)


def _entry_for(request: HttpRequest, token: str) -> SignOn:
    entry = get_object_or_404(SignOn.objects.select_related("tournament"), token=token)
    if not visible_tournaments(request.user).filter(pk=entry.tournament_id).exists():
        raise Http404
    return entry


def entry(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own sign-on, by its personal link: the place, a change, signing off."""
    sign_on_entry = _entry_for(request, token)
    form = SignOnForm(
        request.POST if "change" in request.POST else None,
        instance=None,
        initial=_initial(sign_on_entry),
    )
    status = 200
    try:
        if "sign_off" in request.POST:
            entries.sign_off(sign_on_entry)
            messages.success(request, _("You are signed off. Thank you for telling us."))
            return redirect("sign_on_entry", token)
        if form.is_bound and form.is_valid():
            data = form.cleaned_data
            entries.change(sign_on_entry, data["name"], data["club"], data["phone"], data["email"])
            messages.success(request, _("Your changes are saved."))
            return redirect("sign_on_entry", token)
    except entries.SignOnRefused as refusal:
        form.add_error(None, str(refusal))
        status = 409
    if form.is_bound and form.errors and status == 200:
        status = 400
    context = {
        "entry": sign_on_entry,
        "tournament": sign_on_entry.tournament,
        "place": entries.place_of(sign_on_entry),
        "form": form,
        "link": absolute_url(request, reverse("sign_on_entry", args=[token])),
    }
    return render(request, "signon/entry.html", context, status=status)


def _initial(sign_on_entry: SignOn) -> dict[str, str]:
    return model_to_dict(sign_on_entry, fields=["name", "club", "phone", "email"])


@login_required
def sign_ons(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's list: rules, sign-ons in order with look-alikes, taking in, checking in."""
    tournament = played_here(get_tournament_for_director(request.user, slug))
    rules = entries.rules_of(tournament)
    form = SignOnRulesForm(request.POST if "rules" in request.POST else None, instance=rules)
    if form.is_bound and form.is_valid():
        form.save()
        messages.success(request, _("The rules for signing on are saved."))
        return redirect("sign_ons", slug)
    places = entries.places(tournament)
    open_entries = [place.entry for place in places]
    look_alikes = entries.look_alikes(open_entries, similar.Matcher.for_user(request.user))
    context = {
        "tournament": tournament,
        "form": form,
        "rows": [(place, look_alikes.get(place.entry.pk, [])) for place in places],
        "twice": entries.twice(open_entries),
        "closed": entries.closed_reason(tournament),
        "link": absolute_url(request, reverse("sign_on", args=[slug])),
    }
    return form_page(request, "signon/sign_ons.html", context)


def _director_entry(request: HttpRequest, slug: str, entry_id: int) -> SignOn:
    tournament = get_tournament_for_director(request.user, slug)
    return get_object_or_404(
        SignOn.objects.select_related("tournament"), tournament=tournament, pk=entry_id
    )


def _chosen_player(request: HttpRequest) -> Player | None:
    """Return the register's player the director chose (None: a new one); raise
    SignOnRefused for a choice that is not a player the director may see."""
    choice = request.POST.get("player", "").strip()
    number = request.POST.get("number", "").strip()
    if choice == "new" and not number:
        return None
    players = visible_players(request.user)
    found = (
        players.filter(number=int(number)).first()
        if number.isdigit() and len(number) < 10
        else players.filter(pk=int(choice)).first()
        if choice.isdigit() and len(choice) < 10
        else None
    )
    if found is None:
        raise entries.SignOnRefused(
            _(
                "Choose a player of the register, by the offered names or a player number, "
                "or a new player."
            )
        )
    return found


@login_required
@require_POST
def take_in(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Register the sign-on's player: the chosen register record, or a new one."""
    sign_on_entry = _director_entry(request, slug, entry_id)
    try:
        registration = entries.take_in(sign_on_entry, _chosen_player(request), request.user)
    except entries.SignOnRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("%(player)s registered.") % {"player": registration.player})
    return redirect("sign_ons", slug)


@login_required
@require_POST
def check_in(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Mark the sign-on's player present (one tap on the day)."""
    sign_on_entry = _director_entry(request, slug, entry_id)
    try:
        registration = entries.check_in(sign_on_entry, request.user)
    except entries.SignOnRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("%(player)s is present.") % {"player": registration.player})
    return redirect("sign_ons", slug)
