"""Importing a player list (.xlsx or .csv): preview first, saved only on confirmation."""

import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse, reverse_lazy
from django.utils import translation

from tarock_cup.tournaments.models import Change, Player, Registration
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

IMPORT = reverse_lazy("players_import", args=["cup"])
CONFIRM = reverse_lazy("players_import_confirm", args=["cup"])


def xlsx(rows, name="spieler.xlsx"):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(
        name,
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


def csv_file(text, encoding="utf-8", name="spieler.csv"):
    return SimpleUploadedFile(name, text.encode(encoding), content_type="text/csv")


def state():
    return (
        sorted(Player.objects.values_list("name", "club", "number")),
        sorted(Registration.objects.values_list("tournament_id", "player__name", "checked_in")),
    )


@pytest.fixture
def tournament(director):
    # Registered: Anna, Bert (Salzburg), no numbers.
    return make_tournament(director, players=2)


def upload(client, file):
    return client.post(IMPORT, {"file": file})


def preview(client, file):
    response = upload(client, file)
    assert response.status_code == 200, response.content.decode()
    return response.context["plan"]


def rows_by_status(the_plan):
    return {
        status: [row.name for row in getattr(the_plan, status)]
        for status in ("new", "register", "registered", "errors")
    }


def confirm(client, **extra):
    pending = next(value for key, value in client.session.items() if key.startswith("imports."))
    return client.post(CONFIRM, {"token": pending["token"], **extra})


# -- reading the different files ----------------------------------------------------------------


def test_xlsx_with_german_headers(director_client, tournament):
    the_plan = preview(
        director_client,
        xlsx(
            [["Name", "Verein", "Nr."], ["Jörg Müller", "Wörgl", 17], ["Cilli", "Innsbruck", None]]
        ),
    )
    assert [(r.name, r.club, r.number) for r in the_plan.new] == [
        ("Jörg Müller", "Wörgl", 17),
        ("Cilli", "Innsbruck", None),
    ]
    assert not the_plan.errors


def test_xlsx_with_english_headers_in_another_order(director_client, tournament):
    the_plan = preview(
        director_client,
        xlsx([["Number", "Place", "Player"], [5, "Linz", "Hans"], [6.0, "Wels", "Grete"]]),
    )
    assert [(r.name, r.club, r.number) for r in the_plan.new] == [
        ("Hans", "Linz", 5),
        ("Grete", "Wels", 6),
    ]


def test_xlsx_header_case_and_blank_rows_are_ignored(director_client, tournament):
    the_plan = preview(
        director_client,
        xlsx([[None], ["SPIELER", "ort"], [None, None], ["Hans", "Linz"], ["Grete", "Wels"]]),
    )
    assert [(r.line, r.name) for r in the_plan.new] == [(4, "Hans"), (5, "Grete")]


def test_csv_with_semicolons(director_client, tournament):
    the_plan = preview(director_client, csv_file("Name;Verein;Nr.\nMüller, Hans;Wien;3\n"))
    assert [(r.name, r.club, r.number) for r in the_plan.new] == [("Müller, Hans", "Wien", 3)]


def test_csv_with_commas(director_client, tournament):
    the_plan = preview(
        director_client, csv_file('Club,Name,Number\nWien,"Müller, Hans",3\nGraz,Eva,\n')
    )
    assert [(r.name, r.club, r.number) for r in the_plan.new] == [
        ("Müller, Hans", "Wien", 3),
        ("Eva", "Graz", None),
    ]


def test_csv_with_bom(director_client, tournament):
    the_plan = preview(director_client, csv_file("Name;Ort\r\nÖtzi;Ötztal\r\n", "utf-8-sig"))
    assert [(r.name, r.club) for r in the_plan.new] == [("Ötzi", "Ötztal")]


def test_csv_in_windows_1252_keeps_umlauts(director_client, tournament):
    the_plan = preview(
        director_client, csv_file("Spieler;Ort\nJürgen Größ;Völs\nÄnne Öhl;Fügen\n", "cp1252")
    )
    assert [(r.name, r.club) for r in the_plan.new] == [
        ("Jürgen Größ", "Völs"),
        ("Änne Öhl", "Fügen"),
    ]
    confirm(director_client)
    assert Player.objects.filter(name="Jürgen Größ", club="Völs").exists()
    assert Player.objects.filter(name="Änne Öhl", club="Fügen").exists()


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "mac_roman"])
def test_a_list_keeps_its_umlauts_in_every_usual_encoding(director_client, tournament, encoding):
    the_plan = preview(director_client, csv_file("Name;Verein\nMüller, Größ;Völs\n", encoding))
    names = [(r.name, r.club) for r in the_plan.new]
    assert names == [("Müller, Größ", "Völs")], f"read from {encoding} as {names}"


