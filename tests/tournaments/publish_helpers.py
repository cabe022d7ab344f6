"""A small tournament played on the "laptop" and the file it publishes: for the publish tests."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tarock_cup.cups.models import CupTournament
from tarock_cup.signon.models import SignOn
from tarock_cup.tournaments import backup, sheets
from tarock_cup.tournaments.models import Change, Hand, Registration, Round, Table, Tournament
from tests.factories import make_table, make_tournament

RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}
DREIER = {"contract": "dreier", "declarer": 2, "points": "20"}


def small_tournament(owner, slug="cup", public=True) -> Tournament:
    tournament = make_tournament(owner, slug=slug, public=public)
    sheets.save_hand(make_table(tournament), RUFER, user=owner)
    return tournament


def laptop_file(tournament: Tournament) -> bytes:
    """Return the file the laptop writes after playing one more hand; the tournament here is
    put back as it was before (the public server's copy)."""
    before = backup.backup(tournament)
    table = Table.objects.get(round__tournament=tournament)
    sheets.save_hand(table, DREIER, user=tournament.owner)
    played = backup.dumps(backup.backup(tournament)).encode()
    backup.restore(before, replace=True)
    return played


def snapshot() -> dict:
    """Every row a publish could change, as it is."""
    models = (Tournament, Registration, Round, Table, Hand, Change, CupTournament, SignOn)
    return {model.__name__: sorted(map(str, model.objects.values_list())) for model in models}


def upload(client, slug: str, data: bytes, name: str = "cup.json"):
    return client.post(reverse("publish", args=[slug]), {"file": SimpleUploadedFile(name, data)})
