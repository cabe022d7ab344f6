"""The players' register: /players/… (finding, a record and its fixes, privacy)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
