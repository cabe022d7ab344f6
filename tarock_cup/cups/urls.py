from django.urls import path

from tarock_cup.cups import hall_views, people_views, ranking_views, season_views, views
from tarock_cup.tournaments.views import calendar

urlpatterns = [
    path("cups/", views.cup_list, name="cup_list"),
    path("cups/new/", views.cup_new, name="cup_new"),
    path("cups/<slug:slug>/", views.cup, name="cup"),
    path("cups/<slug:slug>/edit/", views.cup_edit, name="cup_edit"),
    path("cups/<slug:slug>/merge/", views.cup_merge, name="cup_merge"),
    path("cups/<slug:slug>/hall-of-fame/", hall_views.hall_of_fame, name="cup_hall_of_fame"),
    path("cups/<slug:slug>/player/<int:player_id>/", views.cup_player, name="cup_player"),
    path("cups/<slug:slug>/import/", views.ranking_import, name="cup_ranking_import"),
    path(
        "cups/<slug:slug>/import/confirm/",
        views.ranking_import_confirm,
        name="cup_ranking_import_confirm",
    ),
    path(
        "cups/<slug:slug>/ranking/<slug:tournament_slug>/",
        views.cup_ranking,
        name="cup_ranking",
    ),
    path(
        "cups/<slug:slug>/ranking/<slug:tournament_slug>/remove/",
        views.cup_ranking_remove,
        name="cup_ranking_remove",
    ),
    path("cups/<slug:slug>/season.csv", views.cup_csv, name="cup_csv"),
    path("cups/<slug:slug>/season.xlsx", views.cup_xlsx, name="cup_xlsx"),
    path("cups/<slug:slug>/season.json", views.cup_json, name="cup_json"),
    path("cups/<slug:slug>/calendar.ics", calendar.cup_calendar_feed, name="cup_calendar_feed"),
    # Correcting an imported ranking (cups.ranking_views); its page is cup_ranking above.
    path(
        "cups/<slug:slug>/ranking/<slug:tournament_slug>/edit/",
        ranking_views.ranking_edit,
        name="cup_ranking_edit",
    ),
    path(
        "cups/<slug:slug>/ranking/<slug:tournament_slug>/edit/<int:place_id>/",
        ranking_views.ranking_place_edit,
        name="cup_ranking_place_edit",
    ),
    path(
        "cups/<slug:slug>/ranking/<slug:tournament_slug>/edit/<int:place_id>/remove/",
        ranking_views.ranking_place_remove,
        name="cup_ranking_place_remove",
    ),
]

urlpatterns += [
    path("cups/<slug:slug>/people/", people_views.cup_people, name="cup_people"),
    path("cups/<slug:slug>/people/add/", people_views.cup_people_add, name="cup_people_add"),
    path(
        "cups/<slug:slug>/people/<int:member_id>/role/",
        people_views.cup_member_role,
        name="cup_member_role",
    ),
    path(
        "cups/<slug:slug>/people/<int:member_id>/remove/",
        people_views.cup_member_remove,
        name="cup_member_remove",
    ),
    path("cups/<slug:slug>/next-season/", people_views.cup_next_season, name="cup_next_season"),
]

urlpatterns += [
    path("cups/<slug:slug>/season/close/", season_views.season_close, name="cup_season_close"),
    path("cups/<slug:slug>/season/reopen/", season_views.season_reopen, name="cup_season_reopen"),
]
