"""Read one hand's JSON record into a small frozen value, with every check and its message.

Scoring (hand.py, trischaken.py) starts from these values and never looks at JSON again: what
a hand says is decided here, what it is worth there.
"""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, NoReturn

from .errors import ScoringError
from .i18n import _
from .jsontext import bad_character
from .lines import FAILED, MADE, SIDE_DECLARER, SIDE_DEFENDERS
from .points import _parse, format_points
from .rules import Schleifen
from .rulesets import BonusInfo, ContractInfo, Family
from .table import DEALER_SITS_OUT, NOT_TRICKS, Table, flag, level, renonce_seats, seat

HAND_KEYS = frozenset(
    (
        "contract",
        "declarer",
        "partner",
        "king_in_talon",
        "surrendered",
        "points",
        "tricks",
        "valat",
        "valat_announced",
        "valat_announced_by",
        "kontra",
        "kontra_by_seat",
        "bonuses",
        "players",
        "bei",
        "renonce",
        "manual",
    )
)
MANUAL_KEYS = frozenset(("scores", "reason"))
# What one hand can score for a seat (the one limit of a score entered by hand, in the hand
# form and in every file alike), and the length of the reason of a hand entered by hand. The
# largest hands of the built-in rulesets score a few thousand for a seat, so 10,000 is far beyond
# any real hand and still refuses a score typed with a digit too many.
MAX_SCORE = 10_000
MAX_REASON = 200
SIDES = ("declarer", "defenders")
# reading a member off the enum class costs a lookup each time
_TRISCHAKEN = Family.TRISCHAKEN
_NEGATIVE = Family.NEGATIVE

# refusals given in more than one place
NOT_A_SIDE = _("%(value)s is not 'declarer' or 'defenders'")
NOT_A_BONUS = _("%(value)s is not a bonus in %(ruleset)s")
NO_BONUSES = _("%(contract)s has no bonuses")
KONTRA_NOT_OBJECT = _("must be an object of element names and levels")
VORHAND_ONLY = _("%(contract)s may be played by Vorhand only (%(player)s)")
NO_KONTRA = _("there is no Kontra in %(contract)s")
# one sentence per field, so that translators see the whole of each
NEGATIVE_HAS_NO = {
    "partner": _("%(contract)s is a negative contract: no partner"),
    "points": _("%(contract)s is a negative contract: no points"),
    "valat": _("%(contract)s is a negative contract: no valat"),
}


class BonusEntry(NamedTuple):
    """One bonus of a positive hand: whose, announced or silent, made or failed, its Kontra."""

    info: BonusInfo
    of_declarer: bool
    announced: bool
    made: bool
    kontra: int  # the level given (whether it counts is the rules' business)


def bonus_entry(
    t: Table, info: BonusInfo, of_declarer: bool, announced: bool, made: bool, kontra: int
) -> BonusEntry:
    """Return the table's one entry of these values (entries are frozen, so hands share them)."""
    key = (info.key, of_declarer, announced, made, kontra)
    entry = t.bonus_entries.get(key)
    if entry is None:
        entry = t.bonus_entries[key] = BonusEntry(info, of_declarer, announced, made, kontra)
    return entry


class ValatCall(NamedTuple):
    """A hand's Valat: made by a side, or announced (and then made or failed)."""

    side: str | None  # the side that took every trick; None: an announced Valat failed
    announced: bool
    by: str  # the side that announced it, or made it silently
    kontra: int


class PositiveHand(NamedTuple):
    """A King contract or solo, as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None  # the seat that sits out (the dealer at a table of five)
    declarer: int
    partner: int | None
    king_in_talon: bool
    surrendered: bool
    thirds: int | None  # the declarer's side's card points in thirds; None when not counted
    kontra: int  # the game's level
    top_kontra: int  # the highest level given to any element
    bonuses: tuple[BonusEntry, ...]
    valat: ValatCall | None  # None: no Valat made or announced
    renonce: tuple[int, ...] | None


class NegativeHand(NamedTuple):
    """A negative contract (and its bei contract, itself one of these), as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None
    declarer: int
    tricks: int | None  # None only in a Renonce
    kontra_by_seat: tuple[int, ...]  # each defender's personal level, 0 for the declarer
    bei: "NegativeHand | None"
    renonce: tuple[int, ...] | None


