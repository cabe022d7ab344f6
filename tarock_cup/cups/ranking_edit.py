"""Correcting an imported final ranking: a row's player, score or rank, a forgotten row added,
a mistaken row removed.

Ranks stay 1 to N, one player each (RULES.md section 12: a final rank is the standings after
all tie-breakers, so ranks are distinct). A director correcting a paper ranking thinks in
"this player belongs at rank 3", so a row moved to a taken rank is *inserted* there: the rows
between its old and its new rank each move one rank towards the gap it left, as when a line
of a printed list is cut and pasted. A row added at rank r pushes r and every rank below down
by one; a removed row's gap is closed by those below moving up. The result is then checked as
the import checks a file: a better rank never has a lower score than a worse one (equal
scores are told apart by the tie-breakers). Each correction is one entry of the tournament's
history (kind PLACE), its row's state before and after (`place_record`) with the other rows
it moved, written in one transaction with the change; a refused change writes nothing and
says why (`RankingEditRefused`). Players are found among those the editor may see
(`visible_players`), by number or by name (and club); a new one only when asked for.

The season table follows by itself: it reads the places afresh (`season.imported_rankings`).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tarock_cup import names
from tarock_cup.cups import rankings
from tarock_cup.cups.models import Cup, ImportedPlace, ImportedRanking
from tarock_cup.cups.players import place_state, visible_players
from tarock_cup.imports import players as player_import
from tarock_cup.register.homes import settle_home
from tarock_cup.tournaments import history
from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import Change, Player

# "1234", "Nr. 1234", "No. 1234" or "#1234": a player's number rather than a name.
_NUMBER = re.compile(r"(?:nr\.?|no\.?|#)?\s*(\d{1,9})", re.IGNORECASE)
# Players named beside a refusal that asks which of them is meant.
NAMED_IN_REFUSAL = 5
# Far above any rank a ranking holds (spreadsheet.MAX_ROWS), so parked ranks meet no real one.
_PARKED = 10_000_000


class RankingEditRefused(Exception):
    """Why a change to an imported ranking is refused, in the user's language."""


@dataclass(frozen=True)
class PlayerWanted:
    """Who a row is to name, as typed: a name (with a club to tell namesakes apart) or a
    number; `new` says a player of that name is to be created even if one exists."""

    text: str
    club: str = ""
    new: bool = False


def may_edit(cup: Cup, user: Any) -> bool:
    """Return whether the user may correct the cup's imported rankings: its organisers and
    deputies ("tournaments and rankings")."""
    return cup.manages_tournaments(user)


def needs_scores(ranking: ImportedRanking) -> bool:
    """Return whether every place of the ranking needs a score: when any cup counting it gives
    points from the scores (a place without one would leave that cup unable to count it)."""
    return any(rankings.needs_scores(entry.cup) for entry in ranking.tournament.cup_entries.all())


def check_may_edit(cup: Cup, ranking: ImportedRanking, user: Any) -> None:
    """Raise RankingEditRefused unless the user organises every cup counting the ranking.

    One ranking may count in several cups: a correction made through one cup changes the
    others' seasons too, so it needs the right to change each of them.
    """
    if not may_edit(cup, user):
        raise RankingEditRefused(_("Only the cup's organisers may correct its rankings."))
    if not visible_tournaments(user).filter(pk=ranking.tournament_id).exists():
        # Said as of a missing ranking: a hidden tournament is not confirmed to exist.
        raise RankingEditRefused(_("This row is no longer in the ranking."))
    if not ranking.tournament.cup_entries.filter(cup=cup).exists():
        raise RankingEditRefused(_("This ranking does not count in this cup."))
    if ranking.tournament.cup_entries.filter(cup__season_closed_at__isnull=False).exists():
        # One closed season among the cups counting it (this one or another) is enough.
        raise RankingEditRefused(Cup.closed_season_text())
    others = ranking.tournament.cup_entries.exclude(cup=cup).select_related("cup")
    if any(not may_edit(entry.cup, user) for entry in others):
        # The other cup is not named: it may be hidden from the user.
        raise RankingEditRefused(
            _(
                "This ranking also counts in a cup you do not organise; only someone who "
                "organises every cup counting it may correct it."
            )
        )


