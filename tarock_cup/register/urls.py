"""The players' register: /players/… (finding, a record and its fixes, privacy)."""

from django.urls import URLPattern, path

from tarock_cup.register.views import find

urlpatterns: list[URLPattern] = [
    path("players/find/", find.player_find, name="player_find"),
]