class TrischakenHand(NamedTuple):
    """A Fahren or Trischaken, each player for themselves, as recorded."""

    contract: ContractInfo
    vorhand: int
    out: int | None
    points: tuple[int, ...]  # in thirds, per seat
    tricks: tuple[int, ...]
    kontra: tuple[bool, ...]
    renonce: tuple[int, ...] | None


class ManualHand(NamedTuple):
    """A hand entered by hand: the scores per seat and why."""

    out: int | None
    scores: tuple[int, ...]
    reason: str


Hand = PositiveHand | NegativeHand | TrischakenHand | ManualHand


def read_hand(t: Table, hand: Any, dealer: int) -> Hand:
    """Return a hand's JSON record as a checked value, or raise ScoringError naming the field."""
    n = t.n
    out = dealer if n == 5 else None
    vorhand = (dealer + 1) % n
    # JSON gives exact dicts: test for them before the slower abstract-class check
    if hand.__class__ is not dict and not isinstance(hand, Mapping):
        raise ScoringError("hand", _("must be an object"))
    if not HAND_KEYS.issuperset(hand):
        extra = sorted(k for k in hand if k not in HAND_KEYS)[0]
        raise ScoringError(str(extra), _("is not a field of a hand"))
    manual = hand.get("manual")
    if manual is not None:
        return _manual(t, hand, manual, out)
    key = hand.get("contract")
    c = t.playable.get(key) if key.__class__ is str else None
    if c is None:
        _not_playable(t, key)
    family = c.family
    if family is _TRISCHAKEN:
        if t.rules.trischaken.dealer_plays:
            out = None  # the dealer of a five-table joins a Lungau Fahren
        return _trischaken(t, c, hand, vorhand, out)
    if family is _NEGATIVE:
        return _negative(t, c, hand, vorhand, out)
    return _positive(t, c, hand, vorhand, out)


def _not_playable(t: Table, key: Any) -> NoReturn:
    """Refuse a contract one may not name here, saying why."""
    c = t.rs.contract(key)  # raises for a contract the ruleset does not know
    if c.bei_only:
        raise ScoringError(
            "contract",
            _("%(contract)s is only played beside another contract: give it in bei"),
            contract=c.name,
        )
    raise ScoringError(
        "contract",
        _("%(contract)s needs the option %(option)s"),
        contract=c.name,
        option=c.requires_option or "",
    )


def _manual(t: Table, hand: Mapping[str, Any], manual: Any, out: int | None) -> ManualHand:
    if len(hand) != 1:
        raise ScoringError("manual", _("a hand entered by hand has no other fields"))
    if manual.__class__ is not dict and not isinstance(manual, Mapping):
        raise ScoringError("manual", _("must be an object with scores and reason"))
    if not MANUAL_KEYS.issuperset(manual):
        extra = sorted(str(k) for k in manual if k not in MANUAL_KEYS)[0]
        raise ScoringError(f"manual.{extra}", _("is not a field of a hand entered by hand"))
    scores = manual.get("scores")
    if (
        (
            scores.__class__ is not list
            and (not isinstance(scores, Sequence) or isinstance(scores, str))
        )
        or len(scores) != t.n
        or any(type(s) is not int for s in scores)
    ):
        raise ScoringError("manual.scores", _("must be %(n)s whole numbers, one per seat"), n=t.n)
    for s, score in enumerate(scores):
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise ScoringError(
                f"manual.scores[{s}]",
                _("%(value)s is more than a hand can score (at most %(max)s either way)"),
                # str() of a number of thousands of digits raises: show such a number as "…"
                value=score if -(10**15) < score < 10**15 else "…",
                max=MAX_SCORE,
            )
    if out is not None and scores[out]:
        raise ScoringError(f"manual.scores[{out}]", _("the dealer sits out this hand: give 0"))
    if sum(scores):
        raise ScoringError(
            "manual.scores", _("the scores add up to %(sum)s, not 0"), sum=sum(scores)
        )
    reason = manual.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ScoringError("manual.reason", _("missing: say why the hand is entered by hand"))
    if len(reason) > MAX_REASON:
        raise ScoringError("manual.reason", _("longer than %(max)s characters"), max=MAX_REASON)
    bad = bad_character(reason)
    if bad is not None:
        raise ScoringError("manual.reason", _("has the control character %(code)s"), code=bad)
    return ManualHand(out, tuple(scores), reason.strip())