# -- finding the player ----------------------------------------------------------------------


def _listed(players: Sequence[Player]) -> str:
    shown = [f"{p.name} ({p.club or '–'}, {p.number_label()})" for p in players[:NAMED_IN_REFUSAL]]
    if len(players) > NAMED_IN_REFUSAL:
        shown.append("…")
    return "; ".join(shown)


def _checked_name(name: str, club: str) -> None:
    """Raise RankingEditRefused unless the name and club may be a new player's."""
    if not name:
        raise RankingEditRefused(_("Enter the player's name or number."))
    if len(name) > rankings.NAME_LENGTH or len(club) > rankings.CLUB_LENGTH:
        raise RankingEditRefused(
            _("A name has at most %(name)s characters, a club at most %(club)s.")
            % {"name": rankings.NAME_LENGTH, "club": rankings.CLUB_LENGTH}
        )
    if reason := player_import.control_character_reason(name, club):
        raise RankingEditRefused(reason)


def _by_number(number: int, user: Any) -> Player:
    player = visible_players(user).filter(number=number).first()
    if player is None:
        raise RankingEditRefused(_("No player has the number %(n)s.") % {"n": number})
    return player


def find_player(wanted: PlayerWanted, user: Any, current: Player | None = None) -> Player:
    """Return the player the typed details name among those the user may see; a new one
    (created) only when `wanted.new` says so. `current` (the row's player) is kept when the
    details still name it, so an unchanged form keeps its player even beside a namesake.

    Raise RankingEditRefused when no player or several fit, naming those who do.
    """
    name, club = " ".join(wanted.text.split()), " ".join(wanted.club.split())
    _checked_name(name, club)
    if wanted.new:
        player = Player(name=name, club=club)
        player.save()
        return player
    number = _NUMBER.fullmatch(name)
    if number is not None:
        return _by_number(int(number.group(1)), user)
    key = names.search_key(name, club)
    if current is not None and current.search_key == key:
        return current
    namesakes = list(
        visible_players(user)
        .filter(search_key__startswith=" ".join(names.name_key(name)) + " / ")
        .order_by("pk")
    )
    exact = [p for p in namesakes if p.search_key == key] if club else namesakes
    if len(exact) == 1:
        return exact[0]
    if not namesakes:
        raise RankingEditRefused(
            _("No player called %(name)s was found. Tick “new player” to add them.")
            % {"name": name}
        )
    raise RankingEditRefused(
        _(
            "Players called %(name)s: %(players)s. Enter the number of the one you mean, or "
            "tick “new player” if it is someone else."
        )
        % {"name": name, "players": _listed(exact or namesakes)}
    )


# -- checking and writing a ranking ----------------------------------------------------------


def place_record(place: ImportedPlace) -> dict[str, Any]:
    """Return what the history keeps of a place: as a merge keeps it, with the score."""
    return {**place_state(place, place.player), "score": place.score}


def _checked_score(score: int | None, required: bool) -> None:
    if score is None:
        if required:
            raise RankingEditRefused(
                _("The score is missing; a cup counting this ranking gives points from the scores.")
            )
    elif abs(score) > rankings.MAX_SCORE:
        raise RankingEditRefused(
            _("A score is at most %(max)s either way.") % {"max": rankings.MAX_SCORE}
        )


def _checked_rank(rank: int, last: int) -> None:
    if not 1 <= rank <= last:
        raise RankingEditRefused(_("The rank must be between 1 and %(last)s.") % {"last": last})


def _checked_order(order: Sequence[ImportedPlace]) -> None:
    """Raise RankingEditRefused when a better rank would have a lower score than a worse one."""
    better: ImportedPlace | None = None
    for place in order:
        if place.score is None:
            continue
        if better is not None and better.score is not None and place.score > better.score:
            raise RankingEditRefused(
                _(
                    "%(name)s would be rank %(rank)s with a higher score (%(score)s) than "
                    "%(better)s at rank %(better_rank)s (%(better_score)s). A better rank has at "
                    "least the score of every rank below it: correct the rank or the score."
                )
                % {
                    "name": place.player.name,
                    "rank": place.rank,
                    "score": place.score,
                    "better": better.player.name,
                    "better_rank": better.rank,
                    "better_score": better.score,
                }
            )
        better = place


