"""The table links of 0006 made unique (in a migration of its own, after the rows are filled)."""

from django.db import migrations, models

import tarock_cup.tournaments.models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_table_links_and_signatures"),
    ]

    operations = [
        migrations.AlterField(
            model_name="table",
            name="token",
            field=models.CharField(
                default=tarock_cup.tournaments.models.new_table_token,
                max_length=32,
                unique=True,
                verbose_name="link secret",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="code",
            field=models.CharField(
                db_index=True,
                default=tarock_cup.tournaments.models.new_table_code,
                max_length=8,
                verbose_name="table code",
            ),
        ),
    ]
