"""The page "Cups and their rules", included before the tournaments' rules/<key>/ pages."""

from django.urls import path

from tarock_cup.tariffs import views

urlpatterns = [
    path("rules/cups/", views.cup_rules, name="cup_rules"),
]
