from django.urls import path

from tarock_cup.cups import views
from tarock_cup.tournaments.views import calendar

urlpatterns = [
    path("cups/", views.cup_list, name="cup_list"),
    path("cups/new/", views.cup_new, name="cup_new"),
    path("cups/<slug:slug>/", views.cup, name="cup"),
    path("cups/<slug:slug>/edit/", views.cup_edit, name="cup_edit"),
    path("cups/<slug:slug>/merge/", views.cup_merge, name="cup_merge"),
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
]
