"""Tournaments, players, rounds, tables and hands.

Scores are never calculated here: a table's hands are scored by `scoring` and the results are
stored beside what the director entered (see `sheets.py`).
"""

import secrets
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.db.models import Count, F, Q
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from tarock_cup import names
from tarock_cup.fields import made_by
from tarock_cup.textcheck import no_control_characters
from tarock_cup.tournaments.errors import TariffNotApplicable

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def ruleset_choices() -> list[tuple[str, "StrOrPromise"]]:
    """Return (key, name) for every ruleset of the engine."""
    return [(info.key, _(info.name)) for info in scoring.rulesets()]


def new_seed() -> int:
    """Return a fresh random seed that fits a signed 63-bit column."""
    return secrets.randbits(62)


# A table's code is typed from a printed card on a phone: no letters or digits that look alike
# (0/O/Q, 1/I/L, 2/Z, 5/S, 8/B). 25 signs in 6 places are 244 million codes.
CODE_ALPHABET = "346789ACDEFGHJKMNPRTUVWXY"
CODE_LENGTH = 6


def new_table_token() -> str:
    """Return the unguessable secret of a table's link (128 random bits)."""
    return secrets.token_urlsafe(16)


def new_table_code() -> str:
    """Return a short code that no open table has."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Table.objects.filter(code=code).open_for_entry().exists():
            return code


# Numbers the register hands out start here; smaller ones are a cup's own numbers, given on
# import or by hand, so the two never meet. An assigned number gives way once to a cup's own.
ASSIGNED_NUMBERS_FROM = 100_001


class PlayerNumber(models.Model):
    """How many player numbers were handed out: one row, counted up by the database itself
    (handed_out = handed_out + n), so two processes creating players never get one number."""

    handed_out = models.PositiveBigIntegerField(_("numbers handed out"), default=0)

    class Meta:
        verbose_name = _("player numbers handed out")
        verbose_name_plural = _("player numbers handed out")

    def __str__(self) -> str:
        return str(self.handed_out)


def hand_out_numbers(count: int) -> list[int]:
    """Return `count` player numbers no player has, from the database's own counter."""
    numbers: list[int] = []
    while len(numbers) < count:
        wanted = count - len(numbers)
        with transaction.atomic():
            PlayerNumber.objects.bulk_create([PlayerNumber(pk=1)], ignore_conflicts=True)
            counter = PlayerNumber.objects.filter(pk=1)
            counter.update(handed_out=F("handed_out") + wanted)
            last = ASSIGNED_NUMBERS_FROM + counter.values_list("handed_out", flat=True).get()
        fresh = list(range(last - wanted, last))
        # A cup's own number given by hand may be this large: such a number is skipped.
        taken = set(
            Player.objects.filter(number__gte=fresh[0], number__lte=fresh[-1]).values_list(
                "number", flat=True
            )
        )
        numbers += [number for number in fresh if number not in taken]
    return numbers


class PlayerQuerySet(models.QuerySet["Player"]):
    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list["Player"]:
        # bulk_create skips save(): numbers and search keys are given here as save() gives them.
        objs = list(objs)
        unnumbered = [player for player in objs if player.number is None]
        for player, number in zip(unnumbered, hand_out_numbers(len(unnumbered)), strict=True):
            player.number = number
        for player in objs:
            player.fill_search_key()
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    """A person in the register: one record, kept by the organisers of its home (see
    `tarock_cup.register`)."""

    name = models.CharField(_("name"), max_length=120, validators=[no_control_characters])
    club = models.CharField(
        _("club or place"), max_length=120, blank=True, validators=[no_control_characters]
    )
    # The public player number ("Nr. 1234"): given (a cup's own) or handed out here.
    # Left empty, save() and bulk_create hand one out (hand_out_numbers).
    number = models.PositiveIntegerField(_("number"), unique=True, blank=True)
    # The home: the cup whose organisers keep the record, or for a player seen only in
    # stand-alone tournaments the organiser who does. Empty: settled when first registered.
    home_cup = models.ForeignKey(
        "cups.Cup",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="home_players",
        verbose_name=_("home cup"),
    )
    home_organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="home_players",
        verbose_name=_("home organiser"),
    )
    # At the player's request public pages, exports and data show "Vorname N." and the number.
    private = models.BooleanField(_("first name and initial only in public"), default=False)
    # Anonymised at the player's request: name and club are gone, results stay for the others.
    forgotten = models.BooleanField(_("forgotten"), default=False)
    # Name and club as found while typing (names.search_key), kept up to date by save().
    search_key = models.CharField(_("search key"), max_length=250, blank=True, editable=False)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name", "club", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.number is None:
            self.number = hand_out_numbers(1)[0]
        self.fill_search_key()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"name", "club"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)

    def fill_search_key(self) -> None:
        """Set the key the player is found by as one types (from name and club)."""
        self.search_key = names.search_key(self.name, self.club)

    @property
    def number_assigned(self) -> bool:
        """Return whether the number was handed out here (a cup's own may replace it once)."""
        # Not yet saved without one: save() will hand one out.
        return self.number is None or self.number >= ASSIGNED_NUMBERS_FROM

    def number_label(self) -> str:
        """Return the public number as pages show it: "Nr. 1234" ("No. 1234" in English)."""
        return gettext("No. %(number)s") % {"number": self.number}


