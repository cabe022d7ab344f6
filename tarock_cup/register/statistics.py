"""A player's record across tournaments and seasons: one function, `player_record`, for the
record page and the API alike.

Each tournament's figures for the player (rank, total, each round's score, the hands played and
what they played in them) are counted once from its standings and hands and kept in
`RecordFigures` under the tournament's version; a changed tournament is counted again when next
read. So a record of two hundred tournaments reads its figures in one query instead of scoring
twelve thousand hands. The hands' scores are the stored ones (the engine scored them when they
were saved); who declared, partnered or was mayor is read by the engine (`scoring.roles`).

A hand counts for the player unless they sat it out (the dealer at a table of five). A game is
won when the declarer's score in the hand is above 0. A table recorded from its paper block has
no hands: its round score counts, its hands do not.
"""

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.utils.translation import gettext

import scoring
from scoring.roles import Roles, sheet_roles
from tarock_cup.cups.access import visible_cups
from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace
from tarock_cup.cups.season import UnusableSeason, cup_season
from tarock_cup.register.models import RecordFigures
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Hand, Player, Seat, Tournament
from tarock_cup.tournaments.standings import standings

# The cups' usual measure: a score per 60 hands.
PER_HANDS = 60
# How long the public's season lines are kept; any change of a cup's results is a new key.
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class CupPoints:
    """The cup points a tournament gave the player in one cup."""

    cup: Cup
    points: Fraction | int
    counted: bool


@dataclass(frozen=True)
class TournamentLine:
    """One tournament of the record."""

    tournament: Tournament
    rank: int | None
    total: int | None
    hands: int
    cup_points: tuple[CupPoints, ...] = ()


@dataclass(frozen=True)
class SeasonLine:
    """The player's line in one cup's season table."""

    cup: Cup
    rank: int
    points: Fraction | int
    participations: int


@dataclass(frozen=True)
class ContractLine:
    """The player's games of one contract as declarer."""

    key: str
    name: str
    games: int
    won: int
    score: int

    @property
    def won_percent(self) -> float:
        return 100 * self.won / self.games

    @property
    def average(self) -> float:
        return self.score / self.games


@dataclass(frozen=True)
class BestRound:
    tournament: Tournament
    round: int
    score: int


@dataclass
class Record:
    """A player's record as one viewer may see it, filtered by season and cup."""

    player: Player
    tournaments: list[TournamentLine]  # latest first
    seasons: list[SeasonLine]
    contracts: list[ContractLine]
    hands: int = 0
    score: int = 0  # the sum of the player's hand scores
    valats_declarer: int = 0
    valats_partner: int = 0
    trischaken: int = 0
    mayor: int = 0
    best_tournament: TournamentLine | None = None
    best_round: BestRound | None = None
    season_choices: list[str] = field(default_factory=list)
    cup_choices: list[Cup] = field(default_factory=list)

    @property
    def per_60(self) -> float | None:
        return PER_HANDS * self.score / self.hands if self.hands else None

    def chart(self) -> list[TournamentLine]:
        """Return the tournaments with a total, in date order (the chart's points)."""
        return [line for line in reversed(self.tournaments) if line.total is not None]


class UnknownFilter(ValueError):
    """A season or cup asked for that is none of the player's (as the viewer sees them)."""


def player_record(
    player: Player, viewer: Any, season: str | None = None, cup: str | None = None
) -> Record:
    """Return the player's record as the viewer may see it: only visible tournaments and cups;
    raise UnknownFilter for a season or cup (slug) that is none of the record's."""
    shown = list(_tournaments(player, viewer))
    cups = list(
        visible_cups(viewer).filter(entries__tournament__in=[t.pk for t in shown]).distinct()
    )
    members = _cup_members(cups, shown)
    chosen = _chosen_cups(cups, season, cup)
    if chosen is not None:
        wanted = {pk for c in chosen for pk in members[c.pk]}
        shown = [t for t in shown if t.pk in wanted]
        cups = chosen
    figures = figures_of(player, shown)
    seasons, points = _seasons_kept(player, viewer, cups)
    lines = [_line(t, figures[t.pk], points.get(t.slug, ())) for t in shown]
    record = Record(player, lines, seasons, [])
    _count_hands(record, [figures[t.pk] for t in shown], shown)
    record.season_choices = sorted({c.season for c in members_cups(cups, members)}, reverse=True)
    record.cup_choices = cups
    return record


def members_cups(cups: list[Cup], members: dict[int, set[int]]) -> list[Cup]:
    """Return the cups that hold any of the record's tournaments."""
    return [c for c in cups if members[c.pk]]


