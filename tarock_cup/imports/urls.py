from django.urls import path

from tarock_cup.imports import views

table = "t/<slug:slug>/round/<int:round_number>/table/<int:table_number>/"

urlpatterns = [
    path("t/<slug:slug>/players/import/", views.players_import, name="players_import"),
    path(
        "t/<slug:slug>/players/import/confirm/",
        views.players_import_confirm,
        name="players_import_confirm",
    ),
    path(table + "sheet.json", views.sheet_download, name="sheet_download"),
    path(table + "sheet/upload/", views.sheet_upload, name="sheet_upload"),
]
