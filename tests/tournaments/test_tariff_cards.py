"""A tariff card per ruleset and per tariff: the contracts with their values, the bonuses, the
Kontra levels, Trischaken and Renonce on one page, in German and English. The numbers expected
here are copied by hand from the rule texts (RULES.md) and the tariffs."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from tarock_cup.tariffs.models import Tariff

RULESETS = [info.key for info in scoring.rulesets()]


def _card(client, name: str, arg: object, lang: str) -> tuple[int, str]:
    with translation.override(lang):
        response = client.get(reverse(name, args=[arg]))
    return response.status_code, " ".join(html.unescape(response.content.decode()).split())


def _numbers(body: str, row_id: str) -> list[str]:
    """Return the number cells of one row of the card: won, lost, bonus factor (or silent,
    announced for a bonus)."""
    row = re.search(rf'<tr id="{row_id}">(.*?)</tr>', body).group(1)
    return [cell.strip() for cell in re.findall(r'<td class="num">(.*?)</td>', row)]


@pytest.mark.parametrize("key", RULESETS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_rulesets_card_names_every_contract_and_bonus(client, key, lang):
    info = scoring.get_ruleset(key)
    status, body = _card(client, "rules_card", key, lang)
    with translation.override(lang):
        names = [translation.gettext(item.name) for item in info.contracts + info.bonuses]
    missing = [name for name in names if name not in body]
    assert (status, missing) == (200, []), f"the card of {key} ({lang}) lacks {missing}"


# (ruleset, row, number cells as the card shows them), from RULES.md's tables
ROWS = [
    ("lungau", "card-contract-sechserdreier", ["2", "4", "2"]),
    ("lungau", "card-contract-fahren", ["2", "—", "1"]),
    ("tirol_cup", "card-contract-farbensolo", ["10", "10", "2"]),
    ("tirol_cup", "card-bonus-sack", ["—", "2"]),
    ("standard", "card-contract-dreier", ["4", "4", "1"]),
    ("standard", "card-bonus-skusfang", ["2", "—"]),
    ("extended", "card-contract-farbendreier", ["3", "3 (6 by Vorhand)", "1"]),
    ("ooe", "card-contract-sechserdreier", ["4", "8", "1"]),
    ("ooe", "card-contract-trischaken", ["1", "—", "1"]),
    ("ooe", "card-bonus-quapil", ["4", "8"]),
    ("stmk", "card-contract-bettler_ouvert", ["8", "8", "1"]),
    ("stmk", "card-contract-solorufer", ["2", "2", "2"]),
    # the Styrian tariff prints Trischaken "(2)"
    ("stmk", "card-contract-trischaken", ["2", "—", "1"]),
]


@pytest.mark.parametrize(("key", "row", "numbers"), ROWS)
def test_a_rulesets_card_shows_its_numbers(client, key, row, numbers):
    _status, body = _card(client, "rules_card", key, "en")
    assert _numbers(body, row) == numbers, f"{key}: {row} on the card"


@pytest.mark.parametrize(
    ("key", "lang", "text"),
    [
        ("ooe", "en", "Kontra × 2, Rekontra × 4, Subkontra × 8. Highest Kontra: Subkontra."),
        ("ooe", "de", "Kontra × 2, Rekontra × 4, Subkontra × 8."),
        ("standard", "en", "Hirschkontra × 16, Mordkontra × 32. Highest Kontra: Mordkontra."),
        ("ooe", "en", "Kontras are recorded but do not count in the score (money only)."),
        ("standard", "en", "Kontras count in the score."),
    ],
)
def test_a_rulesets_card_lists_its_kontra_levels(client, key, lang, text):
    _status, body = _card(client, "rules_card", key, lang)
    assert text in body, f"the card of {key} ({lang}) says the Kontra levels"


@pytest.mark.parametrize(
    ("key", "lang", "text"),
    [
        # Trischaken
        ("ooe", "en", "two virgins at the lower amount get 2 each, so the loser pays 4"),
        ("stmk", "en", "share a pot of 6 equally"),
        ("stmk", "de", "teilen sich einen Topf von 6 zu gleichen Teilen"),
        ("lungau", "en", "in each pair the one with more card points pays the other 2"),
        # Renonce
        ("ooe", "en", "In Trischaken the offender pays 2 to each other player, the Trischaker"),
        ("tirol_cup", "en", "In Trischaken the offender pays 4 to each other player."),
        ("lungau", "en", "No rule of this ruleset scores a Renonce"),
        ("standard", "de", "Keine Regel dieses Regelwerks wertet eine Renonce"),
        # giving up with the called King in the talon
        ("ooe", "en", "or gives up before any announcement, which costs a lost game plus"),
        ("stmk", "de", "oder gibt vor jeder Ansage auf; das kostet ein verlorenes Spiel plus"),
        ("lungau", "en", "or surrenders (schleifen) and pays 3 to each defender"),
    ],
)
def test_a_rulesets_card_says_how_trischaken_renonce_and_giving_up_are_paid(
    client, key, lang, text
):
    _status, body = _card(client, "rules_card", key, lang)
    assert text in body, f"the card of {key} ({lang}) says it"


def test_a_card_of_no_ruleset_is_a_404(client):
    assert client.get(reverse("rules_card", args=["skat"])).status_code == 404


TIROL_2012 = {
    "contracts": {"besserrufer": {"won": 2, "lost": 2}, "zwiccolo_ouvert": None},
    "valat": {"silent": 15, "announced": 30},
}


@pytest.fixture
def tariff(db, director):
    return Tariff.objects.create(
        name="Tirol 2012", ruleset="tirol_cup", numbers=TIROL_2012, owner=director
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_tariffs_card_shows_the_tariffs_numbers(client, tariff, lang):
    _status, body = _card(client, "tariff_card", tariff.pk, lang)
    shown = (_numbers(body, "card-contract-besserrufer"), "card-contract-zwiccolo_ouvert" in body)
    assert shown == (["2", "2", "1"], False), "the card has the tariff's contracts and values"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Valat is a bonus added to the game: 15 silent, 30 announced"),
        ("de", "Tarif über dem Regelwerk Tiroler Tarockcup"),
        ("en", "Tariff over the ruleset Tiroler Tarockcup"),
    ],
)
def test_a_tariffs_card_says_its_valat_and_its_base(client, tariff, lang, text):
    _status, body = _card(client, "tariff_card", tariff.pk, lang)
    assert text in body


def test_a_tariff_the_engine_refuses_shows_why_on_its_card(client, tariff):
    # stored directly, as no page would let it be saved: a contract tirol_cup does not have
    Tariff.objects.filter(pk=tariff.pk).update(
        numbers={"contracts": {"skat": {"won": 2, "lost": 2}}}
    )
    status, body = _card(client, "tariff_card", tariff.pk, "en")
    assert (status, "skat" in body, 'id="card-contract-' in body) == (200, True, False), (
        "a refused tariff's card says why and shows no numbers"
    )


def test_the_tariffs_page_links_to_its_card(client, tariff):
    body = client.get(reverse("tariff", args=[tariff.pk])).content.decode()
    assert reverse("tariff_card", args=[tariff.pk]) in body, "the tariff's page links its card"


@pytest.mark.parametrize("key", RULESETS)
def test_a_rules_page_links_to_its_card(client, key):
    body = client.get(reverse("rules", args=[key])).content.decode()
    assert reverse("rules_card", args=[key]) in body, f"the rules page of {key} links its card"


def test_the_rules_index_links_every_rulesets_card(client):
    body = client.get(reverse("rules_index")).content.decode()
    missing = [key for key in RULESETS if reverse("rules_card", args=[key]) not in body]
    assert missing == [], f"the rules index links no card of {missing}"
