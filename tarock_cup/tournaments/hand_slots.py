"""Where each field of a hand form stands in the score-sheet format, and how it gets there.

A family's form declares a list of slots: a field, its path in the hand ("kontra.game",
"players[2].points", "bonuses[bonus=pagat].side" for the entry of the list whose "bonus" is
"pagat"), the kind of value, when it is written and which of the engine's refusals belong to
it. Writing the hand, reading a stored hand back into the form and placing the engine's messages
all follow from that list. Nothing here knows a form or a ruleset.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The partner choice of a declarer who called their own King (the sheet's partner null).
ALONE = "alone"

# A value left out of the hand (a Kontra of 0, card points not given).
OMIT: Any = object()


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Kind:
    """How a field's value is written into the hand (dump) and read back for the form (load)."""

    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same


AS_IS = Kind()
FLAG = Kind(dump=bool)
# text as entered, without the spaces round it; kept also when empty (a player's card points)
TEXT = Kind(dump=lambda value: (value or "").strip(), load=lambda v: "" if v is None else str(v))
# the same, left out when empty (the declarer's side's card points)
SOME_TEXT = Kind(dump=lambda value: (value or "").strip() or OMIT, load=TEXT.load)
# a Kontra level in the hand's kontra object, where no Kontra is no key
LEVEL = Kind(dump=lambda value: value or OMIT)
# a number every seat has (a personal Kontra level, a score entered by hand)
NUMBER = Kind(dump=lambda value: value or 0)
RESULT = Kind(dump=lambda value: value or "made")
# a Trischaken player's Kontra: written only when said
MARK = Kind(dump=lambda value: True if value else OMIT)
# playing alone (or no King called) is the hand's partner null
PARTNER = Kind(
    dump=lambda value: None if value in (None, "", ALONE) else int(value),
    load=lambda value: ALONE if value is None else value,
)

Condition = Callable[[Mapping[str, Any]], Any]


def is_filled(value: Any) -> bool:
    """Return whether a cleaned value says something (0 does; None, "" and spaces do not)."""
    return value is not None and str(value).strip() != ""


def filled(*names: str) -> Condition:
    """Return a test that one of the fields is filled in (a bonus's side, a player's points)."""
    return lambda data: any(is_filled(data.get(name)) for name in names)


# One step of a path: "kontra", "scores[2]" (a list's place) or "bonuses[bonus=pagat]" (the
# entry of the list whose "bonus" is "pagat").
STEP = re.compile(r"(\w+)(?:\[(\w+)(?:=(\w+))?\])?")
Step = str | int | tuple[str, str]


def steps(path: str) -> list[Step]:
    """Return a path's steps: a key, a list's place, or (key, value) naming a list's entry."""
    out: list[Step] = []
    for part in path.split("."):
        match = STEP.fullmatch(part)
        if match is None:
            raise ValueError(f"{path!r} is not a path into a hand")
        name, index, value = match.groups()
        out.append(name)
        if value is not None:
            out.append((index, value))
        elif index is not None:
            out.append(int(index))
    return out


def _step_into(node: Any, step: Step) -> Any:
    if isinstance(step, str):
        return node.get(step) if isinstance(node, Mapping) else None
    if not isinstance(node, list):
        return None
    if isinstance(step, int):
        return node[step] if step < len(node) else None
    key, value = step
    return next((e for e in node if isinstance(e, Mapping) and e.get(key) == value), None)


def path_value(hand: Mapping[str, Any], path: str) -> Any:
    """Return the value at a path of a hand (None where the hand has none)."""
    node: Any = hand
    for step in steps(path):
        node = _step_into(node, step)
        if node is None:
            return None
    return node


def _make_room(node: Any, step: Step, empty: Any) -> Any:
    """Return the child of a dict or list at a step, made (as `empty`) where there is none."""
    if isinstance(step, tuple):
        child = _step_into(node, step)
        if child is None:
            child = dict([step])
            node.append(child)
        return child
    if isinstance(step, int):
        node.extend([None] * (step + 1 - len(node)))
        missing = node[step] is None
    else:
        missing = node.get(step) is None
    if missing:
        node[step] = empty
    return node[step]


def put(hand: dict[str, Any], path: str, value: Any) -> None:
    """Write a value at a path of a hand, making the objects and lists on the way."""
    path_steps = steps(path)
    node: Any = hand
    for step, following in zip(path_steps, path_steps[1:], strict=False):
        node = _make_room(node, step, {} if isinstance(following, str) else [])
    last = path_steps[-1]
    if isinstance(last, int):
        node.extend([None] * (last + 1 - len(node)))
    node[last] = value