# --- positive contracts -----------------------------------------------------------------------

# the fields of most positive hands; only a hand with others looks up each rarer one
PLAIN_POSITIVE = frozenset(
    ("contract", "declarer", "partner", "king_in_talon", "points", "bonuses", "kontra")
)


def _positive(
    t: Table, c: ContractInfo, h: Mapping[str, Any], vorhand: int, out: int | None
) -> PositiveHand:
    rs = t.rs
    rare = not PLAIN_POSITIVE.issuperset(h)
    declarer = h.get("declarer")
    # the usual seat is checked here; seat() says what is wrong with any other
    if declarer.__class__ is not int or not 0 <= declarer < t.n or declarer == out:
        declarer = seat(declarer, "declarer", t, out)
    if c.vorhand_only and declarer != vorhand:
        raise ScoringError("declarer", VORHAND_ONLY, contract=c.name, player=t.labels[vorhand])
    king_in_talon = h.get("king_in_talon", False)
    if king_in_talon is not True and king_in_talon is not False:
        king_in_talon = flag(h, "king_in_talon")
    surrendered = rare and flag(h, "surrendered")
    partner = h.get("partner")
    if partner is not None:
        if not c.calls_king:
            raise ScoringError(
                "partner", _("%(contract)s calls no King, so there is no partner"), contract=c.name
            )
        if partner.__class__ is not int or not 0 <= partner < t.n or partner == out:
            partner = seat(partner, "partner", t, out)
        if partner == declarer:
            raise ScoringError(
                "partner",
                _(
                    "the partner cannot be the declarer (a declarer who "
                    "called their own King plays alone: give null)"
                ),
            )
        if king_in_talon:
            raise ScoringError(
                "partner",
                _("with the called King in the talon the declarer plays alone: give null"),
            )
    if king_in_talon and not c.calls_king:
        raise ScoringError("king_in_talon", _("%(contract)s calls no King"), contract=c.name)
    if c.calls_king and partner is None and not king_in_talon and not t.rules.own_king.allowed:
        raise ScoringError(
            "partner",
            _(
                "in %(ruleset)s a King may not be called from one's own hand: give the "
                "partner, or king_in_talon"
            ),
            ruleset=rs.name,
        )
    if surrendered:
        if not king_in_talon:
            raise ScoringError(
                "surrendered", _("only a declarer whose called King is in the talon may surrender")
            )
        if not c.can_surrender:
            raise ScoringError(
                "surrendered",
                _("%(contract)s cannot be given up in %(ruleset)s"),
                contract=c.name,
                ruleset=rs.name,
            )
    renonce = renonce_seats(t, h, out) if rare else None
    if rare:
        if renonce is not None and surrendered:
            raise ScoringError(
                "renonce", _("a surrendered hand is not played, so it has no Renonce")
            )
        if h.get("kontra_by_seat") is not None:
            raise ScoringError(
                "kontra_by_seat",
                _("Kontra is personal only in negative contracts; give kontra per element"),
            )
        if h.get("tricks") is not None:
            raise ScoringError(
                "tricks", _("%(contract)s is won by card points, not tricks"), contract=c.name
            )
    given, thresholds = _bonuses(
        t, c, h, partner, king_in_talon, renonce is None and not surrendered
    )
    valat = None
    valat_announced = False
    valat_by = "declarer"
    if rare:
        valat = h.get("valat")
        if valat is not None and valat not in SIDES:
            raise ScoringError(
                "valat", _("%(value)s is not 'declarer', 'defenders' or null"), value=repr(valat)
            )
        valat_announced = flag(h, "valat_announced")
        by = h.get("valat_announced_by")
        if by is not None:
            if by not in SIDES:
                raise ScoringError("valat_announced_by", NOT_A_SIDE, value=repr(by))
            if valat is not None and by != valat:
                raise ScoringError(
                    "valat_announced_by",
                    _("a Valat is made by the side that announced it or silently"),
                )
            if not valat_announced:
                raise ScoringError(
                    "valat_announced_by",
                    _("names the side that announced a Valat: give it with valat_announced"),
                )
            valat_by = by
        elif valat is not None:
            valat_by = valat
        if valat is not None:
            _no_trick_made(h, given, valat == "declarer")
        if surrendered and (valat is not None or valat_announced):
            raise ScoringError("valat", _("a surrendered hand is not played, so it has no Valat"))
    game_kontra = valat_kontra = top = 0
    if h.get("kontra"):
        game_kontra, valat_kontra, top = _kontra(t, given, h, valat_announced)
    if surrendered and top:
        raise ScoringError("kontra", _("a game given up before the announcements has no Kontra"))
    birds = c.mandatory_birds
    if birds and not surrendered:
        # a Renonce is paid on what was announced, so the bird must be there as well
        for key in birds:
            b = given.get(key)
            if b is not None and b.of_declarer and b.announced:
                break
        else:
            raise ScoringError(
                "bonuses",
                _("%(contract)s needs %(birds)s announced by the declarer"),
                contract=c.name,
                birds=tuple(rs.bonus_map[k].name for k in birds),
            )
    thirds = None
    if renonce is None:
        if surrendered:
            _surrender_bonuses(t, c, given)
        else:
            if valat is None:
                points = h.get("points")
                if points is not None:
                    thirds = _parse(points, rs.counting, "points")
                elif not (valat_announced and t.rules.valat.failed_ignores_points):
                    raise ScoringError("points", _("missing: the declarer's side's card points"))
            if thresholds:
                _threshold_results(t, given, thresholds, thirds, valat)
    return PositiveHand(
        c,
        vorhand,
        out,
        declarer,
        partner,
        king_in_talon,
        surrendered,
        thirds,
        game_kontra,
        top,
        tuple(given.values()) if given else (),
        ValatCall(valat, valat_announced, valat_by, valat_kontra)
        if valat is not None or valat_announced
        else None,
        renonce,
    )


