"""Score one played hand (positive, negative, bei) from its JSON record."""

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from . import lines as L
from .errors import ScoringError
from .game import Bonus, Game
from .i18n import _
from .lines import Line, line
from .points import _parse, format_points
from .rules import Schleifen
from .rulesets import KONTRA_NAMES, BonusInfo, ContractInfo, Family
from .table import DEALER_SITS_OUT, NOT_TRICKS, Table, flag, level, renonce_seats, seat
from .valat import VALAT_SCORERS

Scores = list[int]
SIDES = ("declarer", "defenders")
_RUFER = Family.RUFER  # reading a member off the enum class costs a lookup each time

# refusals given in more than one place
NOT_A_SIDE = _("%(value)s is not 'declarer' or 'defenders'")
NOT_A_BONUS = _("%(value)s is not a bonus in %(ruleset)s")
NO_BONUSES = _("%(contract)s has no bonuses")
KONTRA_NOT_OBJECT = _("must be an object of element names and levels")
VORHAND_ONLY = _("%(contract)s may be played by Vorhand only (%(player)s)")
# one sentence per field, so that translators see the whole of each
NEGATIVE_HAS_NO = {
    "partner": _("%(contract)s is a negative contract: no partner"),
    "points": _("%(contract)s is a negative contract: no points"),
    "valat": _("%(contract)s is a negative contract: no valat"),
}


# --- positive contracts -----------------------------------------------------------------------


def _bonuses(
    t: Table,
    c: ContractInfo,
    h: Mapping[str, Any],
    partner: int | None,
    king_in_talon: bool,
    need_result: bool,
) -> tuple[dict[str, Bonus], list[tuple[int, Bonus, bool | None]]]:
    """Return the hand's validated bonus entries by bonus key, in the order given, and the
    threshold bonuses (Sack, Grammeln) among them with their index and given result, if any."""
    raw = h.get("bonuses")
    if not raw:
        return {}, NO_THRESHOLDS
    if raw.__class__ is not list and (not isinstance(raw, Sequence) or isinstance(raw, str)):
        raise ScoringError("bonuses", _("must be a list of bonus entries"))
    allowed = t.rs.allowed_bonuses[c.key]
    out: dict[str, Bonus] = {}
    thresholds: list[tuple[int, Bonus, bool | None]] = NO_THRESHOLDS
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
        if info.needs_king:
            _king_bonus(c, info, i, partner, king_in_talon, decl, made)
        bonus = out[info.key] = Bonus(info, decl, announced, made)
        if info.threshold is not None:
            if thresholds is NO_THRESHOLDS:
                thresholds = []
            thresholds.append((i, bonus, None if result is None else made))
    return out, thresholds


# the threshold bonuses of a hand that has none (shared, never appended to)
NO_THRESHOLDS: list[tuple[int, Bonus, bool | None]] = []


def _threshold_results(
    t: Table, g: Game, thresholds: list[tuple[int, Bonus, bool | None]], thirds: int | None
) -> None:
    """Set each Sack's or Grammeln's result from its side's card points; refuse a given result
    that contradicts them."""
    pack = t.rs.pack_thirds
    for i, b, given in thresholds:
        info = b.info
        if thirds is None:
            if g.valat is not None:
                # no points in a Valat: the side with every trick is taken to reach every
                # threshold, the other side none, unless the entry says otherwise
                b.made = b.of_declarer == (g.valat == "declarer") if given is None else given
                continue
            if given is None:
                raise ScoringError(
                    f"bonuses[{i}].result",
                    _("%(bonus)s: missing: its result, or the card points it follows from"),
                    bonus=info.name,
                )
            b.made = given
            continue
        need = info.threshold or 0  # never 0: only threshold bonuses are listed
        side = thirds if b.of_declarer else pack - thirds
        made = side >= need
        if given is not None and given != made:
            raise ScoringError(
                f"bonuses[{i}].result",
                _(
                    "%(bonus)s is made with %(threshold)s card points or more, and %(side)s "
                    "took %(points)s, so it is %(result)s"
                ),
                bonus=info.name,
                threshold=format_points(need),
                side=L.SIDE_DECLARER if b.of_declarer else L.SIDE_DEFENDERS,
                points=format_points(side),
                result=L.MADE if made else L.FAILED,
            )
        b.made = made


def _bad_bonus(t: Table, c: ContractInfo, key: Any, i: int, seen: Mapping[str, Bonus]) -> NoReturn:
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


