from django.urls import path

from tarock_cup.tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
]