def _bonuses(
    t: Table,
    c: ContractInfo,
    h: Mapping[str, Any],
    partner: int | None,
    king_in_talon: bool,
    need_result: bool,
) -> tuple[dict[str, BonusEntry], list[tuple[int, str, bool | None]]]:
    """Return the hand's checked bonus entries by bonus key, in the order given, and the
    threshold bonuses (Sack, Grammeln) among them with their index, key and given result."""
    raw = h.get("bonuses")
    if not raw:
        return {}, NO_THRESHOLDS
    if raw.__class__ is not list and (not isinstance(raw, Sequence) or isinstance(raw, str)):
        raise ScoringError("bonuses", _("must be a list of bonus entries"))
    allowed = t.rs.allowed_bonuses[c.key]
    out: dict[str, BonusEntry] = {}
    thresholds = NO_THRESHOLDS
    for i, entry in enumerate(raw):
        if entry.__class__ is not dict and not isinstance(entry, Mapping):
            raise ScoringError(
                f"bonuses[{i}]", _("must be an object with bonus, side, announced and result")
            )
        key = entry.get("bonus")
        info = allowed.get(key) if key.__class__ is str else None
        if info is None or key in out:
            _bad_bonus(t, c, key, i, out)
        side = entry.get("side")
        if side == "declarer":
            decl = True
        elif side == "defenders":
            decl = False
        else:
            raise ScoringError(f"bonuses[{i}].side", NOT_A_SIDE, value=repr(side))
        announced = entry.get("announced", False)
        if announced is not True and announced is not False:
            announced = flag(entry, "announced", f"bonuses[{i}].announced")
        if (info.announced if announced else info.silent) is None:
            raise ScoringError(
                f"bonuses[{i}].announced",
                _("%(bonus)s cannot be announced")
                if announced
                else _("%(bonus)s counts only when announced"),
                bonus=info.name,
            )
        result = entry.get("result")
        if result == "made":
            made = True
        elif result == "failed" or (
            result is None and (not need_result or info.threshold is not None)
        ):
            made = False
        else:
            raise ScoringError(
                f"bonuses[{i}].result", _("%(value)s is not 'made' or 'failed'"), value=repr(result)
            )
        if info.needs is not None:  # needs a called King
            _king_bonus(c, info, i, partner, king_in_talon, decl, made)
        key = info.key
        out[key] = bonus_entry(t, info, decl, announced, made, 0)
        if info.threshold is not None:
            if thresholds is NO_THRESHOLDS:
                thresholds = []
            thresholds.append((i, key, None if result is None else made))
    return out, thresholds