def _kontra(t: Table, g: Game, h: Mapping[str, Any], void: bool) -> int:
    """Set the kontra levels on the game's elements (none where they are void); return the
    highest level given."""
    raw = h.get("kontra")
    if not raw:
        return 0
    if raw.__class__ is not dict and not isinstance(raw, Mapping):
        raise ScoringError("kontra", KONTRA_NOT_OBJECT)
    rs = t.rs
    top = 0
    maximum = rs.max_kontra
    count = t.count_kontras and not void
    for key, k in raw.items():
        if k.__class__ is not int or not 0 <= k <= maximum:
            level(k, f"kontra.{key}", maximum)  # raises the refusal
        if not k:
            continue
        if k > top:
            top = k
        shown = k if count else 0
        if key == "game":
            g.kontra, g.kontra_factor = shown, 1 << shown
        elif key == "valat":
            f = f"kontra.{key}"
            if not t.rules.valat.is_bonus:
                raise ScoringError(
                    f, _("Valat is not a bonus in this ruleset: the game's Kontra covers it")
                )
            if not g.valat_announced:
                raise ScoringError(f, _("Valat was not announced, so it cannot be kontra'd"))
            g.valat_kontra, g.valat_kontra_factor = shown, 1 << shown
        else:
            b = g.by_key.get(key)
            if b is None or not b.announced:
                f = f"kontra.{key}"
                info = rs.bonus_map.get(key)
                if info is None:
                    raise ScoringError(f, NOT_A_BONUS, value=repr(key), ruleset=rs.name)
                raise ScoringError(
                    f, _("%(bonus)s was not announced, so it cannot be kontra'd"), bonus=info.name
                )
            b.kontra, b.kontra_factor = shown, 1 << shown
    return top


# the fields of most positive hands; only a hand with others looks up each rarer one
PLAIN_POSITIVE = frozenset(
    ("contract", "declarer", "partner", "king_in_talon", "points", "bonuses", "kontra")
)


def score_positive(
    t: Table, c: ContractInfo, h: Mapping[str, Any], vorhand: int, out: int | None
) -> tuple[Scores, list[Line]]:
    """Return the seats' scores (before the stake) and the lines of a positive contract."""
    rs = t.rs
    n = t.n
    rare = not PLAIN_POSITIVE.issuperset(h)
    declarer = seat(h.get("declarer"), "declarer", t, out)
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
    by_key, thresholds = _bonuses(
        t, c, h, partner, king_in_talon, renonce is None and not surrendered
    )
    lost = c.lost_by_vorhand if declarer == vorhand and c.lost_by_vorhand else c.lost
    g = Game(t, c, lost, by_key)
    valat = None
    if rare:
        valat = h.get("valat")
        if valat is not None and valat not in SIDES:
            raise ScoringError(
                "valat", _("%(value)s is not 'declarer', 'defenders' or null"), value=repr(valat)
            )
        g.valat = valat
        g.valat_announced = flag(h, "valat_announced")
        by = h.get("valat_announced_by")
        if by is not None:
            if by not in SIDES:
                raise ScoringError("valat_announced_by", NOT_A_SIDE, value=repr(by))
            if valat is not None and by != valat:
                raise ScoringError(
                    "valat_announced_by",
                    _("a Valat is made by the side that announced it or silently"),
                )
            if not g.valat_announced:
                raise ScoringError(
                    "valat_announced_by",
                    _("names the side that announced a Valat: give it with valat_announced"),
                )
            g.valat_by = by
        elif valat is not None:
            g.valat_by = valat
        if valat is not None:
            _no_trick_made(h, g, valat == "declarer")
        if surrendered and (valat is not None or g.valat_announced):
            raise ScoringError("valat", _("a surrendered hand is not played, so it has no Valat"))
    void = king_in_talon and c.hidden_talon_king
    top = _kontra(t, g, h, void)
    if surrendered and top:
        raise ScoringError("kontra", _("a game given up before the announcements has no Kontra"))
    lines = g.lines
    if top and void:
        lines.append(line(L.KONTRAS_VOID, {}, "kontra", 0))
    elif top and not t.count_kontras:
        lines.append(line(L.KONTRA_IGNORED, {}, "kontra", 0))
    alone = partner is None
    birds = c.mandatory_birds
    if birds and not surrendered:
        # a Renonce is paid on what was announced, so the bird must be there as well
        for key in birds:
            b = by_key.get(key)
            if b is not None and b.of_declarer and b.announced:
                break
        else:
            raise ScoringError(
                "bonuses",
                _("%(contract)s needs %(birds)s announced by the declarer"),
                contract=c.name,
                birds=tuple(rs.bonus_map[k].name for k in birds),
            )
    if renonce is not None:
        return _renonce_positive(t, g, declarer, partner, renonce, out)
    if surrendered:
        net = _surrender(t, g)
    else:
        thirds = None
        if valat is None:
            points = h.get("points")
            if points is not None:
                thirds = _parse(points, rs.counting, "points")
                g.won = thirds >= rs.threshold_thirds
            elif not (g.valat_announced and t.rules.valat.failed_ignores_points):
                raise ScoringError("points", _("missing: the declarer's side's card points"))
        else:
            g.won = valat == "declarer"
        if thresholds:
            _threshold_results(t, g, thresholds, thirds)
        if valat is None and not g.valat_announced:
            net = g.plain()  # what every Valat rule does without a Valat
        else:
            rule = t.rules.valat
            net = VALAT_SCORERS[type(rule)](g, rule)
    # every active seat pays or receives the net, the declarer's side the other way
    scores = [-net] * n
    if out is not None:
        scores[out] = 0
    if alone:
        if c.family is _RUFER:
            lines.append(line(L.ALONE, {}, "payment", 0, False, 1, 0))
        scores[declarer] = 3 * net
    else:
        scores[declarer] = net
        scores[partner] = net  # type: ignore[index]
    return scores, lines


