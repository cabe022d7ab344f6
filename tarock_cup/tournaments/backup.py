"""Backup and restore of one whole tournament as a single JSON file.

The file holds the tournament and everything of it — its players, its settlement,
registrations, rounds, tables, seats, hands and its change history — as Django's serializer
writes them (the "python" serializer, with users by username as natural keys), under a small
header:

    {"format": "tarock_cup.tournament", "version": 1, "tournament": SLUG,
     "users": [USERNAME, ...], "objects": [{"model": ..., "pk": ..., "fields": {...}}, ...]}

Users appear by username only, never with a password hash. Timestamps are written with all
their microseconds (Django's own JSON encoder cuts them to milliseconds), so a restore brings
them back exactly; the serializer's raw save leaves `auto_now` fields as they were backed up.

`restore` runs in one transaction and re-derives what it can: a file that is not a backup, of
another format version, or not whole (an object that refers to one the file does not hold), or
whose stored scores and totals are not what the engine makes of its hands (or, for a table
recorded from its paper block, not that block's totals, or a block that is no possible round),
whose hands are not where their history leads (entered by whom the history says, every version
recorded, the last state the hand) or whose paper blocks are not the last their history records,
whose tariff version differs from the same version here, or that names users who have no
account here (unless the operator asks to create them), changes nothing. What no row here can
vouch for (the directors, who made later changes, a tariff version new here) is said.

A restore that replaces a tournament keeps what other apps hold of it and the file does not
carry (its place in cups, its sign-ons, a national final played as it: backup_outside.py).

A tournament that is only a final ranking imported into a cup has no backup: its ranking
belongs to the cup and is imported there again from its file. Neither is such a tournament
replaced by a restore, which would delete its ranking with it.
"""

import datetime
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError, DeserializedObject
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connections, models, router, transaction

import scoring
from scoring import settlement as money
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup_outside, sheets
from tarock_cup.tournaments.models import (
    Change,
    Hand,
    Player,
    Registration,
    Round,
    Seat,
    Settlement,
    Table,
    Tournament,
    hand_out_numbers,
    new_table_code,
    new_table_token,
)

FORMAT = "tarock_cup.tournament"
VERSION = 1
# Many times the backup of a tournament of 1,000 players with its whole history.
MAX_FILE = 256 * 2**20

# In the order they are written and restored: whatever an object refers to comes before it.
MODELS: tuple[type[models.Model], ...] = (
    Player,
    Tariff,
    Tournament,
    Settlement,
    Registration,
    Round,
    Table,
    Seat,
    Hand,
    Change,
)
LABELS = {model._meta.label_lower: model for model in MODELS}


class BackupError(Exception):
    """A file that cannot be restored; the message says why, in one line."""


# What a change's object_id names, by kind, for a restore to move it to the new keys. A kind
# whose object is no part of a backup (an imported ranking's place) keeps its key as it is.
CHANGE_OBJECTS: dict[str, type[models.Model] | None] = {
    Change.Kind.HAND: Hand,
    Change.Kind.SEAT: Seat,
    Change.Kind.REGISTRATION: Registration,
    Change.Kind.TABLE: Table,
    Change.Kind.ROUND: Round,
    Change.Kind.PAPER: Table,
    Change.Kind.TARIFF: Tournament,
    Change.Kind.PLACE: None,
}


def _refuse_imported(tournament: Tournament, doing: str) -> None:
    """Raise BackupError if the tournament is a final ranking imported into a cup."""
    if not tournament.imported:
        return
    cups = ", ".join(sorted(entry.cup.name for entry in tournament.cup_entries.all()))
    raise BackupError(
        f"tournament {tournament.slug!r} is a final ranking imported into a cup "
        f"({cups or 'no cup'}); it {doing}: import its ranking file again in the cup instead"
    )


