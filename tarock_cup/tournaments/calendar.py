"""The tournaments' calendar: when and where the next tournaments are, on the calendar page and
in the iCalendar feeds (RFC 5545) players subscribe to once in their phone's calendar.

Hidden tournaments are never in it: the page lists what its visitor may see, the feeds (one
address for everyone, cached by anyone) only public tournaments of public cups. The feeds keep
the past year's tournaments, so a subscribed calendar does not lose the days already played.
"""

import datetime
import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
from django.db.models import Model, QuerySet
from django.urls import reverse
from django.utils import dateformat, formats, timezone
from django.utils.functional import cached_property
from django.utils.translation import get_language, gettext

from tarock_cup.tournaments.access import visible_tournaments
from tarock_cup.tournaments.models import ANNOUNCED_FIELDS, Region, Tournament

# Austrian tournaments are played in Austrian time, whatever the server's zone.
VIENNA = ZoneInfo("Europe/Vienna")
# The feeds keep a year of days played; the page shows the last weeks' results below the dates.
FEED_PAST_DAYS = 366
RECENT_DAYS = 30
PRODUCT_ID = "-//tarock_cup//Tarock Cup calendar//DE"


def cup_model() -> type[Model]:
    """Return the cups' model, reached through the tournaments' relation: the cups app sits
    above this one and is not imported here (tests/test_import_direction.py)."""
    model = Tournament._meta.get_field("cups").related_model
    assert isinstance(model, type) and issubclass(model, Model)
    return model


def public_cups() -> QuerySet[Any]:
    """Return the public cups: the calendar's cup filter and the cups a date is shown with."""
    return cup_model().objects.filter(public=True).order_by("name", "season")  # type: ignore[attr-defined,no-any-return]


@dataclass(frozen=True)
class CalendarFilter:
    """What the calendar page is narrowed to: a public cup (its slug) and a region (its key)."""

    cup: str = ""
    region: str = ""

    @classmethod
    def read(cls, query: Mapping[str, str], cup_slugs: Iterable[str]) -> "CalendarFilter":
        """Return the filter the query asks for; a cup or region that does not exist is no
        filter (an old bookmark shows every date rather than none)."""
        cup = query.get("cup", "")
        region = query.get("region", "")
        return cls(
            cup=cup if cup in set(cup_slugs) else "",
            region=region if region in Region.values else "",
        )


def tournaments_from(
    tournaments: QuerySet[Tournament], chosen: CalendarFilter
) -> QuerySet[Tournament]:
    """Return the tournaments narrowed to the filter, each knowing whether it is an imported
    ranking, in the calendar's order."""
    if chosen.cup:
        tournaments = tournaments.filter(cups__slug=chosen.cup, cups__public=True)
    if chosen.region:
        tournaments = tournaments.filter(region=chosen.region)
    # The rules' JSON is not shown: not read, for a list of hundreds.
    return (
        tournaments.select_related("imported_ranking", "sign_on_rules")
        .defer("options", "tie_breakers")
        .order_by("date", "start_time", "name")
    )


def cups_of(keys: list[int], cups: list[Any]) -> dict[int, list[Any]]:
    """Return the public cups (of `cups`, the public ones) of each tournament of `keys`, by its
    key: one query of the cups' tournament pairs, not a cup read per tournament."""
    by_key = {cup.pk: cup for cup in cups}
    pairs = Tournament.cups.through.objects.filter(
        tournament__in=keys, cup__in=list(by_key)
    ).values_list("tournament_id", "cup_id")
    found: dict[int, list[Any]] = {}
    for tournament_id, cup_id in pairs:
        found.setdefault(tournament_id, []).append(by_key[cup_id])
    return found


def day_text(day: datetime.date) -> str:
    """Return a day as the calendar heads it: "Samstag, 5. Dezember 2026" (localized)."""
    return f"{dateformat.format(day, 'l')}, {formats.date_format(day, 'DATE_FORMAT')}"


def time_text(start: datetime.time | None) -> str:
    """Return a start time as players read it: "um 14:00 Uhr" ("" when not known)."""
    return gettext("at %(time)s") % {"time": start.strftime("%H:%M")} if start else ""


