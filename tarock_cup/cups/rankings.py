"""Importing a past tournament's final ranking into a cup (a day played on paper or elsewhere).

`read_ranking` reads a file (CSV, .xlsx or the season's JSON) into checked places, refusing the
whole file with a message when any of it is wrong: a ranking imported in part would be a wrong
ranking. `plan` then finds each place's player without writing anything: the same player by
name and club, a new one, or (where the register holds alike names: a typo, accents, word
order, another club) the players the register's matcher offers, for the organiser to choose
from. `apply` writes the tournament, its cup entry and its places in one transaction. Rows of
one file whose names look alike ("Anna Huber" and "Huber Anna") are flagged: the organiser
confirms they are different people.

Workbooks and CSV text are read, within the same bounds as a player list, by the shared reader
(tarock_cup.imports.spreadsheet).
"""

import datetime
import itertools
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.season import SeasonError, loads, season_from_json
from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace, ImportedRanking
from tarock_cup.imports import players as player_import
from tarock_cup.imports import spreadsheet
from tarock_cup.names import name_key
from tarock_cup.register import similar
from tarock_cup.tournaments.display import upload_error_text
from tarock_cup.tournaments.models import Player, Tournament, ruleset_choices
from tarock_cup.tournaments.players import PlayerIndex, find_or_create_player, player_key
from tarock_cup.uploads import MAX_UPLOAD, too_large

MAX_ROWS = spreadsheet.MAX_ROWS
MAX_SCORE = 1_000_000  # far beyond any tournament's total, far within the database's integer
NAME_LENGTH = player_import.NAME_LENGTH
CLUB_LENGTH = player_import.CLUB_LENGTH

# Column headers, compared as the player import compares them. "Platz" is the rank here, so the
# player import's "place" (a town) is not a club heading in a ranking.
HEADERS = {
    "rank": {"rang", "platz", "platzierung", "rank", "position", "pos", "pl"},
    "name": player_import.HEADERS["name"],
    "club": player_import.HEADERS["club"] - {"place"},
    "score": {
        "punkte",
        "turnierpunkte",
        "gesamt",
        "summe",
        "ergebnis",
        "score",
        "points",
        "total",
        "tournament score",
    },
}
_RANK = re.compile(r"\+?(\d{1,6})(?:\.|[.,]0+)?")
_SCORE = re.compile(r"([+\-−]?)(\d{1,9})(?:[.,]0+)?")
_PLAYER_NUMBER = re.compile(r"\s+#\d+$")  # the season export's "Anna Huber #12"


class RankingFileError(Exception):
    """A file that cannot be imported as a ranking; the message is for the organiser."""


@dataclass(frozen=True)
class Place:
    """One player's final rank as read from the file, with the row it came from."""

    line: int
    rank: int
    name: str
    club: str
    score: int | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "rank": self.rank,
            "name": self.name,
            "club": self.club,
            "score": self.score,
        }


# -- reading ---------------------------------------------------------------------------------


SPEC = spreadsheet.TableSpec(
    HEADERS,
    ("rank", "name"),
    gettext_lazy(
        "No rank and name columns found. The first row must name the columns, for example "
        "“Platz”, “Name”, “Verein” and “Punkte” (or “Rank”, “Name”, “Club”, “Score”)."
    ),
)


