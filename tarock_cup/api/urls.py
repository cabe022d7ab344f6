"""The public JSON API, version 1: outside the language prefixes (answers are not per language)."""

from django.urls import path

from tarock_cup.api import views

urlpatterns = [
    path("calendar.json", views.calendar, name="api_calendar"),
    path("tournaments/<slug:slug>/standings.json", views.standings, name="api_standings"),
    path(
        "tournaments/<slug:slug>/standings/<int:number>.json",
        views.standings,
        name="api_round_standings",
    ),
    path("cups/<slug:slug>/season.json", views.season, name="api_season"),
    path("cups/<slug:slug>/hall-of-fame.json", views.hall_of_fame, name="api_hall_of_fame"),
    path("players/<int:number>.json", views.player, name="api_player"),
]
