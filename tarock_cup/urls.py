"""URLs: German pages without a prefix, English under /en/."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path, reverse_lazy
from django.views.generic import RedirectView


class FaviconView(RedirectView):
    """Browsers ask for /favicon.ico on every page; send them to the static icon."""

    permanent = True

    def get_redirect_url(self, *args: object, **kwargs: object) -> str:
        return static("favicon.ico")


urlpatterns = i18n_patterns(
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The one-time link a new director gets from the tournament's owner (see directors.py).
    path(
        "password/set/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/password_set.html",
            success_url=reverse_lazy("password_set_done"),
        ),
        name="password_set",
    ),
    path(
        "password/set/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_set_done.html"
        ),
        name="password_set_done",
    ),
    path("", include("tarock_cup.exports.urls")),
    path("", include("tarock_cup.imports.urls")),
    # "Cups and their rules" (/rules/cups/) before the rules of a ruleset (/rules/<key>/)
    path("", include("tarock_cup.tariffs.urls_rules")),
    path("", include("tarock_cup.tournaments.urls")),
    path("", include("tarock_cup.cups.urls")),
    path("", include("tarock_cup.tariffs.urls")),
    path("", include("tarock_cup.register.urls")),
    path("", include("tarock_cup.signon.urls")),
    path("", include("tarock_cup.national.urls")),
    path("", include("tarock_cup.venue.urls")),
    prefix_default_language=False,
) + [
    path("favicon.ico", FaviconView.as_view()),
    # The public JSON API answers the same in every language: no /en/ prefix (docs/api.md).
    path("api/v1/", include("tarock_cup.api.urls")),
]

# An error outside a view (a middleware saving the session) during a database outage is
# answered like one inside: 503 and the page saying so.
handler500 = "tarock_cup.outage.server_error"