def _json_table(data: bytes, tournament_id: str) -> list[dict[str, Any]]:
    """Return the rows of one tournament of a season's JSON (the only one, or the one named)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RankingFileError(_("A season's JSON file must be UTF-8 text.")) from error
    try:
        season = season_from_json(loads(text))
    except SeasonError as error:
        raise RankingFileError(upload_error_text(error)) from error
    ids = [t.id for t in season.tournaments]
    if tournament_id:
        chosen = [t for t in season.tournaments if t.id == tournament_id]
        if not chosen:
            raise RankingFileError(
                _("The file has no tournament “%(id)s”; it has: %(ids)s.")
                % {"id": tournament_id, "ids": ", ".join(ids)}
            )
    elif len(ids) == 1:
        chosen = list(season.tournaments)
    else:
        raise RankingFileError(
            _("The file holds %(n)s tournaments; name the one to import: %(ids)s.")
            % {"n": len(ids), "ids": ", ".join(ids) or "–"}
        )
    if len(chosen[0].ranking) > MAX_ROWS:
        raise RankingFileError(_("The file has more than %(n)s rows of players.") % {"n": MAX_ROWS})
    return [
        {
            "line": rank,
            "rank": str(rank),
            "name": _PLAYER_NUMBER.sub("", placing.player),
            "club": "",
            "score": "" if placing.score is None else _score_text(placing.score),
        }
        for rank, placing in enumerate(chosen[0].ranking, start=1)
    ]


def _score_text(score: Any) -> str:
    if isinstance(score, Decimal) and score == score.to_integral_value():
        return str(int(score))
    return str(score)


def _whole(pattern: re.Pattern[str], text: str) -> int | None:
    match = pattern.fullmatch(text.strip())
    if match is None:
        return None
    if pattern is _SCORE:
        sign = -1 if match.group(1) in ("-", "−") else 1
        return sign * int(match.group(2))
    return int(match.group(1))


def _places(rows: Sequence[Mapping[str, Any]], needs_scores: bool) -> list[Place]:
    """Return the checked places of the rows, best rank first, or raise saying what is wrong."""
    places: list[Place] = []
    for row in rows:
        line, name, club = row["line"], row["name"], row["club"]
        if not name:
            raise RankingFileError(_("Row %(n)s: the name is empty.") % {"n": line})
        if len(name) > NAME_LENGTH:
            raise RankingFileError(
                _("Row %(n)s: the name is longer than %(max)s characters.")
                % {"n": line, "max": NAME_LENGTH}
            )
        if len(club) > CLUB_LENGTH:
            raise RankingFileError(
                _("Row %(n)s: the club or place is longer than %(max)s characters.")
                % {"n": line, "max": CLUB_LENGTH}
            )
        if bad := player_import.control_character_reason(name, club):
            raise RankingFileError(_("Row %(n)s: %(reason)s") % {"n": line, "reason": bad})
        rank = _whole(_RANK, row["rank"])
        if rank is None or rank < 1:
            raise RankingFileError(
                _("Row %(n)s: the rank “%(value)s” is not a positive whole number.")
                % {"n": line, "value": row["rank"]}
            )
        score = None
        if row["score"]:
            score = _whole(_SCORE, row["score"])
            if score is None or abs(score) > MAX_SCORE:
                raise RankingFileError(
                    _("Row %(n)s: the score “%(value)s” is not a whole number.")
                    % {"n": line, "value": row["score"]}
                )
        elif needs_scores:
            raise RankingFileError(
                _("Row %(n)s: the score is missing; this cup's points come from the scores.")
                % {"n": line}
            )
        places.append(Place(line, rank, name, club, score))
    return _checked(places)


def _checked(places: list[Place]) -> list[Place]:
    by_rank: dict[int, Place] = {}
    by_player: dict[tuple[str, str], Place] = {}
    for place in places:
        if place.rank in by_rank:
            raise RankingFileError(
                _("Rank %(rank)s is given twice (rows %(a)s and %(b)s); ranks are distinct.")
                % {"rank": place.rank, "a": by_rank[place.rank].line, "b": place.line}
            )
        by_rank[place.rank] = place
        key = (player_key(place.name), player_key(place.club))
        if key in by_player:
            raise RankingFileError(
                _("Row %(b)s names the same player as row %(a)s: %(name)s.")
                % {"a": by_player[key].line, "b": place.line, "name": place.name}
            )
        by_player[key] = place
    missing = next((r for r in range(1, len(places) + 1) if r not in by_rank), None)
    if missing is not None:
        raise RankingFileError(
            _("The ranks must run from 1 to %(n)s, one for each player; rank %(rank)s is missing.")
            % {"n": len(places), "rank": missing}
        )
    ordered = sorted(places, key=lambda p: p.rank)
    above: Place | None = None
    for place in ordered:
        if place.score is None:
            continue
        if above is not None and place.score > (above.score or 0):
            raise RankingFileError(
                _(
                    "Row %(n)s: rank %(rank)s has a higher score (%(score)s) than rank "
                    "%(above)s (%(above_score)s)."
                )
                % {
                    "n": place.line,
                    "rank": place.rank,
                    "score": place.score,
                    "above": above.rank,
                    "above_score": above.score,
                }
            )
        above = place
    return ordered


def _is_json(filename: str, data: bytes) -> bool:
    """Return whether the file is a season's JSON (not a workbook, not an old Excel file)."""
    suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if suffix in ("xlsx", "xlsm", "xls") or data.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        return False
    return suffix == "json" or data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def read_ranking(
    filename: str, data: bytes, *, needs_scores: bool, tournament_id: str = ""
) -> list[Place]:
    """Return the places of an uploaded ranking, best first, or raise RankingFileError."""
    if not data.strip():
        raise RankingFileError(_("The file is empty."))
    if len(data) > MAX_UPLOAD:
        raise RankingFileError(too_large())
    if _is_json(filename, data):
        rows = _json_table(data, tournament_id)
    else:
        try:
            rows = spreadsheet.read_table(filename, data, SPEC)
        except spreadsheet.SpreadsheetError as error:
            raise RankingFileError(str(error)) from error
    return _places(rows, needs_scores)


