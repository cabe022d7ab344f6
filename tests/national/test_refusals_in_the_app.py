"""Issue 29's bad input, refused where it enters the application, and the national ranking
unchanged.

A national final reads its numbers from three places: its own forms (levels, an own table, the
final-points table: tests/national/test_forms.py), the cups' season rankings, and the final
day's standings. A cup's season and the final day are tournaments played here (whose standings
cannot hold a player twice or a rank out of place) or rankings imported from a file. So "a player
twice in a cup or in the final" and "a rank above its position" can only come in through a
ranking import, which refuses the whole file. These cases import such a file into a cup of the
national final, and into the final day's cup, and check that the ranking stays as worked by hand
(tests/national/world.py).
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import CupTournament
from tarock_cup.national.models import NationalFinal
from tarock_cup.national.ranking import build_national, forget_rankings
from tarock_cup.national.rows import ranking_rows
from tests.national import world

pytestmark = pytest.mark.django_db

# (cup, who imports, file, what the refusal says)
BAD_RANKINGS = [
    pytest.param(
        "tirol",
        "cup_organiser",
        "Platz;Name;Verein\n1;Anna;Zirl\n2;Bert;Hall\n3;anna;zirl\n",
        "Row 4 names the same player as row 2",
        id="a player twice in a cup",
    ),
    pytest.param(
        "tirol",
        "cup_organiser",
        "Platz;Name\n1;Anna\n3;Bert\n3;Cilli\n",
        "Rank 3 is given twice",
        id="a rank above its position in a cup",
    ),
    pytest.param(
        "salz",
        "final_organiser",
        "Platz;Name\n1;Cilli\n2;Dora\n3;Cilli\n",
        "Row 4 names the same player as row 2",
        id="a player twice in the final's ranking",
    ),
    pytest.param(
        "salz",
        "final_organiser",
        "Platz;Name\n1;Cilli\n2;Dora\n4;Anna\n",
        "rank 3 is missing",
        id="a rank above its position in the final's ranking",
    ),
]


def national_lines():
    forget_rankings()
    national = build_national(NationalFinal.objects.get(slug="oef"))
    return [(row.player.name, row.rank, row.total) for row in ranking_rows(national)]


@pytest.mark.parametrize(("cup", "role", "text", "message"), BAD_RANKINGS)
def test_a_bad_ranking_file_is_refused_and_the_national_ranking_stays(
    client, django_user_model, cup, role, text, message
):
    users = world.build(django_user_model, closed=False)
    client.force_login(users[role])
    before = (national_lines(), CupTournament.objects.count())
    with translation.override("en"):
        url = reverse("cup_ranking_import", args=[cup])
    upload = SimpleUploadedFile("rangliste.csv", text.encode())
    response = client.post(url, {"name": "Turnier", "date": "2026-10-03", "file": upload})
    assert message in response.content.decode(), f"the organiser reads why: {message}"
    assert response.status_code == 400, "the refused file is answered 400"
    assert (national_lines(), CupTournament.objects.count()) == before, (
        "nothing is imported and the national ranking is as it was"
    )


def test_the_world_is_ranked_as_worked_by_hand(django_user_model):
    world.build(django_user_model, closed=False)
    assert national_lines() == world.EXPECTED, "the cases above start from the hand-worked ranking"


def test_a_good_ranking_file_does_change_the_national_ranking(client, django_user_model):
    """The check above can fail: the same import of a good file moves the ranking."""
    users = world.build(django_user_model, closed=False)
    client.force_login(users["cup_organiser"])
    before = national_lines()
    with translation.override("en"):
        url = reverse("cup_ranking_import", args=["tirol"])
        confirm = reverse("cup_ranking_import_confirm", args=["tirol"])
    upload = SimpleUploadedFile("rangliste.csv", b"Platz;Name\n1;Xaver Neu\n2;Yvonne Neu\n")
    preview = client.post(url, {"name": "Turnier", "date": "2026-10-03", "file": upload})
    client.post(confirm, {"token": preview.context["pending"]["token"]})
    assert national_lines() != before, "a new tournament in the cup's season changes the ranking"
