"""A restore that replaces a tournament keeps what other apps hold of it (its place in a cup, its
sign-ons, a national final played as it) and carries its settlement in the file."""

import pytest
from django.core.management.base import CommandError

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.national.models import NationalFinal
from tarock_cup.register.models import RecordFigures
from tarock_cup.signon.models import SignOn, SignOnRules
from tarock_cup.tournaments import backup, backup_outside, sheets
from tarock_cup.tournaments.models import Player, Registration, Settlement, Table, Tournament
from tests.tournaments.test_backup import back_up, cup, restore  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def linked(cup, director):  # noqa: F811
    """The tournament counted by a season cup, with sign-on rules, a matched and an open
    sign-on, a national final played as it and a settlement."""
    season = Cup.objects.create(
        name="Tirol", slug="tirol", points={"method": "rank"}, owner=director
    )
    CupTournament.objects.create(cup=season, tournament=cup, final=True)
    SignOnRules.objects.create(tournament=cup, open=True, capacity=40)
    registration = Registration.objects.filter(tournament=cup).order_by("pk").first()
    SignOn.objects.create(
        tournament=cup, name="Anna", player=registration.player, registration=registration
    )
    SignOn.objects.create(tournament=cup, name="Berta", phone="0664 1")
    NationalFinal.objects.create(
        name="Finale", slug="finale", season="2026/27", organiser=director, tournament=cup
    )
    Settlement.objects.create(tournament=cup, cents=20, prize_rule="fixed", prizes=[3000, 2000])
    return cup


def outside() -> dict:
    return {
        "cups": list(
            CupTournament.objects.values_list("pk", "cup__slug", "tournament__slug", "final")
        ),
        "rules": list(
            SignOnRules.objects.values_list("pk", "tournament__slug", "open", "capacity")
        ),
        "sign-ons": list(
            SignOn.objects.order_by("pk").values_list(
                "pk",
                "tournament__slug",
                "name",
                "token",
                "signed_on_at",
                "player_id",
                "registration__player_id",
                "registration__tournament__slug",
            )
        ),
        "finals": list(NationalFinal.objects.values_list("slug", "tournament__slug")),
    }


def test_replace_keeps_the_cup_the_sign_ons_and_the_national_final(linked, tmp_path):
    back_up(tmp_path)
    before = outside()
    restore(tmp_path / "cup.json", "--replace")
    assert outside() == before, "the rows of other apps naming the tournament are as they were"


def test_replace_keeps_them_when_the_laptop_changed_the_results(linked, tmp_path):
    back_up(tmp_path)
    table = Table.objects.filter(round__number=1).order_by("number").first()
    sheets.delete_hand(table, table.hands.count())
    back_up(tmp_path, "laptop.json")
    before = outside()
    restore(tmp_path / "cup.json", "--replace")
    restore(tmp_path / "laptop.json", "--replace")
    assert outside() == before, "a second replace keeps them too"
    assert Tournament.objects.get(slug="cup").cups.get().slug == "tirol", "the cup counts it"


def test_the_settlement_travels_in_the_file(linked, tmp_path):
    back_up(tmp_path)
    Settlement.objects.filter(tournament=linked).update(cents=5, prizes=[])
    restore(tmp_path / "cup.json", "--replace")
    settlement = Settlement.objects.get(tournament__slug="cup")
    assert (settlement.cents, settlement.prizes) == (20, [3000, 2000]), "the file's settlement"


def test_a_file_without_a_settlement_keeps_the_one_here(cup, tmp_path):  # noqa: F811
    back_up(tmp_path)
    Settlement.objects.create(tournament=cup, cents=30)
    restore(tmp_path / "cup.json", "--replace")
    assert Settlement.objects.get(tournament__slug="cup").cents == 30, "the settlement here stays"


def test_a_settlement_the_page_could_not_save_is_refused(linked, tmp_path):
    document = backup.backup(linked)
    for record in document["objects"]:
        if record["model"] == "tournaments.settlement":
            record["fields"]["prizes"] = [100, 2000]
    (tmp_path / "bad.json").write_text(backup.dumps(document), encoding="utf-8")
    before = outside()
    with pytest.raises(CommandError, match="settlement"):
        restore(tmp_path / "bad.json", "--replace")
    assert outside() == before, "a refused file changes nothing outside the tournament either"


def test_the_record_figures_are_let_go_to_be_counted_again(cup, tmp_path):  # noqa: F811
    back_up(tmp_path)
    player = Registration.objects.filter(tournament=cup).first().player
    RecordFigures.objects.create(player=player, tournament=cup, version=1, figures={"old": 1})
    restore(tmp_path / "cup.json", "--replace")
    assert not RecordFigures.objects.exists(), "derived figures are counted again, not kept"


def test_every_relation_to_a_tournament_is_carried_kept_or_derived():
    kept = sorted(
        fk.model._meta.label_lower + "." + fk.name for fk in backup_outside.relations(backup.MODELS)
    )
    assert kept == [
        "cups.cuptournament.tournament",
        "cups.importedranking.tournament",
        "national.nationalfinal.tournament",
        "signon.signon.tournament",
        "signon.signonrules.tournament",
        "tournaments.settlement.tournament",
    ], "a new relation to a tournament is decided on: kept across a replace, carried or derived"


def test_a_tournament_of_a_season_cup_is_backed_up_and_its_players_keep_their_home(
    linked, tmp_path
):
    back_up(tmp_path)
    homes = sorted(Player.objects.values_list("pk", "home_cup__slug", "home_organiser_id"))
    restore(tmp_path / "cup.json", "--replace")
    after = sorted(Player.objects.values_list("pk", "home_cup__slug", "home_organiser_id"))
    assert after == homes, "the players' homes in the register are as they were"
    assert "tirol" in {home for _, home, _ in after}, "the cup is their home"