def _tournaments(player: Player, viewer: Any) -> QuerySet[Tournament]:
    """Return the visible tournaments the player played or was placed in, latest first."""
    return (
        visible_tournaments(viewer)
        .filter(
            Q(pk__in=Seat.objects.filter(player=player).values("round__tournament"))
            | Q(pk__in=ImportedPlace.objects.filter(player=player).values("ranking__tournament"))
        )
        .select_related("imported_ranking")
        .order_by("-date", "name", "pk")
    )


def _cup_members(cups: list[Cup], shown: list[Tournament]) -> dict[int, set[int]]:
    """Return which of the shown tournaments each cup holds, by cup pk."""
    members: dict[int, set[int]] = {c.pk: set() for c in cups}
    pks = [t.pk for t in shown]
    for cup_id, tournament_id in CupTournament.objects.filter(
        cup__in=cups, tournament__in=pks
    ).values_list("cup_id", "tournament_id"):
        members[cup_id].add(tournament_id)
    return members


def _chosen_cups(cups: list[Cup], season: str | None, slug: str | None) -> list[Cup] | None:
    """Return the cups the filters choose (None: no filter), or raise UnknownFilter."""
    if not season and not slug:
        return None
    chosen = cups
    if season:
        chosen = [c for c in chosen if c.season == season]
        if not chosen:
            raise UnknownFilter("season")
    if slug:
        chosen = [c for c in chosen if c.slug == slug]
        if not chosen:
            raise UnknownFilter("cup")
    return chosen


def _seasons_kept(
    player: Player, viewer: Any, cups: list[Cup]
) -> tuple[list[SeasonLine], dict[str, tuple[CupPoints, ...]]]:
    """Return `_seasons`, for the public kept in the cache under everything the cups' season
    tables are made of (their settings, their tournaments and versions): one query, however
    many cups. A signed-in viewer may see hidden tournaments, so theirs is made each time."""
    if getattr(viewer, "is_authenticated", False) or not cups:
        return _seasons(player, viewer, cups)
    parts = list(
        CupTournament.objects.filter(cup__in=[c.pk for c in cups])
        .order_by("cup_id", "pk")
        .values_list(
            "cup_id",
            "cup__name",
            "cup__season",
            "cup__points",
            "cup__best",
            "cup__final_factor",
            "cup__qualify",
            "tournament_id",
            "tournament__version",
            "tournament__public",
            "final",
        )
    )
    digest = hashlib.sha256(repr((player.pk, player.name, parts)).encode()).hexdigest()
    key = f"record-seasons:{digest}"
    found = cache.get(key)
    if found is None:
        found = _seasons(player, viewer, cups)
        cache.set(key, found, KEEP_SECONDS)
    return found  # type: ignore[no-any-return]


def _seasons(
    player: Player, viewer: Any, cups: list[Cup]
) -> tuple[list[SeasonLine], dict[str, tuple[CupPoints, ...]]]:
    """Return the player's line in each cup's season table, and each tournament's cup points
    by the tournament's slug."""
    lines: list[SeasonLine] = []
    points: dict[str, list[CupPoints]] = defaultdict(list)
    for cup in cups:
        try:
            season = cup_season(cup, viewer)
        except UnusableSeason:
            continue  # the cup's page says why; the record leaves it out
        key = season.keys.get(player.pk)
        for standing in season.ranking.standings:
            if standing.player != key:
                continue
            lines.append(SeasonLine(cup, standing.rank, standing.points, standing.participations))
            for result in standing.results:
                points[result.tournament].append(CupPoints(cup, result.points, result.counted))
    return lines, {slug: tuple(found) for slug, found in points.items()}


def _line(tournament: Tournament, figures: dict[str, Any], cup_points: Any) -> TournamentLine:
    return TournamentLine(
        tournament, figures.get("rank"), figures.get("total"), figures.get("hands", 0), cup_points
    )


def _count_hands(
    record: Record, all_figures: list[dict[str, Any]], shown: list[Tournament]
) -> None:
    """Add up the tournaments' figures into the record's statistics."""
    contracts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    names: dict[str, str] = {}
    for tournament, figures in zip(shown, all_figures, strict=True):
        record.hands += figures.get("hands", 0)
        record.score += figures.get("score", 0)
        record.valats_declarer += figures.get("valats_declarer", 0)
        record.valats_partner += figures.get("valats_partner", 0)
        record.trischaken += figures.get("trischaken", 0)
        record.mayor += figures.get("mayor", 0)
        for key, (games, won, score) in figures.get("contracts", {}).items():
            counts = contracts[key]
            counts[0], counts[1], counts[2] = counts[0] + games, counts[1] + won, counts[2] + score
            if key not in names:
                names[key] = _contract_name(tournament, key)
        for number, score in figures.get("rounds", []):
            if record.best_round is None or score > record.best_round.score:
                record.best_round = BestRound(tournament, number, score)
    record.contracts = sorted(
        (ContractLine(key, names[key], *counts) for key, counts in contracts.items()),
        key=lambda line: (-line.games, line.name),
    )
    ranked = [line for line in record.tournaments if line.total is not None]
    if ranked:
        record.best_tournament = max(ranked, key=lambda line: line.total or 0)


