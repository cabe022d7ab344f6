"""The demo tournament: realistic Tirol Cup hands from a seed, and loading the demo fixture.

`table_hands` deals a table's hands the way a real evening goes (mostly Rufer, some Dreier,
Trischaken and negative contracts, birds, Säcke and the odd Kontra). It is deterministic for a
given `random.Random`, and every hand it returns has been accepted by the engine. The fixture
`fixtures/demo_tournament.json` is written from it by `scripts/make_demo.py`; `load_demo` reads
the fixture into the database, every hand through `sheets.save_hand` so its scores come from the
engine.
"""

import datetime
import json
import random
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction

import scoring
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import (
    Player,
    Registration,
    Round,
    Seat,
    Settlement,
    Table,
    Tournament,
)

RULESET = "tirol_cup"
FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_tournament.json"
DEMO_SLUG = "demo"

# How often each contract is played: Rufer most of all, the big solos seldom.
CONTRACT_WEIGHTS = {
    "rufer": 40,
    "dreier": 12,
    "trischaken": 8,
    "piccolo": 6,
    "solorufer": 5,
    "besserrufer": 5,
    "bettler": 4,
    "sechserdreier": 3,
    "farbendreier": 3,
    "solodreier": 2,
    "zwiccolo_ouvert": 1,
    "piccolo_ouvert": 1,
    "bettler_ouvert": 1,
    "farbensolo": 1,
}
# Chance that the declarer's side wins the game.
WIN_RATE = {
    "rufer": 0.62,
    "solorufer": 0.6,
    "besserrufer": 0.6,
    "sechserdreier": 0.5,
    "farbendreier": 0.7,
    "dreier": 0.65,
    "farbensolo": 0.65,
    "solodreier": 0.6,
}
NEGATIVE_WIN_RATE = 0.62
# Bonus key: (chance it is recorded silently, chance it is announced).
BONUS_CHANCES = {
    "pagat": (0.12, 0.06),
    "uhu": (0.04, 0.02),
    "kakadu": (0.01, 0.0),
    "king_ultimo": (0.05, 0.02),
    "mondfang": (0.05, 0.01),
    "four_kings": (0.05, 0.02),
    "trull": (0.10, 0.03),
}
# Which bird a Besserrufer announces.
BESSERRUFER_BIRDS = {"pagat": 12, "uhu": 6, "kakadu": 2, "quapil": 1}
SACK = 137  # 45 points and 2 cards, in thirds
SACK2 = 167  # 55 points and 2 cards, in thirds
MAYOR = 107  # 35 points and 2 cards, in thirds
# Kinds of hand that are placed on purpose rather than dealt at random.
SPECIAL_KINDS = ("surrendered_rufer", "valat", "manual", "virgin", "mayor")
MAX_TRIES = 200


def active_seats(seats: int, dealer: int) -> list[int]:
    """Return the seats that play a hand (at a table of five the dealer sits out)."""
    return [s for s in range(seats) if not (seats == 5 and s == dealer)]


