from django.urls import path

from tarock_cup.tariffs import views

urlpatterns = [
    path("tariffs/", views.tariff_list, name="tariff_list"),
    path("tariffs/new/", views.tariff_new, name="tariff_new"),
    path("tariffs/import/", views.tariff_import, name="tariff_import"),
    path("tariffs/<int:pk>/", views.tariff, name="tariff"),
    path("tariffs/<int:pk>/edit/", views.tariff_edit, name="tariff_edit"),
    path("tariffs/<int:pk>/tariff.json", views.tariff_json, name="tariff_json"),
]