@dataclass(frozen=True)
class Entry:
    """A date of the calendar with everything its page shows, in words: the page lists
    hundreds, so each is put into words once here rather than by template tags."""

    tournament: Tournament
    url: str
    day: str
    time: str
    place: str
    region: str
    cups: list[tuple[str, str]]
    fee: str
    # The seat finder's address on the day itself ("" on other days).
    seat_url: str
    # Where players sign on before the day, while the director takes sign-ons ("" otherwise).
    sign_on_url: str = ""


def entry_of(tournament: Tournament, cups: list[Any], today: datetime.date) -> Entry:
    """Return the tournament, of these public cups, as a date of the calendar."""
    on_the_day = tournament.date == today and not tournament.imported
    return Entry(
        tournament=tournament,
        url=tournament.get_absolute_url(),
        day=day_text(tournament.date),
        time=time_text(tournament.start_time),
        place=place_text(tournament),
        region=tournament.get_region_display() if tournament.region else "",
        cups=[(str(cup), cup.get_absolute_url()) for cup in cups],
        fee=fee_text(tournament.entry_fee) if tournament.entry_fee is not None else "",
        seat_url=reverse("where_do_i_sit", args=[tournament.slug]) if on_the_day else "",
        sign_on_url=reverse("sign_on", args=[tournament.slug])
        if signs_on(tournament, today)
        else "",
    )


def signs_on(tournament: Tournament, today: datetime.date) -> bool:
    """Return whether players sign on for the tournament before its day, as of now."""
    # The rules live in the sign-on app; read by name, as the calendar reads cups.
    rules = getattr(tournament, "sign_on_rules", None)
    if rules is None or not rules.open or tournament.date <= today:
        return False
    return rules.closes_at is None or rules.closes_at > timezone.now()


def digest(*parts: object) -> str:
    """Return a short digest of what a page or feed is made of: equal digests, equal text."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


# What the calendar and its feeds show of a tournament: the cached texts are keyed by them.
SHOWN_FIELDS = ("pk", "slug", "name", "rounds_planned", "round_minutes", *ANNOUNCED_FIELDS)


@dataclass
class CalendarPage:
    """The calendar as its page shows it: the dates to come and the results of the last weeks.

    The page keeps its rendered list of dates by `digest`, which says everything the list
    shows and is read as plain values; the tournaments are read and put into words (`entries`)
    only when that list is made anew.
    """

    to_come: QuerySet[Tournament]
    recent: list[Tournament]
    today: datetime.date
    # The public cups (the filter offers them; a date names those it counts for).
    public_cups: list[Any]

    @cached_property
    def shown(self) -> list[tuple[Any, ...]]:
        # The sign-on's rules say whether a date offers signing on; its closing time passing is
        # a change of the list too (`digest`).
        return list(
            self.to_come.values_list(
                *SHOWN_FIELDS,
                "imported_ranking__pk",
                "sign_on_rules__open",
                "sign_on_rules__closes_at",
            )
        )

    @cached_property
    def cups(self) -> dict[int, list[Any]]:
        """Return the public cups of each tournament to come, by its key."""
        return cups_of([row[0] for row in self.shown], self.public_cups)

    @cached_property
    def entries(self) -> list[Entry]:
        return [entry_of(t, self.cups.get(t.pk, []), self.today) for t in self.to_come]

    @cached_property
    def digest(self) -> str:
        cups = [(cup.pk, cup.slug, str(cup)) for cup in self.public_cups]
        pairs = {key: [cup.pk for cup in found] for key, found in self.cups.items()}
        now = timezone.now()
        closed = [row[-1] is not None and row[-1] <= now for row in self.shown]
        return digest(get_language(), self.today, self.shown, cups, pairs, closed)


def calendar_page(user: Any, chosen: CalendarFilter, public_cups: list[Any]) -> CalendarPage:
    """Return the tournaments the user may see from RECENT_DAYS ago on, split at today."""
    today = timezone.localdate()
    since = today - datetime.timedelta(days=RECENT_DAYS)
    tournaments = tournaments_from(visible_tournaments(user), chosen)
    return CalendarPage(
        to_come=tournaments.filter(date__gte=today),
        recent=list(tournaments.filter(date__gte=since, date__lt=today).reverse()),
        today=today,
        public_cups=public_cups,
    )


def upcoming_of_cup(cup: Any, user: Any) -> list[Tournament]:
    """Return the cup's tournaments from today on that the user may see (the cup's dates)."""
    return list(
        visible_tournaments(user)
        .filter(cups=cup, date__gte=timezone.localdate())
        .order_by("date", "start_time", "name")
    )


def feed_tournaments(cup: Any = None) -> QuerySet[Tournament]:
    """Return what a feed holds: the public tournaments of the past year and all to come, of
    one cup or of every public cup and none."""
    since = timezone.localdate() - datetime.timedelta(days=FEED_PAST_DAYS)
    tournaments = Tournament.objects.filter(public=True, date__gte=since)
    if cup is not None:
        tournaments = tournaments.filter(cups=cup)
    return tournaments.order_by("date", "start_time", "name")


def feed_etag(tournaments: QuerySet[Tournament], host: str, name: str) -> str:
    """Return the feed's ETag, which says everything the feed shows: it changes when a
    tournament in it changes what it shows, one joins or leaves it, or the feed's name,
    language or the address it is built on changes."""
    shown = list(tournaments.values_list(*SHOWN_FIELDS))
    return digest(host, name, get_language(), timezone.localdate(), shown)


def fee_text(fee: Decimal) -> str:
    """Return an entry fee as players read it: "€ 12,00" (localized)."""
    return gettext("€ %(amount)s") % {"amount": formats.number_format(fee, 2)}


def details(tournament: Tournament) -> list[str]:
    """Return the lines a player wants besides time and place: fee, contact, note."""
    lines = []
    if tournament.entry_fee is not None:
        lines.append(gettext("Entry fee: %(fee)s") % {"fee": fee_text(tournament.entry_fee)})
    if tournament.contact:
        lines.append(gettext("Contact: %(contact)s") % {"contact": tournament.contact})
    if tournament.note:
        lines.append(tournament.note)
    return lines


def place_text(tournament: Tournament) -> str:
    """Return the venue and its address in one line, as a calendar's location."""
    return ", ".join(part for part in (tournament.venue, tournament.venue_address) if part)


