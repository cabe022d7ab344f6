"""Score one played hand (positive, negative, bei) from its checked record (the record package)."""

from . import lines as L
from .errors import ScoringError
from .game import Game
from .i18n import _
from .lines import Line, line
from .record import NegativeHand, PositiveHand
from .rules import Schleifen
from .rulesets import KONTRA_NAMES, Family
from .table import Table
from .valat import VALAT_SCORERS

Scores = list[int]
_RUFER = Family.RUFER  # reading a member off the enum class costs a lookup each time
ALONE = line(L.ALONE, {}, "payment", 0, False, 1, 0)


# --- positive contracts -----------------------------------------------------------------------


def score_positive(t: Table, h: PositiveHand) -> tuple[Scores, list[Line]]:
    """Return the seats' scores (before the stake) and the lines of a positive contract."""
    g = Game(t, h)
    lines = g.lines
    if h.top_kontra:
        if h.king_in_talon and h.contract.hidden_talon_king:
            lines.append(line(L.KONTRAS_VOID, {}, "kontra", 0))
        elif not t.count_kontras:
            lines.append(line(L.KONTRA_IGNORED, {}, "kontra", 0))
    out = h.out
    declarer = h.declarer
    partner = h.partner
    if h.renonce is not None:
        return _renonce_positive(t, g, declarer, partner, h.renonce, out)
    if h.surrendered:
        net = _surrender(t, g)
    elif h.valat is None:
        net = g.plain()  # what every Valat rule does without a Valat
    else:
        rule = t.rules.valat
        net = VALAT_SCORERS[type(rule)](g, rule)
    # every active seat pays or receives the net, the declarer's side the other way
    scores = [-net] * t.n
    if out is not None:
        scores[out] = 0
    if partner is None:
        if h.contract.family is _RUFER:
            lines.append(ALONE)
        scores[declarer] = 3 * net
    else:
        scores[declarer] = net
        scores[partner] = net
    return scores, lines


def _surrender(t: Table, g: Game) -> int:
    rule = t.rules.surrender
    if isinstance(rule, Schleifen):
        # no play, no announcements; the declarer pays a fixed amount to each defender
        g.lines.append(line(L.SURRENDER, {"value": -rule.pays}, "surrender", -rule.pays))
        for b in g.bonuses:
            g.not_counted(b, L.WHY_SURRENDER)
        return -rule.pays
    # the record package refused the bonuses a surrendered hand cannot record and failed the rest
    value = -g.lost_value
    g.lines.append(line(L.GIVEN_UP, {"value": value}, "surrender", value))
    for b in g.bonuses:
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
            extra += (b.info.announced or 0) * factor << g.bonus_kontra(b)
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


def score_negative(t: Table, h: NegativeHand) -> tuple[Scores, list[Line]]:
    """Return the seats' scores (before the stake) and the lines of a negative contract."""
    scores = [0] * t.n
    lines: list[Line] = []
    _negative_one(t, h, scores, lines, "game")
    if h.bei is not None:
        _negative_one(t, h.bei, scores, lines, "bei")
    if h.renonce is not None:
        c = h.contract
        shares = {s: v for s, v in enumerate(scores) if s != h.out}
        lines.clear()
        return _charge(t, lines, shares, h.renonce, c.won, c.lost)
    return scores, lines


def _negative_one(
    t: Table, h: NegativeHand, scores: Scores, lines: list[Line], element: str
) -> None:
    n = t.n
    c = h.contract
    out = h.out
    declarer = h.declarer
    levels = h.kontra_by_seat
    if not t.count_kontras:
        if any(levels):
            lines.append(line(L.KONTRA_IGNORED, {}, "kontra", 0))
        levels = (0,) * n
    if h.renonce is not None:
        # every non-offender receives what their side would have won: the declarer the won
        # value from each defender, a defender the lost value (what the declarer pays on losing)
        for s in range(n):
            if s != out and s != declarer:
                scores[s] += c.lost << levels[s]
                scores[declarer] += c.won << levels[s]
        return
    tricks = h.tricks
    won = tricks == c.tricks
    value = c.won if won else -c.lost
    # the line is the same whenever this player plays this contract to this many tricks
    key = (c.key, declarer, tricks, element)
    made = t.lines.get(key)
    if made is None:
        params: dict[str, str | int] = {
            "contract": c.name,
            "player": t.labels[declarer],
            "tricks": tricks or 0,
            "value": value,
        }
        template = L.NEG_WON if won else L.NEG_LOST
        made = t.lines[key] = line(template, params, element, value, False, 1, 0)
    lines.append(made)
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
