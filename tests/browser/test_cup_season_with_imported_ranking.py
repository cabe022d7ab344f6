"""In Chromium: a season of three tournaments and a final, one of them imported as a ranking only.

The organiser imports the paper tournament's ranking (choosing the likely player the file names
differently), then the season table and a player's page show the right points in German and in
English, at 1280 px and on a 390 px phone, and the CSV, Excel and season JSON downloads, and
`python -m scoring.season` on that JSON, agree with the page.
"""

import csv
import io
import json
import subprocess
import sys

import pytest
from openpyxl import load_workbook

from tarock_cup.tournaments.models import Player
from tests.browser.a11y import describe, page_width, run_axe
from tests.browser.conftest import screenshot
from tests.cups.helpers import make_cup, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANNA, BERT, CILLI, DORA = (
    "Anna Huber",
    "Bert Moser",
    "Cilli Egger",
    "Dora Maximilian-Schwarzenbacher",
)
FIXPUNKTE = {"method": "table", "points": [223, 198, 180, 168]}

# The paper tournament in Wattens, as its organiser typed it: Anna's name the other way round.
PAPER = (
    "Platz;Name;Verein;Punkte\n"
    f"1;{CILLI};Innsbruck;70\n"
    "2;Huber Anna;Innsbruck;40\n"
    f"3;{BERT};Innsbruck;30\n"
    f"4;{DORA};Innsbruck;0\n"
)

# Fixpunkte 223, 198, 180, 168; the best 2 of the 3 regular results; the final counts double.
#           Zirl  Hall  Wattens (imported)  best two       final        season
# Bert      198   223   180                 223+198=421    223×2=446    867
# Anna      223   198   198                 223+198=421    198×2=396    817
# Cilli     180   180   223                 223+180=403    180×2=360    763
# Dora      168   168   168                 168+168=336    168×2=336    672
SEASON = {BERT: 867, ANNA: 817, CILLI: 763, DORA: 672}


@pytest.fixture
def cup(director):
    zirl = played(director, "zirl", {ANNA: 90, BERT: 60, CILLI: 30, DORA: 10}, day=5)
    hall = played(director, "hall", {BERT: 80, ANNA: 50, CILLI: 20, DORA: 5}, day=12)
    final = played(director, "finale", {BERT: 100, ANNA: 90, CILLI: 50, DORA: 20}, day=26)
    return make_cup(
        director, [zirl, hall], final=final, points=FIXPUNKTE, best=2, final_factor=2, qualify=2
    )