class Encoder(DjangoJSONEncoder):
    """Django's JSON encoder, but keeping every microsecond of a timestamp."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


# --- backup -------------------------------------------------------------------------------


def _serialize(queryset: models.QuerySet[Any]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = serializers.serialize(
        "python", queryset.order_by("pk"), use_natural_foreign_keys=True
    )
    return records


def backup(tournament: Tournament) -> dict[str, Any]:
    """Return the tournament and everything of it as a backup document."""
    _refuse_imported(tournament, "has no backup")
    players = Player.objects.filter(
        models.Q(registrations__tournament=tournament)
        | models.Q(seats__round__tournament=tournament)
    ).distinct()
    # the tournament's tariff, those its history moved from and to, and their first versions
    named = {tournament.tariff_id}
    for change in Change.objects.filter(tournament=tournament, kind=Change.Kind.TARIFF):
        named |= {(state or {}).get("tariff") for state in (change.before, change.after)}
    tariffs = Tariff.objects.filter(pk__in=[pk for pk in named if pk is not None])
    firsts = {pk for pk in tariffs.values_list("first_id", flat=True) if pk is not None}
    querysets = [
        players,
        Tariff.objects.filter(pk__in=set(tariffs.values_list("pk", flat=True)) | firsts),
        Tournament.objects.filter(pk=tournament.pk),
        Settlement.objects.filter(tournament=tournament),
        Registration.objects.filter(tournament=tournament),
        Round.objects.filter(tournament=tournament),
        Table.objects.filter(round__tournament=tournament),
        Seat.objects.filter(round__tournament=tournament),
        Hand.objects.filter(table__round__tournament=tournament),
        Change.objects.filter(tournament=tournament),
    ]
    objects = [record for queryset in querysets for record in _serialize(queryset)]
    users: set[str] = set()
    for record in objects:
        fields = record["fields"]
        if record["model"] == "tournaments.tournament":
            fields["directors"] = sorted(fields["directors"])
            users.update(username for (username,) in fields["directors"])
        if record["model"] == "tournaments.player":
            # A cup is no part of a backup: a player's home stays where the register has it.
            fields["home_cup"] = None
        for name in ("owner", "entered_by", "user", "home_organiser"):
            if fields.get(name):
                users.add(fields[name][0])
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": tournament.slug,
        "users": sorted(users),
        "objects": objects,
    }


def dumps(document: dict[str, Any]) -> str:
    """Return a backup document as the text of its file."""
    return json.dumps(document, cls=Encoder, indent=1, ensure_ascii=False) + "\n"


# --- restore ------------------------------------------------------------------------------


def loads(text: str | bytes) -> dict[str, Any]:
    """Return the backup document of a file's text, checked to be whole (BackupError if not)."""
    if len(text) > MAX_FILE:
        raise BackupError(f"the file is larger than {MAX_FILE // 2**20} MB")
    try:
        # Read as strictly as a score sheet (no NaN, no deep nesting), but whole numbers up to
        # 20 digits (the random seeds are 64-bit) and escaped control characters: a name stored
        # before they were refused comes back as it was.
        document = scoring.parse_json(
            text.decode("utf-8") if isinstance(text, bytes) else text, max_digits=20, controls=True
        )
    except UnicodeDecodeError as error:
        raise BackupError(f"not a backup file: not UTF-8 text ({error.reason})") from None
    except scoring.ScoringError as error:
        raise BackupError(f"not a backup file: {error.reason}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f'not a tarock_cup tournament backup (no "format": "{FORMAT}")')
    if document.get("version") != VERSION:
        raise BackupError(
            f"backup format version {document.get('version')!r} is not supported "
            f"(this tarock_cup reads version {VERSION})"
        )
    _check(document)
    return document


def _check(document: dict[str, Any]) -> None:  # noqa: C901
    users = document.get("users")
    objects = document.get("objects")
    if not isinstance(users, list) or not all(isinstance(u, str) and u for u in users):
        raise BackupError('damaged backup: "users" is not a list of usernames')
    if not isinstance(objects, list) or not all(
        isinstance(o, dict) and isinstance(o.get("fields"), dict) and type(o.get("pk")) is int
        for o in objects
    ):
        raise BackupError('damaged backup: "objects" is not a list of serialized objects')
    pks: dict[str, set[Any]] = {label: set() for label in LABELS}
    for record in objects:
        label = record.get("model")
        if not isinstance(label, str) or label not in LABELS:
            raise BackupError(f"damaged backup: unexpected object of model {label!r}")
        if record["pk"] in pks[label]:
            raise BackupError(f"damaged backup: {label} {record['pk']} appears twice")
        pks[label].add(record["pk"])
    tournaments = [o for o in objects if o["model"] == "tournaments.tournament"]
    if len(tournaments) != 1:
        raise BackupError(f"damaged backup: {len(tournaments)} tournaments instead of one")
    if tournaments[0]["fields"].get("slug") != document.get("tournament"):
        raise BackupError("damaged backup: the tournament's slug does not match the header")
    known_users = set(users)
    user_model = get_user_model()
    for record in objects:
        model = LABELS[record["model"]]
        if model is Player:
            # Written by backups before homes were left out; a cup is no part of a backup.
            record["fields"]["home_cup"] = None
        for field in model._meta.concrete_fields:
            if not field.many_to_one or field.name not in record["fields"]:
                continue
            value = record["fields"][field.name]
            # A many-to-one field always has its model; the stubs allow None for any field.
            target = field.related_model
            what = f"{model._meta.model_name} {record['pk']}"
            if value is None:
                if not field.null:
                    raise BackupError(f"damaged backup: {what} has no {field.name}")
            elif target is user_model:
                if not (isinstance(value, list) and value in [[u] for u in known_users]):
                    raise BackupError(f"damaged backup: {what} refers to an unknown user {value!r}")
            elif (
                type(value) is not int
                or target is None
                or value not in pks.get(target._meta.label_lower, set())
            ):
                raise BackupError(
                    f"damaged backup: {what} refers to {field.name} {value}, "
                    "which is not in the file"
                )
        if model is Tournament:
            directors = record["fields"].get("directors", [])
            if not isinstance(directors, list) or not all(
                isinstance(d, list) and d in [[u] for u in known_users] for d in directors
            ):
                raise BackupError("damaged backup: the directors are not known users")


def _free(model: type[models.Model], pk: Any, using: str) -> bool:
    return not model._default_manager.db_manager(using).filter(pk=pk).exists()


def _remap_state(state: Any, maps: dict[type[models.Model], dict[Any, Any]]) -> Any:
    """Return a seat's, registration's or tariff move's state in the history with its references
    moved."""
    if not isinstance(state, dict):
        return state
    moved = dict(state)
    for key, model in (("round", Round), ("table", Table), ("player", Player), ("tariff", Tariff)):
        if key in moved and moved[key] in maps[model]:
            moved[key] = maps[model][moved[key]]
    return moved


def restore(
    document: dict[str, Any],
    *,
    replace: bool = False,
    create_users: bool = False,
    warn: Callable[[str], None] = lambda message: None,
    using: str | None = None,
) -> Tournament:
    """Restore a backup document (from `loads`) in one transaction; return the tournament.

    An existing tournament of the same slug is refused, or deleted first with `replace`.
    Users are matched by username; a file naming one who has no account here is refused, unless
    `create_users` (the operator's choice, never the file's) creates it without a usable
    password. A player is the existing one of the same primary key, or of the same number, when
    name and club agree, and is created otherwise. Primary keys are kept wherever they are free.

    Whatever can be re-derived is verified (see `_verify`); what cannot is said through `warn`.
    """
    using = using or router.db_for_write(Tournament)
    # Said once the restore is done: a refused file has nothing restored to speak of.
    said: list[str] = []
    tournament = _restore(document, replace, create_users, said.append, using)
    for message in said:
        warn(message)
    return tournament


def _restore(
    document: dict[str, Any],
    replace: bool,
    create_users: bool,
    warn: Callable[[str], None],
    using: str,
) -> Tournament:
    slug = document["tournament"]
    try:
        with transaction.atomic(using=using):
            existing = Tournament.objects.using(using).filter(slug=slug).first()
            directors_here = None
            kept = backup_outside.Kept()
            versions_here = None
            if existing is not None:
                if not replace:
                    raise BackupError(
                        f"tournament {slug!r} exists; delete it first or restore with --replace"
                    )
                _refuse_imported(existing, "is not replaced")
                directors_here = set(existing.directors.values_list("username", flat=True))
                kept = backup_outside.take(existing, MODELS, using)
                versions_here = (existing.version, existing.links_version)
                existing.delete()
            _restore_users(document["users"], warn, using, create=create_users)
            maps: dict[type[models.Model], dict[Any, Any]] = {model: {} for model in MODELS}
            for item in serializers.deserialize(
                "python",
                _ordered(document["objects"]),
                using=using,
                handle_forward_references=False,
            ):
                _save(item, maps, warn, using)
            _after_load(using)
            _verify(maps[Table].values())
            _check_settlement(maps[Settlement].values(), using)
            tournament = Tournament.objects.using(using).get(slug=slug)
            backup_outside.put_back(kept, tournament, using)
            if versions_here is not None:
                _raise_versions(tournament, *versions_here, using=using)
            _say_unverified(tournament, directors_here, warn)
            return tournament
    except BackupError:
        raise
    except (DeserializationError, DatabaseError, LookupError) as error:
        raise BackupError(f"damaged backup: {_one_line(error)}") from error
    except (TypeError, ValueError, AttributeError) as error:
        raise BackupError(f"damaged backup: {_one_line(error)}") from error


# What a stored hand keeps of the engine's scoring, compared with a fresh scoring on restore.
_HAND_RESULTS = ("scores", "stake", "double_left", "dealer", "sitting_out")


def _verify(table_pks: Iterable[int]) -> None:
    """Refuse the backup unless what can be re-derived is what the file holds: each table's
    scores and totals, each hand's history and each paper block's history."""
    tables = list(
        Table.objects.filter(pk__in=list(table_pks))
        .select_related("round__tournament")
        .order_by("round__number", "number")
    )
    _check_scores(tables)
    for table in tables:
        where = f"round {table.round.number} table {table.number}"
        for hand in (
            Hand.objects.filter(table=table).select_related("entered_by").order_by("number")
        ):
            _check_hand_history(hand, f"{where}, hand {hand.number}")
        _check_paper_history(table, where)
        signed = Change.objects.filter(
            kind=Change.Kind.TABLE, table=table, action=Change.Action.SIGN
        )
        if table.signed_at is not None and not signed.exists():
            raise BackupError(f"{where}: signed by its players in the file, not in its history")


def _raise_versions(tournament: Tournament, version: int, links_version: int, using: str) -> None:
    """Raise a replacing tournament's versions past the replaced one's: pages cached by version
    (live pages, table links, the hall of fame) are never served for the replaced results."""
    raised = {
        "version": max(tournament.version, version + 1),
        "links_version": max(tournament.links_version, links_version + 1),
    }
    Tournament.objects.using(using).filter(pk=tournament.pk).update(**raised)
    tournament.version, tournament.links_version = raised["version"], raised["links_version"]


def _check_settlement(pks: Iterable[int], using: str) -> None:
    """Refuse a settlement the settlement page could not have saved."""
    for settlement in Settlement.objects.using(using).filter(pk__in=list(pks)):
        try:
            settlement.full_clean(exclude=["tournament"])
            if not isinstance(settlement.prizes, list):
                raise BackupError("the settlement's prizes are not a list")
            money.check_prizes(list(enumerate(settlement.prizes, start=1)))
        except ValidationError as error:
            raise BackupError(f"the settlement: {_one_line(error)}") from None
        except scoring.ScoringError as error:
            raise BackupError(f"the settlement: {_one_line(error)}") from None


def _check_scores(tables: Iterable[Table]) -> None:
    """Refuse the backup unless every table's hands and totals are the engine's scoring."""
    for table in tables:
        where = f"round {table.round.number} table {table.number}"
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        if [hand.number for hand in hands] != list(range(1, len(hands) + 1)):
            raise BackupError(f"{where}: the hands are not numbered 1 to {len(hands)}")
        try:
            scored = sheets.score(table, [hand.data for hand in hands])
        except scoring.ScoringError as error:
            raise BackupError(f"{where}, {_one_line(error)}") from None
        for hand, result in zip(hands, scored.hands, strict=True):
            for name in _HAND_RESULTS:
                stored, fresh = getattr(hand, name), getattr(result, name)
                fresh = list(fresh) if name == "scores" else fresh
                if stored != fresh:
                    raise BackupError(
                        f"{where}, hand {hand.number}: {name.replace('_', ' ')} {stored!r} "
                        f"in the file, {fresh!r} by the engine"
                    )
        totals, played = sheets.hands_totals(scored)
        source = "the engine"
        if table.paper is not None:
            # A paper block's round is data, not scoring: checked to be a possible round,
            # and then it is what the table's totals must be.
            try:
                sheets.check_paper(table, table.paper)
            except scoring.ScoringError as error:
                raise BackupError(f"{where}, {_one_line(error)}") from None
            totals = list(table.paper["totals"])
            played = sheets.paper_hands_played(table, table.paper)
            source = "its paper block"
        # A table that never had a hand keeps its empty defaults.
        for name, fresh in (("totals", totals), ("hands_played", played)):
            stored = getattr(table, name)
            if stored != fresh and not (not hands and not table.paper and stored == []):
                raise BackupError(
                    f"{where}: {name.replace('_', ' ')} {stored!r} in the file, "
                    f"{fresh!r} by {source}"
                )
        _write_breakdown(hands, scored)


def _check_hand_history(hand: Hand, where: str) -> None:
    """Refuse a hand whose history does not lead to it: every hand has its entry (by whoever
    entered it), each of its versions, and a last state that is the hand as it is."""
    changes = list(
        Change.objects.filter(
            kind=Change.Kind.HAND, table_id=hand.table_id, object_id=hand.pk
        ).order_by("at", "pk")
    )
    states = [c.after for c in changes if isinstance(c.after, dict) and "version" in c.after]
    if not changes or not states:
        raise BackupError(f"{where} has no history in the file")
    first = changes[0]
    if first.action not in (Change.Action.CREATE, Change.Action.RESTORE):
        raise BackupError(f"{where}: its history does not begin with its entry")
    if first.user_id != hand.entered_by_id:
        raise BackupError(
            f"{where}: entered by {_username(hand.entered_by)} in the file, "
            f"by {_username(first.user)} in its history"
        )
    versions = sorted({state["version"] for state in states})
    if versions != list(range(1, hand.version + 1)):
        raise BackupError(
            f"{where}: version {hand.version} in the file, its history holds versions "
            f"{', '.join(map(str, versions))}"
        )
    last = states[-1]
    if (last.get("data"), last["version"]) != (hand.data, hand.version):
        raise BackupError(f"{where}: the hand in the file is not the last state of its history")


def _username(user: Any) -> str:
    return "nobody" if user is None else repr(user.get_username())


def _check_paper_history(table: Table, where: str) -> None:
    """Refuse a paper block that is not the last one its history records (a block's totals may
    add up and still be edited: its history says what was recorded)."""
    changes = Change.objects.filter(kind=Change.Kind.PAPER, table=table).order_by("-at", "-pk")
    last = changes.first()
    recorded = None
    if last is not None and last.action != Change.Action.DELETE and isinstance(last.after, dict):
        recorded = {key: value for key, value in last.after.items() if key != "entered"}
    if table.paper != recorded:
        # sorted keys: PostgreSQL gives a JSON object's keys back in an order of its own
        file, history = (json.dumps(p, sort_keys=True) for p in (table.paper, recorded))
        raise BackupError(f"{where}: paper block {file} in the file, {history} by its history")


def _write_breakdown(hands: list[Hand], scored: scoring.ScoredSheet) -> None:
    """Write each hand's breakdown lines and running totals as the engine words them (derived,
    so written afresh rather than compared); the table itself stays as the file has it, its
    players' sign-off included (a rescore would clear it)."""
    changed = []
    for hand, result in zip(hands, scored.hands, strict=True):
        fresh = sheets.result_fields(result)
        if (hand.lines, hand.running) != (fresh["lines"], fresh["running"]):
            hand.lines, hand.running = fresh["lines"], fresh["running"]
            changed.append(hand)
    Hand.objects.bulk_update(changed, ["lines", "running"])


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def _ordered(objects: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    rank = {model._meta.label_lower: index for index, model in enumerate(MODELS)}
    return sorted(objects, key=lambda record: rank[record["model"]])


def _restore_users(
    usernames: list[str], warn: Callable[[str], None], using: str, *, create: bool
) -> None:
    user_model = get_user_model()
    manager = user_model._default_manager.db_manager(using)
    known = set(
        manager.filter(**{f"{user_model.USERNAME_FIELD}__in": usernames}).values_list(
            user_model.USERNAME_FIELD, flat=True
        )
    )
    missing = [username for username in usernames if username not in known]
    if missing and not create:
        # A file could otherwise make anyone a director of the tournament it holds.
        raise BackupError(
            f"the file names users who have no account here ({', '.join(map(repr, missing))}); "
            "a restore creates no account from a file: create them first, or restore with "
            "--create-users"
        )
    for username in usernames:
        if username not in known:
            manager.create_user(username)
            warn(
                f"Created user {username!r} without a usable password; set one with "
                f"'manage.py changepassword {username}'."
            )


def _save(  # noqa: C901
    item: DeserializedObject,
    maps: dict[type[models.Model], dict[Any, Any]],
    warn: Callable[[str], None],
    using: str,
) -> None:
    obj = item.object
    model = type(obj)
    old = obj.pk
    # isinstance, not `model is`, so that the type checker knows which model obj is.
    if isinstance(obj, Player):
        match = _matching_player(obj, using)
        if match is not None:
            maps[Player][old] = match.pk
            return
        if obj.number is not None and not _free_number(obj.number, using):
            given = hand_out_numbers(1)[0]
            warn(
                f"Player {obj} gets number {given}: number {obj.number} belongs to another player."
            )
            obj.number = given
    if isinstance(obj, Tariff):
        same = _tariff_here(obj, maps, using)
        if same is not None:
            # the same version already here (a restore on the server it came from): its numbers
            # are the ones that count, and the file's must be them
            _check_tariff_version(obj, same)
            maps[Tariff][old] = same.pk
            return
        _check_tariff_numbers(obj)
        warn(
            f"Tariff {obj.name!r} version {obj.version} is not on this server: its numbers come "
            "from the file; only those of the contracts and bonuses the hands play are verified."
        )
    if isinstance(obj, Table) and Table.objects.using(using).filter(token=obj.token).exists():
        # A copy beside the original: its printed links stay the original's, the copy gets new.
        obj.token, obj.code = new_table_token(), new_table_code()
    for field in model._meta.concrete_fields:
        target = field.related_model
        if field.many_to_one and target in maps:
            value = getattr(obj, field.attname)
            if value is not None:
                setattr(obj, field.attname, maps[target][value])
    if isinstance(obj, Change):
        if obj.kind not in CHANGE_OBJECTS:
            raise BackupError(f"damaged backup: change {old} is of an unknown kind {obj.kind!r}")
        kind = CHANGE_OBJECTS[obj.kind]
        if kind is not None:
            obj.object_id = maps[kind].get(obj.object_id, obj.object_id)
        if kind is not Hand:
            obj.before = _remap_state(obj.before, maps)
            obj.after = _remap_state(obj.after, maps)
        elif isinstance(obj.after, dict) and obj.after.get("restored_as") in maps[Hand]:
            obj.after = {**obj.after, "restored_as": maps[Hand][obj.after["restored_as"]]}
    if not _free(model, old, using):
        obj.pk = None
    item.save(using=using)
    maps[model][old] = obj.pk


def _tariff_here(obj: Tariff, maps: dict[type[models.Model], dict[Any, Any]], using: str) -> Any:
    """Return this server's tariff version that the file's is, if there is one: the same row
    (key and creation time), the same version of a lineage whose first version is here, or the
    same version of a shipped tariff."""
    tariffs = Tariff.objects.using(using)
    same = tariffs.filter(pk=obj.pk, created=obj.created, version=obj.version).first()
    first = maps[Tariff].get(obj.first_id) if obj.first_id is not None else None
    if same is None and first is not None:
        same = tariffs.filter(first_id=first, version=obj.version).first()
    if same is None and obj.shipped:
        # a tariff shipped with the product is the same version on every server
        same = tariffs.filter(shipped=obj.shipped, version=obj.version).first()
    return same


def _check_tariff_version(obj: Tariff, here: Tariff) -> None:
    """Refuse a file's tariff version whose numbers are not those of the same version here."""
    file, stored = obj.sheet_tariff(), here.sheet_tariff()
    keys = sorted(set(file) | set(stored))
    differ = [key for key in keys if file.get(key) != stored.get(key)]
    if obj.ruleset != here.ruleset:
        differ.append("ruleset")
    if differ:
        raise BackupError(
            f"tariff {here.name!r} version {obj.version}: the file's numbers are not those of "
            f"this version here ({', '.join(differ)} differ); a version that scored hands "
            "never changes"
        )


def _check_tariff_numbers(obj: Tariff) -> None:
    """Refuse a tariff the engine does not take (it could never have scored a hand)."""
    try:
        obj.ruleset_info()
    except (scoring.ScoringError, LookupError) as error:
        raise BackupError(
            f"tariff {obj.name!r} version {obj.version}: {_one_line(error)}"
        ) from None


def _say_unverified(
    tournament: Tournament, directors_here: set[str] | None, warn: Callable[[str], None]
) -> None:
    """Say what the file alone vouches for: nothing here re-derives it."""
    directors = sorted(tournament.directors.values_list("username", flat=True))
    if directors_here is not None:
        added = sorted(set(directors) - directors_here)
        if added:
            warn(
                f"The file makes {', '.join(map(repr, added))} directors of {tournament.slug!r}, "
                "who did not direct it here."
            )
    named = ", ".join(map(repr, directors)) or "none"
    warn(
        "Not verifiable from the file, so taken as it is: the owner "
        f"({_username(tournament.owner)}) and the directors ({named}), who made each later "
        "change in the history, the history of seats, registrations, tables, rounds and tariff "
        "moves, and the notes of paper blocks."
    )


def _matching_player(player: Player, using: str) -> Player | None:
    players = Player.objects.using(using)
    same = players.filter(name=player.name, club=player.club)
    return same.filter(pk=player.pk).first() or (
        same.filter(number=player.number).first() if player.number is not None else None
    )


def _free_number(number: int, using: str) -> bool:
    return not Player.objects.using(using).filter(number=number).exists()


def _after_load(using: str) -> None:
    connection = connections[using]
    # Explicit primary keys leave PostgreSQL's sequences behind; move them past the new rows.
    statements = connection.ops.sequence_reset_sql(no_style(), list(MODELS))
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)
    connection.check_constraints(table_names=[model._meta.db_table for model in MODELS])
