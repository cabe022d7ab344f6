"""A cup's people page (who may do what in the cup) and its copy to the next season.

Only the cup's organisers (its owner, members with the organiser role, superusers) reach these
views; the changes themselves are `people.py` and `next_season.py`.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tarock_cup.cups import next_season, people
from tarock_cup.cups.access import get_cup_for_user
from tarock_cup.cups.models import Cup, CupMember, CupRole
from tarock_cup.cups.people_forms import MemberAddForm, MemberRoleForm, NextSeasonForm


def _people_page(
    request: HttpRequest, cup: Cup, add_form: MemberAddForm, status: int = 200
) -> HttpResponse:
    members = people.people_of(cup)
    return render(
        request,
        "cups/people.html",
        {
            "cup": cup,
            "add_form": add_form,
            "members": [
                (member, MemberRoleForm(initial={"role": member.role}, prefix=f"m{member.pk}"))
                for member in members
            ],
            "organiser_role": CupRole.ORGANISER.label,
        },
        status=status,
    )


def _role_told(request: HttpRequest, cup: Cup, member: CupMember) -> HttpResponse:
    """Say the member's role (new or changed) and show the people page again."""
    messages.success(
        request,
        _("Role of %(name)s in the cup: %(role)s.")
        % {"name": member.user.get_username(), "role": member.get_role_display()},
    )
    return redirect("cup_people", cup.slug)


def _member(cup: Cup, member_id: int) -> CupMember:
    # Only this cup's members: an organiser does not reach into another cup's people.
    return get_object_or_404(cup.memberships.select_related("user"), pk=member_id)


@login_required
def cup_people(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the cup's people with their roles and the forms that change them."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    return _people_page(request, cup, MemberAddForm())


@login_required
@require_POST
def cup_people_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Add a user by user name with a role."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    form = MemberAddForm(request.POST)
    if not form.is_valid():
        return _people_page(request, cup, form, status=400)
    try:
        member = people.add_member(cup, form.cleaned_data["username"], form.cleaned_data["role"])
    except people.PeopleRefused as refused:
        form.add_error("username", str(refused))
        return _people_page(request, cup, form, status=400)
    return _role_told(request, cup, member)


@login_required
@require_POST
def cup_member_role(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """Give a member another role."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    member = _member(cup, member_id)
    form = MemberRoleForm(request.POST, prefix=f"m{member.pk}")
    if not form.is_valid():
        messages.error(request, _("Choose one of the roles."))
        return redirect("cup_people", cup.slug)
    people.change_role(member, form.cleaned_data["role"])
    return _role_told(request, cup, member)


@login_required
@require_POST
def cup_member_remove(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """Take a member out of the cup (the owner is no member row and so cannot be removed)."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    member = _member(cup, member_id)
    name = member.user.get_username()
    people.remove_member(member)
    messages.success(request, _("%(name)s no longer belongs to the cup.") % {"name": name})
    return redirect("cup_people", cup.slug)


@login_required
def cup_next_season(request: HttpRequest, slug: str) -> HttpResponse:
    """Copy the cup to the next season: settings and people, no tournaments; its home players
    move to the new cup."""
    cup = get_cup_for_user(request.user, slug, Cup.is_organiser)
    if request.method != "POST":
        form = NextSeasonForm(initial=next_season.initial(cup))
        return render(request, "cups/next_season.html", {"cup": cup, "form": form})
    form = NextSeasonForm(request.POST)
    if not form.is_valid():
        return render(request, "cups/next_season.html", {"cup": cup, "form": form}, status=400)
    try:
        new = next_season.copy_to_next_season(cup, **form.cleaned_data, by=request.user)
    except IntegrityError:
        # Another cup took the address meanwhile (the copy is all or nothing: nothing stays).
        form.add_error("slug", _("Another change came in between; nothing was created. Try again."))
        return render(request, "cups/next_season.html", {"cup": cup, "form": form}, status=409)
    messages.success(
        request, _("%(new)s created from %(old)s.") % {"new": str(new), "old": str(cup)}
    )
    return redirect(new)
