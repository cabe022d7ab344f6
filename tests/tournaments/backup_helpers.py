"""A tournament with every kind of row a backup holds, and a dump of every such row with its keys
mapped to what they name: for the backup tests."""

from typing import Any

from django.contrib.auth import get_user_model

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import backup, clock, history, links, sheets
from tarock_cup.tournaments.models import Change, Hand, Player, Round, Table, Tournament
from tests.factories import make_table, make_tournament

VALAT = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}
RUFER = {"contract": "rufer", "declarer": 2, "partner": 0, "points": "40"}
DREIER = {"contract": "dreier", "declarer": 0, "points": "20"}


def tariffs(director) -> tuple[Tariff, Tariff]:
    first = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 15, "announced": 30}},
        owner=director,
    )
    second = Tariff.objects.create(
        name="Tirol 2012",
        ruleset="tirol_cup",
        numbers={"valat": {"silent": 12, "announced": 24}},
        owner=director,
        version=2,
        first=first,
    )
    return first, second


def move_tariff(tournament: Tournament, to: Tariff, user: Any) -> None:
    was = tournament.tariff
    tournament.tariff = to
    tournament.save()
    rescored = sheets.rescore_tournament(tournament, user=user)
    history.record_tariff_move(tournament, was, rescored, user)


def full_tournament(director: Any, other_user: Any) -> Tournament:
    """A round of three tables of four, three hands each, by a tariff moved to its second
    version: one table edited, with a hand deleted, one restored, signed by its players and
    closed; one recorded from its paper block; the round's clock started and paused."""
    first, second = tariffs(director)
    tournament = make_tournament(director, players=12)
    tournament.hands_four, tournament.tariff = 3, first
    tournament.save()
    tournament.directors.add(other_user)
    names = list(Player.objects.order_by("pk").values_list("name", flat=True))
    signed, paper, plain = (
        make_table(tournament, table_number=n, names=names[4 * n - 4 : 4 * n]) for n in (1, 2, 3)
    )
    for hand in (VALAT, RUFER, DREIER):
        sheets.save_hand(signed, hand, user=director)
    sheets.save_hand(plain, VALAT, user=other_user)
    move_tariff(tournament, second, director)
    sheets.save_hand(signed, RUFER | {"points": "55"}, number=2, user=other_user)
    sheets.delete_hand(signed, 3, user=director)
    sheets.restore_deleted(signed, Change.objects.get(action="delete"), user=other_user)
    sheets.delete_hand(plain, 1, user=None)
    links.sign(signed, [0, 1, 2, 3])
    sheets.close_table(signed, user=director)
    sheets.record_paper(paper, {"totals": [30, -10, -10, -10], "hands": 3, "note": "Block"})
    round_ = Round.objects.get(tournament=tournament)
    clock.act(round_, "start", 30, user=director)
    clock.act(round_, "pause", user=other_user)
    return Tournament.objects.get(pk=tournament.pk)


# --- the dump ------------------------------------------------------------------------------------


def name_of(model: Any, pk: Any) -> Any:
    """Return what a key names, by the fields that say it (the key itself if nothing is there)."""
    if pk is None or model is None:
        return pk
    row = model._default_manager.filter(pk=pk).first()
    if row is None:
        return ("gone", model.__name__, pk)
    if model is get_user_model():
        return row.get_username()
    if model is Player:
        return ("player", row.name, row.club, row.number)
    if model is Tariff:
        return ("tariff", row.name, row.ruleset, row.version)
    if model is Tournament:
        return ("tournament", row.slug)
    parents = {"round": "tournament", "table": "round", "seat": "table", "hand": "table"}
    parent = parents.get(model._meta.model_name)
    if parent is None:  # a registration
        return (
            "registration",
            name_of(Tournament, row.tournament_id),
            name_of(Player, row.player_id),
        )
    field = model._meta.get_field(parent)
    place = getattr(row, "position", None) if model._meta.model_name == "seat" else row.number
    return (
        model._meta.model_name,
        name_of(field.related_model, getattr(row, field.attname)),
        place,
    )


STATE_KEYS = {"round": Round, "table": Table, "player": Player, "tariff": Tariff}


def state_of(state: Any) -> Any:
    """Return a change's before or after with the keys in it mapped to what they name."""
    if not isinstance(state, dict):
        return state
    named = dict(state)
    for key, model in STATE_KEYS.items():
        if key in named:
            named[key] = name_of(model, named[key])
    if "restored_as" in named:
        named["restored_as"] = name_of(Hand, named["restored_as"])
    return named


def row_of(row: Any) -> tuple:
    """Return every field of a row but its own key, references mapped to what they name."""
    fields = []
    for field in type(row)._meta.concrete_fields:
        if field.primary_key:
            continue
        value = getattr(row, field.attname)
        if field.many_to_one:
            value = name_of(field.related_model, value)
        elif isinstance(row, Change) and field.name == "object_id":
            value = name_of(backup.CHANGE_OBJECTS[row.kind], value)
        elif isinstance(row, Change) and field.name in ("before", "after"):
            value = state_of(value)
        fields.append((field.name, value))
    return tuple(fields)


def dump() -> dict[str, list]:
    everything = {
        model.__name__: sorted((row_of(row) for row in model._default_manager.all()), key=repr)
        for model in backup.MODELS
    }
    everything["users"] = sorted(get_user_model().objects.values_list("username", flat=True))
    everything["directors"] = sorted(
        (t.slug, sorted(t.directors.values_list("username", flat=True)))
        for t in Tournament.objects.all()
    )
    return everything
