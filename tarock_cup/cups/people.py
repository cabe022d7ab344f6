"""A cup's people: adding a user with a role, changing a role, taking a member out.

The rights themselves are `Cup.role_of` and the methods beside it; here is what changes the
list, and why a change is refused. The owner is always an organiser and is never a member row,
so a cup can never lose its last organiser: the owner is it.
"""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tarock_cup.cups.models import Cup, CupMember, CupRole


class PeopleRefused(Exception):
    """A change of the cup's people that is refused; its text says why, for the organiser."""


def _checked_role(role: str) -> CupRole:
    if role not in CupRole.values:
        raise PeopleRefused(_("Choose one of the roles."))
    return CupRole(role)


def add_member(cup: Cup, username: str, role: str) -> CupMember:
    """Give the user of that name the role in the cup (refused: unknown, owner, member already)."""
    checked = _checked_role(role)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise PeopleRefused(_("No user is called %(name)s.") % {"name": username.strip()})
    if user.pk == cup.owner_id:
        raise PeopleRefused(
            _("%(name)s owns the cup and is always an organiser.") % {"name": user.get_username()}
        )
    try:
        with transaction.atomic():
            return CupMember.objects.create(cup=cup, user=user, role=checked)
    except IntegrityError:
        # The same user added twice, perhaps by two organisers at once: the first one stands.
        raise PeopleRefused(
            _("%(name)s already belongs to the cup; change the role instead.")
            % {"name": user.get_username()}
        ) from None


def change_role(member: CupMember, role: str) -> None:
    """Give the member another role."""
    member.role = _checked_role(role)
    member.save(update_fields=["role"])


def remove_member(member: CupMember) -> None:
    """Take the member out of the cup: they no longer direct its tournaments either."""
    member.delete()


def people_of(cup: Cup) -> list[CupMember]:
    """Return the cup's members, organisers first, then deputies, then scorers, each by name."""
    order = {role: rank for rank, role in enumerate(CupRole.values)}
    members = list(cup.memberships.select_related("user"))
    return sorted(members, key=lambda m: (order[m.role], m.user.get_username().casefold()))
