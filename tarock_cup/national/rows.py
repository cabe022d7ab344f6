"""The national ranking's lines as the pages and downloads show them: one fact, one place."""

from dataclasses import dataclass

from tarock_cup.national.ranking import National
from tarock_cup.tournaments.models import Player
from tarock_cup.tournaments.naming import shown_name


@dataclass(frozen=True)
class Row:
    """A player's line in the national ranking, with the words the public may see."""

    rank: int
    player: Player
    name: str
    total: int
    qualifying: int
    from_cup: str  # the cup's name, or "" for a player in no cup
    final_rank: int | None
    final_points: int
    cups: tuple[tuple[str, int, int], ...]  # (cup name, rank there, points it brings)


def ranking_rows(national: National) -> list[Row]:
    """Return the ranking's lines in order, each player named as the public sees them."""
    names = {line.entry.cup.slug: str(line.entry.cup) for line in national.cups}
    rows = []
    for s in national.ranking.standings:
        player = national.player(s.player)
        rows.append(
            Row(
                rank=s.rank,
                player=player,
                name=shown_name(player, False),
                total=s.total,
                qualifying=s.qualifying,
                from_cup=names.get(s.from_cup or "", ""),
                final_rank=s.final_rank,
                final_points=s.final_points,
                cups=tuple((names[c.cup], c.rank, c.points) for c in s.cups),
            )
        )
    return rows
