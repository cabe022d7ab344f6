from django.urls import path

from tarock_cup.tournaments import views

table = "t/<slug:slug>/round/<int:round_number>/table/<int:table_number>/"
# A table's own link, outside the director's pages: its token is all it needs (links.py).
link = "table/<str:token>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:key>/", views.rules, name="rules"),
    path("t/new/", views.tournament_new, name="tournament_new"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/directors/", views.tournament_directors, name="tournament_directors"),
    path("t/<slug:slug>/players/", views.registrations, name="registrations"),
    path(
        "t/<slug:slug>/players/<int:registration_id>/",
        views.registration_edit,
        name="registration_edit",
    ),
    path(
        "t/<slug:slug>/players/<int:registration_id>/remove/",
        views.registration_remove,
        name="registration_remove",
    ),
    path("t/<slug:slug>/player/<int:player_id>/", views.player, name="player"),
    path("t/<slug:slug>/standings/", views.standings_view, name="standings"),
    path("t/<slug:slug>/standings/<int:number>/", views.standings_view, name="round_standings"),
    path("t/<slug:slug>/draw/", views.round_draw, name="round_draw"),
    path("t/<slug:slug>/round/<int:number>/", views.round_detail, name="round"),
    path("t/<slug:slug>/round/<int:number>/swap/", views.round_swap, name="round_swap"),
    path("t/<slug:slug>/round/<int:number>/cards/", views.score_cards, name="score_cards"),
    path("t/<slug:slug>/round/<int:number>/finish/", views.round_finish, name="round_finish"),
    path("t/<slug:slug>/round/<int:number>/withdraw/", views.round_withdraw, name="round_withdraw"),
    path("t/<slug:slug>/round/<int:number>/late/", views.round_seat_late, name="round_seat_late"),
    path("t/<slug:slug>/round/<int:number>/clock/", views.round_clock, name="round_clock"),
    path(
        "t/<slug:slug>/round/<int:number>/close-open/",
        views.round_close_open,
        name="round_close_open",
    ),
    path("t/<slug:slug>/projector/", views.projector, name="projector"),
    path(table, views.table_sheet, name="table"),
    path(table + "finish/", views.table_finish, name="table_finish"),
    path(table + "paper/", views.table_paper, name="table_paper"),
    path(table + "paper/replace/", views.table_paper_replace, name="table_paper_replace"),
    path(table + "preview/", views.hand_preview, name="hand_preview"),
    path(table + "hand/<int:number>/", views.table_sheet, name="hand_edit"),
    path(table + "hand/<int:number>/preview/", views.hand_preview, name="hand_edit_preview"),
    path(table + "hand/<int:number>/delete/", views.hand_delete, name="hand_delete"),
    path(table + "restore/<int:change_id>/", views.hand_restore, name="hand_restore"),
    path("table/", views.table_code, name="table_code"),
    path(link, views.table_link, name="table_link"),
    path(link + "preview/", views.table_link_preview, name="table_link_preview"),
    path(link + "sign/", views.table_link_sign, name="table_link_sign"),
    path(link + "hand/<int:number>/", views.table_link, name="table_link_hand"),
    path(
        link + "hand/<int:number>/preview/",
        views.table_link_preview,
        name="table_link_hand_preview",
    ),
]
