from django.urls import include, path

from tarock_cup.exports import views

# A tournament's downloads, below its page (t/<slug>/).
downloads = [
    path("export.xlsx", views.tournament_xlsx, name="export_tournament_xlsx"),
    path("standings.xlsx", views.standings_xlsx, name="export_standings_xlsx"),
    path("standings.csv", views.standings_csv, name="export_standings_csv"),
    path("standings/<int:number>.xlsx", views.standings_xlsx, name="export_round_standings_xlsx"),
    path("standings/<int:number>.csv", views.standings_csv, name="export_round_standings_csv"),
]

urlpatterns = [path("t/<slug:slug>/", include(downloads))]
