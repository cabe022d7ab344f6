"""Finding players as one types: by name, club or number, accents, case and word order ignored.

Every typed word must occur in the player's search key (`names.search_key`: the name's words,
plain and sorted, then the club), so "muller" finds Müller and "huber anna" finds Anna Huber.
A word of digits finds its number, and from three digits on the numbers beginning with it. The
order says how well a player fits: the exact number first, then players whose words begin with
every typed word, then the others; alphabetical (then by record) within each, so the list does
not jump as one types.
"""

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from tarock_cup.names import plain
from tarock_cup.tournaments.models import Player

# A query is read up to this length and this many words: the rest is noise, not a name.
MAX_QUERY_LENGTH = 100
MAX_WORDS = 6
DEFAULT_LIMIT = 20
# The number column's largest value has ten digits (PositiveIntegerField on every database).
MAX_NUMBER_DIGITS = 10
# Numbers are found by their first digits from three on: "1" or "10" would find nearly everyone.
MIN_PREFIX_DIGITS = 3


def query_words(query: str) -> list[str]:
    """Return the words a query is matched by: plain, at most MAX_WORDS, no bare punctuation."""
    words = plain(query[:MAX_QUERY_LENGTH]).split()
    return [word for word in words if any(c.isalnum() for c in word)][:MAX_WORDS]


def number_prefix(digits: str) -> Q:
    """Return the condition that a player's number begins with these digits.

    Written as ranges of the number (1234 → 1234, 12340–12349, 123400–123499 …) so the unique
    index on the number answers it, where a text comparison would read every record.
    """
    start = int(digits)
    condition = Q(pk__in=[])
    if start == 0:
        return condition  # no number begins with 0
    for extra in range(MAX_NUMBER_DIGITS - len(digits.lstrip("0")) + 1):
        scale = 10**extra
        condition |= Q(number__gte=start * scale, number__lt=(start + 1) * scale)
    return condition


def word_matches(word: str) -> Q:
    """Return the condition that a typed word is found in a player (key, or number for digits)."""
    found = Q(search_key__contains=word)
    if word.isdigit() and len(word) <= MAX_NUMBER_DIGITS:
        found |= Q(number=int(word))
        if len(word) >= MIN_PREFIX_DIGITS:
            found |= number_prefix(word)
    return found


def word_begins(word: str) -> Q:
    """Return the condition that a typed word begins one of the player's name or club words."""
    return Q(search_key__startswith=word) | Q(search_key__contains=" " + word)


def exact_number(words: list[str]) -> int | None:
    """Return the number the query names when it is one word of digits."""
    if len(words) == 1 and words[0].isdigit() and len(words[0]) <= MAX_NUMBER_DIGITS:
        return int(words[0])
    return None


def find_players(query: str, among: QuerySet[Player], limit: int = DEFAULT_LIMIT) -> list[Player]:
    """Return up to `limit` players of `among` the query finds, the best fitting first."""
    words = query_words(query)
    if not words or limit < 1:
        return []
    matching = Q()
    beginning = Q()
    for word in words:
        matching &= word_matches(word)
        beginning &= word_begins(word)
    number = exact_number(words)
    ranks = [When(beginning, then=Value(1))]
    if number is not None:
        ranks.insert(0, When(number=number, then=Value(0)))
    found = (
        among.filter(matching, forgotten=False)
        .annotate(fit=Case(*ranks, default=Value(2), output_field=IntegerField()))
        .order_by("fit", "name", "club", "pk")
        .select_related("home_cup", "home_organiser")
    )
    return list(found[: min(limit, 100)])
