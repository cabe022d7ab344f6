"""The players' register: /players/… (finding, a record and its fixes, privacy)."""

from django.urls import URLPattern, path

from tarock_cup.register.views import privacy

urlpatterns: list[URLPattern] = [
    path("players/<int:number>/privacy/", privacy.privacy_view, name="register_privacy"),
    path("players/<int:number>/forget/", privacy.forget_view, name="register_forget"),
]