class Region(models.TextChoices):
    """The nine Bundesländer: the calendar's region filter (a tournament's, not its cup's, as a
    cup's tournaments may be played across a border). Names spelt alike in English and German
    are not translated."""

    BURGENLAND = "b", "Burgenland"
    CARINTHIA = "k", _("Carinthia")
    LOWER_AUSTRIA = "noe", _("Lower Austria")
    UPPER_AUSTRIA = "ooe", _("Upper Austria")
    SALZBURG = "s", "Salzburg"
    STYRIA = "st", _("Styria")
    TYROL = "t", _("Tyrol")
    VORARLBERG = "v", "Vorarlberg"
    VIENNA = "w", _("Vienna")


# What a tournament announces to the players: its form's first fields and its calendar entry.
ANNOUNCED_FIELDS = (
    "date",
    "start_time",
    "venue",
    "venue_address",
    "region",
    "entry_fee",
    "contact",
    "note",
)


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=160, validators=[no_control_characters])
    slug = models.SlugField(_("short name (address)"), max_length=80, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(
        _("venue"), max_length=160, blank=True, validators=[no_control_characters]
    )
    # What the calendar and its iCalendar feeds tell players before the day.
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    venue_address = models.CharField(
        _("venue address"), max_length=200, blank=True, validators=[no_control_characters]
    )
    region = models.CharField(_("region"), max_length=3, choices=Region.choices, blank=True)
    entry_fee = models.DecimalField(
        _("entry fee (euro)"),
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
    )
    contact = models.CharField(
        _("contact"),
        max_length=200,
        blank=True,
        validators=[no_control_characters],
        help_text=_("Who players ask: a name, a telephone number or an e-mail address."),
    )
    note = models.TextField(
        _("note"), max_length=1000, blank=True, validators=[no_control_characters]
    )
    ruleset = models.CharField(_("ruleset"), max_length=32, choices=ruleset_choices)
    options = models.JSONField(_("ruleset options"), default=dict, blank=True)
    # a cup's own numbers over the ruleset (a version that never changes once hands are scored)
    tariff = models.ForeignKey(
        "tariffs.Tariff",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("tariff"),
        help_text=_("A cup's own numbers over the ruleset; empty: the ruleset's own."),
    )
    hands_four = models.PositiveSmallIntegerField(
        _("hands per round at a table of four"), default=16, validators=[MaxValueValidator(100)]
    )
    hands_five = models.PositiveSmallIntegerField(
        _("hands per round at a table of five"), default=20, validators=[MaxValueValidator(100)]
    )
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"), default=3, validators=[MaxValueValidator(40)]
    )
    tie_breakers = models.JSONField(_("tie-breakers"), default=list, blank=True)
    public = models.BooleanField(_("public"), default=True)
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"),
        default=90,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_("The round clock's time limit; the director can pause and extend it."),
    )
    # Raised by every change of the tournament's results, seating or settings (see bump_version):
    # the live pages' ETags and cached copies are keyed by it.
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)
    # Raised with `version` by every change that is not one table's (bump_version): the tables'
    # link pages show these (names, seats, settings), not another table's hands.
    links_version = models.PositiveBigIntegerField(
        _("version of the tables' pages"), default=1, editable=False
    )
    lot_seed = models.BigIntegerField(_("seed of the drawn lots"), default=new_seed)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_tournaments",
        verbose_name=_("owner"),
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="directed_tournaments",
        blank=True,
        verbose_name=_("directors"),
    )
    players = models.ManyToManyField(Player, through="Registration", related_name="tournaments")

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(hands_four__gte=1, hands_five__gte=1, rounds_planned__gte=1),
                name="tournament_counts_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        adding = self._state.adding
        keep_version(self, kwargs)
        super().save(*args, **kwargs)
        if not adding:
            Tournament.bump_version(self.pk)

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.slug])

    @cached_property
    def imported(self) -> bool:
        """Return whether the tournament is only a final ranking imported into a cup.

        Such a tournament has no rounds, registrations or hands here: its ranking is the file's.
        """
        # The ranking lives in the cups app; its reverse accessor is absent when there is none.
        return hasattr(self, "imported_ranking")

    def is_director(self, user: object) -> bool:
        """Return whether the user may enter and correct results of this tournament."""
        if not getattr(user, "is_authenticated", False):
            return False
        pk: int | None = getattr(user, "pk", None)
        if getattr(user, "is_superuser", False) or self.owner_id == pk:
            return True
        # Named directors, and every member (any role) or owner of a cup the tournament is in;
        # one query. The cups are named by strings: this module does not import them.
        return (
            pk is not None
            and Tournament.objects.filter(pk=self.pk)
            .filter(
                Q(directors=pk)
                | Q(cup_entries__cup__owner=pk)
                | Q(cup_entries__cup__memberships__user=pk)
            )
            .exists()
        )

    def ruleset_info(self) -> scoring.RulesetInfo:
        """Return the ruleset hands are scored by: with the tournament's tariff, if it has one
        (TariffNotApplicable if the engine refuses that tariff now)."""
        if self.tariff is None:
            return scoring.get_ruleset(self.ruleset)
        try:
            return self.tariff.ruleset_info()
        except scoring.ScoringError as error:
            raise TariffNotApplicable(self, error) from error

    def rules_name(self) -> str:
        """Return the name of the rules hands are scored by, as its pages head them: the tariff
        with its version, or the ruleset's name."""
        if self.tariff is not None:
            return str(self.tariff)
        ruleset = scoring.RULESETS.get(self.ruleset)
        return gettext(ruleset.name) if ruleset is not None else self.ruleset

    def hands_for(self, seats: int) -> int:
        """Return how many hands a table of this size plays in a round."""
        return self.hands_five if seats == 5 else self.hands_four

    @staticmethod
    def bump_version(tournament_id: int, *, rounds: bool = True) -> None:
        """Mark the tournament changed, inside the caller's transaction.

        history.record calls this for every recorded change (hands, tables, paper blocks,
        seats, registrations), and saving the tournament does. Unless the change is one
        table's (`rounds=False`; its own row's write raised its version, see Table.save),
        `links_version` rises too, which every table's link page shows (names, seats,
        settings). Only the tournament's row is written: no lock on a round or a table.
        """
        raised: dict[str, Any] = {"version": F("version") + 1}
        if rounds:
            raised["links_version"] = F("links_version") + 1
        Tournament.objects.filter(pk=tournament_id).update(**raised)


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering = ["player__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="registration_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


def keep_version(instance: models.Model, kwargs: dict[str, Any]) -> None:
    """Leave the stored version alone when an instance read before a change is saved whole."""
    if not instance._state.adding and kwargs.get("update_fields") is None:
        kwargs["update_fields"] = [
            field.attname
            for field in instance._meta.concrete_fields
            if not field.primary_key and field.name not in {"version", "links_version"}
        ]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("seed of the seating draw"), default=new_seed)
    finished = models.BooleanField(_("finished"), default=False)
    # The round clock (see clock.py): not started while clock_limit is empty; running until
    # clock_ends_at; paused with clock_left seconds to go. The limit counts every extension.
    clock_limit = models.PositiveIntegerField(_("time limit (seconds)"), null=True, blank=True)
    clock_ends_at = models.DateTimeField(_("clock runs out at"), null=True, blank=True)
    clock_left = models.PositiveIntegerField(_("seconds left (paused)"), null=True, blank=True)
    # Raised by a change of the round's clock (bump_clock): its tables' link pages, its round's
    # page and the projector show the clock, the standings do not.
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        keep_version(self, kwargs)
        super().save(*args, **kwargs)

    @staticmethod
    def bump_clock(round_id: int) -> None:
        """Mark the round's clock changed: its own pages show it, the standings do not."""
        Round.objects.filter(pk=round_id).update(version=F("version") + 1)

    @property
    def started(self) -> bool:
        """Return whether any hand of this round has been entered."""
        return Hand.objects.filter(table__round=self).exists()