def _no_trick_made(h: Mapping[str, Any], g: Game, declarer_valat: bool) -> None:
    """Refuse a trick bonus made by the side that took no trick (the other side's Valat)."""
    for b in g.bonuses:
        if b.made and b.info.kind == "trick" and b.of_declarer != declarer_valat:
            i = next(i for i, e in enumerate(h["bonuses"]) if e.get("bonus") == b.info.key)
            raise ScoringError(
                f"bonuses[{i}].result",
                _("%(bonus)s cannot be made by a side that took no trick (the other side's Valat)"),
                bonus=b.info.name,
            )


def _surrender(t: Table, g: Game) -> int:
    c = g.contract
    rule = t.rules.surrender
    if isinstance(rule, Schleifen):
        # no play, no announcements; the declarer pays a fixed amount to each defender
        g.lines.append(line(L.SURRENDER, {"value": -rule.pays}, "surrender", -rule.pays))
        for b in g.bonuses:
            g.not_counted(b, L.WHY_SURRENDER)
        return -rule.pays
    birds = c.mandatory_birds
    ok = (
        (
            len(g.bonuses) == 1
            and g.bonuses[0].info.key in birds
            and g.bonuses[0].of_declarer
            and g.bonuses[0].announced
        )
        if birds
        else not g.bonuses
    )
    if not ok:
        raise ScoringError(
            "bonuses",
            _("giving up a %(contract)s records exactly its announced bird")
            if birds
            else _("giving up a %(contract)s records no bonus"),
            contract=c.name,
        )
    value = -g.lost_value
    g.lines.append(line(L.GIVEN_UP, {"value": value}, "surrender", value))
    for b in g.bonuses:
        b.made = False
        value += g.bonus(b)
    return value


def _renonce_positive(
    t: Table,
    g: Game,
    declarer: int,
    partner: int | None,
    offenders: tuple[int, ...],
    out: int | None,
) -> tuple[Scores, list[Line]]:
    # What each side would have received for winning the game and every announced bonus: the
    # declarer's side the won game value, the defenders the lost one (what the declarer pays
    # them on losing; the cup's Sechserdreier: 4 won, 8 lost). Bonuses are the same either way.
    factor = g.contract.bonus_factor
    extra = 0
    for b in g.bonuses:
        if b.announced:
            extra += (b.info.announced or 0) * factor * b.kontra_factor
    # an announced Valat is won as well: as a bonus, or as the game's multiple
    valat = t.rules.valat
    times = 1
    if g.valat_announced:
        if valat.is_bonus:
            extra += valat.announced * factor * g.valat_kontra_factor
        else:
            times = valat.announced
    won = times * g.won_value * g.kontra_factor + extra
    lost = times * g.lost_value * g.kontra_factor + extra
    shares = {s: lost for s in range(t.n) if s != out}
    if partner is None:
        shares[declarer] = 3 * won
    else:
        shares[declarer] = shares[partner] = won
    return _charge(t, g.lines, shares, offenders, won, lost)


