from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegisterConfig(AppConfig):
    name = "tarock_cup.register"
    verbose_name = _("Players' register")

    def ready(self) -> None:
        # A player registered or placed for the first time gets a home (homes.py).
        import tarock_cup.register.homes  # noqa: F401, PLC0415