class TableQuerySet(models.QuerySet["Table"]):
    def open_for_entry(self) -> "TableQuerySet":
        """Return the tables whose link still works: neither they nor their round are closed."""
        return self.filter(finished=False, round__finished=False)

    def with_hands_entered(self) -> "TableQuerySet":
        """Return the tables, each counting its entered hands in one query (for `played`)."""
        return self.annotate(hands_entered=Count("hands", distinct=True))

    def with_seats_counted(self) -> "TableQuerySet":
        """Return the tables, each counting its seats in one query (for `hands_due`)."""
        return self.annotate(seated=Count("seats", distinct=True))


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer's seat"), default=0)
    finished = models.BooleanField(_("finished"), default=False)
    # Kept by sheets.py from the engine's results, so standings never read every hand.
    totals = models.JSONField(_("totals"), default=list, blank=True)
    hands_played = models.JSONField(_("hands played"), default=list, blank=True)
    # A round recorded from the table's paper block ({"totals", "hands", "note"}, see
    # scoring.paper): while it is set, totals and hands_played are its, not the hands'.
    paper = models.JSONField(_("paper block"), null=True, blank=True)
    # The table's own link (in its QR code) and the code typed instead; see links.py.
    token = models.CharField(_("link secret"), max_length=32, unique=True, default=new_table_token)
    code = models.CharField(_("table code"), max_length=8, db_index=True, default=new_table_code)
    # When the table's players confirmed their sheet; cleared when a director reopens it.
    signed_at = models.DateTimeField(_("signed at"), null=True, blank=True)
    # Raised by every write of this table's row (save): its link page is keyed by it and its
    # round's version, so a save at another table leaves this one's page as it was.
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)

    objects = TableQuerySet.as_manager()

    # Set by links.attach for the director's seating list and score cards; never stored.
    link_url: str
    link_code: str
    link_qr: str

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
            models.CheckConstraint(
                condition=Q(first_dealer__lte=4), name="table_first_dealer_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        keep_version(self, kwargs)
        if not self._state.adding and "version" not in kwargs["update_fields"]:
            # Every write of a table's row (its hands' totals, signed, closed, a paper block)
            # is a change its link page shows: its version rises in the same statement, and
            # Django reads the new one back (RETURNING).
            self.version = F("version") + 1
            kwargs["update_fields"] = [*kwargs["update_fields"], "version"]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.round.tournament.slug, self.round.number, self.number])

    def played(self, entered: int | None = None) -> int:
        """Return how many hands the table played: its paper block's count, else its hands.

        Every page, question and export that shows "played/due" asks this, so a paper table
        never shows 0 in one place and 16 in another. A list of tables counts the hands in one
        query with `Table.objects.with_hands_entered()`; a caller holding the hands gives
        their count as `entered`.
        """
        if self.paper is not None:
            return int(self.paper["hands"])
        if entered is None:
            entered = getattr(self, "hands_entered", None)
        return entered if entered is not None else self.hands.count()

    def seat_count(self) -> int:
        """Return how many players sit at the table (counted by `with_seats_counted()`)."""
        seated = getattr(self, "seated", None)
        return seated if seated is not None else self.seats.count()

    def hands_due(self, seats: int | None = None) -> int:
        """Return how many hands the table plays this round: the tournament's count for its size.

        Every check, page and export that compares "played/due" asks this. A caller holding the
        seats gives their number as `seats`.
        """
        return self.round.tournament.hands_for(self.seat_count() if seats is None else seats)

    def dealer_of(self, number: int, seats: int | None = None) -> int:
        """Return the seat that deals hand `number` (1-based): the deal moves one seat a hand,
        starting with the table's first dealer. A caller holding the seats gives their number."""
        count = self.seat_count() if seats is None else seats
        return scoring.dealer_of(number - 1, self.first_dealer, count)


