"""A cup's organisers become members with a role: each existing organiser stays an organiser.

The new table is created and filled before the old many-to-many goes, so no organiser is lost;
going back keeps the organisers (deputies and scorers have no place there and are dropped).
"""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def organisers_to_members(apps: Any, schema_editor: Any) -> None:
    Cup = apps.get_model("cups", "Cup")
    CupMember = apps.get_model("cups", "CupMember")
    Organisers = Cup.organisers.through
    CupMember.objects.bulk_create(
        CupMember(cup_id=row.cup_id, user_id=row.user_id, role="organiser")
        # The owner is an organiser anyway; a row of their own would only be a second truth.
        for row in Organisers.objects.exclude(user_id=models.F("cup__owner_id"))
    )


def members_to_organisers(apps: Any, schema_editor: Any) -> None:
    Cup = apps.get_model("cups", "Cup")
    CupMember = apps.get_model("cups", "CupMember")
    Organisers = Cup.organisers.through
    Organisers.objects.bulk_create(
        Organisers(cup_id=member.cup_id, user_id=member.user_id)
        for member in CupMember.objects.filter(role="organiser")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("cups", "0003_refuse_control_characters"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="CupMember",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "role",
                    models.CharField(
                        choices=[
                            ("organiser", "organiser"),
                            ("deputy", "deputy"),
                            ("scorer", "scorer"),
                        ],
                        max_length=16,
                        verbose_name="role",
                    ),
                ),
                (
                    "cup",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="memberships",
                        to="cups.cup",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="cup_memberships",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "cup member",
                "verbose_name_plural": "cup members",
                "ordering": ["cup", "user__username"],
                "constraints": [
                    models.UniqueConstraint(fields=("cup", "user"), name="cup_member_once"),
                    models.CheckConstraint(
                        condition=models.Q(("role__in", ["organiser", "deputy", "scorer"])),
                        name="cup_member_role",
                    ),
                ],
            },
        ),
        migrations.RunPython(organisers_to_members, members_to_organisers),
        migrations.RemoveField(model_name="cup", name="organisers"),
        migrations.AddField(
            model_name="cup",
            name="members",
            field=models.ManyToManyField(
                blank=True,
                related_name="member_cups",
                through="cups.CupMember",
                to=settings.AUTH_USER_MODEL,
                verbose_name="members",
            ),
        ),
    ]
