import itertools

from django.db import migrations, models


def fill_running(apps, schema_editor):
    """Give the hands stored so far their running totals.

    From now on the engine's running totals are stored with each hand's scores. The stored
    scores are the engine's, and its running totals are their sums hand by hand, so adding them
    up here once gives the same numbers without scoring every sheet again.
    """
    Hand = apps.get_model("tournaments", "Hand")
    hands = Hand.objects.order_by("table_id", "number").only("table_id", "scores")
    changed = []
    for _table, group in itertools.groupby(hands.iterator(chunk_size=2000), lambda h: h.table_id):
        running: list[int] = []
        for hand in group:
            pairs = itertools.zip_longest(running, hand.scores, fillvalue=0)
            running = [total + score for total, score in pairs]
            hand.running = running
            changed.append(hand)
        if len(changed) >= 2000:
            Hand.objects.bulk_update(changed, ["running"])
            changed = []
    Hand.objects.bulk_update(changed, ["running"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_round_clock_and_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="running",
            field=models.JSONField(default=list, verbose_name="running totals"),
        ),
        migrations.RunPython(fill_running, migrations.RunPython.noop),
    ]