def _charge(
    t: Table,
    lines: list[Line],
    shares: dict[int, int],
    offenders: tuple[int, ...],
    won: int,
    lost: int,
) -> tuple[Scores, list[Line]]:
    scores = [0] * t.n
    total = 0
    for s, v in shares.items():
        if s not in offenders:
            scores[s] = v
            total += v
    if len(offenders) == 2:
        half, odd = divmod(total, 2)
        if odd:
            raise ScoringError(
                "renonce",
                _(
                    "the two offenders cannot share %(total)s in whole points: enter the hand "
                    "by hand"
                ),
                total=total,
            )
        first, second = offenders
        scores[first] = scores[second] = -half
        params2: dict[str, str | int] = {
            "player": t.labels[first],
            "other": t.labels[second],
            "total": total,
        }
        lines.append(line(L.RENONCE_TWO, params2, "renonce", won))
        return scores, lines
    offender = offenders[0]
    scores[offender] = -total
    player = t.labels[offender]
    if won == lost:
        params: dict[str, str | int] = {"player": player, "value": won, "total": total}
        lines.append(line(L.RENONCE, params, "renonce", won))
    else:
        params = {"player": player, "won": won, "lost": lost, "total": total}
        lines.append(line(L.RENONCE_SIDES, params, "renonce", won))
    return scores, lines


# --- negative contracts -----------------------------------------------------------------------


def _negative_one(
    t: Table,
    c: ContractInfo,
    h: Mapping[str, Any],
    prefix: str,
    declarer: int,
    out: int | None,
    renonce: tuple[int, ...] | None,
    scores: Scores,
    lines: list[Line],
    element: str,
) -> None:
    n = t.n
    rs = t.rs
    levels = [0] * n
    raw = h.get("kontra_by_seat")
    if raw is not None:
        if (
            raw.__class__ is not list and (not isinstance(raw, Sequence) or isinstance(raw, str))
        ) or len(raw) != n:
            raise ScoringError(
                prefix + "kontra_by_seat", _("must be a list of %(n)s Kontra levels"), n=n
            )
        maximum = rs.max_kontra
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
    if not t.count_kontras:
        if any(levels):
            lines.append(line(L.KONTRA_IGNORED, {}, "kontra", 0))
        levels = [0] * n
    if renonce is not None:
        # every non-offender receives what their side would have won: the declarer the won
        # value from each defender, a defender the lost value (what the declarer pays on losing)
        for s in range(n):
            if s != out and s != declarer:
                scores[s] += c.lost << levels[s]
                scores[declarer] += c.won << levels[s]
        return
    tricks = h.get("tricks")
    if type(tricks) is not int or not 0 <= tricks <= 12:
        if tricks is None:
            raise ScoringError(prefix + "tricks", _("missing: the declarer's number of tricks"))
        raise ScoringError(prefix + "tricks", NOT_TRICKS, value=repr(tricks))
    won = tricks == c.tricks
    value = c.won if won else -c.lost
    params: dict[str, str | int] = {
        "contract": c.name,
        "player": t.labels[declarer],
        "tricks": tricks,
        "value": value,
    }
    lines.append(line(L.NEG_WON if won else L.NEG_LOST, params, element, value, False, 1, 0))
    for s in range(n):
        if s in (out, declarer):
            continue
        v = value << levels[s]
        scores[s] -= v
        scores[declarer] += v
        if levels[s]:
            extra = v - value
            lines.append(
                line(
                    L.PERSONAL_KONTRA,
                    {
                        "kontra": KONTRA_NAMES[levels[s]],
                        "player": t.labels[s],
                        "declarer": t.labels[declarer],
                        "value": extra,
                    },
                    element,
                    extra,
                    False,
                    1,
                    levels[s],
                )
            )


# the fields of most negative hands; only a hand with others looks up each rarer one
PLAIN_NEGATIVE = frozenset(("contract", "declarer", "tricks", "kontra_by_seat", "kontra", "bei"))


def score_negative(
    t: Table, c: ContractInfo, h: Mapping[str, Any], vorhand: int, out: int | None
) -> tuple[Scores, list[Line]]:
    """Return the seats' scores (before the stake) and the lines of a negative contract."""
    n = t.n
    declarer = seat(h.get("declarer"), "declarer", t, out)
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
    scores = [0] * n
    lines: list[Line] = []
    _negative_one(t, c, h, "", declarer, out, renonce, scores, lines, "game")
    bei = h.get("bei")
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
        second = seat(bei.get("declarer"), "bei.declarer", t, out)
        if second == declarer:
            raise ScoringError("bei.declarer", _("the bei declarer must be another player"))
        _negative_one(t, bc, bei, "bei.", second, out, renonce, scores, lines, "bei")
    if renonce is not None:
        shares = {s: v for s, v in enumerate(scores) if s != out}
        lines.clear()
        return _charge(t, lines, shares, renonce, c.won, c.lost)
    return scores, lines
