"""Properties that hold for every hand: zero sums, kontra doubling, stakes, renamed seats."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Family, RulesetInfo, ScoringError, rulesets, score_hand
from scoring.record import HAND_KEYS


def played_alone(ruleset: RulesetInfo) -> tuple[str, list[str], int]:
    """Return (contract, bonuses, top Kontra level) of a positive contract anyone may play alone.

    The bonuses are those any side may announce without a called King.
    """
    contract = max(
        (
            c
            for c in ruleset.contracts
            if c.family is Family.ALONE and not c.vorhand_only and c.requires_option is None
        ),
        key=lambda c: len(c.bonuses),
    )
    bonuses = [
        key
        for key in contract.bonuses
        if (bonus := ruleset.bonus_map[key]).needs is None
        and bonus.side is None
        and bonus.announced is not None
    ]
    return contract.key, bonuses, ruleset.max_kontra


# Every registered ruleset, so that a ruleset added later is tested without a change here.
RULES = {ruleset.key: played_alone(ruleset) for ruleset in rulesets()}

# A Sack's or Grammeln's result follows from the points.
THRESHOLD_BONUSES = {b.key for r in rulesets() for b in r.bonuses if b.threshold is not None}


@st.composite
def hands(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """Return (ruleset, dealer, game kontra level, hand) of a positive contract played alone."""
    ruleset = draw(st.sampled_from(sorted(RULES)))
    contract, bonus_keys, top = RULES[ruleset]
    entries = []
    for key in draw(st.lists(st.sampled_from(bonus_keys), unique=True, max_size=3)):
        entry = {
            "bonus": key,
            "side": draw(st.sampled_from(["declarer", "defenders"])),
            "announced": True,
        }
        if key not in THRESHOLD_BONUSES:
            entry["result"] = draw(st.sampled_from(["made", "failed"]))
        entries.append(entry)
    dealer = draw(st.integers(0, 3))
    declarer = draw(st.integers(0, 3))
    kontra = {e["bonus"]: draw(st.integers(0, top)) for e in entries}
    level = draw(st.integers(0, top - 1))
    kontra["game"] = level
    record = {
        "contract": contract,
        "declarer": declarer,
        "points": draw(st.integers(0, 70)),
        "bonuses": entries,
        "kontra": kontra,
    }
    return ruleset, dealer, level, record


# Per ruleset, the option values under which Kontras count (where they do not by default).
OPTS = {
    r.key: {o.key: v for o in r.options for v in o.choices if "kontras" in o.rules_for(v)}
    for r in rulesets()
}


@given(hands())
def test_every_hand_adds_up_to_zero(case: tuple[str, int, int, dict[str, Any]]) -> None:
    ruleset, dealer, _, record = case
    assert sum(score_hand(ruleset, record, dealer=dealer).scores) == 0


@given(hands())
def test_a_kontra_level_doubles_exactly_its_element(
    case: tuple[str, int, int, dict[str, Any]],
) -> None:
    ruleset, dealer, level, record = case
    opts = OPTS.get(ruleset)
    before = score_hand(ruleset, record, dealer=dealer, options=opts)
    game = next(line.value for line in before.lines if line.element == "game")
    raised = {**record, "kontra": {**record["kontra"], "game": level + 1}}
    after = score_hand(ruleset, raised, dealer=dealer, options=opts)
    declarer = record["declarer"]
    # the declarer plays alone: 3 x the change of the game element, which doubled
    assert after.scores[declarer] - before.scores[declarer] == 3 * game


@given(hands())
def test_a_doubled_deal_doubles_every_score(case: tuple[str, int, int, dict[str, Any]]) -> None:
    ruleset, dealer, _, record = case
    single = score_hand(ruleset, record, dealer=dealer).scores
    assert score_hand(ruleset, record, dealer=dealer, stake=2).scores == tuple(
        2 * s for s in single
    )


@settings(max_examples=50)
@given(hands(), st.integers(1, 3))
def test_renaming_seats_permutes_the_scores(
    case: tuple[str, int, int, dict[str, Any]], shift: int
) -> None:
    ruleset, dealer, _, record = case
    before = score_hand(ruleset, record, dealer=dealer).scores
    moved = {**record, "declarer": (record["declarer"] + shift) % 4}
    after = score_hand(ruleset, moved, dealer=(dealer + shift) % 4).scores
    assert after == tuple(before[(i - shift) % 4] for i in range(4))


@given(
    st.lists(st.integers(0, 71), min_size=4, max_size=4).filter(lambda p: sum(p) <= 71),
    st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_every_fahren_adds_up_to_zero(points: list[int], kontras: list[bool]) -> None:
    record = {
        "contract": "fahren",
        "players": [{"points": p, "kontra": k} for p, k in zip(points, kontras, strict=True)],
    }
    assert sum(score_hand("lungau", record).scores) == 0


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 80) | st.sampled_from(["36", "35/2", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
# Every field a hand may have, from the engine itself, sorted so examples replay alike.
KEYS = sorted(HAND_KEYS)


@settings(max_examples=1000, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(RULES)),
    contract=st.sampled_from(
        [
            "rufer",
            "rufer_pagat",
            "dreier",
            "piccolo",
            "bettler",
            "fahren",
            "trischaken",
            "besserrufer",
            "farbensolo",
            "solodreier",
        ]
    ),
    extra=st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6),
    seats=st.sampled_from([4, 5]),
)
def test_any_malformed_hand_is_refused_with_a_scoring_error(ruleset, contract, extra, seats):
    hand = {"contract": contract, "declarer": 1, **extra}
    try:
        scored = score_hand(ruleset, hand, players=seats)
    except ScoringError:
        return
    assert sum(scored.scores) == 0