# the threshold bonuses of a hand that has none (shared, never appended to)
NO_THRESHOLDS: list[tuple[int, str, bool | None]] = []


def _threshold_results(
    t: Table,
    given: dict[str, BonusEntry],
    thresholds: list[tuple[int, str, bool | None]],
    thirds: int | None,
    valat: str | None,
) -> None:
    """Set each Sack's or Grammeln's result from its side's card points; refuse a given result
    that contradicts them."""
    pack = t.rs.pack_thirds
    for i, key, result in thresholds:
        b = given[key]
        info = b.info
        if thirds is None:
            if valat is not None:
                # no points in a Valat: the side with every trick is taken to reach every
                # threshold, the other side none, unless the entry says otherwise
                if result is None:
                    given[key] = _with_made(t, b, b.of_declarer == (valat == "declarer"))
                continue
            if result is None:
                raise ScoringError(
                    f"bonuses[{i}].result",
                    _("%(bonus)s: missing: its result, or the card points it follows from"),
                    bonus=info.name,
                )
            continue
        need = info.threshold or 0  # never 0: only threshold bonuses are listed
        side = thirds if b.of_declarer else pack - thirds
        made = side >= need
        if result is not None and result != made:
            raise ScoringError(
                f"bonuses[{i}].result",
                _(
                    "%(bonus)s is made with %(threshold)s card points or more, and %(side)s "
                    "took %(points)s, so it is %(result)s"
                ),
                bonus=info.name,
                threshold=format_points(need),
                side=SIDE_DECLARER if b.of_declarer else SIDE_DEFENDERS,
                points=format_points(side),
                result=MADE if made else FAILED,
            )
        if made != b.made:
            given[key] = _with_made(t, b, made)


def _with_made(t: Table, b: BonusEntry, made: bool) -> BonusEntry:
    return bonus_entry(t, b.info, b.of_declarer, b.announced, made, b.kontra)


def _bad_bonus(
    t: Table, c: ContractInfo, key: Any, i: int, seen: Mapping[str, BonusEntry]
) -> NoReturn:
    f = f"bonuses[{i}].bonus"
    if key == "valat":
        raise ScoringError(f, _("Valat is entered with the hand's valat fields"))
    info = t.rs.bonus_map.get(key) if type(key) is str else None
    if info is None:
        raise ScoringError(f, NOT_A_BONUS, value=repr(key), ruleset=t.rs.name)
    if key in seen:
        raise ScoringError(f, _("%(bonus)s is recorded twice"), bonus=info.name)
    if not c.bonuses:
        raise ScoringError(f, NO_BONUSES, contract=c.name)
    raise ScoringError(
        f, _("%(bonus)s is not allowed in %(contract)s"), bonus=info.name, contract=c.name
    )


def _king_bonus(
    c: ContractInfo,
    info: BonusInfo,
    i: int,
    partner: int | None,
    king_in_talon: bool,
    decl: bool,
    made: bool,
) -> None:
    f = f"bonuses[{i}].bonus"
    if not c.calls_king:
        raise ScoringError(f, _("%(bonus)s needs a called King"), bonus=info.name)
    if info.needs == "partner_or_talon":
        if partner is None and not king_in_talon:
            raise ScoringError(
                f,
                _("%(bonus)s needs a partner or the called King in the talon"),
                bonus=info.name,
            )
    elif partner is None:
        raise ScoringError(f, _("%(bonus)s needs a partner"), bonus=info.name)
    if king_in_talon and c.hidden_talon_king:
        raise ScoringError(
            f,
            _("%(bonus)s cannot be made: the called King lay in the talon and was never played"),
            bonus=info.name,
        )
    if info.side == "declarer" and not decl:
        raise ScoringError(
            f"bonuses[{i}].side",
            _("%(bonus)s counts for the declarer's side only"),
            bonus=info.name,
        )
    if info.side == "defenders" and (decl or not made):
        raise ScoringError(
            f"bonuses[{i}].side",
            _("%(bonus)s is always made by the defenders, against the declarer's side"),
            bonus=info.name,
        )


