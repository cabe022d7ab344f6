"""URLs: German pages without a prefix, English under /en/."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = i18n_patterns(
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tarock_cup.exports.urls")),
    path("", include("tarock_cup.imports.urls")),
    path("", include("tarock_cup.tournaments.urls")),
    prefix_default_language=False,
)
