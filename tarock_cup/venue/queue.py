"""Hands a table's phone saved without a connection and sends when it is back.

The phone (static/js/table_queue.js) gives each saved hand a key of its own and sends the hands
in order. The first save under a key is judged like any hand from the table's link; a saved
hand's answer is kept with its key (QueuedSave), so that the same hand sent again (the phone
never heard the answer: the connection dropped mid-save) gets that answer again and never makes
a second hand. Another hand under a used key is refused. A refusal is not kept: the phone keeps
that hand for correction and sends the corrected hand under a new key.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.http import QueryDict
from django.utils.translation import gettext as _

from tarock_cup.tournaments import display, links, sheets
from tarock_cup.tournaments.hand_forms import HandFormBase
from tarock_cup.tournaments.models import Table
from tarock_cup.tournaments.views.entry import conflict_message, place_preview, table_hand_form
from tarock_cup.venue.models import QueuedSave

# A key the phone made: 32 hexadecimal digits from its random source (16 to 64 signs taken).
KEY = re.compile(r"[A-Za-z0-9-]{16,64}")
# What a post carries besides the hand: not part of what the key stands for.
NOT_THE_HAND = {"csrfmiddlewaretoken", "key", "save", "preview"}


@dataclass(frozen=True)
class Answer:
    """What the phone is told: an HTTP status and a small JSON body."""

    status: int
    body: dict[str, Any] = field(default_factory=dict)


def refusal(status: int, message: str) -> Answer:
    """Return a refusal: nothing was saved, the phone keeps the hand with `message`."""
    return Answer(status, {"state": "refused", "message": message})


def fingerprint(table: Table, number: int | None, posted: QueryDict) -> str:
    """Return a digest of the posted hand at its place (the table and hand number with it)."""
    fields = sorted(
        (name, sorted(values)) for name, values in posted.lists() if name not in NOT_THE_HAND
    )
    text = json.dumps([table.pk, number, fields], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def save(table: Table, number: int | None, key: str, posted: QueryDict) -> Answer:
    """Save the queued hand posted under `key` once; the same hand again gets the same answer."""
    if not KEY.fullmatch(key):
        return refusal(400, _("This save came without its key from the phone. Nothing was saved."))
    digest = fingerprint(table, number, posted)
    try:
        with transaction.atomic():
            # Saves to one table one at a time: a key sent twice at once is judged once.
            list(Table.objects.select_for_update().filter(pk=table.pk).values_list("pk"))
            known = QueuedSave.objects.filter(key=key).first()
            if known is not None:
                return replay(known, digest)
            answer = judge(table, number, posted)
            if answer.status == 200:
                QueuedSave.objects.create(key=key, table=table, digest=digest, answer=answer.body)
            return answer
    except IntegrityError:
        # The same key saved by a request that came at the same time: answered as that one.
        return replay(QueuedSave.objects.get(key=key), digest)


def replay(known: QueuedSave, digest: str) -> Answer:
    """Return the answer kept with a key; refuse another hand sent under it."""
    if known.digest != digest:
        return refusal(
            400,
            _(
                "This phone already saved another hand under this key. Nothing was saved; "
                "check the hand and save it again."
            ),
        )
    return Answer(200, known.answer)


def judge(table: Table, number: int | None, posted: QueryDict) -> Answer:
    """Return the answer to a queued hand judged like one from the table's link (saved if right)."""
    try:
        links.check_open(table)
    except links.Closed as closed:
        return refusal(403, str(closed))
    form = table_hand_form(table, posted, number=number)
    valid = form.is_valid()
    seen = form.freshness()
    if seen["expected" if number is None else "version"] is None:
        return refusal(
            400,
            _(
                "The page did not say which state of the sheet it shows. Nothing was saved; "
                "please check the entry and save again."
            ),
        )
    try:
        outcome = sheets.enter_hand(
            table, form.to_hand() if valid else None, number, seen, by=None, save=True
        )
    except sheets.Refused as refused:
        return refusal(403, str(refused))
    if isinstance(outcome, sheets.Conflict):
        answer = refusal(409, conflict_message(table, outcome, new=number is None))
        # The number a new hand gets now: the phone corrects the hand as the next one.
        return Answer(409, answer.body | {"next": table.hands.count() + 1})
    if isinstance(outcome, sheets.Saved):
        hand = outcome.hand
        message = _("Hand %(n)s saved (%(scores)s).") % {
            "n": hand.number,
            "scores": display.scores_text(hand.scores),
        }
        return Answer(200, {"state": "saved", "number": hand.number, "message": message})
    if valid:
        place_preview(form, outcome)
    return refusal(400, errors_text(form))


def errors_text(form: HandFormBase) -> str:
    """Return the form's errors in one line: each field's label with its messages."""
    parts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        text = " ".join(str(error) for error in errors)
        parts.append(f"{label}: {text}" if label else text)
    return " ".join(parts) or _("The hand is not complete. Nothing was saved.")