def _kontra(
    t: Table, given: dict[str, BonusEntry], h: Mapping[str, Any], valat_announced: bool
) -> tuple[int, int, int]:
    """Return the levels given to the game and the Valat, and the highest of all; set each
    bonus's."""
    raw = h["kontra"]
    if raw.__class__ is not dict and not isinstance(raw, Mapping):
        raise ScoringError("kontra", KONTRA_NOT_OBJECT)
    rs = t.rs
    top = game = valat = 0
    maximum = rs.max_kontra
    for key, k in raw.items():
        if k.__class__ is not int or not 0 <= k <= maximum:
            level(k, f"kontra.{key}", maximum)  # raises the refusal
        if not k:
            continue
        if k > top:
            top = k
        if key == "game":
            game = k
        elif key == "valat":
            f = f"kontra.{key}"
            if not t.rules.valat.is_bonus:
                raise ScoringError(
                    f, _("Valat is not a bonus in this ruleset: the game's Kontra covers it")
                )
            if not valat_announced:
                raise ScoringError(f, _("Valat was not announced, so it cannot be kontra'd"))
            valat = k
        else:
            b = given.get(key)
            if b is None or not b.announced:
                f = f"kontra.{key}"
                info = rs.bonus_map.get(key)
                if info is None:
                    raise ScoringError(f, NOT_A_BONUS, value=repr(key), ruleset=rs.name)
                raise ScoringError(
                    f, _("%(bonus)s was not announced, so it cannot be kontra'd"), bonus=info.name
                )
            given[key] = bonus_entry(t, b.info, b.of_declarer, b.announced, b.made, k)
    return game, valat, top


def _no_trick_made(
    h: Mapping[str, Any], given: Mapping[str, BonusEntry], declarer_valat: bool
) -> None:
    """Refuse a trick bonus made by the side that took no trick (the other side's Valat)."""
    for b in given.values():
        if b.made and b.info.kind == "trick" and b.of_declarer != declarer_valat:
            i = next(i for i, e in enumerate(h["bonuses"]) if e.get("bonus") == b.info.key)
            raise ScoringError(
                f"bonuses[{i}].result",
                _("%(bonus)s cannot be made by a side that took no trick (the other side's Valat)"),
                bonus=b.info.name,
            )


def _surrender_bonuses(t: Table, c: ContractInfo, given: dict[str, BonusEntry]) -> None:
    """Refuse the bonuses a surrendered hand cannot record; the rest count as failed."""
    if isinstance(t.rules.surrender, Schleifen):
        return  # nothing is played or announced: every bonus is listed as not counted
    birds = c.mandatory_birds
    entries = list(given.values())
    ok = (
        (
            len(entries) == 1
            and entries[0].info.key in birds
            and entries[0].of_declarer
            and entries[0].announced
        )
        if birds
        else not entries
    )
    if not ok:
        raise ScoringError(
            "bonuses",
            _("giving up a %(contract)s records exactly its announced bird")
            if birds
            else _("giving up a %(contract)s records no bonus"),
            contract=c.name,
        )
    for key, b in given.items():
        given[key] = _with_made(t, b, False)


# --- negative contracts -----------------------------------------------------------------------

# the fields of most negative hands; only a hand with others looks up each rarer one
PLAIN_NEGATIVE = frozenset(("contract", "declarer", "tricks", "kontra_by_seat", "kontra", "bei"))


