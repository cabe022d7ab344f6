"""The calendar: the dates to come of every cup (by cup and region), the last weeks' results,
and the iCalendar feeds players subscribe to; hidden tournaments nowhere."""

import datetime
from decimal import Decimal

import icalendar
import pytest
from django.urls import reverse
from django.utils import timezone

from tarock_cup.tournaments.models import Tournament
from tests.cups.helpers import imported, make_cup

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def day(offset):
    return TODAY + datetime.timedelta(days=offset)


def tournament(owner, slug, offset, **fields):
    return Tournament.objects.create(
        name=f"Turnier {slug}",
        slug=slug,
        date=day(offset),
        ruleset="tirol_cup",
        owner=owner,
        **fields,
    )


@pytest.fixture
def dates(director):
    """Two cups' tournaments to come, one of them hidden, and some played."""
    innsbruck = tournament(
        director,
        "innsbruck",
        7,
        start_time=datetime.time(14, 0),
        venue="Gasthof Post",
        venue_address="Maria-Theresien-Straße 1, 6020 Innsbruck",
        region="t",
        entry_fee=Decimal("12.50"),
        contact="Anna Huber, 0664 1234567",
        note="Anmeldung bis 13:30",
    )
    graz = tournament(director, "graz", 14, region="st")
    hidden = tournament(director, "geheim", 10, public=False)
    played = tournament(director, "gestern", -3)
    old = tournament(director, "voriges-jahr", -300, start_time=datetime.time(9, 30))
    make_cup(director, [innsbruck, hidden, played], slug="tirol")
    make_cup(director, [graz], slug="steiermark")
    return {"innsbruck": innsbruck, "graz": graz, "hidden": hidden, "old": old}


def listed(client, query=""):
    page = client.get(reverse("calendar") + query).context["page"]
    return [t.slug for t in page.to_come]


def test_the_calendar_lists_the_dates_to_come_in_order(client, dates):
    assert listed(client) == ["innsbruck", "graz"], (
        "the calendar should list what comes, soonest first"
    )


def test_the_calendar_is_narrowed_to_a_cup(client, dates):
    assert listed(client, "?cup=steiermark") == ["graz"], "the cup filter should keep its dates"


def test_the_calendar_is_narrowed_to_a_region(client, dates):
    assert listed(client, "?region=t") == ["innsbruck"], "the region filter should keep Tyrol's"


def test_an_unknown_filter_shows_every_date(client, dates):
    assert listed(client, "?cup=nope&region=xx") == ["innsbruck", "graz"], (
        "a cup or region that does not exist should narrow nothing"
    )


def test_a_hidden_tournament_is_not_in_the_calendar_of_others(client, dates, other_user):
    client.force_login(other_user)
    assert "geheim" not in listed(client), "a hidden tournament should not be listed to others"


def test_a_hidden_tournament_is_in_its_directors_calendar(director_client, dates):
    assert "geheim" in listed(director_client), "its director should see a hidden tournament"


def test_the_calendar_page_shows_time_place_fee_and_contact(client, dates):
    text = client.get(reverse("calendar")).content.decode()
    for shown in ("14:00", "Gasthof Post", "6020 Innsbruck", "12,50", "0664 1234567", "(Tirol)"):
        assert shown in text, f"the calendar should show {shown}"


def test_a_past_tournament_links_to_its_results(client, dates):
    text = client.get(reverse("calendar")).content.decode()
    assert reverse("standings", args=["gestern"]) in text, "a past tournament links its standings"


def test_a_past_imported_ranking_links_to_its_ranking(client, director, dates):
    paper = imported(director, "papier", ["Anna", "Bert"])
    Tournament.objects.filter(pk=paper.pk).update(date=day(-5))
    text = client.get(reverse("calendar")).content.decode()
    assert f'href="{paper.get_absolute_url()}"' in text, "an imported ranking links its page"


def test_the_cup_page_shows_its_dates(client, dates):
    text = client.get(reverse("cup", args=["tirol"])).content.decode()
    assert ("Turnier innsbruck" in text, "Turnier geheim" in text) == (True, False), (
        "the cup page should show its public dates and not its hidden one"
    )