def _weighted(rng: random.Random, weights: Mapping[str, int]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _points(rng: random.Random, won: bool) -> str:
    """Return the declarer's side's card points, as written on a sheet ("41", "33/1")."""
    thirds = rng.randint(MAYOR, 170) if won else rng.randint(55, MAYOR - 1)
    if rng.random() < 0.4:
        # many sheets carry whole points
        thirds -= thirds % 3
        if won and thirds < MAYOR:
            thirds += 3
    return scoring.format_points(thirds)


def _entry(bonus: str, side: str, announced: bool, made: bool) -> dict[str, Any]:
    return {
        "bonus": bonus,
        "side": side,
        "announced": announced,
        "result": "made" if made else "failed",
    }


def _bonuses(
    rng: random.Random, contract: scoring.ContractInfo, partner: int | None, thirds: int
) -> list[dict[str, Any]]:
    """Return the bonus records of a played positive hand."""
    bonuses: list[dict[str, Any]] = []
    if contract.mandatory_birds:
        bird = _weighted(
            rng, {b: w for b, w in BESSERRUFER_BIRDS.items() if b in contract.mandatory_birds}
        )
        bonuses.append(_entry(bird, "declarer", True, rng.random() < 0.65))
    recorded = {entry["bonus"] for entry in bonuses}
    for key, (silent, announced) in BONUS_CHANCES.items():
        if key not in contract.bonuses or key in recorded:
            continue
        if key == "king_ultimo" and partner is None:
            continue
        roll = rng.random()
        if roll < announced:
            side = "declarer" if rng.random() < 0.8 else "defenders"
            bonuses.append(_entry(key, side, True, rng.random() < 0.7))
        elif roll < announced + silent:
            side = rng.choice(["declarer", "defenders"])
            # a silent bird or King that fell in the last trick without winning it costs
            made = key in ("trull", "four_kings", "mondfang") or rng.random() < 0.65
            bonuses.append(_entry(key, side, False, made))
    if "sack" in contract.bonuses and thirds >= SACK - 15 and rng.random() < 0.12:
        bonuses.append(_entry("sack", "declarer", True, thirds >= SACK))
        if thirds >= SACK2 - 9 and rng.random() < 0.4:
            bonuses.append(_entry("sack2", "declarer", True, thirds >= SACK2))
    return bonuses


def _kontra(rng: random.Random, bonuses: list[dict[str, Any]]) -> dict[str, int]:
    """Return the kontras given (recorded; the cup counts them only with its option)."""
    kontra: dict[str, int] = {}
    roll = rng.random()
    if roll < 0.02:
        kontra["game"] = 2
    elif roll < 0.1:
        kontra["game"] = 1
    for entry in bonuses:
        if entry["announced"] and entry["side"] == "declarer" and rng.random() < 0.15:
            kontra[entry["bonus"]] = 1
    return kontra


def _positive(
    rng: random.Random, contract: scoring.ContractInfo, seats: int, dealer: int, **special: bool
) -> dict[str, Any]:
    players = active_seats(seats, dealer)
    vorhand = scoring.vorhand_of(dealer, seats)
    declarer = vorhand if contract.vorhand_only else rng.choice(players)
    hand: dict[str, Any] = {"contract": contract.key, "declarer": declarer}
    partner = None
    if contract.calls_king:
        roll = rng.random()
        if special.get("surrendered") or (contract.can_surrender and roll > 0.97):
            hand |= {"partner": None, "king_in_talon": True, "surrendered": True}
            if contract.mandatory_birds:
                bird = _weighted(rng, BESSERRUFER_BIRDS)
                hand["bonuses"] = [_entry(bird, "declarer", True, False)]
            return hand
        if roll < 0.84:
            partner = rng.choice([s for s in players if s != declarer])
        elif roll < 0.92:
            hand["king_in_talon"] = True  # the declarer plays alone, one against three
        # otherwise the declarer called a King of their own and plays alone
        hand["partner"] = partner
    if special.get("valat"):
        hand["valat"] = "declarer"
        thirds = 210
    else:
        hand["points"] = _points(rng, rng.random() < WIN_RATE[contract.key])
        thirds = scoring.parse_points(hand["points"], "thirds")
    bonuses = _bonuses(rng, contract, partner, thirds)
    if bonuses:
        hand["bonuses"] = bonuses
    kontra = _kontra(rng, bonuses)
    if kontra:
        hand["kontra"] = kontra
    return hand


def _negative(
    rng: random.Random, contract: scoring.ContractInfo, seats: int, dealer: int
) -> dict[str, Any]:
    players = active_seats(seats, dealer)
    declarer = rng.choice(players)
    target = contract.tricks or 0
    if rng.random() < NEGATIVE_WIN_RATE:
        tricks = target
    else:
        tricks = rng.choice([t for t in (0, 1, 2, 3) if t != target])
    hand: dict[str, Any] = {"contract": contract.key, "declarer": declarer, "tricks": tricks}
    if rng.random() < 0.1:
        kontra = [0] * seats
        kontra[rng.choice([s for s in players if s != declarer])] = 1
        hand["kontra_by_seat"] = kontra
    return hand


def _trischaken(rng: random.Random, seats: int, dealer: int, kind: str | None) -> dict[str, Any]:
    while True:
        hand, top = _deal_trischaken(rng, seats, dealer, kind)
        if kind != "mayor" or top >= MAYOR:
            return hand


def _deal_trischaken(
    rng: random.Random, seats: int, dealer: int, kind: str | None
) -> tuple[dict[str, Any], int]:
    """Return a Trischaken and the most points anyone took (in thirds)."""
    players = active_seats(seats, dealer)
    weights = {s: rng.uniform(0.5, 1.5) for s in players}
    if kind == "mayor" or (kind is None and rng.random() < 0.15):
        weights[rng.choice(players)] = 5.0
    virgin = None
    if kind == "virgin" or (kind is None and rng.random() < 0.15):
        virgin = rng.choice(players)
        weights[virgin] = 0.0
    # 12 tricks, dealt out by weight; a virgin takes none
    tricks = dict.fromkeys(players, 0)
    takers = [s for s in players if s != virgin]
    for _ in range(12):
        tricks[rng.choices(takers, weights=[weights[s] for s in takers])[0]] += 1
    # Every trick is worth at least 4 thirds (four empty cards); the rest of the pack's 210
    # thirds follows the tricks, heavier for the player the weights favour.
    rest = 210 - 4 * 12
    share = {s: tricks[s] * weights[s] * rng.uniform(0.6, 1.4) for s in players}
    whole = sum(share.values())
    thirds = {s: 4 * tricks[s] + int(rest * share[s] / whole) for s in players}
    top = max(takers, key=lambda s: thirds[s])
    thirds[top] += 210 - sum(thirds.values())
    entries: list[dict[str, Any] | None] = [None] * seats
    for s in players:
        entries[s] = {"points": scoring.format_points(thirds[s]), "tricks": tricks[s]}
    return {"contract": "trischaken", "players": entries}, thirds[top]


def _manual(rng: random.Random, seats: int, dealer: int) -> dict[str, Any]:
    players = active_seats(seats, dealer)
    winner = rng.choice(players)
    scores = [0] * seats
    for s in players:
        scores[s] = -1
    scores[winner] = len(players) - 1
    reason = (
        "Strittige Renonce (Farbe nicht bedient?), nicht mehr aufzuklären: "
        "Schiedsspruch der Turnierleitung"
    )
    return {"manual": {"scores": scores, "reason": reason}}


def random_hand(
    rng: random.Random, seats: int, dealer: int, kind: str | None = None
) -> dict[str, Any]:
    """Return one hand in the score-sheet format (not yet checked by the engine).

    kind None deals a contract at random; a contract key deals that contract; the special kinds
    are "surrendered_rufer", "valat" (a silent Dreier Valat), "manual" (entered by hand with a
    reason), "virgin" and "mayor" (Trischaken).
    """
    ruleset = scoring.get_ruleset(RULESET)
    if kind == "manual":
        return _manual(rng, seats, dealer)
    if kind in ("virgin", "mayor"):
        return _trischaken(rng, seats, dealer, kind)
    if kind == "surrendered_rufer":
        return _positive(rng, ruleset.contract("rufer"), seats, dealer, surrendered=True)
    if kind == "valat":
        return _positive(rng, ruleset.contract("dreier"), seats, dealer, valat=True)
    contract = ruleset.contract(kind or _weighted(rng, CONTRACT_WEIGHTS))
    if contract.family is scoring.Family.TRISCHAKEN:
        return _trischaken(rng, seats, dealer, None)
    if contract.family is scoring.Family.NEGATIVE:
        return _negative(rng, contract, seats, dealer)
    return _positive(rng, contract, seats, dealer)


def table_hands(
    rng: random.Random,
    seats: int,
    count: int,
    *,
    first_dealer: int = 0,
    planned: Mapping[int, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Return `count` hands of one table that the engine accepts, in playing order.

    planned maps a hand number (1-based) to the kind of hand wanted there (see random_hand).
    A dealt hand the engine refuses (say, a Trischaken tie the cup rules cannot share) is dealt
    again. The cup's rules have no doubled deals, so a hand that scores on its own with the right
    dealer also scores in its place on the sheet; the whole sheet is scored at the end anyway.
    """
    planned = planned or {}
    hands: list[dict[str, Any]] = []
    for number in range(1, count + 1):
        dealer = scoring.dealer_of(number - 1, first_dealer, seats)
        for _ in range(MAX_TRIES):
            hand = random_hand(rng, seats, dealer, planned.get(number))
            try:
                scoring.score_hand(RULESET, hand, players=seats, dealer=dealer, options=options)
            except scoring.ScoringError:
                continue
            hands.append(hand)
            break
        else:  # pragma: no cover - the generator's own hands are always scorable
            raise RuntimeError(f"no scorable hand {number} after {MAX_TRIES} deals")
    scoring.score_sheet(
        {
            "ruleset": RULESET,
            "options": dict(options or {}),
            "players": [f"seat {s}" for s in range(seats)],
            "first_dealer": first_dealer,
            "hands": hands,
        }
    )
    return hands


def load_demo(owner: Any, path: Path = FIXTURE) -> Tournament | None:
    """Load the demo tournament unless its slug is taken; return it (None when already there)."""
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    return load_document(document, owner)


@transaction.atomic
def load_document(document: Mapping[str, Any], owner: Any) -> Tournament | None:
    """Create a tournament with its players, rounds, seating and hands from a demo document."""
    info = document["tournament"]
    if Tournament.objects.filter(slug=info["slug"]).exists():
        return None
    tournament = Tournament.objects.create(
        name=info["name"],
        slug=info["slug"],
        date=datetime.date.fromisoformat(info["date"]),
        venue=info.get("venue", ""),
        ruleset=info["ruleset"],
        options=info.get("options", {}),
        hands_four=info["hands_four"],
        hands_five=info["hands_five"],
        rounds_planned=info["rounds_planned"],
        public=info.get("public", True),
        lot_seed=info["lot_seed"],
        owner=owner,
    )
    _load_settlement(tournament, info.get("settlement"))
    players: dict[str, Player] = {}
    for entry in document["players"]:
        # A demo player left over from an earlier demo tournament is used again.
        player = Player.objects.filter(name=entry["name"], club=entry["club"]).first()
        players[entry["name"]] = player or Player.objects.create(
            name=entry["name"], club=entry["club"]
        )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in=True)
        for player in players.values()
    )
    for round_info in document["rounds"]:
        round_ = Round.objects.create(
            tournament=tournament,
            number=round_info["number"],
            seed=round_info["seed"],
            finished=round_info.get("finished", False),
        )
        for table_info in round_info["tables"]:
            _load_table(round_, table_info, players, owner)
    return tournament


def _load_settlement(tournament: Tournament, info: Mapping[str, Any] | None) -> None:
    """Give the tournament the document's settlement (the money the demo plays for), if any."""
    if not info:
        return
    Settlement.objects.create(
        tournament=tournament,
        cents=info["cents"],
        kontras=info["kontras"],
        prize_rule=info.get("prize_rule", ""),
        prize_x=info.get("prize_x", 0),
        prizes=info.get("prizes", []),
    )
    if info.get("entry_fee") is not None:
        tournament.entry_fee = Decimal(info["entry_fee"])
        tournament.save(update_fields=["entry_fee"])


def _load_table(
    round_: Round, info: Mapping[str, Any], players: Mapping[str, Player], owner: Any
) -> None:
    names = info["players"]
    table = Table.objects.create(
        round=round_,
        number=info["number"],
        first_dealer=info.get("first_dealer", 0),
        totals=[0] * len(names),
        hands_played=[0] * len(names),
    )
    Seat.objects.bulk_create(
        Seat(round=round_, table=table, position=position, player=players[name])
        for position, name in enumerate(names)
    )
    for hand in info["hands"]:
        sheets.save_hand(table, hand, user=owner)
    if info.get("finished"):
        table.finished = True
        table.save(update_fields=["finished"])