def _negative(
    t: Table, c: ContractInfo, h: Mapping[str, Any], vorhand: int, out: int | None
) -> NegativeHand:
    declarer = h.get("declarer")
    if declarer.__class__ is not int or not 0 <= declarer < t.n or declarer == out:
        declarer = seat(declarer, "declarer", t, out)
    if c.vorhand_only and declarer != vorhand:
        raise ScoringError("declarer", VORHAND_ONLY, contract=c.name, player=t.labels[vorhand])
    rare = not PLAIN_NEGATIVE.issuperset(h)
    if rare:
        for key in ("partner", "points", "valat"):
            if h.get(key) is not None:
                raise ScoringError(key, NEGATIVE_HAS_NO[key], contract=c.name)
        if flag(h, "king_in_talon") or flag(h, "surrendered") or flag(h, "valat_announced"):
            raise ScoringError(
                "contract",
                _("%(contract)s is a negative contract: no King, no surrender, no Valat"),
                contract=c.name,
            )
        if h.get("bonuses"):
            raise ScoringError("bonuses", NO_BONUSES, contract=c.name)
    renonce = renonce_seats(t, h, out) if rare else None
    levels, tricks = _negative_element(t, h, "", declarer, out, renonce)
    bei = h.get("bei")
    second = None
    if bei is not None:
        if not c.bei:
            raise ScoringError(
                "bei", _("no bei contract may be played with %(contract)s"), contract=c.name
            )
        if not isinstance(bei, Mapping):
            raise ScoringError("bei", _("must be an object with contract, declarer and tricks"))
        bei_key = bei.get("contract")
        bc = t.rs.contract_map.get(bei_key) if isinstance(bei_key, str) else None
        if bc is None or bei_key not in c.bei:
            raise ScoringError(
                "bei.contract",
                _("%(value)s is not a bei contract after %(contract)s (%(allowed)s)"),
                value=repr(bei_key),
                contract=c.name,
                allowed=c.bei,
            )
        bei_declarer = seat(bei.get("declarer"), "bei.declarer", t, out)
        if bei_declarer == declarer:
            raise ScoringError("bei.declarer", _("the bei declarer must be another player"))
        bei_levels, bei_tricks = _negative_element(t, bei, "bei.", bei_declarer, out, renonce)
        second = NegativeHand(bc, vorhand, out, bei_declarer, bei_tricks, bei_levels, None, renonce)
    return NegativeHand(c, vorhand, out, declarer, tricks, levels, second, renonce)


def _negative_element(
    t: Table,
    h: Mapping[str, Any],
    prefix: str,
    declarer: int,
    out: int | None,
    renonce: tuple[int, ...] | None,
) -> tuple[tuple[int, ...], int | None]:
    """Return the personal Kontra levels per seat and the tricks of one negative contract."""
    n = t.n
    levels = [0] * n
    raw = h.get("kontra_by_seat")
    if raw is not None:
        if (
            raw.__class__ is not list and (not isinstance(raw, Sequence) or isinstance(raw, str))
        ) or len(raw) != n:
            raise ScoringError(
                prefix + "kontra_by_seat", _("must be a list of %(n)s Kontra levels"), n=n
            )
        maximum = t.rs.max_kontra
        for s, k in enumerate(raw):
            if k.__class__ is not int or not 0 <= k <= maximum:
                level(k, f"{prefix}kontra_by_seat[{s}]", maximum)  # raises the refusal
            if k and s == out:
                raise ScoringError(
                    f"{prefix}kontra_by_seat[{s}]", DEALER_SITS_OUT, player=t.labels[s]
                )
            if s != declarer:
                levels[s] = k
    kontra = h.get("kontra")
    if kontra is not None and not isinstance(kontra, Mapping):
        raise ScoringError(prefix + "kontra", KONTRA_NOT_OBJECT)
    if kontra and any(v for v in kontra.values()):
        raise ScoringError(
            prefix + "kontra", _("Kontra is personal in negative contracts: give kontra_by_seat")
        )
    if renonce is not None:
        return tuple(levels), None  # not played to the end: no tricks to count
    tricks = h.get("tricks")
    if type(tricks) is not int or not 0 <= tricks <= 12:
        if tricks is None:
            raise ScoringError(prefix + "tricks", _("missing: the declarer's number of tricks"))
        raise ScoringError(prefix + "tricks", NOT_TRICKS, value=repr(tricks))
    return tuple(levels), tricks


# --- Fahren and Trischaken --------------------------------------------------------------------

# the fields of most hands; only a hand with others looks up each field it must not have
PLAIN_TRISCHAKEN = frozenset(("contract", "players"))
# each seat's field names, spelled out once rather than for every entry of every hand
PLAYER_FIELDS = tuple(
    (f"players[{i}]", f"players[{i}].points", f"players[{i}].tricks", f"players[{i}].kontra")
    for i in range(5)
)


def _player_entries(players: Any, n: int) -> Sequence[Any]:
    """Return the players' entries, one per seat, or raise ScoringError."""
    if (
        players.__class__ is not list
        and (not isinstance(players, Sequence) or isinstance(players, str))
    ) or len(players) != n:
        raise ScoringError(
            "players",
            _("one entry per seat is needed (%(n)s), null for a dealer who sits out"),
            n=n,
        )
    return players


