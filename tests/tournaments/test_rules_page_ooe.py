"""The ooe rules page says everything the engine scores in the Upper Austrian rules (issue 30,
item 4): each item the page once lacked is asserted here, written out by hand."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation


def _page(client, lang: str) -> str:
    with translation.override(lang):
        body = client.get(reverse("rules", args=["ooe"])).content.decode()
    return " ".join(html.unescape(body).split())


# (what the page once lacked, language, text the page must show)
ITEMS = [
    ("the tournament format", "en", "three rounds of 16 hands at tables of four (four Radl)"),
    ("the tournament format", "de", "drei Runden zu 16 Spielen an Vierertischen (vier Radl)"),
    (
        "hands per round",
        "en",
        "A round has 16 hands at a table of four and 20 at a table of five",
    ),
    (
        "the tie-breaks",
        "en",
        "Ties on the total are broken by: Best round, Second-best round, Drawing lots",
    ),
    ("the tie-breaks", "en", "Reading: then lots, and the drawn lot is recorded"),
    (
        "the defenders' Valat uses the lost game value",
        "en",
        "the lost value when the defenders do (a Sechserdreier: 8 × 4 = 32)",
    ),
    (
        "the defenders' Valat uses the lost game value",
        "de",
        "der Verlustwert, wenn die Gegenspieler sie machen (ein Sechserdreier: 8 × 4 = 32)",
    ),
    ("what a mayor is", "en", "a mayor has 35/2 or more"),
    ("what a mayor is", "de", "ein Bürgermeister hat 35/2 oder mehr"),
    ("the loser pays 4 when two virgins share", "en", "get 2 each, so the loser pays 4"),
    ("the loser pays 4 when two virgins share", "de", "der Verlierer zahlt also 4"),
    ("no Kontra in Trischaken", "en", "Trischaken: every player for themselves, no Kontra."),
    ("no Kontra in Trischaken", "de", "Trischaken: jeder spielt für sich, kein Kontra."),
    (
        "Renonce: kontras void with the King in the talon",
        "en",
        "Kontras count as the ruleset counts them (void in a Solorufer whose King lay in the "
        "talon)",
    ),
    ("Renonce: silent bonuses ignored", "en", "silent bonuses of the hand are ignored"),
    (
        "Renonce: who cannot offend",
        "en",
        "The dealer sitting out cannot offend on the sheet, and a surrendered hand has no Renonce",
    ),
    (
        "Renonce: who cannot offend",
        "de",
        "Der aussetzende Geber kann auf dem Blatt keine Renonce begehen",
    ),
    (
        "more birds beside the Besserrufer bird",
        "en",
        "must announce Pagat or Uhu or Kakadu or Quapil; further birds may be announced beside it",
    ),
    ("more birds beside the Besserrufer bird", "en", "Further birds may be announced beside it."),
    (
        "more birds beside the Besserrufer bird",
        "de",
        "weitere Vögel dürfen daneben angesagt werden",
    ),
    ("one side per bonus", "en", "Each bonus involves at most one side in a hand"),
    ("one side per bonus", "de", "Jede Prämie betrifft in einem Spiel höchstens eine Seite"),
    (
        "an announced bird that could not be made counts as failed",
        "en",
        "A bird or King ultimo that was announced but could not be made (played too early, "
        "blocked by the duty to follow suit, announced by a player who may not) is recorded as "
        "announced and failed.",
    ),
    (
        "an announced bird that could not be made counts as failed",
        "de",
        "wird als angesagt und verfehlt eingetragen",
    ),
    (
        "double stakes at five",
        "en",
        "counts the next four deals double after each Trischaken, also at a table of five",
    ),
    ("double stakes at five", "de", "die nächsten vier Spiele doppelt, auch an einem Fünfertisch"),
]


@pytest.mark.parametrize(("item", "lang", "text"), ITEMS)
def test_the_ooe_page_says_it(client, item, lang, text):
    assert text in _page(client, lang), f"the ooe page ({lang}) says {item}"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_ooe_page_shows_trischaken_as_one_amount_without_a_lost_value(client, lang):
    with translation.override(lang):
        body = client.get(reverse("rules", args=["ooe"])).content.decode()
    row = re.search(r'<tr id="contract-trischaken">(.*?)</tr>', body, re.S).group(1)
    numbers = [
        " ".join(cell.split()) for cell in re.findall(r'<td class="num">(.*?)</td>', row, re.S)
    ]
    # won, lost, bonus factor: the source prints Trischaken 1 / —
    assert numbers[:2] == ["1", "—"], f"Trischaken shows {numbers[:2]}, the source 1 / —"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", ["Mondfang", "Sküsfang"])
def test_the_ooe_page_names_mondfang_and_skusfang_only_as_not_played(client, lang, name):
    body = _page(client, lang)
    sentences = [s for s in re.findall(r"<li>([^<]*)</li>|<p>([^<]*)</p>", body) for s in s if s]
    naming = [s for s in sentences if name in s]
    not_played = ("Not played in this ruleset", "In diesem Regelwerk nicht gespielt")
    others = [s for s in naming if not s.startswith(not_played)]
    assert others == [], f"the ooe page ({lang}) names {name} as if ooe played it"


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "the captured King recorded"), ("de", "der gefangene König, für sie")],
)
def test_the_ooe_page_no_longer_names_the_captured_king_among_its_bonuses(client, lang, text):
    assert text not in _page(client, lang), "ooe has no captured-King bonus"
