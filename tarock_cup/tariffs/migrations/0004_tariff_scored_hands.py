"""Mark every tariff version by which hands have ever been scored, so that it never changes.

Before this, a version counted as used only while a tournament on it held hands: moving the
tournament to another version (or deleting its hands) made it changeable again. The mark is
derived from what the database still knows: the hands tournaments hold now, and the history,
whose hand records say when hands were scored and whose tariff moves say by which version a
tournament scored them at that time (a hand record does not name its tariff).
"""

from bisect import bisect_right
from collections import defaultdict

from django.db import migrations, models


def versions_that_scored_hands(apps):
    """Return the primary keys of the tariff versions by which hands have been scored."""
    Hand = apps.get_model("tournaments", "Hand")
    Change = apps.get_model("tournaments", "Change")
    Tournament = apps.get_model("tournaments", "Tournament")
    scored = set(
        Hand.objects.exclude(table__round__tournament__tariff=None).values_list(
            "table__round__tournament__tariff", flat=True
        )
    )
    moves = defaultdict(list)
    for tournament, at, before, after in Change.objects.filter(kind="tariff").values_list(
        "tournament", "at", "before", "after"
    ):
        moves[tournament].append((at, (before or {}).get("tariff"), (after or {}).get("tariff")))
    current = dict(Tournament.objects.values_list("pk", "tariff"))
    hands_at = defaultdict(list)
    for tournament, at in Change.objects.filter(kind="hand").values_list("tournament", "at"):
        hands_at[tournament].append(at)
    for tournament, times in hands_at.items():
        scored |= _scored_by(sorted(moves[tournament]), sorted(times), current.get(tournament))
    scored.discard(None)
    return scored


def _scored_by(moves, times, current):
    """Return the tariffs in force when a hand was recorded, or when a move scored the hands
    recorded before it anew (moves and times in order; `current`: the tournament's tariff)."""
    # the tariff in force from each move on; before the first move, the one it moved from
    starts = [at for at, _before, _after in moves]
    in_force = [moves[0][1] if moves else current] + [after for _at, _before, after in moves]
    scored = {in_force[bisect_right(starts, at)] for at in times}
    scored |= {after for at, _before, after in moves if times[0] < at}
    return scored


def mark(apps, schema_editor):
    Tariff = apps.get_model("tariffs", "Tariff")
    Tariff.objects.filter(pk__in=versions_that_scored_hands(apps)).update(scored_hands=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tariffs", "0003_refuse_control_characters"),
        ("tournaments", "0013_change_kind_tariff"),
    ]

    operations = [
        migrations.AddField(
            model_name="tariff",
            name="scored_hands",
            field=models.BooleanField(
                default=False, editable=False, verbose_name="has scored hands"
            ),
        ),
        migrations.RunPython(mark, migrations.RunPython.noop, elidable=True),
    ]
