"""Names as compared: without accents, case, punctuation of lists or word order.

"Húber, Anna", "anna  HUBER" and "Anna Huber" are one name; "Müller" is found by "muller".
"""

import unicodedata


def plain(text: str) -> str:
    """Return the text without accents, case and repeated spaces ("Ünal  Ö." → "unal o.")."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(bare.replace(",", " ").split())


def name_key(name: str) -> tuple[str, ...]:
    """Return a name's words, plain and sorted: equal for one name in any order."""
    return tuple(sorted(plain(name).split()))


def search_key(name: str, club: str) -> str:
    """Return what a player is found by as one types: the name's words, sorted, then the club's."""
    return " ".join(name_key(name)) + " / " + plain(club)


def public_name(name: str) -> str:
    """Return the name as public pages show a private player: the given names and the last
    word's initial ("Anna Maria Huber" → "Anna Maria H."); a one-word name stays as it is.

    The given names stay whole so that a player still recognises themselves; the number shown
    beside it keeps two "Anna H." apart.
    """
    words = name.split()
    if len(words) < 2:
        return " ".join(words)
    return " ".join(words[:-1]) + " " + words[-1][0] + "."