@pytest.mark.parametrize(
    ("text", "encoding"),
    [("Jože Košir;Škofja Loka", "cp1252"), ("Zoë Lefèvre;Orléans", "cp1252")],
)
def test_a_windows_list_of_names_mac_roman_could_also_read_stays_windows(
    director_client, tournament, text, encoding
):
    the_plan = preview(director_client, csv_file(f"Name;Verein\n{text}\n", encoding))
    names = [f"{r.name};{r.club}" for r in the_plan.new]
    assert names == [text], f"read as {names}"


def test_a_list_in_no_encoding_that_reads_as_names_is_refused(director_client, tournament):
    mixed = b"Name;Verein\n" + "Größ;Völs\n".encode("cp1252") + "Müller;Hall\n".encode("mac_roman")
    before = state()
    response = upload(director_client, SimpleUploadedFile("spieler.csv", mixed))
    message = "The file&#x27;s encoding could not be recognised"
    assert (response.status_code, message in response.content.decode(), state()) == (
        400,
        True,
        before,
    ), "a file neither Windows nor Mac text is refused, nothing stored"


def test_utf16_file_gives_a_message(director_client, tournament):
    before = state()
    response = upload(director_client, csv_file("Name;Ort\nÄnne;Wien\n", "utf-16"))
    assert response.status_code == 400
    assert "CSV UTF-8" in response.content.decode()
    assert state() == before


