from django.urls import path

from tarock_cup.tournaments.views import (
    calendar,
    hands,
    paper,
    players,
    public,
    rounds,
    seat,
    table_link,
    tournament,
)

table = "t/<slug:slug>/round/<int:round_number>/table/<int:table_number>/"
# A table's own link, outside the director's pages: its token is all it needs (links.py).
link = "table/<str:token>/"

urlpatterns = [
    path("", public.home, name="home"),
    path("rules/", public.rules_index, name="rules_index"),
    path("rules/<slug:key>/", public.rules, name="rules"),
    path("t/new/", tournament.tournament_new, name="tournament_new"),
    path("t/<slug:slug>/", tournament.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", tournament.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/directors/", tournament.tournament_directors, name="tournament_directors"),
    path("t/<slug:slug>/players/", players.registrations, name="registrations"),
    path(
        "t/<slug:slug>/players/<int:registration_id>/",
        players.registration_edit,
        name="registration_edit",
    ),
    path(
        "t/<slug:slug>/players/<int:registration_id>/remove/",
        players.registration_remove,
        name="registration_remove",
    ),
    path("t/<slug:slug>/player/<int:player_id>/", public.player, name="player"),
    path("t/<slug:slug>/standings/", public.standings_view, name="standings"),
    path("t/<slug:slug>/standings/<int:number>/", public.standings_view, name="round_standings"),
    path("t/<slug:slug>/draw/", rounds.round_draw, name="round_draw"),
    path("t/<slug:slug>/round/<int:number>/", rounds.round_detail, name="round"),
    path("t/<slug:slug>/round/<int:number>/swap/", rounds.round_swap, name="round_swap"),
    path("t/<slug:slug>/round/<int:number>/cards/", rounds.score_cards, name="score_cards"),
    path("t/<slug:slug>/round/<int:number>/finish/", rounds.round_finish, name="round_finish"),
    path(
        "t/<slug:slug>/round/<int:number>/withdraw/", rounds.round_withdraw, name="round_withdraw"
    ),
    path("t/<slug:slug>/round/<int:number>/late/", rounds.round_seat_late, name="round_seat_late"),
    path("t/<slug:slug>/round/<int:number>/clock/", rounds.round_clock, name="round_clock"),
    path(
        "t/<slug:slug>/round/<int:number>/close-open/",
        rounds.round_close_open,
        name="round_close_open",
    ),
    path("t/<slug:slug>/projector/", public.projector, name="projector"),
    path(table, hands.table_sheet, name="table"),
    path(table + "finish/", hands.table_finish, name="table_finish"),
    path(table + "paper/", paper.table_paper, name="table_paper"),
    path(table + "paper/replace/", paper.table_paper_replace, name="table_paper_replace"),
    path(table + "preview/", hands.hand_preview, name="hand_preview"),
    path(table + "hand/<int:number>/", hands.table_sheet, name="hand_edit"),
    path(table + "hand/<int:number>/preview/", hands.hand_preview, name="hand_edit_preview"),
    path(table + "hand/<int:number>/delete/", hands.hand_delete, name="hand_delete"),
    path(table + "restore/<int:change_id>/", hands.hand_restore, name="hand_restore"),
    path("table/", table_link.table_code, name="table_code"),
    path(link, table_link.table_link, name="table_link"),
    path(link + "preview/", table_link.table_link_preview, name="table_link_preview"),
    path(link + "sign/", table_link.table_link_sign, name="table_link_sign"),
    path(link + "hand/<int:number>/", table_link.table_link, name="table_link_hand"),
    path(
        link + "hand/<int:number>/preview/",
        table_link.table_link_preview,
        name="table_link_hand_preview",
    ),
    path("calendar/", calendar.calendar_view, name="calendar"),
    path("calendar.ics", calendar.calendar_feed, name="calendar_feed"),
    path("t/<slug:slug>/seat/", seat.where_do_i_sit, name="where_do_i_sit"),
    path("t/<slug:slug>/seat/list/", seat.seat_list, name="seat_list"),
]
