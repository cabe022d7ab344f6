from django.urls import URLPattern, path

from tarock_cup.national import exports, views

urlpatterns: list[URLPattern] = [
    path("national/", views.national_list, name="national_list"),
    path("national/new/", views.national_new, name="national_new"),
    path("national/<slug:slug>/", views.national_final, name="national_final"),
    path("national/<slug:slug>/projector/", views.national_projector, name="national_projector"),
    path("national/<slug:slug>/manage/", views.national_manage, name="national_manage"),
    path("national/<slug:slug>/invite/", views.national_invite, name="national_invite"),
    path(
        "national/<slug:slug>/cups/<slug:cup_slug>/accept/",
        views.national_accept,
        name="national_accept",
    ),
    path(
        "national/<slug:slug>/cups/<slug:cup_slug>/remove/",
        views.national_remove_cup,
        name="national_remove_cup",
    ),
    path(
        "national/<slug:slug>/cups/<slug:cup_slug>/decline/",
        views.national_decline,
        name="national_decline",
    ),
    path("national/<slug:slug>/ranking.csv", exports.national_csv, name="national_csv"),
    path("national/<slug:slug>/ranking.xlsx", exports.national_xlsx, name="national_xlsx"),
    path("national/<slug:slug>/oef.json", exports.national_json, name="national_json"),
]
