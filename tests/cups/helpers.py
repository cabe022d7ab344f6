"""Builders for cup tests: tournaments with a finished round whose totals are given."""

import datetime

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments.models import Player, Registration, Round, Seat, Table, Tournament


def player(name, club="Innsbruck"):
    return Player.objects.get_or_create(name=name, defaults={"club": club})[0]


def played(owner, slug, totals, *, day=1, finished=True, public=True):
    """Return a one-round tournament where each named player scored the given total."""
    tournament = Tournament.objects.create(
        name=f"Turnier {slug}",
        slug=slug,
        date=datetime.date(2026, 9, day),
        ruleset="tirol_cup",
        owner=owner,
        public=public,
        rounds_planned=1,
        lot_seed=1,
    )
    round_ = Round.objects.create(tournament=tournament, number=1, finished=finished)
    items = list(totals.items())
    for t, start in enumerate(range(0, len(items), 4), 1):
        group = items[start : start + 4]
        table = Table.objects.create(
            round=round_,
            number=t,
            totals=[total for _name, total in group],
            hands_played=[1] * len(group),
            finished=finished,
        )
        for position, (name, _total) in enumerate(group):
            p = player(name)
            Registration.objects.create(tournament=tournament, player=p, checked_in=True)
            Seat.objects.create(round=round_, table=table, position=position, player=p)
    return tournament


def make_cup(owner, tournaments, *, final=None, public=True, slug="tirol", **fields):
    cup = Cup.objects.create(
        name="Tiroler Cup",
        slug=slug,
        season="2026/27",
        points=fields.pop("points", {"method": "table", "points": [10, 6, 3]}),
        owner=owner,
        public=public,
        **fields,
    )
    for t in tournaments:
        CupTournament.objects.create(cup=cup, tournament=t, final=False)
    if final is not None:
        CupTournament.objects.create(cup=cup, tournament=final, final=True)
    return cup


def imported(owner, slug, names, *, day=1, scores=None):
    """Return a tournament whose final ranking was imported: the names, winner first."""
    from tarock_cup.cups.models import ImportedPlace, ImportedRanking

    tournament = Tournament.objects.create(
        name=f"Papierturnier {slug}",
        slug=slug,
        date=datetime.date(2026, 9, day),
        ruleset="tirol_cup",
        owner=owner,
        rounds_planned=1,
    )
    ranking = ImportedRanking.objects.create(tournament=tournament, filename=f"{slug}.csv")
    for rank, name in enumerate(names, start=1):
        score = scores[rank - 1] if scores else None
        ImportedPlace.objects.create(ranking=ranking, rank=rank, player=player(name), score=score)
    return tournament
