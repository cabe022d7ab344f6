from django.urls import path

from tarock_cup.exports import views

urlpatterns = [
    path("t/<slug:slug>/export.xlsx", views.tournament_xlsx, name="export_tournament_xlsx"),
    path("t/<slug:slug>/standings.xlsx", views.standings_xlsx, name="export_standings_xlsx"),
    path("t/<slug:slug>/standings.csv", views.standings_csv, name="export_standings_csv"),
    path(
        "t/<slug:slug>/standings/<int:number>.xlsx",
        views.standings_xlsx,
        name="export_round_standings_xlsx",
    ),
    path(
        "t/<slug:slug>/standings/<int:number>.csv",
        views.standings_csv,
        name="export_round_standings_csv",
    ),
]
