"""The table's link without a connection: beside the link's own pages (tournaments/urls.py)."""

from django.urls import path

from tarock_cup.venue import views

urlpatterns = [
    # Below table/, so that the worker's scope holds every table's link (in each language).
    path("table/worker.js", views.table_worker, name="venue_table_worker"),
    path("table/<str:token>/queued/", views.queued_save, name="venue_queued_save"),
    path(
        "table/<str:token>/hand/<int:number>/queued/",
        views.queued_save,
        name="venue_queued_save_hand",
    ),
]
