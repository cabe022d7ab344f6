# Every player gets a number and a home (tarock_cup.register.homes says what a home is).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from tarock_cup.names import search_key


ASSIGNED_NUMBERS_FROM = 100_001


def number_and_home(apps, schema_editor):
    """Hand out numbers to players without one, and give every player the home where they
    first played: that tournament's first cup, or else its owner."""
    Player = apps.get_model("tournaments", "Player")
    PlayerNumber = apps.get_model("tournaments", "PlayerNumber")
    Tournament = apps.get_model("tournaments", "Tournament")
    CupTournament = apps.get_model("cups", "CupTournament")
    ImportedPlace = apps.get_model("cups", "ImportedPlace")
    taken = set(Player.objects.exclude(number=None).values_list("number", flat=True))
    handed_out = 0
    first_seen = {}
    dates = dict(Tournament.objects.values_list("pk", "date"))
    uses = list(apps.get_model("tournaments", "Registration").objects.values_list("player", "tournament"))
    uses += list(ImportedPlace.objects.values_list("player", "ranking__tournament"))
    for player, tournament in uses:
        seen = first_seen.get(player)
        if seen is None or (dates[tournament], tournament) < (dates[seen], seen):
            first_seen[player] = tournament
    cups = {}
    for tournament, cup in CupTournament.objects.order_by("-cup").values_list("tournament", "cup"):
        cups[tournament] = cup
    owners = dict(Tournament.objects.values_list("pk", "owner"))
    for player in Player.objects.order_by("pk"):
        if player.number is None:
            while handed_out + ASSIGNED_NUMBERS_FROM in taken:
                handed_out += 1
            player.number = handed_out + ASSIGNED_NUMBERS_FROM
            handed_out += 1
            taken.add(player.number)
        tournament = first_seen.get(player.pk)
        if tournament is not None:
            player.home_cup_id = cups.get(tournament)
            player.home_organiser_id = None if player.home_cup_id else owners[tournament]
        player.search_key = search_key(player.name, player.club)
        player.save(update_fields=["number", "home_cup", "home_organiser", "search_key"])
    PlayerNumber.objects.update_or_create(pk=1, defaults={"handed_out": handed_out})


class Migration(migrations.Migration):

    dependencies = [
        ('cups', '0003_refuse_control_characters'),
        ('tournaments', '0015_code_attempts'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PlayerNumber',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('handed_out', models.PositiveBigIntegerField(default=0, verbose_name='numbers handed out')),
            ],
            options={
                'verbose_name': 'player numbers handed out',
                'verbose_name_plural': 'player numbers handed out',
            },
        ),
        migrations.AddField(
            model_name='player',
            name='forgotten',
            field=models.BooleanField(default=False, verbose_name='forgotten'),
        ),
        migrations.AddField(
            model_name='player',
            name='home_cup',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='home_players', to='cups.cup', verbose_name='home cup'),
        ),
        migrations.AddField(
            model_name='player',
            name='home_organiser',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='home_players', to=settings.AUTH_USER_MODEL, verbose_name='home organiser'),
        ),
        migrations.AddField(
            model_name='player',
            name='private',
            field=models.BooleanField(default=False, verbose_name='first name and initial only in public'),
        ),
        migrations.AddField(
            model_name="player",
            name="search_key",
            field=models.CharField(blank=True, editable=False, max_length=250, verbose_name="search key"),
        ),
        migrations.RunPython(number_and_home, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='player',
            name='number',
            field=models.PositiveIntegerField(blank=True, unique=True, verbose_name='number'),
        ),
    ]
