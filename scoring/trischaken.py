"""Score Fahren and Trischaken, where every player plays for themselves."""

from collections.abc import Callable
from typing import Any

from . import lines as L
from .errors import ScoringError
from .i18n import _
from .lines import Line, line
from .points import format_points
from .record import TrischakenHand
from .rules import (
    Fahren,
    RenonceRule,
    RenonceShared,
    RenonceWinnings,
    TrischakenFactors,
    TrischakenMostPays,
    TrischakenMostPaysShared,
    TrischakenPot,
    TrischakenRanks,
    TrischakenRule,
)
from .table import Table

Scores = list[int]
MAYOR = 107  # 35 points and 2 cards, in thirds


class Deal:
    """The players' exact points and tricks in one Fahren or Trischaken."""

    __slots__ = ("t", "active", "points", "tricks", "kontra", "vorhand", "scores", "lines")

    def __init__(self, t: Table, h: TrischakenHand) -> None:
        self.t = t
        self.active = [i for i in range(t.n) if i != h.out]
        self.vorhand = h.vorhand
        self.points = h.points
        self.tricks = h.tricks
        self.kontra = h.kontra
        self.scores = [0] * t.n
        self.lines: list[Line] = []

    def pay(self, payer: int, payee: int, amount: int) -> None:
        """Move amount from payer to payee."""
        self.scores[payer] -= amount
        self.scores[payee] += amount

    def line(self, template: str, player: int, value: int, **params: str | int) -> None:
        """Add a line naming a player and their points."""
        params["player"] = self.t.labels[player]
        params["points"] = format_points(self.points[player])
        params["value"] = value
        self.lines.append(line(template, params, "trischaken", value))


def fahren(d: Deal, rule: Fahren) -> None:
    """Each pair compares points; more pays less the rule's amount, doubled per Kontra."""
    labels = d.t.labels
    pts = d.points
    kontra = d.kontra
    scores = d.scores
    active = d.active
    lines = d.lines
    for i in active:
        if kontra[i]:
            lines.append(line(L.FAHREN_KONTRA, {"player": labels[i]}, "fahren", 0, False, 1, 1))
    shown = [format_points(p) for p in pts]  # once per player, not once per pair
    pair = rule.pair
    for x, i in enumerate(active):
        for j in active[x + 1 :]:
            if pts[i] == pts[j]:
                continue
            payer, payee = (i, j) if pts[i] > pts[j] else (j, i)
            amount = pair << (kontra[i] + kontra[j])
            scores[payer] -= amount
            scores[payee] += amount
            params: dict[str, str | int] = {
                "payer": labels[payer],
                "more": shown[payer],
                "payee": labels[payee],
                "less": shown[payee],
                "amount": amount,
            }
            lines.append(line(L.FAHREN_PAIR, params, "fahren", amount))


def _losers(d: Deal) -> list[int]:
    top = max(d.points[i] for i in d.active)
    return [i for i in d.active if d.points[i] == top]


def _virgins(d: Deal) -> list[int]:
    return [i for i in d.active if d.tricks[i] == 0]


def most_pays(d: Deal, rule: TrischakenMostPays) -> None:
    """Most points pays each (or only the virgins); × 2 mayor, × 2 Vorhand; ties pay alone."""
    virgins = _virgins(d)
    for loser in _losers(d):
        f = rule.pays
        if d.points[loser] >= MAYOR:
            f *= 2
            d.line(L.TRISCHAKEN_MAYOR, loser, 0)
        if loser == d.vorhand:
            f *= 2
            d.line(L.TRISCHAKEN_VORHAND, loser, 0)
        payees = virgins or [i for i in d.active if i != loser]
        for p in payees:
            d.pay(loser, p, f)
        tmpl = L.TRISCHAKEN_LOSER_VIRGINS if virgins else L.TRISCHAKEN_LOSER
        d.line(tmpl, loser, -f * len(payees), amount=f * len(payees) if virgins else f)