def event_of(tournament: Tournament, host: str, url: str) -> icalendar.Event:
    """Return the tournament as a calendar event: timed in Vienna's time when its start is
    known (lasting its rounds), else a whole day. Its UID names the tournament, never its name
    or slug, so an edited tournament replaces its event in the player's calendar."""
    event = icalendar.Event()
    event.add("uid", f"tournament-{tournament.pk}@{host}")
    event.add("dtstamp", timezone.now())
    event.add("summary", tournament.name)
    if tournament.start_time is None:
        event.add("dtstart", tournament.date)
        event.add("dtend", tournament.date + datetime.timedelta(days=1))
    else:
        start = datetime.datetime.combine(tournament.date, tournament.start_time, VIENNA)
        playing = datetime.timedelta(minutes=tournament.rounds_planned * tournament.round_minutes)
        event.add("dtstart", start)
        event.add("dtend", start + playing)
    if place := place_text(tournament):
        event.add("location", place)
    event.add("description", "\n".join([*details(tournament), url]))
    event.add("url", url)
    return event


def feed(
    tournaments: Iterable[Tournament], *, name: str, host: str, url_of: Callable[[Tournament], str]
) -> bytes:
    """Return the iCalendar text of the tournaments, with the Vienna time zone it uses."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("name", name)
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", "Europe/Vienna")
    calendar.add("refresh-interval", datetime.timedelta(hours=6), parameters={"VALUE": "DURATION"})
    events = [event_of(t, host, url_of(t)) for t in tournaments]
    for event in events:
        calendar.add_component(event)
    timed = [e.DTSTART for e in events if isinstance(e.DTSTART, datetime.datetime)]
    if timed:
        # The zone's rules for the years the feed spans, not the library's default 1970–2038.
        calendar.add_missing_timezones(
            first_date=datetime.date(min(timed).year, 1, 1),
            last_date=datetime.date(max(timed).year + 2, 1, 1),
        )
    text: bytes = calendar.to_ical()
    return text