@dataclass(frozen=True)
class Slot:
    """One form field and its place in the hand: how its value is written (only when `when`
    holds of the cleaned data), how it is read back, and the engine's paths whose refusals
    stand at the field (its own, and `also`)."""

    field: str
    path: str
    kind: Kind = AS_IS
    when: Condition | None = None
    also: tuple[str, ...] = ()

    def write(self, data: Mapping[str, Any], hand: dict[str, Any]) -> None:
        if self.when is None or self.when(data):
            value = self.kind.dump(data.get(self.field))
            if value is not OMIT:
                put(hand, self.path, value)

    def read(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        value = self.kind.load(path_value(hand, self.path))
        return {} if value is None else {self.field: value}

    def routes(self) -> dict[str, str]:
        return dict.fromkeys((self.path, *self.also), self.field)


class ValatSlots:
    """The Valat's two fields, who took every trick and who announced it, and the hand's three
    keys: `valat`, `valat_announced`, and `valat_announced_by` where the announcing side is
    not the one the engine assumes (the defenders without a Valat; the side that lost it)."""

    def write(self, data: Mapping[str, Any], hand: dict[str, Any]) -> None:
        valat, by = data.get("valat") or None, data.get("valat_announced_by") or None
        hand["valat"] = valat
        hand["valat_announced"] = by is not None
        if valat is None and by == "defenders":
            hand["valat_announced_by"] = "defenders"
        elif valat is not None and by not in (None, valat):
            # A side announced Valat and the other side took every trick.
            hand["valat_announced"] = False
            hand["valat_announced_by"] = by

    def read(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        initial = {"valat": hand.get("valat") or None}
        if hand.get("valat_announced_by"):
            initial["valat_announced_by"] = hand["valat_announced_by"]
        elif hand.get("valat_announced"):
            initial["valat_announced_by"] = hand.get("valat") or "declarer"
        return {field: value for field, value in initial.items() if value is not None}

    def routes(self) -> dict[str, str]:
        return dict.fromkeys(("valat", "valat_announced", "valat_announced_by"), "valat")


class RenonceSlots:
    """The Renonce's fields, who committed it and, where the ruleset lets two players share
    it (`two`), who committed it with them; and the hand's one key: a seat, or two seats."""

    def __init__(self, *, two: bool, first: str = "renonce", second: str = "renonce_also"):
        self.first, self.second = first, second if two else None

    def write(self, data: Mapping[str, Any], hand: dict[str, Any]) -> None:
        first = data.get(self.first)
        second = data.get(self.second) if self.second else None
        if second is not None:
            # a second offender without a first is written as given: the engine refuses it
            hand["renonce"] = [first, second]
        elif first is not None:
            hand["renonce"] = first

    def read(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        value = hand.get("renonce")
        seats = value if isinstance(value, list) else [value]
        fields = (self.first, self.second) if self.second else (self.first,)
        return {field: seat for field, seat in zip(fields, seats, strict=False) if seat is not None}

    def routes(self) -> dict[str, str]:
        # with one field, every refusal of the Renonce stands at it
        return {
            "renonce": self.first,
            "renonce[0]": self.first,
            "renonce[1]": self.second or self.first,
        }


Binding = Slot | ValatSlots | RenonceSlots
# A list of the hand whose entries a slot names by key ("bonuses[bonus=pagat]"), where the
# engine names them by place ("bonuses[0]").
KEYED = re.compile(r"(\w+)\[(\w+)=")


def parent(path: str) -> str:
    """Return the path one step up ("renonce" for "renonce[1]"; "" at the top)."""
    match = re.fullmatch(r"(.+?)(\.\w+|\[[^\]]*\])", path)
    return match[1] if match else ""


def field_at(
    slots: Sequence[Binding], path: str, hand: Callable[[], Mapping[str, Any]]
) -> str | None:
    """Return the field an engine refusal at a path belongs to: the field of the path, or of
    the nearest path above it ("renonce" for "renonce[1]"); None for none. `hand` returns the
    hand as posted, asked only for an entry the engine names by its place ("bonuses[0]")."""
    routes: dict[str, str] = {}
    for slot in slots:
        routes |= slot.routes()
    named = by_key(slots, path, hand)
    while named:
        if named in routes:
            return routes[named]
        named = parent(named)
    return None


def by_key(
    slots: Sequence[Binding], path: str, hand: Callable[[], Mapping[str, Any]]
) -> str | None:
    """Return an engine path with the entries of keyed lists named by key, as the slots name
    them ("bonuses[bonus=pagat]" for "bonuses[0]"); None for an entry the hand has not."""
    keyed = {
        match[1]: match[2]
        for slot in slots
        if isinstance(slot, Slot)
        for match in KEYED.finditer(slot.path)
    }
    for name, key in keyed.items():
        match = re.match(rf"{name}\[(\d+)\]", path)
        if match:
            entries = hand().get(name) or []
            index = int(match[1])
            if index >= len(entries):
                return None
            path = f"{name}[{key}={entries[index][key]}]" + path[match.end() :]
    return path


def bonus_field(key: str, part: str) -> str:
    """Return the name of a bonus's field (part: side, announced, result or kontra)."""
    return f"b_{key}_{part}"


def kontra_seat_field(seat: int, prefix: str = "") -> str:
    """Return the name of a seat's personal Kontra field (prefix "bei_": on the bei contract)."""
    return f"{prefix}kontra_seat_{seat}"


def player_field(seat: int, part: str) -> str:
    """Return the name of a field of a Trischaken player's row (points, tricks or kontra)."""
    return f"p{seat}_{part}"


def manual_field(seat: int) -> str:
    """Return the name of a seat's score entered by hand."""
    return f"manual_{seat}"