def _contract_name(tournament: Tournament, key: str) -> str:
    try:
        # Contract names are the rulesets' words, translated like every text (display.py).
        return gettext(tournament.ruleset_info().contract(key).name)
    except (KeyError, ValueError):
        return key


def figures_of(player: Player, tournaments: Iterable[Tournament]) -> dict[int, dict[str, Any]]:
    """Return the player's figures of each tournament by its pk: those kept for the
    tournament's version, the others counted now and kept."""
    wanted = {t.pk: t for t in tournaments}
    # Plain values, not model instances: a long record has two hundred rows.
    rows = RecordFigures.objects.filter(player=player, tournament__in=list(wanted)).values_list(
        "tournament_id", "version", "figures"
    )
    found = {pk: kept for pk, version, kept in rows if version == wanted[pk].version}
    stale = [t for pk, t in wanted.items() if pk not in found]
    if stale:
        counted = count_figures(player, stale)
        for tournament in stale:
            RecordFigures.objects.update_or_create(
                player=player,
                tournament=tournament,
                defaults={"version": tournament.version, "figures": counted[tournament.pk]},
            )
        found.update(counted)
    return found


def count_figures(player: Player, tournaments: list[Tournament]) -> dict[int, dict[str, Any]]:
    """Return the player's figures of these tournaments, counted from standings and hands."""
    figures: dict[int, dict[str, Any]] = {}
    for tournament in tournaments:
        figures[tournament.pk] = _placing(player, tournament)
    seats = list(
        Seat.objects.filter(player=player, round__tournament__in=[t.pk for t in tournaments])
        .select_related("table", "round__tournament")
        .order_by("round__number")
    )
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in Hand.objects.filter(table__in=[s.table_id for s in seats]).order_by("number"):
        hands[hand.table_id].append(hand)
    sizes = _table_sizes([s.table_id for s in seats])
    for seat in seats:
        table = seat.table
        totals = table.totals
        rounds = figures[seat.round.tournament_id].setdefault("rounds", [])
        if seat.position < len(totals):
            rounds.append([seat.round.number, totals[seat.position]])
        _add_table(figures[seat.round.tournament_id], seat, hands[table.pk], sizes[table.pk])
    return figures


def _table_sizes(table_ids: list[int]) -> dict[int, int]:
    sizes: dict[int, int] = defaultdict(int)
    for table_id in Seat.objects.filter(table__in=table_ids).values_list("table_id", flat=True):
        sizes[table_id] += 1
    return sizes


def _placing(player: Player, tournament: Tournament) -> dict[str, Any]:
    """Return the player's rank and total in the tournament (none: not in its ranking)."""
    if tournament.imported:
        place = ImportedPlace.objects.filter(ranking__tournament=tournament, player=player).first()
        return {"rank": place.rank, "total": place.score} if place else {}
    for row in standings(tournament):
        if row.player.pk == player.pk:
            return {"rank": row.rank, "total": row.total}
    return {}


def _add_table(figures: dict[str, Any], seat: Seat, hands: list[Hand], size: int) -> None:
    """Add what the player did in the table's hands to the tournament's figures."""
    tournament = seat.round.tournament
    sheet = {
        "ruleset": tournament.ruleset,
        "options": dict(tournament.options),
        "players": [str(n) for n in range(size)],
        "first_dealer": seat.table.first_dealer,
        "hands": [hand.data for hand in hands],
    }
    try:
        roles = sheet_roles(sheet)
    except (scoring.ScoringError, KeyError, ValueError):
        # The engine refuses the stored hands now (its ruleset changed): their roles are
        # unknown, their scores still count.
        roles = [Roles(None, None, None, False, (), False)] * len(hands)
    for hand, role in zip(hands, roles, strict=True):
        if hand.sitting_out == seat.position or seat.position >= len(hand.scores):
            continue
        _add_hand(figures, seat.position, hand.scores[seat.position], role)


def _add_hand(figures: dict[str, Any], seat: int, score: int, role: Roles) -> None:
    figures["hands"] = figures.get("hands", 0) + 1
    figures["score"] = figures.get("score", 0) + score
    if role.trischaken:
        figures["trischaken"] = figures.get("trischaken", 0) + 1
        figures["mayor"] = figures.get("mayor", 0) + (seat in role.mayors)
    if role.valat_by_declarer and seat in (role.declarer, role.partner):
        which = "valats_declarer" if seat == role.declarer else "valats_partner"
        figures[which] = figures.get(which, 0) + 1
    if role.contract is not None and role.declarer == seat:
        games, won, total = figures.setdefault("contracts", {}).get(role.contract, [0, 0, 0])
        figures["contracts"][role.contract] = [games + 1, won + (score > 0), total + score]
