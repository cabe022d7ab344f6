"""The tournaments' pages: the start page and the rules, each tournament's pages below
t/<slug>/ with its rounds and their tables, and a table's own link for its players."""

from django.urls import URLPattern, URLResolver, include, path

from tarock_cup.tournaments.views import (
    calendar,
    hands,
    paper,
    players,
    public,
    publish,
    rounds,
    seat,
    settlement,
    table_link,
    tournament,
)

# A table's pages for its directors, below t/<slug>/round/<round_number>/table/<table_number>/.
table_pages = [
    path("", hands.table_sheet, name="table"),
    path("finish/", hands.table_finish, name="table_finish"),
    path("paper/", paper.table_paper, name="table_paper"),
    path("paper/replace/", paper.table_paper_replace, name="table_paper_replace"),
    path("preview/", hands.hand_preview, name="hand_preview"),
    path("hand/<int:number>/", hands.table_sheet, name="hand_edit"),
    path("hand/<int:number>/preview/", hands.hand_preview, name="hand_edit_preview"),
    path("hand/<int:number>/delete/", hands.hand_delete, name="hand_delete"),
    path("restore/<int:change_id>/", hands.hand_restore, name="hand_restore"),
]

# A round's pages, below t/<slug>/round/<number>/.
round_pages = [
    path("", rounds.round_detail, name="round"),
    path("swap/", rounds.round_swap, name="round_swap"),
    path("cards/", rounds.score_cards, name="score_cards"),
    path("finish/", rounds.round_finish, name="round_finish"),
    path("withdraw/", rounds.round_withdraw, name="round_withdraw"),
    path("late/", rounds.round_seat_late, name="round_seat_late"),
    path("clock/", rounds.round_clock, name="round_clock"),
    path("close-open/", rounds.round_close_open, name="round_close_open"),
]

# A tournament's pages, below t/<slug>/.
tournament_pages: list[URLPattern | URLResolver] = [
    path("", tournament.tournament, name="tournament"),
    path("edit/", tournament.tournament_edit, name="tournament_edit"),
    path("directors/", tournament.tournament_directors, name="tournament_directors"),
    path("players/", players.registrations, name="registrations"),
    path("players/<int:registration_id>/", players.registration_edit, name="registration_edit"),
    path(
        "players/<int:registration_id>/remove/",
        players.registration_remove,
        name="registration_remove",
    ),
    path("player/<int:player_id>/", public.player, name="player"),
    path("standings/", public.standings_view, name="standings"),
    path("standings/<int:number>/", public.standings_view, name="round_standings"),
    path("draw/", rounds.round_draw, name="round_draw"),
    path("round/<int:number>/", include(round_pages)),
    path("projector/", public.projector, name="projector"),
    path("round/<int:round_number>/table/<int:table_number>/", include(table_pages)),
    # "Wo sitze ich?" and the seating list for the wall (views/seat.py).
    path("seat/", seat.where_do_i_sit, name="where_do_i_sit"),
    path("seat/list/", seat.seat_list, name="seat_list"),
    # The day's money, for directors (views/settlement.py).
    path("settlement/", settlement.settlement_day, name="settlement"),
    path("settlement/edit/", settlement.settlement_edit, name="settlement_edit"),
    path("settlement/payout/", settlement.settlement_payout, name="settlement_payout"),
    # The owner publishes the day played on the venue's laptop (views/publish.py).
    path("publish/", publish.publish_upload, name="publish"),
    path("publish/confirm/", publish.publish_confirm, name="publish_confirm"),
]

# A table's own link, outside the director's pages: its token is all it needs (links.py).
table_link_pages = [
    path("", table_link.table_link, name="table_link"),
    path("preview/", table_link.table_link_preview, name="table_link_preview"),
    path("sign/", table_link.table_link_sign, name="table_link_sign"),
    path("hand/<int:number>/", table_link.table_link, name="table_link_hand"),
    path(
        "hand/<int:number>/preview/", table_link.table_link_preview, name="table_link_hand_preview"
    ),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("rules/", public.rules_index, name="rules_index"),
    path("rules/<slug:key>/", public.rules, name="rules"),
    path("rules/<slug:key>/card/", public.rules_card, name="rules_card"),
    path("t/new/", tournament.tournament_new, name="tournament_new"),
    path("t/<slug:slug>/", include(tournament_pages)),
    path("table/", table_link.table_code, name="table_code"),
    path("table/<str:token>/", include(table_link_pages)),
    # The calendar and its iCalendar feed (views/calendar.py; a cup's feed is in cups/urls.py).
    path("calendar/", calendar.calendar_view, name="calendar"),
    path("calendar.ics", calendar.calendar_feed, name="calendar_feed"),
]