def needs_scores(cup: Cup) -> bool:
    """Return whether the cup's points come from the tournament scores (so each place needs one)."""
    return season_from_json({"points": cup.points, "tournaments": []}).points.needs_scores


# -- finding the players ---------------------------------------------------------------------


ALIKE_SHOWN = 3  # other rows named beside a row whose name looks like theirs; then "and N more"


@dataclass
class PlanRow:
    """A place and its player: found exactly, new, or one of the players offered (the
    matcher's, `tarock_cup.register.similar`) to choose from."""

    place: Place
    player: Player | None = None
    offers: list[similar.Offer] = field(default_factory=list)
    # The rows of the same file whose names look alike, this one's included, by line (see
    # `alike_in_file`); one list shared by all of them, so a file of one name written 2,500
    # ways holds 2,500 places, not 2,500 times 2,500.
    alike_group: Sequence[Place] = ()

    @property
    def choose(self) -> bool:
        return self.player is None and bool(self.offers)

    @property
    def initial_choice(self) -> str:
        """Return the choice the preview starts with (see similar.initial_choice)."""
        return similar.initial_choice(self.offers)

    @property
    def alike(self) -> list[Place]:
        """Return the other rows of the file whose names look like this one's."""
        return [p for p in self.alike_group if p != self.place]

    @property
    def alike_shown(self) -> list[Place]:
        """Return the first few other look-alike rows, as many as the preview names."""
        return [p for p in self.alike_group[: ALIKE_SHOWN + 1] if p != self.place][:ALIKE_SHOWN]

    @property
    def alike_more(self) -> int:
        """Return how many other look-alike rows the preview does not name."""
        return max(0, len(self.alike_group) - 1 - ALIKE_SHOWN)

    def signature(self) -> list[Any]:
        pk = self.player.pk if self.player else None
        # The look-alike rows come from the file alone, so their first line names them.
        return [
            *self.place.as_dict().values(),
            pk,
            [o.player.pk for o in self.offers],
            self.alike_key,
        ]

    @property
    def alike_key(self) -> str:
        """Return the confirmation field that says this row's look-alikes are other people."""
        return f"distinct-{self.alike_group[0].line}" if self.alike_group else ""


def plan(places: Iterable[Place], user: Any) -> list[PlanRow]:
    """Return each place with its player as importing would find it; nothing is written.

    Players are looked for among those the importing user may see (visible_players).
    """
    # One list for both: the exact matches and the offers.
    everyone = list(similar.visible_to(user))
    index = PlayerIndex(everyone)
    matcher = similar.Matcher(everyone)
    rows = []
    for place in places:
        found = index.match(place.name, place.club, None).player
        if found is not None:
            rows.append(PlanRow(place, player=found))
        else:
            rows.append(PlanRow(place, offers=matcher.offers(place.name, place.club)))
    by_place = {row.place: row for row in rows}
    for group in alike_in_file(by_place):
        for place in group:
            by_place[place].alike_group = group
    return rows


def alike_in_file(places: Iterable[Place]) -> list[list[Place]]:
    """Return groups of the file's places whose names differ only by case, accents or order,
    each ordered by line.

    "Anna Huber" and "Huber Anna" in one file are likely one person written twice; importing
    both silently would give her two season rows, so the organiser confirms or corrects.
    """
    groups: dict[tuple[str, ...], list[Place]] = defaultdict(list)
    for place in places:
        groups[name_key(place.name)].append(place)
    return [sorted(group, key=lambda p: p.line) for group in groups.values() if len(group) > 1]


def signature(rows: Sequence[PlanRow]) -> list[Any]:
    return [row.signature() for row in rows]


class FinalTaken(Exception):
    """The cup got its final after the preview; the message names it."""


class ChoiceError(Exception):
    """The organiser's choices among the offered players do not make one player per place."""


