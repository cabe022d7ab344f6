from typing import Any

from django.apps import AppConfig
from django.core.management import call_command
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _create_cache_tables(using: str = "default", **kwargs: Any) -> None:
    # The database cache of live pages (settings.CACHES) needs its table; `migrate` makes it,
    # so a deployment needs no step of its own. A table already there is left alone.
    call_command("createcachetable", database=using, verbosity=0)


class TournamentsConfig(AppConfig):
    name = "tarock_cup.tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        post_migrate.connect(_create_cache_tables, sender=self)
        # Registers the checks of the deploy settings (PUBLIC_URL against ALLOWED_HOSTS).
        import tarock_cup.checks  # noqa: F401, PLC0415
