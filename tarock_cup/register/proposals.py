"""Whether a record's correction or merge is applied at once or waits for other organisers.

A record's keepers change it, but a player who plays in another organiser's tournament is that
organiser's player too: a correction or merge that would change such a tournament is a proposal
to each of those organisers (tournament owners), applied only when every one of them accepted
and ended by one decline. Superusers, who administer the site, apply at once.
"""

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tarock_cup.register.homes import keeps
from tarock_cup.register.models import PlayerChange, Proposal
from tarock_cup.register.records import (
    RecordRefused,
    check_keeps,
    check_not_in_one_tournament,
    correct_record,
    merge_records,
    tournaments_of,
)
from tarock_cup.tournaments.models import Player


@dataclass(frozen=True)
class Outcome:
    """What a request did: applied (the register's entry) or asked these organisers."""

    change: PlayerChange | None = None
    asked: list[User] = field(default_factory=list)


def organisers_to_ask(players: list[Player], user: Any) -> list[User]:
    """Return the owners of the players' tournaments who do not keep all the records and are
    not the user: each of them must agree before the change is applied."""
    if getattr(user, "is_superuser", False):
        return []
    owners = (
        User.objects.filter(pk__in=tournaments_of(players).values("owner"))
        .exclude(pk=user.pk)
        .order_by("username")
    )
    return [owner for owner in owners if not all(keeps(owner, p) for p in players)]


def pending_about(*players: Player) -> QuerySet[Proposal]:
    """Return the open proposals about any of the records."""
    pks = [player.pk for player in players]
    return Proposal.objects.filter(
        Q(player__in=pks) | Q(other__in=pks), state=Proposal.State.PENDING
    )


def _check_nothing_pending(*players: Player) -> None:
    if pending_about(*players).exists():
        raise RecordRefused(
            _(
                "A proposal about this record is still waiting for an answer; it can be "
                "changed again when that is answered."
            )
        )


def request_correction(player: Player, name: str, club: str, user: Any) -> Outcome:
    """Correct the record's name and club, or propose it where other organisers must agree."""
    check_keeps(user, player)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        _check_nothing_pending(player)
        asked = organisers_to_ask([player], user)
        if not asked:
            return Outcome(change=correct_record(player, name, club, user))
        if (name, club) == (player.name, player.club):
            raise RecordRefused(_("The name and club are unchanged; nothing was saved."))
        _propose(Proposal.Kind.CORRECT, player, None, {"name": name, "club": club}, user, asked)
        return Outcome(asked=asked)


def request_merge(keep: Player, drop: Player, user: Any) -> Outcome:
    """Merge `drop` into `keep`, or propose it where other organisers must agree."""
    if keep.pk == drop.pk:
        raise RecordRefused(_("A player cannot be merged with themselves."))
    check_keeps(user, keep, drop)
    with transaction.atomic():
        list(Player.objects.select_for_update().filter(pk__in=[keep.pk, drop.pk]))
        _check_nothing_pending(keep, drop)
        # Refused before anyone is asked: no organiser should agree to what cannot be done.
        check_not_in_one_tournament(keep, drop)
        asked = organisers_to_ask([keep, drop], user)
        if not asked:
            return Outcome(change=merge_records(keep, drop, user))
        _propose(Proposal.Kind.MERGE, keep, drop, None, user, asked)
        return Outcome(asked=asked)


def _propose(
    kind: str,
    player: Player,
    other: Player | None,
    after: dict[str, str] | None,
    user: Any,
    asked: list[User],
) -> None:
    group = uuid.uuid4()
    Proposal.objects.bulk_create(
        Proposal(
            group=group,
            kind=kind,
            player=player,
            other=other,
            after=after,
            proposed_by=user,
            organiser=organiser,
        )
        for organiser in asked
    )


def answer(proposal: Proposal, user: Any, accept: bool) -> Proposal:
    """Record the organiser's answer; apply the change once every organiser asked accepted.

    A decline ends the request for all. Applying is refused (nothing changes, the proposal
    stays open) when the proposer no longer keeps the records or the change cannot be made.
    """
    with transaction.atomic():
        rows = list(Proposal.objects.select_for_update().filter(group=proposal.group))
        row = next(r for r in rows if r.pk == proposal.pk)
        if row.organiser_id != getattr(user, "pk", None):
            raise RecordRefused(_("This proposal was sent to another organiser."))
        if row.state != Proposal.State.PENDING:
            raise RecordRefused(_("This proposal was answered already."))
        now = timezone.now()
        row.state = Proposal.State.ACCEPTED if accept else Proposal.State.DECLINED
        row.answered_at = now
        row.save(update_fields=["state", "answered_at"])
        others = [r for r in rows if r.pk != row.pk]
        if not accept:
            _close(others, Proposal.State.ENDED)
        elif all(r.state == Proposal.State.ACCEPTED for r in others):
            change = _apply(row)
            _close([*others, row], Proposal.State.APPLIED, change)
        return row


def _close(rows: list[Proposal], state: str, change: PlayerChange | None = None) -> None:
    Proposal.objects.filter(pk__in=[r.pk for r in rows]).update(state=state, change=change)


def _apply(proposal: Proposal) -> PlayerChange:
    """Apply an accepted proposal as its proposer, who must still keep the records."""
    records = [p for p in (proposal.player, proposal.other) if p is not None]
    expected = 2 if proposal.kind == Proposal.Kind.MERGE else 1
    if len(records) != expected or proposal.proposed_by is None:
        raise RecordRefused(_("A record of this proposal is gone; it cannot be applied."))
    check_keeps(proposal.proposed_by, *records)
    if proposal.kind == Proposal.Kind.MERGE:
        return merge_records(records[0], records[1], proposal.proposed_by)
    after = proposal.after or {}
    return correct_record(
        records[0], after.get("name", ""), after.get("club", ""), proposal.proposed_by
    )


def groups_about(player: Player) -> list[list[Proposal]]:
    """Return the proposals about the record, one list per request (newest request first)."""
    rows = (
        Proposal.objects.filter(Q(player=player) | Q(other=player))
        .select_related("organiser", "proposed_by", "player", "other")
        .order_by("-at", "pk")
    )
    groups: dict[uuid.UUID, list[Proposal]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    return list(groups.values())