def log_in(page, url):
    page.goto(url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


def import_paper_tournament(page, url, tmp_path):
    file = tmp_path / "wattens.csv"
    file.write_text(PAPER, encoding="utf-8")
    page.goto(url + "/cups/tirol/")
    page.click("text=Endergebnis importieren")
    page.fill("#id_name", "Wattener Papierturnier")
    page.fill("#id_date", "2026-09-19")
    page.set_input_files("#id_file", str(file))
    with page.expect_navigation():
        page.click("main button[type=submit]")


def season_on_page(page):
    """Return each player's season points as the table shows them."""
    rows = page.locator("table.season tbody tr")
    return {
        rows.nth(i).locator("td.player").inner_text(): int(
            rows.nth(i).locator("td.total").inner_text()
        )
        for i in range(rows.count())
    }


def test_a_season_with_an_imported_ranking(page, phone, live_server, cup, tmp_path):
    url = live_server.url
    log_in(page, url)
    import_paper_tournament(page, url, tmp_path)
    screenshot(page, "cup-import-preview-1280")
    anna = Player.objects.get(name=ANNA)
    page.check(f"input[name^=choice-][value='{anna.pk}']")
    with page.expect_navigation():
        page.click("main button[name=confirm]")
    screenshot(page, "cup-season-imported-1280")
    assert "Endergebnis von Wattener Papierturnier importiert: 4 Spieler." in page.inner_text(
        "main"
    ), "the import is confirmed"
    assert season_on_page(page) == SEASON, "the season table adds the imported ranking"
    assert "importiertes Endergebnis" in page.inner_text("main"), "the list names it imported"
    assert Player.objects.filter(name="Huber Anna").count() == 0, "Anna stays one person"

    # The downloads, and the engine's command line on the season JSON, agree with the page.
    shown = season_on_page(page)
    text = page.request.get(url + "/cups/tirol/season.csv").body().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert {r[1]: int(r[3]) for r in rows[1:]} == shown, "the CSV agrees with the page"
    assert "Wattener Papierturnier (importiertes Endergebnis)" in rows[0], "the CSV marks it"
    book = load_workbook(io.BytesIO(page.request.get(url + "/cups/tirol/season.xlsx").body()))
    cells = list(book.active.iter_rows(values_only=True))
    ranked_rows = [r for r in cells[2:] if isinstance(r[0], int)]  # below: a note, no rank
    assert {r[1]: r[3] for r in ranked_rows} == shown, "the workbook agrees with the page"
    season_json = page.request.get(url + "/cups/tirol/season.json").body()
    done = subprocess.run(
        [sys.executable, "-m", "scoring.season", "-"],
        input=season_json,
        capture_output=True,
        check=True,
    )
    ranked = json.loads(done.stdout)["standings"]
    assert {s["player"].split(" #")[0]: s["points"] for s in ranked} == shown, (
        "python -m scoring.season ranks the exported season as the page does"
    )

    # German on a phone: the season, Anna's page and the imported ranking fit 390 px.
    log_in(phone, url)
    phone.goto(url + "/cups/tirol/")
    screenshot(phone, "cup-season-imported-390")
    assert page_width(phone) <= 390, "the season table fits a 390 px phone"
    phone.click(f"table.season >> text={ANNA}")
    screenshot(phone, "cup-player-imported-390")
    assert "Rang 2 mit 817 Saisonpunkten" in phone.inner_text("main"), "Anna's rank and points"
    assert page_width(phone) <= 390, "Anna's season fits a 390 px phone"
    phone.click("text=Wattener Papierturnier")
    screenshot(phone, "cup-imported-ranking-390")
    assert "importiertes Endergebnis" in phone.inner_text("main"), "the ranking says imported"
    assert page_width(phone) <= 390, "the imported ranking fits a 390 px phone"

    # English on a phone.
    phone.goto(url + "/en/cups/tirol/")
    screenshot(phone, "cup-season-imported-en-390")
    assert season_on_page(phone) == SEASON, "the English season table shows the same points"
    assert "imported ranking" in phone.inner_text("main"), "the English list names it imported"
    assert page_width(phone) <= 390, "the English season table fits a 390 px phone"
    phone.click(f"table.season >> text={ANNA}")
    assert "Rank 2 with 817 season points" in phone.inner_text("main"), "Anna's page in English"


def test_the_import_preview_fits_a_phone_in_english(phone, live_server, cup, tmp_path):
    log_in(phone, live_server.url)
    file = tmp_path / "wattens.csv"
    file.write_text(PAPER, encoding="utf-8")
    phone.goto(live_server.url + "/en/cups/tirol/import/")
    phone.fill("#id_name", "Wattens paper tournament")
    phone.fill("#id_date", "2026-09-19")
    phone.set_input_files("#id_file", str(file))
    screenshot(phone, "cup-import-form-en-390")
    assert page_width(phone) <= 390, "the import form fits a 390 px phone"
    with phone.expect_navigation():
        phone.click("main button[type=submit]")
    screenshot(phone, "cup-import-preview-en-390")
    assert "1 to choose" in phone.inner_text("main"), "Huber Anna is offered to choose"
    assert page_width(phone) <= 390, "the preview fits a 390 px phone"


@pytest.mark.parametrize("path", ["/import/", "/ranking/papier/"])
def test_axe_finds_no_serious_fault_on_the_import_and_the_ranking(
    phone, live_server, director, cup, path
):
    from tests.cups.helpers import imported

    cup.entries.create(tournament=imported(director, "papier", [ANNA, BERT], scores=[40, 30]))
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/cups/tirol" + path)
    violations = run_axe(phone)
    assert violations == [], describe(violations)


def test_axe_finds_no_serious_fault_on_the_preview(phone, live_server, cup, tmp_path):
    log_in(phone, live_server.url)
    import_paper_tournament(phone, live_server.url, tmp_path)
    violations = run_axe(phone)
    assert violations == [], describe(violations)


@pytest.fixture
def paper(director, cup):
    """Return the cup's tournament imported as a ranking, Anna written the other way round."""
    from tests.cups.helpers import imported

    tournament = imported(director, "papier", [CILLI, "Huber Anna", BERT, DORA], day=19)
    cup.entries.create(tournament=tournament)
    return tournament


@pytest.mark.parametrize(
    ("prefix", "note", "refusal"),
    [
        ("", "Rangliste importiert (ohne Spiele)", "keine Runden ausgelost"),
        ("/en", "Ranking imported (no hands)", "no rounds are drawn"),
    ],
)
def test_an_imported_tournament_reads_as_its_ranking(
    page, phone, live_server, paper, prefix, note, refusal
):
    url = live_server.url + prefix
    tag = prefix.strip("/") or "de"
    for browser_page, width in ((page, 1280), (phone, 390)):
        log_in(browser_page, live_server.url)
        browser_page.goto(url + "/")
        screenshot(browser_page, f"imported-tournament-list-{tag}-{width}")
        card = browser_page.locator(".card", has_text="Papierturnier papier")
        assert note in card.inner_text(), "the public list marks it"
        assert page_width(browser_page) <= width, "the list fits"
        card.locator("h2 a").click()
        browser_page.wait_for_url("**/t/papier/")
        screenshot(browser_page, f"imported-tournament-{tag}-{width}")
        main = browser_page.inner_text("main")
        assert note in main, "the page says the ranking was imported"
        assert browser_page.locator("table.imported-ranking tbody tr").count() == 4, "4 places"
        assert browser_page.locator("#draw-round").count() == 0, "no draw offered"
        assert page_width(browser_page) <= width, "the page fits"
        browser_page.click("#imported-note a")
        assert browser_page.url.endswith("/cups/tirol/"), "the note links the cup"
        browser_page.goto(url + "/t/papier/players/")
        screenshot(browser_page, f"imported-tournament-refused-{tag}-{width}")
        assert refusal in browser_page.inner_text("main"), "registering is refused, saying why"
        assert page_width(browser_page) <= width, "the refusal fits"


def test_axe_finds_no_serious_fault_on_an_imported_tournament(phone, live_server, paper):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/t/papier/")
    violations = run_axe(phone)
    assert violations == [], describe(violations)


def test_a_merge_shows_in_the_imported_tournaments_history(page, phone, live_server, paper):
    log_in(page, live_server.url)
    page.goto(live_server.url + "/cups/tirol/")
    with page.expect_navigation():
        page.click("text=„Huber Anna“ mit „Anna Huber“ zusammenführen")
    # The register's comparison: Anna Huber (the first record) stays.
    page.check("#confirm input[type=radio] >> nth=0")
    with page.expect_navigation():
        page.click("#confirm-button")
    log_in(phone, live_server.url)
    for prefix, line in (
        ("", "Platz 2: Huber Anna → Anna Huber (Spieler zusammengeführt)"),
        ("/en", "rank 2: Huber Anna → Anna Huber (players merged)"),
    ):
        phone.goto(live_server.url + prefix + "/t/papier/")
        screenshot(phone, f"imported-tournament-merged-{prefix.strip('/') or 'de'}-390")
        assert line in phone.inner_text("#place-history"), "the moved place is in the history"
        assert page_width(phone) <= 390, "the history fits a phone"


# The same person twice in one file: Egon Lechner's name the other way round in row 4.
TWICE = "Platz;Name;Verein\n1;Egon Lechner;Hall\n2;Dora Ried;Hall\n3;lechner egon;Zirl\n"


@pytest.mark.parametrize(
    ("prefix", "heading", "done"),
    [
        ("", "Dieselbe Person doppelt?", "importiert: 3 Spieler"),
        ("/en", "The same person twice?", "imported: 3 players"),
    ],
)
def test_the_preview_flags_the_same_person_twice(
    phone, live_server, cup, tmp_path, prefix, heading, done
):
    file = tmp_path / "twice.csv"
    file.write_text(TWICE, encoding="utf-8")
    log_in(phone, live_server.url)
    phone.goto(live_server.url + prefix + "/cups/tirol/import/")
    phone.fill("#id_name", "Lienzer Papierturnier")
    phone.fill("#id_date", "2026-10-10")
    phone.set_input_files("#id_file", str(file))
    with phone.expect_navigation():
        phone.click("main button[type=submit]")
    tag = prefix.strip("/") or "de"
    screenshot(phone, f"cup-import-preview-twice-{tag}-390")
    assert heading in phone.inner_text("#alike-in-file"), "the look-alike rows are flagged"
    assert page_width(phone) <= 390, "the flagged preview fits a 390 px phone"
    assert run_axe(phone) == [], "axe finds no serious fault on the flagged preview"
    phone.click("main button[name=confirm]")
    assert phone.locator("#alike-in-file input:invalid").count() == 1, "not confirmed yet"
    phone.check("#alike-in-file input[type=checkbox]")
    with phone.expect_navigation():
        phone.click("main button[name=confirm]")
    assert done in phone.inner_text("main"), "confirmed as two people, the ranking is imported"
