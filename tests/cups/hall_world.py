"""Three public seasons of one cup, worked by hand, for the hall of fame's tests.

Cup points by rank: 10, 6, 3, then 0. Every table is one table of four; each round sums to 0.

2023/24, T1 (1 Oct 2023): R1 Anna 40, Bert 10, Cora -20, Dora -30; R2 Anna -10, Bert 50,
    Cora -15, Dora -25. Totals Bert 60, Anna 30, Cora -35, Dora -55.
    Season: Bert 10, Anna 6, Cora 3 → winner Bert (10).
2024/25, T2 (1 Oct 2024): R1 Anna 70, Bert -20, Cora -20, Emil -30; R2 Anna -10, Bert 10,
    Cora 20, Emil -20. Totals Anna 60, Cora 0, Bert -10, Emil -50 → 10, 6, 3, 0.
    T3 (1 Nov 2024): R1 Cora 70, Bert 20, Anna -40, Emil -50; R2 Cora -10, Bert 10, Anna 5,
    Emil -5. Totals Cora 60, Bert 30, Anna -35, Emil -55 → 10, 6, 3, 0.
    Season: Cora 6 + 10 = 16, Anna 10 + 3 = 13, Bert 3 + 6 = 9 → winner Cora (16).
2025/26, T4 (1 Oct 2025): R1 Bert 70, Anna 0, Dora -30, Emil -40; R2 Bert 10, Anna 5,
    Dora -5, Emil -10. Totals Bert 80, Anna 5, Dora -35, Emil -50 → 10, 6, 3, 0.
    T6 (1 Nov 2025), still played (round 1 of 2 open): Dora 90, Cora -20, Anna -30, Bert -40
    → 10, 6, 3, 0. T5 (15 Oct 2025) is hidden: Fritz 500, Anna -100, Bert -200, Cora -200.
    Season: Dora 3 + 10 = 13, Bert 10 + 0 = 10, Anna 6 + 3 = 9, Cora 6 → Dora (13), provisional.

Records from the complete public tournaments T1-T4:
    best tournament score: Bert 80 (T4), alone;
    best round: 70, shared by Anna (T2 R1), Cora (T3 R1), Bert (T4 R1), the earliest first
    (T6's 90 is not final, T5's 500 hidden);
    most tournaments played: Anna and Bert 4 each (T1-T4; Cora 3, Emil 3, Dora 2).

Not in the series: a hidden season 2022/23 of the same cup (Gustav's 999 round, and a fifth
tournament for Anna) and a cup of the same name by another owner (Hugo's 900 round).
Cora Lechner is private: the public reads "Cora L.".
"""

import datetime

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments.models import Player, Registration, Round, Seat, Table, Tournament

NAMES = {
    "Anna": "Anna Huber",
    "Bert": "Bert Moser",
    "Cora": "Cora Lechner",
    "Dora": "Dora Wimmer",
    "Emil": "Emil Gruber",
    "Fritz": "Fritz Hidden",
    "Gustav": "Gustav Hidden",
    "Hugo": "Hugo Elsewhere",
}


def person(short):
    return Player.objects.get_or_create(name=NAMES[short], defaults={"club": "Innsbruck"})[0]


def tournament(owner, slug, day, rounds, *, planned=None, public=True, finished=True):
    """Return a tournament of one table of four; `rounds` holds each round's {player: total}."""
    made = Tournament.objects.create(
        name=f"Turnier {slug.upper()}",
        slug=slug,
        date=day,
        ruleset="tirol_cup",
        owner=owner,
        public=public,
        rounds_planned=planned or len(rounds),
        lot_seed=1,
    )
    for short in rounds[0]:
        Registration.objects.create(tournament=made, player=person(short), checked_in=True)
    for number, totals in enumerate(rounds, 1):
        round_ = Round.objects.create(tournament=made, number=number, finished=finished)
        table = Table.objects.create(
            round=round_, number=1, totals=list(totals.values()), hands_played=[8] * 4
        )
        for position, short in enumerate(totals):
            Seat.objects.create(round=round_, table=table, position=position, player=person(short))
    return made


def season(owner, label, tournaments, *, public=True, slug=None):
    cup = Cup.objects.create(
        name="Tiroler Cup",
        slug=slug or f"tirol-{label.replace('/', '-')}",
        season=label,
        points={"method": "table", "points": [10, 6, 3]},
        owner=owner,
        public=public,
    )
    for made in tournaments:
        CupTournament.objects.create(cup=cup, tournament=made)
    return cup


def build(owner, stranger):
    """Return the three public seasons by label (and the hidden one as "2022/23")."""
    day = datetime.date
    t0 = tournament(
        owner, "t0", day(2022, 10, 1), [{"Gustav": 999, "Anna": -333, "Bert": -333, "Cora": -333}]
    )
    t1 = tournament(
        owner,
        "t1",
        day(2023, 10, 1),
        [
            {"Anna": 40, "Bert": 10, "Cora": -20, "Dora": -30},
            {"Anna": -10, "Bert": 50, "Cora": -15, "Dora": -25},
        ],
    )
    t2 = tournament(
        owner,
        "t2",
        day(2024, 10, 1),
        [
            {"Anna": 70, "Bert": -20, "Cora": -20, "Emil": -30},
            {"Anna": -10, "Bert": 10, "Cora": 20, "Emil": -20},
        ],
    )
    t3 = tournament(
        owner,
        "t3",
        day(2024, 11, 1),
        [
            {"Cora": 70, "Bert": 20, "Anna": -40, "Emil": -50},
            {"Cora": -10, "Bert": 10, "Anna": 5, "Emil": -5},
        ],
    )
    t4 = tournament(
        owner,
        "t4",
        day(2025, 10, 1),
        [
            {"Bert": 70, "Anna": 0, "Dora": -30, "Emil": -40},
            {"Bert": 10, "Anna": 5, "Dora": -5, "Emil": -10},
        ],
    )
    t5 = tournament(
        owner,
        "t5",
        day(2025, 10, 15),
        [
            {"Fritz": 500, "Anna": -100, "Bert": -200, "Cora": -200},
        ],
        public=False,
    )
    t6 = tournament(
        owner,
        "t6",
        day(2025, 11, 1),
        [
            {"Dora": 90, "Cora": -20, "Anna": -30, "Bert": -40},
        ],
        planned=2,
        finished=False,
    )
    t7 = tournament(
        stranger, "t7", day(2024, 10, 1), [{"Hugo": 900, "Anna": -300, "Bert": -300, "Cora": -300}]
    )
    Player.objects.filter(name=NAMES["Cora"]).update(private=True)
    seasons = {
        "2022/23": season(owner, "2022/23", [t0], public=False),
        "2023/24": season(owner, "2023/24", [t1]),
        "2024/25": season(owner, "2024/25", [t2, t3]),
        "2025/26": season(owner, "2025/26", [t4, t5, t6]),
    }
    season(stranger, "2024/25", [t7], slug="fremd")
    return seasons