def _row_of(order: Sequence[ImportedPlace], place: ImportedPlace) -> ImportedPlace:
    """Return the locked row of the place, or refuse when it was removed meanwhile."""
    row = next((p for p in order if p.pk == place.pk), None)
    if row is None:
        raise RankingEditRefused(_("This row is no longer in the ranking."))
    return row


def _check_player_free(order: Sequence[ImportedPlace], place: ImportedPlace) -> None:
    for other in order:
        if other is not place and other.player_id == place.player_id:
            raise RankingEditRefused(
                _("%(name)s already has rank %(rank)s in this ranking.")
                % {"name": other.player.name, "rank": other.rank}
            )


def _locked_places(ranking: ImportedRanking) -> tuple[list[ImportedPlace], dict[int, Any]]:
    """Return the ranking's places by rank and what the history keeps of each, the ranking
    locked against other corrections until the transaction ends."""
    ImportedRanking.objects.select_for_update().get(pk=ranking.pk)
    places = list(ranking.places.select_related("player").order_by("rank"))
    return places, {place.pk: place_record(place) for place in places}


def _renumbered(
    order: list[ImportedPlace], row: ImportedPlace, before: dict[int, dict[str, Any]]
) -> list[ImportedPlace]:
    """Give the places in `order` ranks 1 to N and check them as a ranking; return the places
    other than `row` whose rank changed (raise RankingEditRefused when it is no ranking)."""
    for rank, place in enumerate(order, start=1):
        place.rank = rank
    _checked_order(order)
    return [p for p in order if p is not row and before[p.pk]["rank"] != p.rank]


def _write(
    ranking: ImportedRanking,
    row: ImportedPlace | None,
    moved: list[ImportedPlace],
    before: dict[int, dict[str, Any]],
) -> None:
    """Write the corrected row (None: it was removed) and the ranks of the rows it moved.

    One correction moves the rows it passes one rank the same way, so each is moved by two
    statements however many there are: first parked above any real rank (the row's new rank
    is then free: the database checks each row as it is written), then back down.
    """
    if moved:
        shift = moved[0].rank - before[moved[0].pk]["rank"]
        pks = [p.pk for p in moved]
        ImportedPlace.objects.filter(pk__in=pks).update(rank=F("rank") + _PARKED + shift)
    if row is not None and row.pk is not None and before[row.pk]["rank"] != row.rank:
        ImportedPlace.objects.filter(pk=row.pk).update(rank=row.rank + _PARKED)
    if moved:
        ImportedPlace.objects.filter(pk__in=pks).update(rank=F("rank") - _PARKED)
    if row is not None and (row.pk is None or place_record(row) != before[row.pk]):
        row.save()
        settle_home(row.player, ranking.tournament)


def _record(
    ranking: ImportedRanking,
    row_pk: int,
    action: str,
    states: tuple[dict[str, Any] | None, dict[str, Any] | None],
    moved: list[tuple[int, int, int]],
    user: Any,
) -> None:
    """Record a correction as one change of its row, unless it changed nothing. The other rows
    it moved ride along in `after["moved"]` as [place, rank before, rank after]: the history
    holds every rank that changed, in one entry, as the director made one correction."""
    was, now = states
    if now == was and not moved:
        return
    after = {**(now or {}), "moved": [list(shift) for shift in moved]}
    history.record(ranking.tournament_id, Change.Kind.PLACE, row_pk, action, was, after, user)


def _shifts(
    moved: list[ImportedPlace], before: dict[int, dict[str, Any]]
) -> list[tuple[int, int, int]]:
    return [(p.pk, before[p.pk]["rank"], p.rank) for p in moved]


# -- the corrections -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceEdit:
    """A row as the director wants it: its rank, its player (as typed) and its score."""

    rank: int
    player: PlayerWanted
    score: int | None


