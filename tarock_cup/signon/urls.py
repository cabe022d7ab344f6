"""Signing on: the player's pages (no account) and the director's list."""

from django.urls import path

from tarock_cup.signon import views

urlpatterns = [
    path("t/<slug:slug>/sign-on/", views.sign_on, name="sign_on"),
    path("sign-on/<str:token>/", views.entry, name="sign_on_entry"),
    path("t/<slug:slug>/sign-ons/", views.sign_ons, name="sign_ons"),
    path(
        "t/<slug:slug>/sign-ons/<int:entry_id>/take-in/",
        views.take_in,
        name="sign_on_take_in",
    ),
    path(
        "t/<slug:slug>/sign-ons/<int:entry_id>/check-in/",
        views.check_in,
        name="sign_on_check_in",
    ),
]