class Seat(models.Model):
    # The round is stored again so that the database itself keeps a player at one table a round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once_a_round"),
            models.CheckConstraint(condition=Q(position__lte=4), name="seat_position_range"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.position} {self.player}"


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    # What the director entered, in the score-sheet format that `scoring` reads.
    data = models.JSONField(_("hand as entered"))
    # What `scoring` made of it; rewritten whenever this or an earlier hand changes.
    scores = models.JSONField(_("scores"), default=list)
    # Each player's total after this hand, as `scoring` added it up (the pages and exports show
    # it; none of them adds the scores again).
    running = models.JSONField(_("running totals"), default=list)
    stake = models.PositiveSmallIntegerField(_("stake"), default=1)
    double_left = models.PositiveSmallIntegerField(_("doubled deals left"), default=0)
    dealer = models.PositiveSmallIntegerField(_("dealer"), default=0)
    sitting_out = models.PositiveSmallIntegerField(_("sitting out"), null=True, blank=True)
    lines = models.JSONField(_("breakdown"), default=list)
    entered_by = made_by(_("entered by"))
    # Optimistic locking: an edit made on a page showing an older version is refused.
    version = models.PositiveIntegerField(_("version"), default=1)
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(stake__in=[1, 2]), name="hand_stake_one_or_two"),
            # Seats are 0..4; a Fahren adds 4 doubled deals, at most once a hand.
            models.CheckConstraint(
                condition=Q(dealer__lte=4, double_left__lte=4000)
                & (Q(sitting_out__isnull=True) | Q(sitting_out__lte=4)),
                name="hand_seats_and_counts_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"


class Change(models.Model):
    """One create, edit, delete or restore of a hand, a seat or a registration, a table closed or
    reopened, a round withdrawn, the tournament moved to another tariff: who, when, before and
    after. Nothing is ever lost by an edit: any state can be restored from here."""

    class Kind(models.TextChoices):
        HAND = "hand", _("hand")
        SEAT = "seat", _("seat")
        REGISTRATION = "registration", _("registration")
        TABLE = "table", _("table")
        ROUND = "round", _("round")
        PAPER = "paper", _("paper block")
        # the tournament moved to another tariff (version); object_id is the tournament's
        TARIFF = "tariff", _("tariff")
        # A place of an imported final ranking (tarock_cup.cups), moved by a player merge.
        PLACE = "place", _("imported place")

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        UPDATE = "update", _("changed")
        DELETE = "delete", _("deleted")
        RESTORE = "restore", _("restored")
        SIGN = "sign", _("signed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="changes")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="changes"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    # The changed row's primary key; a deleted hand keeps it here for its restore.
    object_id = models.BigIntegerField(_("object"))
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    user = made_by(_("by"))
    # Made through the table's own link (its players' phone), not by a director.
    by_table = models.BooleanField(_("by the table"), default=False)
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        indexes = [models.Index(fields=["kind", "object_id"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.object_id} {self.action}"

    @property
    def author(self) -> str:
        """Return who made the change as the history shows it: a director, or the table."""
        if self.by_table and self.table is not None:
            return str(_("by the table (table %(t)s)") % {"t": self.table.number})
        return str(self.user) if self.user else "–"


class CodeAttempts(models.Model):
    """How many table codes one client address typed in one window of time (see links.py).

    A row per address and window, counted up by the database itself (count = count + 1), so
    codes sent at once from many server processes are counted exactly, and a row is never
    dropped to make room for others, as a cache's entries are.
    """

    # A digest of the address, not the address: the server keeps no more of a visitor than it
    # needs to count.
    address = models.CharField(_("address digest"), max_length=24)
    # The window's number: seconds since the epoch divided by its length.
    window = models.BigIntegerField(_("time window"))
    count = models.PositiveIntegerField(_("typed codes"), default=0)

    class Meta:
        verbose_name = _("typed codes of an address")
        verbose_name_plural = _("typed codes of addresses")
        constraints = [
            models.UniqueConstraint(fields=["address", "window"], name="code_attempts_once"),
        ]
        indexes = [models.Index(fields=["window"], name="code_attempts_window")]

    def __str__(self) -> str:
        return f"{self.address} {self.window}: {self.count}"


class Settlement(models.Model):
    """A tournament's money (optional): what a point is worth, where the kontras' money goes,
    and the prizes. Amounts are whole euro cents; scoring.settlement does the arithmetic.

    The entry fee is the tournament's own `entry_fee`, which the calendar shows too.
    """

    class Kontras(models.TextChoices):
        PLAYERS = "players", _("to the players")
        BOX = "box", _("into the charity box")

    class Prizes(models.TextChoices):
        NONE = "", _("no prizes")
        FIXED = "fixed", _("fixed amounts by rank")
        FIELD = "field", _("by field size: ⌊(n−1)/2⌋ · (4 − rank) · X for ranks 1–3")

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="settlement",
        verbose_name=_("tournament"),
    )
    cents = models.PositiveIntegerField(
        _("cents per point"), default=10, validators=[MaxValueValidator(10_000)]
    )
    kontras = models.CharField(
        _("kontra money"), max_length=8, choices=Kontras.choices, default=Kontras.PLAYERS
    )
    prize_rule = models.CharField(
        _("prizes"), max_length=8, choices=Prizes.choices, default=Prizes.NONE, blank=True
    )
    # X of the field-size rule, in cents
    prize_x = models.PositiveIntegerField(_("X of the field-size rule (cents)"), default=0)
    # the fixed prizes in cents, rank 1 first (checked by scoring.settlement.check_prizes)
    prizes = models.JSONField(_("prize amounts (cents)"), default=list, blank=True)
    prizes_exceed_fees = models.BooleanField(_("prizes may exceed the entry fees"), default=False)

    class Meta:
        verbose_name = _("settlement")
        verbose_name_plural = _("settlements")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.cents} ct"