def change_place(cup: Cup, place: ImportedPlace, edit: PlaceEdit, user: Any) -> None:
    """Correct one row: its player, score and rank at once (a rank taken by another row is
    taken over: the rows in between move one rank towards the row's old rank)."""
    ranking = place.ranking
    with transaction.atomic():
        check_may_edit(cup, ranking, user)
        order, before = _locked_places(ranking)
        row = _row_of(order, place)
        _checked_rank(edit.rank, len(order))
        _checked_score(edit.score, needs_scores(ranking))
        row.player = find_player(edit.player, user, current=row.player)
        row.score = edit.score
        _check_player_free(order, row)
        order.remove(row)
        order.insert(edit.rank - 1, row)
        moved = _renumbered(order, row, before)
        _write(ranking, row, moved, before)
        states = (before[row.pk], place_record(row))
        _record(ranking, row.pk, Change.Action.UPDATE, states, _shifts(moved, before), user)


def add_place(cup: Cup, ranking: ImportedRanking, edit: PlaceEdit, user: Any) -> ImportedPlace:
    """Add a forgotten row at its rank (that rank and those below move down one); return it."""
    with transaction.atomic():
        check_may_edit(cup, ranking, user)
        order, before = _locked_places(ranking)
        _checked_rank(edit.rank, len(order) + 1)
        _checked_score(edit.score, needs_scores(ranking))
        row = ImportedPlace(
            ranking=ranking, rank=edit.rank, player=find_player(edit.player, user), score=edit.score
        )
        _check_player_free(order, row)
        order.insert(edit.rank - 1, row)
        moved = _renumbered(order, row, before)
        _write(ranking, row, moved, before)
        states = (None, place_record(row))
        _record(ranking, row.pk, Change.Action.CREATE, states, _shifts(moved, before), user)
    return row


def remove_place(cup: Cup, place: ImportedPlace, user: Any) -> None:
    """Remove a row entered by mistake; the rows below move up one rank."""
    ranking = place.ranking
    with transaction.atomic():
        check_may_edit(cup, ranking, user)
        order, before = _locked_places(ranking)
        row = _row_of(order, place)
        if len(order) == 1:
            raise RankingEditRefused(
                _(
                    "A ranking keeps at least one row. To drop the whole ranking, take it out "
                    "of the cup."
                )
            )
        order.remove(row)
        moved = _renumbered(order, row, before)
        row_pk = row.pk
        row.delete()
        _write(ranking, None, moved, before)
        states = (before[row_pk], None)
        _record(ranking, row_pk, Change.Action.DELETE, states, _shifts(moved, before), user)


# -- the history, as the tournament's page shows it ------------------------------------------


def _score_text(score: Any) -> str:
    return "–" if score is None else str(score)


def describe_change(change: Change) -> str:
    """Return one line of an imported place's history: a correction made here (its states
    carry the score) or a player merge (they do not; `players.place_state`)."""
    before, after = change.before or {}, change.after or {}
    line = _describe(change.action, before, after)
    moved = len(after.get("moved", []))
    if moved:
        line += " · " + ngettext(
            "%(n)s other row moved one rank", "%(n)s other rows moved one rank", moved
        ) % {"n": moved}
    return line


def _describe(action: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    if action == Change.Action.CREATE:
        return _("rank %(rank)s: %(name)s added") % after
    if action == Change.Action.DELETE:
        return _("rank %(rank)s: %(name)s removed") % before
    if "score" not in after:
        return _("rank %(rank)s: %(before)s → %(after)s (players merged)") % {
            "rank": after.get("rank"),
            "before": before.get("name"),
            "after": after.get("name"),
        }
    what = []
    if before.get("rank") != after.get("rank"):
        what.append(
            _("rank %(before)s → %(after)s")
            % {"before": before.get("rank"), "after": after.get("rank")}
        )
    if before.get("player") != after.get("player"):
        what.append(
            _("player %(before)s → %(after)s")
            % {"before": before.get("name"), "after": after.get("name")}
        )
    if before.get("score") != after.get("score"):
        what.append(
            _("score %(before)s → %(after)s")
            % {"before": _score_text(before.get("score")), "after": _score_text(after.get("score"))}
        )
    return _("%(name)s: %(what)s (corrected)") % {
        "name": before.get("name"),
        "what": "; ".join(what),
    }