def chosen_players(rows: Sequence[PlanRow], choices: Mapping[str, str]) -> list[Player | None]:
    """Return each row's player (None: a new one) with the organiser's choices applied.

    choices maps a row's line (as text) to an offered player's pk or "new"; a row with offers
    needs one; rows alike in the file need their `alike_key` set to "1" (different people).
    Raises ChoiceError when a choice or confirmation is missing or two places would be one
    player.
    """
    result: list[Player | None] = []
    seen: dict[int, int] = {}
    for row in rows:
        if row.alike_group and choices.get(row.alike_key) != "1":
            # The first ten rows say which group; a group of thousands would fill the page.
            lines = [str(p.line) for p in row.alike_group[:10]]
            if len(row.alike_group) > 10:
                lines.append("…")
            raise ChoiceError(
                _(
                    "Rows %(rows)s look like the same person. Confirm that they are different "
                    "people, or correct the file and upload it again."
                )
                % {"rows": ", ".join(lines)}
            )
        player = row.player
        if row.choose:
            try:
                player = similar.chosen(row.offers, choices.get(str(row.place.line), ""))
            except similar.NotOffered:
                raise ChoiceError(
                    _("Choose who %(name)s (row %(n)s) is: one of the players offered, or new.")
                    % {"name": row.place.name, "n": row.place.line}
                ) from None
        if player is not None:
            if player.pk in seen:
                raise ChoiceError(
                    _("Rows %(a)s and %(b)s would both be %(name)s; choose again.")
                    % {"a": seen[player.pk], "b": row.place.line, "name": player}
                )
            seen[player.pk] = row.place.line
        result.append(player)
    return result


# -- writing ---------------------------------------------------------------------------------


def _free_slug(name: str, date: datetime.date) -> str:
    base = slugify(f"{name}-{date.isoformat()}")[:70] or "turnier"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    candidates = itertools.chain([base], (f"{base}-{n}" for n in itertools.count(2)))
    return next(slug for slug in candidates if slug not in taken)


@transaction.atomic
def apply(
    cup: Cup,
    rows: Sequence[PlanRow],
    chosen: Sequence[Player | None],
    *,
    name: str,
    date: datetime.date,
    final: bool,
    filename: str,
    user: Any,
) -> Tournament:
    """Create the tournament with its imported ranking and enter it in the cup; return it.

    Raise FinalTaken, creating nothing, when it is to be the final and the cup has one.
    """
    if final:
        # Locked, so an import of a second final at the same moment waits and then sees this one.
        Cup.objects.select_for_update().get(pk=cup.pk)
        current = cup.entries.filter(final=True).select_related("tournament").first()
        if current is not None:
            raise FinalTaken(
                _("The cup already has a final: %(name)s. Nothing was imported.")
                % {"name": current.tournament.name}
            )
    tournament = Tournament.objects.create(
        name=name,
        slug=_free_slug(name, date),
        date=date,
        # No hand is played here: any ruleset will do; the first keeps the field valid.
        ruleset=ruleset_choices()[0][0],
        owner=user,
        public=cup.public,
        rounds_planned=1,
    )
    CupTournament.objects.create(cup=cup, tournament=tournament, final=final)
    ranking = ImportedRanking.objects.create(
        tournament=tournament, filename=filename[:200], imported_by=user
    )
    # Found among the players the user may see, as the preview found them; anyone else is new.
    index = PlayerIndex(similar.visible_to(user))
    places = []
    for row, chosen_player in zip(rows, chosen, strict=True):
        place = row.place
        # An offered player the organiser chose is taken as chosen; every other place is found
        # (or created) by the registration's own rule, as the preview found it.
        player = chosen_player if row.choose and chosen_player is not None else None
        if player is None:
            player, _created = find_or_create_player(place.name, place.club, None, index)
        places.append(
            ImportedPlace(ranking=ranking, rank=place.rank, player=player, score=place.score)
        )
    ImportedPlace.objects.bulk_create(places)
    return tournament


@transaction.atomic
def remove(entry: CupTournament, user: Any) -> bool:
    """Take an imported ranking out of its cup; return whether its tournament was deleted too.

    The tournament goes with it when the user directs it, no other cup counts it and nothing
    was played or registered in it here, so a mistaken import leaves nothing behind and can
    simply be imported again.
    """
    tournament = entry.tournament
    entry.delete()
    if (
        not tournament.is_director(user)
        or tournament.cup_entries.exists()
        or tournament.rounds.exists()
        or tournament.registrations.exists()
    ):
        return False
    tournament.delete()
    return True