def feed(client, url):
    response = client.get(url)
    assert response["Content-Type"].startswith("text/calendar"), "a feed should be iCalendar"
    return icalendar.Calendar.from_ical(response.content)


def events(calendar):
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def test_the_feed_holds_public_tournaments_to_come_and_of_the_past_year(client, dates):
    summaries = {str(e["SUMMARY"]) for e in events(feed(client, reverse("calendar_feed"))).values()}
    assert summaries == {
        "Turnier innsbruck",
        "Turnier graz",
        "Turnier gestern",
        "Turnier voriges-jahr",
    }, "the feed should hold every public tournament of the past year and to come"


def test_the_feed_forgets_tournaments_older_than_a_year(client, director, dates):
    tournament(director, "lang-her", -400)
    summaries = {str(e["SUMMARY"]) for e in events(feed(client, reverse("calendar_feed"))).values()}
    assert "Turnier lang-her" not in summaries, "a tournament over a year ago should leave the feed"


def test_a_tournaments_uid_stays_when_it_is_renamed_and_moved(client, dates):
    before = set(events(feed(client, reverse("calendar_feed"))))
    Tournament.objects.filter(slug="innsbruck").update(name="Neu", slug="neu", date=day(8))
    after = set(events(feed(client, reverse("calendar_feed"))))
    assert before == after, "an event's UID should not change with name, slug or date"


def test_a_uid_names_the_tournament(client, dates, settings):
    settings.PUBLIC_URL = "https://tarock.example.at"
    uids = set(events(feed(client, reverse("calendar_feed"))))
    assert f"tournament-{dates['innsbruck'].pk}@tarock.example.at" in uids, (
        "the UID should be the tournament's number at the site's host"
    )


def test_a_timed_event_is_in_vienna_time(client, dates):
    calendar = feed(client, reverse("calendar_feed"))
    event = events(calendar)[next(u for u in events(calendar) if f"-{dates['innsbruck'].pk}@" in u)]
    start = event["DTSTART"]
    assert (start.params["TZID"], start.dt.hour) == ("Europe/Vienna", 14), (
        "a start time should be 14:00 Europe/Vienna"
    )


def test_the_feed_carries_the_vienna_time_zone(client, dates):
    zones = [str(z["TZID"]) for z in feed(client, reverse("calendar_feed")).walk("VTIMEZONE")]
    assert zones == ["Europe/Vienna"], "the feed should define the zone its times are in"


def test_a_tournament_without_start_time_is_a_whole_day(client, dates):
    calendar = feed(client, reverse("calendar_feed"))
    event = next(e for e in calendar.walk("VEVENT") if str(e["SUMMARY"]) == "Turnier graz")
    assert event["DTSTART"].dt == day(14), "a tournament without a start is an all-day event"


def test_an_event_tells_place_fee_and_contact(client, dates):
    calendar = feed(client, reverse("calendar_feed"))
    event = next(e for e in calendar.walk("VEVENT") if str(e["SUMMARY"]) == "Turnier innsbruck")
    text = f"{event['LOCATION']} {event['DESCRIPTION']}"
    for shown in ("Gasthof Post", "6020 Innsbruck", "12,50", "Anna Huber", "Anmeldung"):
        assert shown in text, f"the event should tell {shown}"


def test_the_cup_feed_holds_the_cups_public_tournaments(client, dates):
    calendar = feed(client, reverse("cup_calendar_feed", args=["tirol"]))
    summaries = {str(e["SUMMARY"]) for e in calendar.walk("VEVENT")}
    assert summaries == {"Turnier innsbruck", "Turnier gestern"}, (
        "a cup's feed should hold its public tournaments only"
    )


def test_a_hidden_tournament_is_in_no_feed_even_for_its_director(director_client, dates):
    calendar = feed(director_client, reverse("cup_calendar_feed", args=["tirol"]))
    summaries = {str(e["SUMMARY"]) for e in calendar.walk("VEVENT")}
    assert "Turnier geheim" not in summaries, "a feed is public: no hidden tournament in it"


