"""Each ruleset's readings (where the rule texts are silent or ambiguous, the choice the engine
makes; RULES.md's "Reading:" paragraphs) appear on its rules page, in German and English.

The expected texts are written out here by hand, numbers included, never built with the
function the page uses: a reading dropped from a data file, left untranslated or shown with a
wrong number fails here.
"""

import html

import pytest
from django.urls import reverse
from django.utils import translation

# (ruleset, the reading in short, English text, German text)
READINGS = [
    (
        "lungau",
        "a failed announced Valat counts a Rufer with a bird as 1 + 2",
        "the rule text's contract value of a Rufer with a bird being 1 + 2",
        "da der Regeltext den Spielwert eines Rufers mit Vogel mit 1 + 2 angibt",
    ),
    (
        "lungau",
        "Ramingstein: a Valat of the defenders with the signs turned",
        "Reading: a Valat of the defenders is scored the same way with the signs turned, and "
        "their failed announced Valat gives the declarer's side 32 × the won game value",
        "Auslegung: Ein Valat der Gegenspieler wird ebenso mit umgekehrten Vorzeichen gewertet, "
        "und ihr angesagter, verfehlter Valat bringt der Spielerseite 32 × den Wert des "
        "gewonnenen Spiels",
    ),
    (
        "tirol_cup",
        "Renonce: the defenders' amount is the lost game value",
        "in a Sechserdreier each defender receives 8, the declarer 3 × 4.",
        "beim Sechserdreier erhält jeder Gegenspieler 8, der Spieler 3 × 4.",
    ),
    (
        "tirol_cup",
        "Trischaken step 1: Vorhand or a mayor with most points pays each",
        "Vorhand as mayor pays 4 to each (−12, +4, +4, +4).",
        "Vorhand als Bürgermeister zahlt jedem 4 (−12, +4, +4, +4).",
    ),
    (
        "tirol_cup",
        "Trischaken step 2: the scores by rank",
        "otherwise the scores by rank are −4, −4, +4, +4.",
        "Andernfalls ergibt die Rangfolge −4, −4, +4, +4.",
    ),
    (
        "tirol_cup",
        "Trischaken step 3: a virgin ends with +6",
        "a virgin (no trick) ends with +6 in all",
        "Eine Jungfrau (kein Stich) kommt insgesamt auf +6",
    ),
    (
        "tirol_cup",
        "the tournament: three rounds, ties on the best round, then lots",
        "normally three rounds of 16 hands (20 at a table of five); ties go to the best round, "
        "then to lots, and the drawn lot is recorded.",
        "normalerweise drei Runden zu 16 Spielen (20 an einem Fünfertisch); bei Gleichstand "
        "entscheidet die beste Runde, dann das Los, und das gezogene Los wird festgehalten.",
    ),
    (
        "extended",
        "a Valat of the defenders on the lost game value",
        "Reading: a Valat of the defenders is scored like the declarer's (× 4, × 8 announced, "
        "on the lost game value)",
        "Auslegung: Ein Valat der Gegenspieler wird wie der des Spielers gewertet (× 4, angesagt "
        "× 8, auf den Wert des verlorenen Spiels)",
    ),
    (
        "ooe",
        "King ultimo with the King taken from the talon",
        "also when the declarer plays alone with the King taken from the talon (reading)",
        "auch wenn der Spieler mit dem aus dem Talon genommenen König allein spielt (Auslegung)",
    ),
    (
        "ooe",
        "a failed silent bonus scores 0",
        "Reading: a silent bonus counts only when it is made; a failed silent bird or King ultimo "
        "scores 0.",
        "Auslegung: Eine stille Prämie zählt nur, wenn sie gemacht wird; ein still verfehlter "
        "Vogel oder König ultimo zählt 0.",
    ),
    (
        "ooe",
        "the game's Kontra carries over to the Valat; hidden partners' Kontra void",
        "Reading: a Kontra on the Valat is the game's Kontra, which carries over to the Valat; a "
        "Kontra between hidden partners does not count",
        "Auslegung: Ein Kontra auf den Valat ist das Kontra des Spiels, das auf den Valat "
        "übergeht; ein Kontra zwischen verdeckten Partnern zählt nicht",
    ),
    (
        "ooe",
        "the defenders' failed Valat mirrors the declarer's",
        "the announced multiple of the won game, mirroring the declarer's case.",
        "das angesagte Vielfache des gewonnenen Spiels, spiegelbildlich zum Fall des Spielers.",
    ),
    (
        "ooe",
        "the talon half left stays with the defenders in a Valat",
        "stays with the defenders even in a Valat, so an announced Trull or Four Kings can fail "
        "beside a Valat.",
        "bleibt auch bei einem Valat bei den Gegenspielern, daher kann eine angesagte Trull oder "
        "angesagte vier Könige neben einem Valat verfehlt werden.",
    ),
    (
        "ooe",
        "with several birds the declarer names the one paid on giving up",
        "Reading: with several birds in hand the declarer names the one that is paid.",
        "Auslegung: Mit mehreren Vögeln in der Hand nennt der Spieler den, der bezahlt wird.",
    ),
    (
        "ooe",
        "two virgins share",
        "Reading (Trischaken): two virgins share the payment",
        "Auslegung (Trischaken): Zwei Jungfrauen teilen sich die Zahlung",
    ),
    (
        "ooe",
        "Renonce: an announced Valat as its multiple of the game",
        "an announced Valat as its multiple of the game",
        "ein angesagter Valat als sein Vielfaches des Spiels",
    ),
    (
        "ooe",
        "Renonce: silent bonuses claimed are entered by hand",
        "silent bonuses of the hand are ignored (a director who grants one enters the hand by "
        "hand)",
        "stille Prämien des Spiels bleiben außer Acht (ein Turnierleiter, der eine anerkennt, "
        "trägt das Spiel von Hand ein)",
    ),
    (
        "ooe",
        "Renonce: the Trischaker among two offenders, an odd sum",
        "with the Trischaker among two offenders, or a sum two offenders cannot share in whole "
        "points, the hand is entered by hand.",
        "ist der Trischaker einer von zwei Verursachern oder lässt sich die Summe nicht in ganzen "
        "Punkten auf zwei Verursacher teilen, wird das Spiel von Hand eingetragen.",
    ),
    (
        "ooe",
        "double rounds by the counter method",
        "Reading: doubled rounds are no cup rule",
        "Auslegung: verdoppelte Runden sind keine Cup-Regel",
    ),
    (
        "ooe",
        "lots after the rounds; 20 hands at a table of five",
        "Reading: then lots, and the drawn lot is recorded; a table of five plays 20 hands",
        "Auslegung: dann das Los, und das gezogene Los wird festgehalten; ein Fünfertisch spielt "
        "20 Spiele",
    ),
    (
        "stmk",
        "a bird-Rufer is the Rufer's game plus its bird",
        "Reading: a bird-Rufer is the Rufer's game (1) plus its bird",
        "Lesart: ein Vogelrufer ist das Spiel des Rufers (1) und sein Vogel",
    ),
    (
        "stmk",
        "Zwiccolo: exactly two tricks",
        "Reading: Zwiccolo is won with exactly two tricks; Zwiccolo ouvert likewise, open.",
        "Lesart: Zwiccolo ist mit genau zwei Stichen gewonnen; Zwiccolo ouvert ebenso, offen.",
    ),
    (
        "stmk",
        "what King ultimo is, and who scores it",
        "Reading: King ultimo is made when the called King is in the last trick and the "
        "declarer's side wins it",
        "Lesart: König ultimo ist gemacht, wenn der gerufene König im letzten Stich liegt und die "
        "Spielerseite ihn gewinnt",
    ),
    (
        "stmk",
        "a called Queen",
        "With all four Kings a Queen is called and scored like a King, without King ultimo.",
        "Mit allen vier Königen wird eine Dame gerufen und wie ein König gewertet, ohne König "
        "ultimo.",
    ),
    (
        "stmk",
        "a failed silent bonus costs its value",
        "Reading: a silent bonus that fails costs its silent value",
        "Lesart: eine stille Prämie, die verloren geht, kostet ihren stillen Wert",
    ),
    (
        "stmk",
        "a failed announced Valat; the defenders' Valat with the signs turned",
        "Reading: a failed announced Valat loses the announced multiple of the lost game "
        "whatever the card points; a Valat of the defenders is scored the same way with the "
        "signs turned.",
        "Lesart: ein verlorener angesagter Valat verliert das angesagte Vielfache des verlorenen "
        "Spiels, unabhängig von den Kartenpunkten; ein Valat der Gegenspieler wird ebenso mit "
        "umgekehrten Vorzeichen gewertet.",
    ),
    (
        "stmk",
        "the defenders' failed announced Valat",
        "Reading: a failed Valat announced by the defenders gives the declarer's side the "
        "announced multiple of the won game.",
        "Lesart: ein verfehlter, von den Gegenspielern angesagter Valat bringt der Spielerseite "
        "das angesagte Vielfache des gewonnenen Spiels.",
    ),
    (
        "stmk",
        "giving up with the King in the talon",
        "Reading: called King in the talon (Rufer, bird-Rufer): the declarer plays alone or "
        "gives up: a lost game plus the mandatory bird's announced value, one against three, no "
        "Kontra.",
        "Lesart: gerufener König im Talon (Rufer, Vogelrufer): der Spieler spielt allein oder "
        "gibt auf: ein verlorenes Spiel plus der angesagte Wert des Pflichtvogels, einer gegen "
        "drei, ohne Kontra.",
    ),
    (
        "stmk",
        "Trischaken ties for the most points only; two offenders share",
        "Reading (Trischaken): ties are ties for the most points only; two offenders of a "
        "Renonce share its cost.",
        "Lesart (Trischaken): Gleichstand zählt nur bei den meisten Punkten; zwei Verursacher "
        "einer Renonce teilen sich die Kosten.",
    ),
    (
        "stmk",
        "25 hands at a table of five; ties; doubled rounds off",
        "Reading: a table of five plays 25 hands, its dealer sitting out every hand, Trischaken "
        "included; ties go to the best round, then the second-best round, then lots",
        "Lesart: ein Fünfertisch spielt 25 Spiele, sein Geber setzt jedes Spiel aus, auch das "
        "Trischaken; bei Gleichstand entscheidet die beste Runde, dann die zweitbeste Runde, dann "
        "das Los",
    ),
    (
        "stmk",
        "valat: bonus takes the bonus factor; a failed one costs its value",
        "Valat is a bonus added to the game: 10 silent, 20 announced, times the bonus factor",
        "Valat ist eine Prämie zusätzlich zum Spiel: still 10, angesagt 20, mal dem Prämienfaktor",
    ),
]

CASES = [
    pytest.param(key, lang, text, id=f"{key}-{lang}-{short}")
    for key, short, english, german in READINGS
    for lang, text in (("en", english), ("de", german))
]


def _page(client, key: str, lang: str) -> str:
    with translation.override(lang):
        body = client.get(reverse("rules", args=[key])).content.decode()
    return " ".join(html.unescape(body).split())


@pytest.mark.parametrize(("key", "lang", "text"), CASES)
def test_each_reading_appears_on_its_rulesets_page(client, key, lang, text):
    assert text in _page(client, key, lang), f"the rules page of {key} ({lang}) lacks a reading"
