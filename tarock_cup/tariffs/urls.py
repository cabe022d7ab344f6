from django.urls import include, path

from tarock_cup.tariffs import card, views

# One tariff's pages, below tariffs/<pk>/.
tariff = [
    path("", views.tariff, name="tariff"),
    path("edit/", views.tariff_edit, name="tariff_edit"),
    path("copy/", views.tariff_copy, name="tariff_copy"),
    path("tariff.json", views.tariff_json, name="tariff_json"),
    path("card/", card.tariff_card_view, name="tariff_card"),
]

urlpatterns = [
    path("tariffs/", views.tariff_list, name="tariff_list"),
    path("tariffs/new/", views.tariff_new, name="tariff_new"),
    path("tariffs/import/", views.tariff_import, name="tariff_import"),
    path("tariffs/<int:pk>/", include(tariff)),
]