# -- bad files ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "message"),
    [
        (SimpleUploadedFile("spieler.xlsx", b"Name;Ort\nAnna;Wien\n"), "not an Excel workbook"),
        (SimpleUploadedFile("spieler.xlsx", b"PK\x03\x04 broken zip"), "not an Excel workbook"),
        (SimpleUploadedFile("spieler.csv", b""), "The file is empty."),
        (SimpleUploadedFile("spieler.csv", b"\n \n"), "The file is empty."),
        (SimpleUploadedFile("spieler.csv", b"Ort;Nr.\nWien;3\n"), "No name column found"),
        (SimpleUploadedFile("spieler.csv", b"Name;Ort\n"), "no players"),
        (SimpleUploadedFile("spieler.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), ".xls"),
        (SimpleUploadedFile("image.csv", bytes(range(256))), "not a text file"),
    ],
    ids=[
        "renamed-text",
        "broken-zip",
        "empty",
        "blank",
        "no-name-column",
        "header-only",
        "xls",
        "binary",
    ],
)
def test_bad_file_gives_a_message_and_changes_nothing(director_client, tournament, file, message):
    before = state()
    response = upload(director_client, file)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert state() == before
    assert not any(key.startswith("imports.") for key, _value in director_client.session.items())


def test_xlsx_without_name_column(director_client, tournament):
    response = upload(director_client, xlsx([["Verein", "Nr."], ["Wien", 1]]))
    assert response.status_code == 400
    assert "No name column found" in response.content.decode()


def test_too_large_file_is_refused(director_client, tournament):
    before = state()
    big = "Name;Ort\n" + "Anna;Wien\n" * 220_000
    assert len(big) > 2 * 1024 * 1024
    response = upload(director_client, csv_file(big))
    assert response.status_code == 400
    assert "larger than 2 MB" in response.content.decode()
    assert state() == before


def test_missing_file(director_client, tournament):
    response = director_client.post(IMPORT, {})
    assert response.status_code == 400


# -- bad rows and matches -----------------------------------------------------------------------


def test_bad_rows_are_listed_with_row_number_and_reason(director_client, tournament):
    Player.objects.create(name="Xaver", club="Lienz", number=99)
    the_plan = preview(
        director_client,
        xlsx(
            [
                ["Name", "Verein", "Nr."],
                ["Hans", "Linz", 1],
                ["", "Linz", 2],
                ["hans", "linz", None],
                ["Grete", "Wels", "zwei"],
                ["Fritz", "Wels", -3],
                ["Maria", "Wels", 2.5],
                ["Paul", "Steyr", 1],
                ["Ida", "Steyr", 99],
            ]
        ),
    )
    errors = {row.line: row.reason for row in the_plan.errors}
    assert errors == {
        3: "The name is empty.",
        4: "The same player as in row 2.",
        5: "The number “zwei” is not a positive whole number.",
        6: "The number “-3” is not a positive whole number.",
        7: "The number “2.5” is not a positive whole number.",
        8: "Number 1 is also given in row 2.",
        9: "Number 99 belongs to another player: Xaver (Lienz), No. 99.",
    }
    assert [row.name for row in the_plan.new] == ["Hans"]


def test_matches_existing_players(director_client, tournament):
    Player.objects.create(name="Xaver", club="Lienz", number=99)
    yvonne = Player.objects.create(name="Yvonne", club="Imst")
    # Kept by the director (first seen in their tournament): the import may give her a number.
    yvonne.home_organiser = tournament.owner
    yvonne.save(update_fields=["home_organiser"])
    the_plan = preview(
        director_client,
        csv_file(
            "Name;Ort;Nr.\n"
            "Anna;Salzburg;\n"  # registered already (name + club)
            "Xaver;Kufstein;99\n"  # same number and name, another club now
            "yvonne;IMST;12\n"  # name + club, gets the number
            "Zita;Wien;\n"  # new
        ),
    )
    assert rows_by_status(the_plan) == {
        "new": ["Zita"],
        "register": ["Xaver", "yvonne"],
        "registered": ["Anna"],
        "errors": [],
    }
    register = {row.name: row for row in the_plan.register}
    assert register["yvonne"].sets_number
    assert register["Xaver"].player.number == 99
    confirm(director_client)
    assert Player.objects.get(name="Yvonne").number == 12
    assert Player.objects.filter(name="Xaver").count() == 1
    assert tournament.registrations.filter(player__name="Xaver").exists()


def test_existing_player_with_another_number_is_a_bad_row(director_client, tournament):
    Player.objects.create(name="Yvonne", club="Imst", number=5)
    the_plan = preview(director_client, csv_file("Name;Ort;Nr.\nYvonne;Imst;6\n"))
    assert [row.reason for row in the_plan.errors] == ["Yvonne (Imst) already has number 5."]


# -- preview and confirmation -------------------------------------------------------------------


def test_preview_saves_nothing_and_confirm_saves(director_client, tournament):
    before = state()
    response = upload(
        director_client,
        xlsx([["Name", "Verein", "Nr."], ["Hans", "Linz", 7], ["Anna", "Salzburg"]]),
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Hans" in page and "Linz" in page
    assert state() == before
    response = confirm(director_client)
    assert response.status_code == 302
    assert response.url == reverse("registrations", args=["cup"])
    hans = Player.objects.get(name="Hans")
    assert (hans.club, hans.number) == ("Linz", 7)
    assert tournament.registrations.filter(player=hans).exists()
    assert tournament.registrations.count() == 3
    assert not any(key.startswith("imports.") for key, _value in director_client.session.items())
    # Confirming twice does nothing more.
    assert director_client.post(CONFIRM, {"token": "x"}).status_code == 302
    assert tournament.registrations.count() == 3


@pytest.mark.parametrize(
    ("extra", "present"),
    [({}, False), ({"checked_in": "1"}, True)],
    ids=["box left empty", "box ticked"],
)
def test_imported_players_are_marked_present_only_when_the_director_ticks_the_box(
    director_client, tournament, extra, present
):
    upload(director_client, csv_file("Name;Ort\nHans;Linz\nZita;Wien\n"))
    confirm(director_client, **extra)
    marks = dict(
        tournament.registrations.filter(player__name__in=["Hans", "Zita"]).values_list(
            "player__name", "checked_in"
        )
    )
    assert marks == {"Hans": present, "Zita": present}, "present marks after the import"


def test_the_preview_offers_the_present_box_unticked(director_client, tournament):
    page = upload(director_client, csv_file("Name\nHans\n")).content.decode()
    assert '<input type="checkbox" name="checked_in" value="1">' in page, (
        "the preview asks whether the players came, unticked"
    )


def test_confirm_needs_the_previews_token(director_client, tournament):
    upload(director_client, xlsx([["Name"], ["Hans"]]))
    before = state()
    response = director_client.post(CONFIRM, {"token": "wrong"})
    assert response.status_code == 302
    assert state() == before


def test_confirm_checks_again_when_players_changed(director_client, tournament):
    upload(director_client, xlsx([["Name", "Nr."], ["Hans", 7]]))
    Player.objects.create(name="Other", number=7)
    before = state()
    response = confirm(director_client)
    assert response.status_code == 200
    assert "The players changed since the preview" in response.content.decode()
    assert state() == before
    assert [row.line for row in response.context["plan"].errors] == [2]


def test_names_with_html_are_escaped_on_the_preview(director_client, tournament):
    response = upload(
        director_client,
        csv_file("Name;Ort\n<script>alert(1)</script>;<b>Wien</b>\n;<i>leer</i>\n"),
    )
    page = response.content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>Wien</b>" not in page and "<i>leer</i>" not in page
    confirm(director_client)
    assert Player.objects.filter(name="<script>alert(1)</script>").exists()


def test_the_import_page_speaks_german_by_default(director_client, tournament):
    with translation.override("de"):
        response = director_client.get(reverse("players_import", args=["cup"]))
    assert (response.status_code, "Spieler importieren" in response.content.decode()) == (200, True)


# -- permissions ----------------------------------------------------------------------------------


def test_anonymous_visitor_is_sent_to_login(client, tournament):
    before = state()
    for url in (IMPORT, CONFIRM):
        response = client.post(url, {"file": csv_file("Name\nHans\n"), "token": "x"})
        assert response.status_code == 302
        assert reverse("login") in response.url
    assert client.get(IMPORT).status_code == 302
    assert state() == before


def test_non_director_is_refused(client, other_user, tournament):
    client.force_login(other_user)
    before = state()
    assert client.get(IMPORT).status_code == 403
    assert client.post(IMPORT, {"file": csv_file("Name\nHans\n")}).status_code == 403
    assert client.post(CONFIRM, {"token": "x"}).status_code == 403
    assert state() == before


def test_non_director_cannot_confirm_a_directors_pending_import(
    client, director, other_user, tournament
):
    client.force_login(director)
    upload(client, csv_file("Name\nHans\n"))
    pending = next(value for key, value in client.session.items() if key.startswith("imports."))
    client.force_login(other_user)
    before = state()
    assert client.post(CONFIRM, {"token": pending["token"]}).status_code == 403
    assert state() == before


def test_new_registrations_are_recorded_in_the_change_log(director_client, director, tournament):
    upload(director_client, csv_file("Name;Ort\nAnna;Salzburg\nHans;Linz\n"))
    confirm(director_client)
    changes = Change.objects.filter(kind=Change.Kind.REGISTRATION)
    hans = Registration.objects.get(tournament=tournament, player__name="Hans")
    assert [(c.object_id, c.action, c.user_id) for c in changes] == [
        (hans.pk, Change.Action.CREATE, director.pk)
    ]


def test_a_title_above_the_header_is_skipped(director_client, tournament):
    the_plan = preview(
        director_client, xlsx([["Spielerliste Cup 2026"], [], ["Name", "Verein"], ["Hans", "Linz"]])
    )
    assert [(r.line, r.name, r.club) for r in the_plan.new] == [(4, "Hans", "Linz")]
    the_plan = preview(director_client, csv_file("Teilnehmerliste\nSpieler,Ort\nGrete,Wels\n"))
    assert [(r.line, r.name, r.club) for r in the_plan.new] == [(3, "Grete", "Wels")]


def test_a_record_kept_by_someone_else_gets_no_number_from_an_import(
    director_client, tournament, django_user_model
):
    stranger = django_user_model.objects.create_user("fremd-org", password="pw-123456")
    Player.objects.create(name="Yvonne", club="Imst", home_organiser=stranger)
    the_plan = preview(director_client, csv_file("Name;Ort;Nr.\nyvonne;IMST;12\n"))
    assert not the_plan.register[0].sets_number, "the preview does not promise the number"
    confirm(director_client)
    assert Player.objects.get(name="Yvonne").number != 12, "someone else's record keeps its number"


def test_a_player_of_someone_elses_hidden_tournament_is_neither_matched_nor_named(
    director_client, tournament, django_user_model
):
    from tests.factories import make_tournament

    stranger = django_user_model.objects.create_user("fremd-hidden", password="pw-123456")
    secret = make_tournament(stranger, slug="geheim", public=False, players=1)
    hidden = secret.registrations.get().player
    hidden.name, hidden.club, hidden.number = "Xenia Geheim", "Lienz", 777
    hidden.save(update_fields=["name", "club", "number"])
    the_plan = preview(
        director_client,
        csv_file(f"Name;Ort;Nr.\n{hidden.name};{hidden.club};\nNeu;Linz;777\n"),
    )
    assert [row.name for row in the_plan.new] == [hidden.name], "the hidden player is not found"
    assert [row.reason for row in the_plan.errors] == ["Number 777 belongs to another player."], (
        "a hidden player's number is refused without naming them"
    )
    confirm(director_client)
    assert not tournament.registrations.filter(player=hidden).exists(), (
        "the hidden player is not registered here"
    )
