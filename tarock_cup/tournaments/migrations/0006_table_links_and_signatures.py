"""Each table gets its own link secret and typed code (drawn tables too), a signature time, and
the history records changes made through the table's link."""

import secrets

from django.db import migrations, models

# As in models.py at the time of writing: no look-alike signs, six of them.
ALPHABET = "346789ACDEFGHJKMNPRTUVWXY"


def give_links(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    codes = set()
    for table in Table.objects.only("pk").iterator():
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        while code in codes:
            code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        codes.add(code)
        Table.objects.filter(pk=table.pk).update(token=secrets.token_urlsafe(16), code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_hand_bounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="change",
            name="by_table",
            field=models.BooleanField(default=False, verbose_name="by the table"),
        ),
        migrations.AlterField(
            model_name="change",
            name="action",
            field=models.CharField(
                choices=[
                    ("create", "created"),
                    ("update", "changed"),
                    ("delete", "deleted"),
                    ("restore", "restored"),
                    ("sign", "signed"),
                ],
                max_length=16,
                verbose_name="action",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="signed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="signed at"),
        ),
        # Plain defaults first: the callable ones are set below, once every row has its own.
        migrations.AddField(
            model_name="table",
            name="token",
            field=models.CharField(default="", max_length=32, verbose_name="link secret"),
        ),
        migrations.AddField(
            model_name="table",
            name="code",
            field=models.CharField(default="", max_length=8, verbose_name="table code"),
        ),
        migrations.RunPython(give_links, migrations.RunPython.noop),
    ]