def test_a_hidden_cup_has_no_feed(client, director, dates):
    make_cup(director, [dates["graz"]], slug="privat", public=False)
    response = client.get(reverse("cup_calendar_feed", args=["privat"]))
    assert response.status_code == 404, "a hidden cup should have no feed"


def test_an_unchanged_feed_is_answered_not_modified(client, dates):
    etag = client.get(reverse("calendar_feed"))["ETag"]
    again = client.get(reverse("calendar_feed"), headers={"if-none-match": etag})
    assert again.status_code == 304, "a calendar asking again with the ETag should get 304"


def test_a_changed_venue_changes_the_feed_and_its_etag(client, dates):
    etag = client.get(reverse("calendar_feed"))["ETag"]
    dates["graz"].venue = "Gasthaus Neu"
    dates["graz"].save()
    response = client.get(reverse("calendar_feed"))
    assert (response["ETag"] != etag, "Gasthaus Neu" in response.content.decode()) == (
        True,
        True,
    ), "a changed venue should show in the feed and its ETag"


def test_a_changed_venue_shows_in_the_calendar_page_at_once(client, dates):
    client.get(reverse("calendar"))
    dates["graz"].venue = "Gasthaus Neu"
    dates["graz"].save()
    assert "Gasthaus Neu" in client.get(reverse("calendar")).content.decode(), (
        "the calendar's kept list should be made anew when a date changes"
    )


def test_a_tournament_joining_a_cup_shows_in_the_calendar_page_at_once(client, director, dates):
    client.get(reverse("calendar"))
    make_cup(director, [dates["graz"]], slug="neu")
    text = client.get(reverse("calendar")).content.decode()
    assert text.count(reverse("cup", args=["neu"])) == 1, "the new cup should show at its date"


def test_the_english_feed_speaks_english(client, dates):
    calendar = feed(client, "/en" + reverse("calendar_feed"))
    event = next(e for e in calendar.walk("VEVENT") if str(e["SUMMARY"]) == "Turnier innsbruck")
    assert "Entry fee" in str(event["DESCRIPTION"]), "the English feed should say Entry fee"


def test_the_tournament_page_shows_its_calendar_details(client, dates):
    text = client.get(reverse("tournament", args=["innsbruck"])).content.decode()
    for shown in ("14:00", "6020 Innsbruck", "12,50", "Anmeldung bis 13:30"):
        assert shown in text, f"the tournament page should show {shown}"


def settings_form(**changes):
    """Return what the settings page posts for the Graz tournament, with its calendar details."""
    return {
        "name": "Turnier graz",
        "slug": "graz",
        "date": day(14).isoformat(),
        "start_time": "18:30",
        "venue": "Café",
        "venue_address": "Hauptplatz 1, 8010 Graz",
        "region": "st",
        "entry_fee": "10",
        "contact": "Bert",
        "note": "Bitte pünktlich",
        "ruleset": "tirol_cup",
        "hands_four": "16",
        "hands_five": "20",
        "rounds_planned": "3",
        "public": "on",
        **changes,
    }


def test_the_settings_save_the_calendar_details(director_client, dates):
    director_client.post(reverse("tournament_edit", args=["graz"]), settings_form())
    saved = Tournament.objects.get(slug="graz")
    assert (saved.start_time, saved.entry_fee, saved.venue_address) == (
        datetime.time(18, 30),
        Decimal(10),
        "Hauptplatz 1, 8010 Graz",
    ), "the settings should save start, fee and address"


@pytest.mark.parametrize(
    "bad",
    [
        {"entry_fee": "-5"},
        {"entry_fee": "zwölf"},
        {"start_time": "25:00"},
        {"region": "bayern"},
        {"contact": "Anna\x1b"},
        {"note": "x" * 1001},
    ],
)
def test_bad_calendar_details_are_refused_and_change_nothing(director_client, dates, bad):
    before = list(Tournament.objects.values_list("start_time", "entry_fee", "region", "note"))
    response = director_client.post(reverse("tournament_edit", args=["graz"]), settings_form(**bad))
    after = list(Tournament.objects.values_list("start_time", "entry_fee", "region", "note"))
    assert (response.status_code, after == before) == (200, True), (
        f"{bad} should be refused with the form shown again and nothing saved"
    )