def factors(d: Deal, rule: TrischakenFactors) -> None:
    """The base to each, × 2 each for mayor, a virgin, Vorhand; virgins share it all."""
    virgins = _virgins(d)
    losers = _losers(d)
    if d.vorhand in losers:
        losers = [d.vorhand]
    others = len(d.active) - 1
    for loser in losers:
        f = rule.pays
        if d.points[loser] >= MAYOR:
            f *= 2
            d.line(L.TRISCHAKEN_MAYOR, loser, 0)
        if virgins:
            f *= 2
            d.line(L.TRISCHAKEN_VIRGIN, virgins[0], 0)
        if loser == d.vorhand:
            f *= 2
            d.line(L.TRISCHAKEN_VORHAND, loser, 0)
        if virgins:
            total = f * others
            for v in virgins:
                d.pay(loser, v, total // len(virgins))
            d.line(L.TRISCHAKEN_LOSER_VIRGINS, loser, -total, amount=total)
        else:
            for p in d.active:
                if p != loser:
                    d.pay(loser, p, f)
            d.line(L.TRISCHAKEN_LOSER, loser, -f * others, amount=f)


def ranks(d: Deal, rule: TrischakenRanks) -> None:
    """Vorhand or a mayor with most points pays each; else the two highest pay the two lowest;
    a virgin is topped up (the Tirol cup's reading)."""
    pts = d.points
    losers = _losers(d)
    loser = d.vorhand if d.vorhand in losers else losers[0]
    order: list[int] = []
    if loser == d.vorhand or pts[loser] >= MAYOR:
        mayor = loser == d.vorhand and pts[loser] >= MAYOR
        amount = rule.vorhand_mayor_pays if mayor else rule.pays
        for p in d.active:
            if p != loser:
                d.pay(loser, p, amount)
        tmpl = L.TIROL_VORHAND if loser == d.vorhand else L.TIROL_MAYOR
        d.line(tmpl, loser, -amount * (len(d.active) - 1), amount=amount)
    else:
        order = sorted(d.active, key=lambda i: -pts[i])
        rank = 2 * rule.pays  # each of the two highest pays each of the two lowest
        by_rank = (-rank, -rank, rank, rank)
        r = 0
        while r < 4:
            same = [i for i in order if pts[i] == pts[order[r]]]
            share, rest = divmod(sum(by_rank[r : r + len(same)]), len(same))
            if rest:
                raise ScoringError(
                    "players",
                    _(
                        "%(n)s players have equal points (%(points)s): the cup rules cannot "
                        "share the amounts evenly, so enter this hand by hand"
                    ),
                    n=len(same),
                    points=format_points(pts[same[0]]),
                )
            for i in same:
                d.scores[i] += share
                d.line(L.TIROL_RANK, i, share)
            r += len(same)
    for v in _virgins(d):
        top_up = rule.virgin - d.scores[v]
        if top_up <= 0:
            continue
        if not order:
            d.pay(loser, v, top_up)
        else:
            if pts[order[1]] == pts[order[2]]:
                raise ScoringError(
                    "players",
                    _(
                        "the two middle players have equal points, so who pays the virgin's "
                        "top-up is unsettled: enter this hand by hand"
                    ),
                )
            half, odd = divmod(top_up, 2)
            if odd:  # cannot happen with the cup's amounts; refuse rather than round
                raise ScoringError("players", _("the virgin's top-up cannot be shared evenly"))
            d.pay(order[0], v, half)
            d.pay(order[1], v, half)
        d.line(L.TIROL_VIRGIN, v, top_up)


def most_pays_shared(d: Deal, rule: TrischakenMostPaysShared) -> None:  # noqa: C901
    """Vorhand among those with most points loses alone; else one loser pays each, or two or
    three tied pay fixed amounts; virgins share what the loser pays."""
    pts = d.points
    losers = _losers(d)
    virgins = _virgins(d)
    others = len(d.active) - 1
    if d.vorhand in losers or len(losers) == 1:
        loser = d.vorhand if d.vorhand in losers else losers[0]
        mayor = pts[loser] >= MAYOR
        if loser == d.vorhand:
            b = rule.vorhand_mayor if mayor else rule.vorhand
        else:
            b = rule.single_mayor if mayor else rule.single
        if mayor:
            d.line(L.TRISCHAKEN_MAYOR, loser, 0)
        if not virgins:
            for p in d.active:
                if p != loser:
                    d.pay(loser, p, b)
            d.line(L.TRISCHAKEN_LOSER, loser, -b * others, amount=b)
            return
        total = b * others
        if len(virgins) == 2 and loser != d.vorhand and not mayor:
            total = 2 * rule.two_virgins_each  # two virgins at the lower amount
        share, rest = divmod(total, len(virgins))
        if rest:  # cannot happen with the cup's amounts; refuse rather than round
            raise ScoringError("players", _("the virgins' shares are not whole points"))
        for v in virgins:
            d.pay(loser, v, share)
        d.line(L.TRISCHAKEN_LOSER_VIRGINS, loser, -total, amount=total)
        return
    # two or three tied for most: each pays a fixed amount to the others (all of it to a
    # single virgin among them)
    others_ = [p for p in d.active if p not in losers]
    amount = rule.tied_two if len(losers) == 2 else rule.tied_three
    payees = [p for p in others_ if p in virgins]
    if len(payees) != 1:
        payees = others_
    each, rest = divmod(amount, len(payees))
    if rest:  # cannot happen with the cup's amounts; refuse rather than round
        raise ScoringError("players", _("the tied players' payments are not whole points"))
    for loser in losers:
        for p in payees:
            d.pay(loser, p, each)
        d.line(L.TRISCHAKEN_TIED, loser, -amount, amount=amount)


def pot(d: Deal, rule: TrischakenPot) -> None:
    """Those with most points share the pot (Vorhand alone where she is among them); the
    others share it, or the virgins alone where there are any."""
    losers = _losers(d)
    if d.vorhand in losers:
        losers = [d.vorhand]  # those tied with Vorhand count as having fewer points
    amount = rule.pot
    if len(losers) == 1:
        (loser,) = losers
        if d.points[loser] >= MAYOR:
            amount *= rule.mayor
            d.line(L.TRISCHAKEN_MAYOR, loser, 0)
        if loser == d.vorhand:
            amount *= rule.vorhand
            d.line(L.TRISCHAKEN_VORHAND, loser, 0)
    virgins = _virgins(d)
    payees = virgins or [p for p in d.active if p not in losers]
    share, rest = divmod(amount, len(losers))
    each, rest_each = divmod(amount, len(payees))
    if rest or rest_each:  # cannot happen with pots of 6, 12 or 24; refuse rather than round
        raise ScoringError("players", _("the pot cannot be shared in whole points"))
    template = L.TRISCHAKEN_POT_VIRGINS if virgins else L.TRISCHAKEN_POT
    for loser in losers:
        d.scores[loser] -= share
        d.line(template, loser, -share, amount=share, pot=amount)
    for p in payees:
        d.scores[p] += each


# the scorer of each Trischaken rule of the registry
TRISCHAKEN_SCORERS: dict[type[TrischakenRule], Callable[[Deal, Any], None]] = {
    Fahren: fahren,
    TrischakenMostPays: most_pays,
    TrischakenFactors: factors,
    TrischakenRanks: ranks,
    TrischakenMostPaysShared: most_pays_shared,
    TrischakenPot: pot,
}


def _renonce(d: Deal, rule: RenonceRule, offenders: tuple[int, ...]) -> None:
    """Charge the offenders of a Renonce in Trischaken: a fixed amount to each other player."""
    labels = d.t.labels
    if len(offenders) == 2:
        # where the Trischaker pays as much as anyone, two offenders share alike
        vorhand_pays_more = isinstance(rule, RenonceShared) and rule.trischaker != rule.trischaken
        if d.vorhand in offenders and vorhand_pays_more:
            raise ScoringError(
                "renonce",
                _(
                    "the rules give no amount when the Trischaker is one of two offenders: "
                    "enter the hand by hand"
                ),
            )
        amount = rule.two_offenders if isinstance(rule, RenonceShared) else 0
        first, second = offenders
        regular = [p for p in d.active if p not in offenders]
        for p in regular:
            d.scores[p] += amount
        half = amount * len(regular) // 2
        d.scores[first] -= half
        d.scores[second] -= half
        params: dict[str, str | int] = {
            "player": labels[first],
            "other": labels[second],
            "amount": amount,
        }
        d.lines.append(line(L.RENONCE_TRISCHAKEN_TWO, params, "renonce", -half))
        return
    (offender,) = offenders
    amount = rule.trischaken if isinstance(rule, RenonceWinnings) else 0
    if offender == d.vorhand and isinstance(rule, RenonceShared):
        amount = rule.trischaker
    for p in d.active:
        if p != offender:
            d.pay(offender, p, amount)
    params = {"player": labels[offender], "amount": amount}
    d.lines.append(line(L.RENONCE_TRISCHAKEN, params, "renonce", -amount * (len(d.active) - 1)))


def score_trischaken(t: Table, h: TrischakenHand) -> tuple[Scores, list[Line]]:
    """Return the seats' scores (before the stake) and the lines of a Fahren/Trischaken."""
    d = Deal(t, h)
    if h.renonce is not None:
        _renonce(d, t.rules.renonce, h.renonce)
        return d.scores, d.lines
    rule = t.rules.trischaken
    TRISCHAKEN_SCORERS[type(rule)](d, rule)
    return d.scores, d.lines
