"""The players' register: /players/… (finding, a record and its fixes, privacy)."""

from django.urls import URLPattern, path

from tarock_cup.register.views import find, privacy, records

urlpatterns: list[URLPattern] = [
    path("players/find/", find.player_find, name="player_find"),
    path("players/<int:number>/privacy/", privacy.privacy_view, name="register_privacy"),
    path("players/<int:number>/forget/", privacy.forget_view, name="register_forget"),
    path("players/<int:number>/", records.register_player, name="register_player"),
    path("players/<int:number>/edit/", records.register_player_edit, name="register_player_edit"),
    path(
        "players/<int:number>/merge/", records.register_player_merge, name="register_player_merge"
    ),
    path("players/change/<int:pk>/undo/", records.register_merge_undo, name="register_merge_undo"),
    path("players/proposals/", records.register_proposals, name="register_proposals"),
    path(
        "players/proposals/<int:pk>/",
        records.register_proposal_answer,
        name="register_proposal_answer",
    ),
    path("cups/<slug:slug>/players/log/", records.cup_player_log, name="cup_player_log"),
]