def _trischaken(
    t: Table, c: ContractInfo, h: Mapping[str, Any], vorhand: int, out: int | None
) -> TrischakenHand:
    rs = t.rs
    n = t.n
    rule = t.rules.trischaken
    entries = rule.entry
    kontra_ok = "kontra" in entries
    rare = not PLAIN_TRISCHAKEN.issuperset(h)
    if rare:
        for key, value in h.items():
            # another contract's fields are refused unless empty ("declarer": 0 is not empty)
            if key in PLAIN_TRISCHAKEN or key == "renonce" or value is None or value is False:
                continue
            if value.__class__ in (dict, list) and not value:
                continue
            if key.startswith("kontra") and not kontra_ok:
                raise ScoringError(key, NO_KONTRA, contract=c.name)
            raise ScoringError(
                key,
                _(
                    "in %(contract)s everybody plays for themselves: give each player's "
                    "entry in players"
                ),
                contract=c.name,
            )
    zeros = (0,) * n
    players = h.get("players")
    if rare and h.get("renonce") is not None:
        offenders = renonce_seats(t, h, out) or ()
        # the hand was not played to the end: what the players' entries say is not scored, but
        # a form may send them, so they may be given as entries of the right shape, or not at all
        if players is not None:
            for i, entry in enumerate(_player_entries(players, n)):
                if entry is not None and not isinstance(entry, Mapping):
                    raise ScoringError(PLAYER_FIELDS[i][0], _("must be an object or null"))
        return TrischakenHand(c, vorhand, out, zeros, zeros, (False,) * n, offenders)
    players = _player_entries(players, n)
    points = [0] * n
    kontras = [False] * n
    total = 0
    counting = rs.counting
    needs_tricks = "tricks" in entries
    for i, entry in enumerate(players):
        f, f_points, f_tricks, f_kontra = PLAYER_FIELDS[i]
        if i == out:
            if entry is not None:
                raise ScoringError(f, _("the dealer sits out this hand: give null"))
            continue
        if entry.__class__ is not dict and not isinstance(entry, Mapping):
            raise ScoringError(f, _("must be an object with the player's points and tricks"))
        given = entry.get("points")
        if given is None:
            raise ScoringError(f_points, _("missing: the player's card points"))
        points[i] = _parse(given, counting, f_points)
        total += points[i]
        kontra = entry.get("kontra")
        if kontra is not None and kontra is not False and flag(entry, "kontra", f_kontra):
            if not kontra_ok:
                raise ScoringError(f_kontra, NO_KONTRA, contract=c.name)
            kontras[i] = True
    # the points' sum before the tricks: a table that enters points first hears of a wrong sum
    # at once, not only after every trick count
    pack = rs.pack_thirds
    if not rule.talon_counts:
        # four players: the talon counts for nobody; five: the dealer took it
        if (total != pack) if n == 5 else (total > pack):
            raise ScoringError(
                "players",
                _("the players' points add up to %(points)s, but must be exactly %(total)s")
                if n == 5
                else _("the players' points add up to %(points)s, but must be at most %(total)s"),
                points=format_points(total),
                total=rs.pack_total,
            )
    elif total != pack:
        raise ScoringError(
            "players",
            _("the players' points add up to %(points)s, not %(total)s"),
            points=format_points(total),
            total=rs.pack_total,
        )
    tricks_of = [0] * n
    trick_total = 0
    for i in range(n):
        if i == out:
            continue
        tricks = players[i].get("tricks")
        f_tricks = PLAYER_FIELDS[i][2]
        if tricks is None:
            if needs_tricks:
                raise ScoringError(f_tricks, _("missing: the player's tricks (0 for a virgin)"))
        elif type(tricks) is not int or not 0 <= tricks <= 12:
            raise ScoringError(f_tricks, NOT_TRICKS, value=repr(tricks))
        else:
            tricks_of[i] = tricks
            trick_total += tricks
            if tricks == 0 and points[i] and needs_tricks:
                raise ScoringError(
                    PLAYER_FIELDS[i][1], _("a player who took no trick has no points")
                )
            if tricks and not points[i] and rule.trick_means_points:
                raise ScoringError(
                    PLAYER_FIELDS[i][1],
                    _("a player who took a trick has points (the talon goes to the last trick)"),
                )
    if needs_tricks and trick_total != 12:
        raise ScoringError(
            "players", _("the players' tricks add up to %(tricks)s, not 12"), tricks=trick_total
        )
    return TrischakenHand(c, vorhand, out, tuple(points), tuple(tricks_of), tuple(kontras), None)
